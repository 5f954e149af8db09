// The overview: this instance's NCMB API traffic per minute from `GET /dashboard/api/metrics?minutes=`
// (docs/dashboard.md#overview-metrics): requests, errors, p50/p99 latency and push deliveries, as totals and as charts
// drawn by charts.js — for all applications, or for the one the picker chooses (`?application=`, its requests, errors and
// latency on this instance, docs/decisions/0158-per-application-overview.md) — and below them every instance of the deployment with its totals of the last hour (the instances'
// heartbeat rows, docs/decisions/0149-instances-on-the-overview.md), the one the charts show marked. The page reads the
// numbers again every 30 seconds while it is shown.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { lineChart } from './charts.js';

/** The page's name (`main[data-page]`). */
export const name = 'overview';

/** The spans offered, in minutes. */
const spans = [60, 180, 360, 1440];
const refreshMilliseconds = 30_000;

function sum(points, key) {
  return points.reduce((total, point) => total + (point[key] ?? 0), 0);
}

function milliseconds(value) {
  return `${formatNumber(Math.round(value * 10) / 10)} ms`;
}

/** The totals over the span: requests, errors, the worst p99, and for all applications pushes delivered and failed. */
function totals(points, withPush) {
  const p99 = points.map((point) => point.p99Milliseconds).filter((value) => typeof value === 'number');
  const tiles = [
    ['requests', formatNumber(sum(points, 'requests'))],
    ['errors', formatNumber(sum(points, 'errors4xx') + sum(points, 'errors5xx'))],
    ['p99', p99.length ? milliseconds(Math.max(...p99)) : '–'],
    ...(withPush ? [
      ['pushDelivered', formatNumber(sum(points, 'pushDelivered'))],
      ['pushFailed', formatNumber(sum(points, 'pushFailed'))],
    ] : []),
  ];
  return h('dl', { class: 'counters', id: 'overview-totals' }, tiles.map(([key, value]) => h('div', { dataset: { total: key } },
    h('dt', { text: t(`overview.total.${key}`) }), h('dd', { text: value }))));
}

/** The charts of the points: requests, errors, latency, and for all applications push deliveries. */
function charts(points, withPush) {
  const times = points.map((point) => Date.parse(point.time));
  const column = (key) => points.map((point) => point[key] ?? (key.endsWith('Milliseconds') ? null : 0));
  return h('div', { class: 'charts', id: 'overview-charts' },
    lineChart({ id: 'chart-requests', title: t('overview.requests'), unit: t('overview.perMinute'), times, wholeNumbers: true,
      series: [{ key: 'requests', label: t('overview.series.requests'), values: column('requests') }] }),
    lineChart({ id: 'chart-errors', title: t('overview.errors'), unit: t('overview.perMinute'), times, wholeNumbers: true,
      series: [
        { key: 'errors4xx', label: t('overview.series.errors4xx'), values: column('errors4xx') },
        { key: 'errors5xx', label: t('overview.series.errors5xx'), values: column('errors5xx') },
      ] }),
    lineChart({ id: 'chart-latency', title: t('overview.latency'), unit: 'ms', times, format: (value) => formatNumber(Math.round(value * 10) / 10),
      series: [
        { key: 'p50', label: t('overview.series.p50'), values: column('p50Milliseconds') },
        { key: 'p99', label: t('overview.series.p99'), values: column('p99Milliseconds') },
      ] }),
    withPush && lineChart({ id: 'chart-push', title: t('overview.push'), unit: t('overview.perMinute'), times, wholeNumbers: true,
      series: [
        { key: 'pushDelivered', label: t('overview.series.pushDelivered'), values: column('pushDelivered') },
        { key: 'pushFailed', label: t('overview.series.pushFailed'), values: column('pushFailed') },
      ] }));
}

/** Every instance whose heartbeat is recent, with its totals of the last hour; the one the charts show is marked. */
function instances(answer) {
  const rows = answer?.instances ?? [];
  const number = (value) => (typeof value === 'number' ? formatNumber(value) : '–');
  return h('section', { id: 'overview-instances', 'aria-labelledby': 'overview-instances-title' },
    h('h2', { id: 'overview-instances-title', text: t('overview.instances.title', { count: formatNumber(rows.length) }) }),
    h('p', { class: 'hint', text: t('overview.instances.hint') }),
    h('div', { class: 'table-scroll' }, h('table', { class: 'grid compact' },
      h('thead', {}, h('tr', {}, ['address', 'started', 'heartbeat', 'requests', 'errors', 'p99', 'push'].map((key) =>
        h('th', { scope: 'col', text: t(`overview.instances.${key}`) })))),
      h('tbody', {}, rows.map((row) => h('tr', { dataset: { instance: row.id, current: String(row.current) } },
        h('th', { scope: 'row', text: row.current ? t('overview.instances.current', { address: row.address }) : row.address }),
        h('td', { text: formatDate(row.startDate) }),
        h('td', { text: formatDate(row.heartbeatDate) }),
        h('td', { class: 'number', text: number(row.requests) }),
        h('td', { class: 'number', text: number((row.errors4xx ?? 0) + (row.errors5xx ?? 0)) }),
        h('td', { class: 'number', text: typeof row.p99Milliseconds === 'number' ? milliseconds(row.p99Milliseconds) : '–' }),
        h('td', { class: 'number', text: `${number(row.pushDelivered)} / ${number(row.pushFailed)}` })))))));
}

/** What the numbers are: this instance's, since its start; for one application, whether this instance tracks it. */
function hint(answer, application) {
  if (!application) return h('p', { class: 'hint lead', id: 'overview-hint', text: t('overview.hint') });
  const tracked = answer?.application?.tracked !== false;
  return h('p', { class: tracked ? 'hint lead' : 'warning', id: 'overview-hint', dataset: { tracked: String(tracked) },
    text: t(tracked ? 'overview.applicationHint' : 'overview.untracked', { name: application, maximum: answer?.application?.maximumTracked }) });
}

/** Renders the overview. */
export async function render(main, context) {
  const minutes = spans.includes(Number(context.query.get('minutes'))) ? Number(context.query.get('minutes')) : spans[0];
  const application = context.query.get('application') || '';
  context.title(application ? t('overview.applicationTitle', { name: application }) : t('overview.title'));
  const load = () => api.request(routes.metrics(), { query: { minutes, application: application || undefined } });
  const [first, list] = await Promise.all([load(), api.request(routes.applications())]);
  if (!context.isCurrent()) return;

  const link = (values) => pages.overview({ minutes: values.minutes === String(spans[0]) ? '' : values.minutes, application: values.application });
  const span = h('select', { id: 'overview-span', name: 'minutes' },
    spans.map((value) => h('option', { value: String(value), text: t(`overview.span.${value}`) })));
  span.value = String(minutes);
  span.addEventListener('change', () => context.navigate(link({ minutes: span.value, application })));
  const names = (list?.results ?? []).map((item) => item.name);
  const picker = h('select', { id: 'overview-application', name: 'application' },
    h('option', { value: '', text: t('overview.allApplications') }),
    names.map((value) => h('option', { value, text: value })));
  picker.value = application;
  picker.addEventListener('change', () => context.navigate(link({ minutes: String(minutes), application: picker.value })));
  const content = h('div', { id: 'overview-content', dataset: { application, minutes: String(minutes) } });
  const draw = (answer) => {
    const points = answer?.points ?? [];
    content.replaceChildren(hint(answer, application), totals(points, !application), charts(points, !application), instances(answer));
  };
  draw(first);

  const refresh = async () => {
    await new Promise((resolve) => setTimeout(resolve, refreshMilliseconds));
    if (!context.isCurrent()) return;
    try {
      const answer = await load();
      if (!context.isCurrent()) return;
      draw(answer);
    } catch (error) {
      if (context.isCurrent()) context.status('error', api.describeError(error));
      return;
    }
    refresh();
  };
  refresh();

  append(main,
    breadcrumbs([[t('overview.title')]]),
    h('h1', { text: application ? t('overview.applicationTitle', { name: application }) : t('overview.title') }),
    h('div', { class: 'toolbar with-field' }, h('div', { class: 'inline' },
      field(t('overview.applicationLabel'), picker), field(t('overview.spanLabel'), span))),
    content);
}
