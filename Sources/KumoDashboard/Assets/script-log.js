// A script's execution log (`GET /apps/{app}/scripts/executions?script=`, docs/dashboard.md#scripts), newest first:
// each entry's time, method, status and duration, and, opened, its request, its answer, the console output and the
// error with its stack. Older entries load on demand; after a test run the log looks for the run's entry.
import { h } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as routes from './routes.js';
import { prettyBody, headerList } from './script-run.js';

const pageSize = 20;
/** How often, and how many times, the log is read again while waiting for a run's entry (written within a second or two). */
const waitMilliseconds = 1000;
const waitAttempts = 15;

function section(title, ...content) {
  return h('div', { class: 'log-part' }, h('h4', { text: title }), ...content);
}

function queryText(query) {
  if (Array.isArray(query)) return query.map((pair) => (Array.isArray(pair) ? pair.join('=') : String(pair))).join('&');
  if (query && typeof query === 'object') return new URLSearchParams(query).toString();
  return '';
}

/** One entry as a `<details>`: a summary line, opened for the request, answer, console and error. */
export function logEntry(entry) {
  const request = entry.request ?? {};
  const response = entry.response ?? {};
  const consoleLines = entry.console ?? [];
  const query = queryText(request.query);
  return h('details', { class: 'log-entry', dataset: { id: String(entry.id), status: entry.status ?? '' } },
    h('summary', {},
      h('time', { datetime: entry.time, text: formatDate(entry.time) }), ' ',
      h('code', { text: entry.method ?? '' }), ' ',
      h('span', { class: 'log-status', dataset: { status: entry.status ?? '' }, text: t(`log.status.${entry.status}`) }), ' ',
      response.status ? h('span', { class: 'muted', text: `HTTP ${response.status}` }) : null, ' ',
      h('span', { class: 'muted', text: `${formatNumber(entry.durationMilliseconds ?? 0)} ms` })),
    h('div', { class: 'log-body' },
      section(t('log.request'),
        query ? h('p', {}, h('code', { class: 'log-query', text: `?${query}` })) : null,
        headerList(request.headers), request.body ? h('pre', { class: 'code log-request-body', text: prettyBody(request.body) }) : null),
      section(t('log.response'),
        headerList(response.headers), response.body ? h('pre', { class: 'code log-response-body', text: prettyBody(response.body) }) : h('p', { class: 'muted', text: t('log.noBody') })),
      section(t('log.console'), consoleLines.length
        ? h('pre', { class: 'code log-console' }, consoleLines.map((line) => h('span', { class: 'console-line', dataset: { level: line.level ?? 'log' }, text: `${line.level ?? 'log'}: ${line.text ?? ''}\n` })))
        : h('p', { class: 'muted', text: t('log.noConsole') })),
      entry.error ? section(t('log.error'), h('pre', { class: 'code error log-error', text: entry.stack ? `${entry.error}\n${entry.stack}` : entry.error })) : null));
}

/**
 * The log panel of one script.
 * @param {{applicationName: string, scriptName: string, isCurrent: () => boolean, status: (kind: string, text: string) => void}} options
 * @returns {{element: HTMLElement, load: () => Promise<object[]>, waitForRun: (run: {startedAt: number, method: string}) => Promise<void>}}
 */
export function logPanel({ applicationName, scriptName, isCurrent, status }) {
  const list = h('div', { class: 'log-entries', id: 'script-log' });
  const empty = h('p', { class: 'muted', id: 'no-log', text: t('log.none') });
  const older = h('button', { type: 'button', class: 'secondary', id: 'log-older', text: t('log.older'), hidden: true });
  const reload = h('button', { type: 'button', class: 'secondary small', id: 'log-reload', text: t('log.reload') });
  let oldest = null;

  const fetchEntries = (before) => api.request(routes.scriptExecutions(applicationName), {
    query: { script: scriptName, limit: pageSize, before },
  });
  const load = async () => {
    const answer = await fetchEntries();
    if (!isCurrent()) return;
    const entries = answer?.results ?? [];
    list.replaceChildren(...entries.map(logEntry));
    oldest = entries.at(-1)?.id ?? null;
    empty.hidden = entries.length > 0;
    older.hidden = entries.length < pageSize;
    return entries;
  };
  older.addEventListener('click', async () => {
    older.disabled = true;
    try {
      const entries = (await fetchEntries(oldest))?.results ?? [];
      list.append(...entries.map(logEntry));
      oldest = entries.at(-1)?.id ?? oldest;
      older.hidden = entries.length < pageSize;
    } catch (error) {
      status('error', api.describeError(error));
    } finally {
      older.disabled = false;
    }
  });
  reload.addEventListener('click', () => load().catch((error) => status('error', api.describeError(error))));

  /**
   * Reads the log again until the entry of a run appears (or a few seconds have passed), then opens it: the first
   * entry of `method` that started at `startedAt` or later (the browser and the server share the machine's clock in
   * tests; elsewhere a late entry is still found by Reload).
   */
  const waitForRun = async ({ startedAt, method }) => {
    for (let attempt = 0; attempt < waitAttempts && isCurrent(); attempt += 1) {
      let entries;
      try {
        entries = await load();
      } catch (error) {
        status('error', api.describeError(error));
        return;
      }
      const found = entries?.find((entry) => entry.method === method && Date.parse(entry.time) >= startedAt);
      if (found) {
        const details = list.querySelector(`details[data-id="${CSS.escape(String(found.id))}"]`);
        if (details) details.open = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, waitMilliseconds));
    }
  };

  const element = h('section', { class: 'card', 'aria-labelledby': 'log-title' },
    h('div', { class: 'section-header' }, h('h2', { id: 'log-title', text: t('log.title') }), reload),
    h('p', { class: 'hint lead', text: t('log.hint') }),
    list, empty, older);
  return { element, load, waitForRun };
}
