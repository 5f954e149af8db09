// Import and export of an application (docs/dashboard.md#import-and-export): upload the files of an NCMB export (or
// of a `kumo export` folder) with the options the importer offers, follow the job until its report, see past jobs,
// and download the application as a `kumo export` tar. The job shown is in the URL (`?job=<id>`).
import { h, append, field, uniqueId } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { jobPanel, stateBadge, isActive } from './import-job.js';

/** The page's name (`main[data-page]`). */
export const name = 'import';

/**
 * Where a chosen file goes: `{kind: 'export'|'file', name}`. A file of a folder keeps its path under the folder
 * (`relations/Post.json`, `files/photo.png` → a file-store file `photo.png`); a lone file is an export file.
 */
export function uploadTarget(file, kind = 'export') {
  const parts = (file.webkitRelativePath || file.name).split('/');
  const path = parts.length > 1 ? parts.slice(1) : parts;
  if (kind === 'file') return { kind, name: path.at(-1) };
  if (path[0] === 'files' && path.length > 1) return { kind: 'file', name: path.slice(1).join('/') };
  return { kind: 'export', name: path.join('/') };
}

function fileInput(name, options = {}) {
  return h('input', { type: 'file', name, multiple: true, ...options });
}

/** Renders the page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  const shownJob = context.query.get('job') ?? '';
  context.title(t('import.title'));
  const [list, job] = await Promise.all([
    api.request(routes.imports(applicationName)),
    shownJob ? api.request(routes.importJob(applicationName, shownJob)) : null,
  ]);
  if (!context.isCurrent()) return;
  const jobs = list?.results ?? [];
  const pageHref = (jobId) => pages.importExport(applicationName, { job: jobId });

  // A new import: files, options, then upload each file and start.
  const exportFiles = fileInput('exportFiles', { accept: '.json,application/json' });
  const folder = fileInput('exportFolder', { webkitdirectory: true });
  const storeFiles = fileInput('storeFiles');
  const dryRun = h('input', { type: 'checkbox', name: 'dryRun', id: uniqueId('dry-run') });
  const onConflict = h('select', { name: 'onConflict' }, ['skip', 'replace', 'fail'].map((value) => h('option', { value, text: t(`import.conflict.${value}`) })));
  const progress = h('div', { class: 'upload-progress', id: 'upload-progress', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', id: 'start-import', text: t('import.start') });
  const form = h('form', { id: 'import-form' },
    field(t('import.exportFiles'), exportFiles, t('import.exportFilesHint')),
    field(t('import.folder'), folder, t('import.folderHint')),
    field(t('import.storeFiles'), storeFiles, t('import.storeFilesHint')),
    h('fieldset', {}, h('legend', { text: t('import.options') }),
      h('label', { for: dryRun.id, class: 'choice' }, dryRun, ` ${t('import.dryRunLabel')}`),
      field(t('import.onConflict'), onConflict, t('import.onConflictHint'))),
    progress,
    h('div', { class: 'actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const uploads = [
      ...[...exportFiles.files].map((file) => ({ file, ...uploadTarget(file) })),
      ...[...folder.files].map((file) => ({ file, ...uploadTarget(file) })),
      ...[...storeFiles.files].map((file) => ({ file, ...uploadTarget(file, 'file') })),
    ];
    if (!uploads.some((upload) => upload.kind === 'export')) {
      context.status('error', t('import.noFiles'));
      exportFiles.focus();
      return;
    }
    submit.disabled = true;
    let created = null;
    try {
      created = await api.request(routes.createImport(applicationName), { body: { dryRun: dryRun.checked, onConflict: onConflict.value } });
      for (const [index, upload] of uploads.entries()) {
        const label = t('import.uploading', { name: upload.name, index: index + 1, count: uploads.length });
        const bar = h('progress', { max: upload.file.size || 1, value: 0, 'aria-label': label });
        progress.replaceChildren(h('p', { text: label }), bar);
        const uploadRoute = upload.kind === 'file' ? routes.uploadImportFile : routes.uploadImportExport;
        await api.upload(uploadRoute(applicationName, created.id, upload.name), upload.file, {
          onProgress: (sent) => { bar.value = sent; },
        });
      }
      progress.replaceChildren();
      await api.request(routes.startImport(applicationName, created.id));
      context.navigate(pageHref(created.id), { statusMessage: { kind: 'info', message: t('import.started', { id: created.id }) } });
    } catch (error) {
      submit.disabled = false;
      progress.replaceChildren();
      context.status('error', api.describeError(error));
      // A job left staging by a failed upload is removed, so that it does not count against the unfinished jobs.
      if (created) api.request(routes.removeImport(applicationName, created.id)).catch(() => {});
    }
  });

  // Past jobs.
  const remove = (entry) => context.confirmThen(t('import.confirmDelete', { id: entry.id }), async () => {
    await api.request(routes.removeImport(applicationName, entry.id));
    context.navigate(pageHref(entry.id === shownJob ? '' : shownJob), { statusMessage: { kind: 'success', message: t('import.deleted', { id: entry.id }) } });
  });
  const pastJobs = jobs.length
    ? h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'import-jobs' },
      h('caption', { class: 'visually-hidden', text: t('import.pastJobs') }),
      h('thead', {}, h('tr', {}, ['job', 'createDate', 'state', 'mode', 'imported', 'failed', 'actions']
        .map((column) => h('th', { scope: 'col', class: ['imported', 'failed'].includes(column) ? 'number' : null, text: t(`import.column.${column}`) })))),
      h('tbody', {}, jobs.map((entry) => h('tr', { dataset: { job: entry.id, state: entry.state ?? '' } },
        h('th', { scope: 'row' }, h('a', { href: pageHref(entry.id), 'aria-current': entry.id === shownJob ? 'true' : null }, h('code', { text: entry.id }))),
        h('td', {}, h('time', { datetime: entry.createDate, text: formatDate(entry.createDate) })),
        h('td', {}, stateBadge(entry)),
        h('td', { text: entry.dryRun ? t('import.dryRun') : t('import.realRun') }),
        h('td', { class: 'number', text: entry.summary ? formatNumber(entry.summary.total?.imported ?? 0) : '' }),
        h('td', { class: 'number', text: entry.summary ? formatNumber(entry.summary.total?.failed ?? 0) : '' }),
        h('td', {}, isActive(entry) ? null : h('button', {
          type: 'button', class: 'link danger', text: t('common.delete'), 'aria-label': t('import.deleteNamed', { id: entry.id }),
          on: { click: () => remove(entry) },
        })))))))
    : h('p', { class: 'muted', id: 'no-imports', text: t('import.none') });

  // Export: the classes (all when empty) and whether secrets go with it; the link is the download.
  const classes = h('input', { type: 'text', name: 'classes', autocomplete: 'off', placeholder: 'GameScore,user' });
  const secrets = h('input', { type: 'checkbox', name: 'includeSecrets', id: uniqueId('secrets') });
  const download = h('a', { class: 'button', id: 'export-download', download: `${applicationName}-export.tar` , text: t('import.download') });
  const updateLink = () => {
    const names = classes.value.split(',').map((value) => value.trim()).filter(Boolean);
    download.href = api.url(routes.exportApplication(applicationName), { classes: names.join(','), includeSecrets: secrets.checked ? '1' : '' });
  };
  classes.addEventListener('input', updateLink);
  secrets.addEventListener('change', updateLink);
  updateLink();

  let panel = null;
  if (job) {
    panel = jobPanel({
      applicationName, job, isCurrent: context.isCurrent,
      onEnd: (ended) => context.refresh({ kind: ended.state === 'finished' ? 'success' : 'error', message: t(`import.ended.${ended.state}`, { id: ended.id }) }),
    });
  }

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('import.title')]]),
    h('h1', { text: t('import.title') }),
    panel?.element,
    h('section', { class: 'card', 'aria-labelledby': 'import-new-title' },
      h('h2', { id: 'import-new-title', text: t('import.newTitle') }), h('p', { class: 'hint lead', text: t('import.newHint') }), form),
    h('section', { class: 'card', 'aria-labelledby': 'import-past-title' }, h('h2', { id: 'import-past-title', text: t('import.pastJobs') }), pastJobs),
    h('section', { class: 'card', 'aria-labelledby': 'export-title' },
      h('h2', { id: 'export-title', text: t('import.exportTitle') }), h('p', { class: 'hint lead', text: t('import.exportHint') }),
      field(t('import.exportClasses'), classes, t('import.exportClassesHint')),
      h('label', { for: secrets.id, class: 'choice' }, secrets, ` ${t('import.includeSecrets')}`),
      h('div', { class: 'actions' }, download)));
  panel?.poll().catch((error) => { if (context.isCurrent()) context.status('error', api.describeError(error)); });
}
