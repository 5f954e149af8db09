// Files of an application: the list with paging, and the upload form (the bytes sent as they are, with a progress
// bar). A file opens on its own page (page-file.js): preview, download, ACL, delete.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { pager, skipOf } from './pager.js';

/** The page's name (`main[data-page]`). */
export const name = 'files';

const pageSize = 50;

/** A byte count for people: `512 B`, `1.5 KB`, `2.3 MB` (powers of 1024). */
export function formatBytes(bytes) {
  const size = Number(bytes);
  if (!Number.isFinite(size)) return String(bytes ?? '');
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${formatNumber(value)} B` : `${formatNumber(Math.round(value * 10) / 10)} ${units[unit]}`;
}

/** The crumbs of the pages under an application's files. */
export function filesCrumbs(applicationName) {
  return [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('files.title'), pages.files(applicationName)]];
}

function uploadForm(applicationName, context) {
  const input = h('input', { type: 'file', name: 'file', required: true });
  const fileName = h('input', { type: 'text', name: 'fileName', autocomplete: 'off' });
  const progress = h('progress', { id: 'upload-progress', max: '1', value: '0', hidden: true, 'aria-label': t('files.progress') });
  const submit = h('button', { type: 'submit', id: 'upload-button', text: t('files.uploadButton') });
  input.addEventListener('change', () => {
    if (input.files?.[0]) fileName.value = input.files[0].name;
  });
  const form = h('form', { class: 'card', id: 'upload-file', 'aria-busy': 'false' },
    h('h2', { text: t('files.upload') }),
    h('div', { class: 'inline' }, field(t('files.chooseFile'), input), field(t('files.fileName'), fileName, t('files.fileNameHint')), submit),
    progress);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const file = input.files?.[0];
    const chosenName = fileName.value.trim() || file?.name;
    if (!file || !chosenName) {
      context.status('error', t('files.chooseFirst'));
      input.focus();
      return;
    }
    context.clearStatus();
    submit.disabled = true;
    form.setAttribute('aria-busy', 'true');
    progress.hidden = false;
    progress.value = 0;
    try {
      await api.upload(routes.uploadFile(applicationName, chosenName), file, {
        onProgress: (sent, total) => { progress.value = total ? sent / total : 0; },
      });
      context.navigate(pages.file(applicationName, chosenName), {
        statusMessage: { kind: 'success', message: t('files.uploaded', { name: chosenName }) },
      });
    } catch (error) {
      context.status('error', api.describeError(error));
      submit.disabled = false;
      progress.hidden = true;
      form.setAttribute('aria-busy', 'false');
    }
  });
  return form;
}

/** Renders the files page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  const skip = skipOf(context.query);
  context.title(t('files.title'));
  const answer = await api.request(routes.findFiles(applicationName), {
    query: { order: '-createDate', limit: pageSize, skip, count: 1 },
  });
  if (!context.isCurrent()) return;
  const results = answer?.results ?? [];
  const count = answer?.count ?? results.length;

  const table = h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'files' },
    h('caption', { class: 'visually-hidden', text: t('files.title') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('files.fileName') }),
      h('th', { scope: 'col', text: t('files.mimeType') }),
      h('th', { scope: 'col', class: 'number', text: t('files.fileSize') }),
      h('th', { scope: 'col', text: t('files.updateDate') }),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
    h('tbody', {}, results.map((file) => h('tr', { dataset: { fileName: file.fileName } },
      h('th', { scope: 'row' }, h('a', { href: pages.file(applicationName, file.fileName), class: 'file-link', text: file.fileName })),
      h('td', {}, h('code', { text: file.mimeType ?? '' })),
      h('td', { class: 'number', text: formatBytes(file.fileSize) }),
      h('td', {}, h('time', { datetime: file.updateDate, text: formatDate(file.updateDate) })),
      h('td', {}, h('a', {
        href: api.url(routes.fileContent(applicationName, file.fileName)), download: file.fileName,
        text: t('files.download'), 'aria-label': t('files.downloadNamed', { name: file.fileName }),
      })))))));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('files.title')]]),
    h('h1', {}, t('files.title'), h('span', { class: 'count', id: 'file-count', text: t('files.count', { count: formatNumber(count) }) })),
    uploadForm(applicationName, context),
    results.length ? table : h('p', { class: 'muted', id: 'no-files', text: t('files.none') }),
    pager({ skip, limit: pageSize, shown: results.length, count, hrefFor: (next) => pages.files(applicationName, { skip: next || '' }) }));
}
