// One push: what it says and to whom, its status and counts, and each device's outcome with a readable reason
// (`GET /apps/{app}/push/{objectId}/outcomes`, docs/dashboard.md#push), filtered by outcome and paged. While the push
// is scheduled or being delivered the page asks again every few seconds, and stops when the page is left.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { pager, skipOf } from './pager.js';
import { statusBadge, targetText, readableReason, outcomes, outcomeBadge } from './push-text.js';
import { deliveryText } from './page-pushes.js';

/** The page's name (`main[data-page]`). */
export const name = 'push';

const pageSize = 50;

/** Milliseconds between two looks at a push that is not finished: soon when it is due, rarely when it waits. */
function pollDelay(push) {
  if (push.status === 1) return 2000;
  const due = push.deliveryTime?.iso ? Date.parse(push.deliveryTime.iso) : 0;
  return due - Date.now() < 60_000 ? 2000 : 15_000;
}

function json(value) {
  return h('pre', { class: 'code', text: JSON.stringify(value, null, 2) });
}

/** The push's fields as a definition list, leaving out what it does not set. */
function details(push) {
  const rows = [
    ['push.field.createDate', push.createDate && h('time', { datetime: push.createDate, text: formatDate(push.createDate) })],
    ['push.field.delivery', deliveryText(push)],
    ['push.field.expiry', push.deliveryExpirationDate?.iso ? formatDate(push.deliveryExpirationDate.iso) : push.deliveryExpirationTime],
    ['push.field.target', targetText(push.target)],
    ['push.field.searchCondition', push.searchCondition && Object.keys(push.searchCondition).length ? h('code', { text: JSON.stringify(push.searchCondition) }) : t('push.everyInstallation')],
    ['compose.pushTitle', push.title],
    ['compose.message', push.message],
    ['compose.badge', push.badgeSetting !== undefined && push.badgeSetting !== null ? String(push.badgeSetting) : push.badgeIncrementFlag ? t('compose.badgeIncrement') : null],
    ['compose.sound', push.sound],
    ['compose.contentAvailable', push.contentAvailable ? t('push.yes') : null],
    ['compose.category', push.category],
    ['compose.action', push.action],
    ['compose.dialog', push.dialog ? t('push.yes') : null],
    ['compose.richUrl', push.richUrl],
    ['compose.userSettingValue', push.userSettingValue && json(push.userSettingValue)],
  ].filter(([, value]) => value !== null && value !== undefined && value !== '');
  return h('dl', { class: 'meta', id: 'push-details' }, rows.map(([key, value]) => [h('dt', { text: t(key) }), h('dd', {}, value)]));
}

/** The counters: planned, delivered, failed, retrying. */
function counts(summary) {
  const entries = [
    ['planned', summary.deliveryPlanNumber], ['delivered', summary.deliveryNumber],
    ['failed', summary.failedDevices], ['retrying', summary.retryingDevices],
  ];
  return h('dl', { class: 'counters', id: 'push-counts' }, entries.map(([key, value]) => h('div', { dataset: { count: key } },
    h('dt', { text: t(`push.counter.${key}`) }), h('dd', { text: formatNumber(value ?? 0) }))));
}

/**
 * The sentence where no device is listed. A push whose counters say it reached devices but that has no device here
 * was imported (an NCMB export carries the counts, not the devices) or its records have expired: the page says so
 * rather than "No device was sent to." beside "Delivered 2".
 */
export function noOutcomesText(status, chosen, summary) {
  if (status === 0) return t('push.notSentYet');
  if (chosen) return t('push.noOutcomeMatch');
  const counted = (summary?.deliveryNumber ?? 0) + (summary?.failedDevices ?? 0) + (summary?.retryingDevices ?? 0);
  return counted > 0 ? t('push.outcomesNotRecorded') : t('push.noOutcomes');
}

/** One device's row: installation, device type, outcome, the reason in words (the server's text beside it). */
function outcomeRow(applicationName, outcome) {
  const { sentence, code, detail } = readableReason(outcome);
  return h('tr', { dataset: { installationId: outcome.installationId, outcome: outcome.outcome } },
    h('th', { scope: 'row' }, h('a', { href: pages.object(applicationName, 'installations', outcome.installationId) }, h('code', { text: outcome.installationId }))),
    h('td', { text: outcome.deviceType === 'ios' ? 'iOS' : outcome.deviceType === 'android' ? 'Android' : outcome.deviceType ?? '' }),
    h('td', {}, outcomeBadge(outcome.outcome)),
    h('td', { class: 'reason', dataset: { reasonCode: code } },
      sentence ? h('span', { class: 'reason-sentence', text: sentence }) : h('span', { class: 'muted', text: '—' }),
      detail ? h('span', { class: 'hint reason-detail', text: detail }) : null),
    h('td', { class: 'number', text: outcome.attempt ? formatNumber(outcome.attempt) : '' }),
    h('td', {}, outcome.time ? h('time', { datetime: outcome.time, text: formatDate(outcome.time) }) : ''));
}

/** Renders the push page. */
export async function render(main, context) {
  const { app: applicationName, objectId } = context.parameters;
  const chosen = outcomes.includes(context.query.get('outcome')) ? context.query.get('outcome') : '';
  const skip = skipOf(context.query);
  context.title(t('push.one', { objectId }));
  const view = (changes) => pages.push(applicationName, objectId, { outcome: chosen, skip: skip || '', ...changes });
  const load = () => Promise.all([
    api.request(routes.getObject(applicationName, 'push', objectId)),
    api.request(routes.pushOutcomes(applicationName, objectId), { query: { outcome: chosen, limit: pageSize, skip } }),
  ]);
  let [push, answer] = await load();
  if (!context.isCurrent()) return;

  const heading = h('h1', {}, t('push.one', { objectId }));
  const summary = h('section', { class: 'card', 'aria-labelledby': 'push-summary-title' });
  const results = h('div', { id: 'push-outcomes' });
  const outcomeSelect = h('select', { id: 'outcome-filter', name: 'outcome' },
    h('option', { value: '', text: t('push.allOutcomes') }),
    outcomes.map((outcome) => h('option', { value: outcome, text: t(`push.outcome.${outcome}`) })));
  outcomeSelect.value = chosen;
  outcomeSelect.addEventListener('change', () => context.navigate(view({ outcome: outcomeSelect.value, skip: '' })));

  const draw = () => {
    const status = answer?.push?.status ?? push.status;
    main.dataset.status = String(status ?? '');
    heading.replaceChildren(t('push.one', { objectId }), ' ', statusBadge(status));
    const wholeError = push.error?.reason ? readableReason({ reason: push.error.reason }) : null;
    summary.replaceChildren(
      h('h2', { id: 'push-summary-title', text: t('push.summary') }),
      counts(answer?.push ?? push),
      wholeError ? h('p', { class: 'error', id: 'push-error', text: wholeError.sentence }) : '',
      details(push));
    const rows = answer?.results ?? [];
    results.replaceChildren(rows.length
      ? h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'outcomes' },
        h('caption', { class: 'visually-hidden', text: t('push.outcomes') }),
        h('thead', {}, h('tr', {}, ['installation', 'deviceType', 'outcome', 'reason', 'attempt', 'time']
          .map((column) => h('th', { scope: 'col', text: t(`push.outcomeColumn.${column}`) })))),
        h('tbody', {}, rows.map((outcome) => outcomeRow(applicationName, outcome)))))
      : h('p', { class: 'muted', id: 'no-outcomes', text: noOutcomesText(status, chosen, answer?.push ?? push) }),
    pager({ skip, limit: pageSize, shown: rows.length, count: answer?.count ?? rows.length, hrefFor: (next) => view({ skip: next || '' }) }));
  };
  draw();

  // The delivery records an attempt's outcomes before it updates the push, and the outcomes endpoint reads the push
  // before its outcomes, so an answer whose push is delivered or failed lists every device: the page stops looking.
  const settled = () => {
    const state = answer?.push ?? push;
    return state.status !== 0 && state.status !== 1;
  };
  const poll = async () => {
    if (!context.isCurrent() || settled()) return;
    await new Promise((resolve) => setTimeout(resolve, pollDelay(push)));
    if (!context.isCurrent()) return;
    try {
      [push, answer] = await load();
    } catch (error) {
      if (context.isCurrent()) context.status('error', api.describeError(error));
      return;
    }
    if (!context.isCurrent()) return;
    draw();
    poll();
  };
  poll();

  const remove = h('button', { type: 'button', class: 'danger', id: 'delete-push', text: t('common.delete') });
  remove.addEventListener('click', () => context.confirmThen(t('push.confirmDelete', { objectId }), async () => {
    await api.request(routes.deleteObject(applicationName, 'push', objectId));
    context.navigate(pages.pushes(applicationName), { statusMessage: { kind: 'success', message: t('push.deleted', { objectId }) } });
  }));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('push.title'), pages.pushes(applicationName)], [objectId]]),
    heading,
    summary,
    h('section', { class: 'card', 'aria-labelledby': 'outcomes-title' },
      h('div', { class: 'section-header' }, h('h2', { id: 'outcomes-title', text: t('push.outcomes') }),
        h('div', { class: 'inline' }, field(t('push.filterOutcome'), outcomeSelect))),
      h('p', { class: 'hint lead', text: t('push.outcomesHint') }),
      results),
    h('div', { class: 'actions' }, remove));
}
