// The push list of an application: newest first, each with its status in words and its device counts, filtered by
// status and paged. Pushes are objects of the standard class `push`, read through the admin API's class routes.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { pager, skipOf } from './pager.js';
import { statuses, statusBadge, statusText, targetText } from './push-text.js';

/** The page's name (`main[data-page]`). */
export const name = 'pushes';

const pageSize = 25;

/** When a push is (or was) sent: its delivery time, or "immediately". */
export function deliveryText(push) {
  if (push.deliveryTime?.iso) return formatDate(push.deliveryTime.iso);
  return push.immediateDeliveryFlag ? t('push.immediately') : '';
}

/** "delivered / planned" with failures, from the push's counters and its `error`. */
export function countsText(push) {
  const failed = push.error?.failedDevices ?? 0;
  const text = t('push.counts', { delivered: formatNumber(push.deliveryNumber ?? 0), planned: formatNumber(push.deliveryPlanNumber ?? 0) });
  return failed ? `${text} ${t('push.failedCount', { count: formatNumber(failed) })}` : text;
}

function shortText(text, length = 60) {
  if (typeof text !== 'string') return '';
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** Renders the list. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  const status = statuses.map(String).includes(context.query.get('status')) ? Number(context.query.get('status')) : null;
  const skip = skipOf(context.query);
  context.title(t('push.title'));
  const view = (changes) => pages.pushes(applicationName, { status: status ?? '', skip: skip || '', ...changes });

  const answer = await api.request(routes.findObjects(applicationName, 'push'), {
    query: { where: status === null ? '' : JSON.stringify({ status }), order: '-createDate', limit: pageSize, skip, count: 1 },
  });
  if (!context.isCurrent()) return;
  const results = answer?.results ?? [];
  const count = answer?.count ?? results.length;

  const statusSelect = h('select', { id: 'push-status-filter', name: 'status' },
    h('option', { value: '', text: t('push.allStatuses') }),
    statuses.map((code) => h('option', { value: String(code), text: statusText(code) })));
  statusSelect.value = status === null ? '' : String(status);
  statusSelect.addEventListener('change', () => context.navigate(view({ status: statusSelect.value, skip: '' })));

  const table = h('table', { class: 'grid', id: 'pushes' },
    h('caption', { class: 'visually-hidden', text: t('push.title') }),
    h('thead', {}, h('tr', {}, ['objectId', 'createDate', 'delivery', 'target', 'message', 'status', 'devices']
      .map((column) => h('th', { scope: 'col', text: t(`push.column.${column}`) })))),
    h('tbody', {}, results.map((push) => h('tr', { dataset: { objectId: push.objectId, status: String(push.status ?? '') } },
      h('th', { scope: 'row' }, h('a', { href: pages.push(applicationName, push.objectId), class: 'push-link' }, h('code', { text: push.objectId }))),
      h('td', {}, h('time', { datetime: push.createDate, text: formatDate(push.createDate) })),
      h('td', { text: deliveryText(push) }),
      h('td', { text: targetText(push.target) }),
      h('td', { title: typeof push.message === 'string' && push.message.length > 60 ? push.message : null },
        push.title ? h('strong', { text: `${shortText(push.title, 30)} ` }) : null, shortText(push.message)),
      h('td', {}, statusBadge(push.status)),
      h('td', { class: 'number counts', text: countsText(push) })))));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('push.title')]]),
    h('h1', {}, t('push.title'), h('span', { class: 'count', id: 'push-count', text: t('push.count', { count: formatNumber(count) }) })),
    h('div', { class: 'toolbar with-field' },
      h('a', { class: 'button', id: 'new-push', href: pages.newPush(applicationName), text: t('push.new') }),
      h('div', { class: 'inline' }, field(t('push.filterStatus'), statusSelect))),
    results.length ? h('div', { class: 'table-scroll' }, table) : h('p', { class: 'muted', id: 'no-pushes', text: status === null ? t('push.none') : t('push.noMatch') }),
    pager({ skip, limit: pageSize, shown: results.length, count, hrefFor: (next) => view({ skip: next || '' }) }));
}
