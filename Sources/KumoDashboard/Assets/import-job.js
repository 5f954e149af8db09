// One import job (docs/dashboard.md#import-and-export): its state, its progress while it runs (read again every
// second, until it ends or the page is left), and its final report: counts per class, the other counts, the first
// failures, and the whole report as a download.
import { h } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as routes from './routes.js';

const pollMilliseconds = 1000;
const counts = ['imported', 'replaced', 'skipped', 'failed'];
const otherCounts = [
  'relationMembers', 'missingRelationTargets', 'missingRelationOwners', 'usersWithoutPassword', 'usersWithMailAddress',
  'filesWithBytes', 'classPermissionsRestored', 'settingsRestored', 'scriptsRestored', 'indexesRestored',
];

/** Whether a job is still to change by itself (queued or running). */
export function isActive(job) {
  return job?.state === 'queued' || job?.state === 'running';
}

/** A job's state in words, with `data-state` for styles and tests. */
export function stateBadge(job) {
  return h('span', { class: 'job-state', dataset: { state: job?.state ?? '' }, text: t(`import.state.${job?.state}`) });
}

function progressPart(job) {
  const progress = job.progress;
  if (!progress) return h('p', { class: 'muted', text: t('import.waiting') });
  const known = Number.isFinite(progress.total) && progress.total > 0;
  const label = t('import.progress', {
    phase: t(`import.phase.${progress.phase}`), className: progress.className ?? '',
    done: formatNumber(progress.done ?? 0), total: known ? formatNumber(progress.total) : '?',
  });
  return h('div', { class: 'job-progress' },
    h('progress', { id: 'import-progress', max: known ? progress.total : null, value: known ? progress.done ?? 0 : null, 'aria-label': label }),
    h('p', { text: label }));
}

function summaryTable(summary) {
  const classes = summary.classes ?? [];
  return h('div', { class: 'table-scroll' }, h('table', { class: 'grid compact', id: 'import-summary' },
    h('caption', { class: 'visually-hidden', text: t('import.report') }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('import.className') }),
      counts.map((key) => h('th', { scope: 'col', class: 'number', text: t(`import.count.${key}`) })))),
    h('tbody', {}, classes.map((entry) => h('tr', { dataset: { className: entry.className } },
      h('th', { scope: 'row' }, h('code', { text: entry.className })),
      counts.map((key) => h('td', { class: 'number', dataset: { count: key }, text: formatNumber(entry[key] ?? 0) }))))),
    h('tfoot', {}, h('tr', { dataset: { total: 'true' } }, h('th', { scope: 'row', text: t('import.total') }),
      counts.map((key) => h('td', { class: 'number', dataset: { count: key }, text: formatNumber(summary.total?.[key] ?? 0) }))))));
}

function reportPart(applicationName, job) {
  const summary = job.summary;
  const failures = job.failures ?? [];
  const others = otherCounts.filter((key) => typeof summary?.[key] === 'number' ? summary[key] > 0 : summary?.[key] === true);
  return h('div', { class: 'job-report', id: 'import-report' },
    h('h3', { text: summary?.dryRun || job.dryRun ? t('import.reportDryRun') : t('import.report') }),
    job.error ? h('p', { class: 'error', id: 'import-error', text: job.error }) : null,
    summary ? summaryTable(summary) : null,
    others.length ? h('dl', { class: 'meta' }, others.map((key) => [h('dt', { text: t(`import.other.${key}`) }),
      h('dd', { text: typeof summary[key] === 'number' ? formatNumber(summary[key]) : t('push.yes') })])) : null,
    failures.length ? h('div', {},
      h('h4', { text: t('import.failures', { count: formatNumber(job.failureCount ?? failures.length) }) }),
      h('ul', { class: 'failures', id: 'import-failures' }, failures.map((failure) => h('li', {},
        h('code', { text: `${failure.file ?? ''}${failure.index !== undefined && failure.index !== null ? ` #${failure.index}` : ''}` }), ' ',
        failure.objectId ? h('code', { text: failure.objectId }) : null, ' ', failure.reason ?? '')))) : null,
    h('p', {}, h('a', {
      class: 'button secondary', id: 'import-report-download', download: `import-${job.id}.ndjson`,
      href: api.url(routes.importReport(applicationName, job.id)), text: t('import.downloadReport'),
    })));
}

/** The panel's content for a job as it is now. */
export function jobDetails(applicationName, job) {
  const files = job.files ?? [];
  return h('div', { class: 'job', dataset: { state: job.state ?? '' } },
    h('dl', { class: 'meta' },
      h('dt', { text: t('import.column.state') }), h('dd', {}, stateBadge(job)),
      h('dt', { text: t('import.column.createDate') }), h('dd', { text: `${formatDate(job.createDate)} (${job.createdBy ?? ''})` }),
      h('dt', { text: t('import.options') }), h('dd', { text: `${job.dryRun ? t('import.dryRun') : t('import.realRun')}, ${t(`import.conflict.${job.onConflict}`)}` }),
      h('dt', { text: t('import.column.files') }), h('dd', { text: files.map((file) => file.name).join(', ') || '–' })),
    isActive(job) ? progressPart(job) : null,
    job.state === 'finished' || job.state === 'failed' ? reportPart(applicationName, job) : null);
}

/**
 * A job's panel, kept up to date while the job is queued or running and the page is shown.
 * @param {{applicationName: string, job: object, isCurrent: () => boolean, onEnd: (job: object) => void}} options
 */
export function jobPanel({ applicationName, job, isCurrent, onEnd }) {
  const body = h('div', { 'aria-live': 'polite' }, jobDetails(applicationName, job));
  const element = h('section', { class: 'card', id: 'import-job', 'aria-labelledby': 'import-job-title', dataset: { state: job.state ?? '' } },
    h('h2', { id: 'import-job-title', text: t('import.job', { id: job.id }) }), body);
  const poll = async (current) => {
    if (!isActive(current) || !isCurrent()) return;
    await new Promise((resolve) => setTimeout(resolve, pollMilliseconds));
    if (!isCurrent()) return;
    const next = await api.request(routes.importJob(applicationName, current.id));
    if (!isCurrent()) return;
    body.replaceChildren(jobDetails(applicationName, next));
    element.dataset.state = next.state ?? '';
    if (isActive(next)) return poll(next);
    return onEnd(next);
  };
  return { element, poll: () => poll(job) };
}
