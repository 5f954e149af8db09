// The audit log: every change made through the dashboard or `kumo admins`, newest first.
import { h, append } from './dom.js';
import { t, formatDate } from './i18n.js';
import * as api from './api.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';

/** The page's name (`main[data-page]`). */
export const name = 'audit';

const pageSize = 50;

function row(entry) {
  const detail = entry.detail && Object.keys(entry.detail).length ? JSON.stringify(entry.detail) : '';
  return h('tr', { dataset: { id: String(entry.id) } },
    h('td', {}, h('time', { datetime: entry.time, text: formatDate(entry.time) })),
    h('td', { text: entry.admin ?? '' }),
    h('td', {}, h('code', { text: entry.action ?? '' })),
    h('td', { text: entry.application ?? '' }),
    h('td', { text: entry.target ?? '' }),
    h('td', {}, detail ? h('code', { class: 'detail', title: detail, text: detail.length > 100 ? `${detail.slice(0, 99)}…` : detail }) : ''),
    h('td', { text: entry.address ?? '' }));
}

/** Renders the audit log with a button that loads older entries. */
export async function render(main, context) {
  context.title(t('audit.title'));
  const first = (await api.request(routes.audit(), { query: { limit: pageSize } })) ?? {};
  if (!context.isCurrent()) return;
  const body = h('tbody', {}, (first.results ?? []).map(row));
  let last = first.results?.at(-1)?.id;
  const more = h('button', { type: 'button', class: 'secondary', id: 'audit-older', text: t('audit.older'), hidden: (first.results ?? []).length < pageSize });
  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      const next = (await api.request(routes.audit(), { query: { limit: pageSize, before: last } })) ?? {};
      body.append(...(next.results ?? []).map(row));
      last = next.results?.at(-1)?.id ?? last;
      more.hidden = (next.results ?? []).length < pageSize;
    } catch (error) {
      context.status('error', api.describeError(error));
    } finally {
      more.disabled = false;
    }
  });
  append(main,
    breadcrumbs([[t('audit.title')]]),
    h('h1', { text: t('audit.title') }),
    h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'audit' },
      h('caption', { class: 'visually-hidden', text: t('audit.title') }),
      h('thead', {}, h('tr', {}, ['time', 'admin', 'action', 'application', 'target', 'detail', 'address']
        .map((column) => h('th', { scope: 'col', text: t(`audit.${column}`) })))),
      body)),
    (first.results ?? []).length ? null : h('p', { class: 'muted', text: t('audit.none') }),
    more);
}
