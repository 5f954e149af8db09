// Line charts drawn as SVG by hand (no charting library, docs/decisions/0080-dependency-free-es-module-dashboard.md):
// time on the x axis, values from zero on the y axis, labelled ticks, a legend, and the same numbers as a table for
// screen readers (and for anyone who opens it). Colours come from styles.css classes, so the light and dark schemes
// both apply; nothing is styled inline (the CSP forbids it).
import { h, uniqueId } from './dom.js';
import { t, formatNumber } from './i18n.js';

const namespace = 'http://www.w3.org/2000/svg';
const width = 640;
const height = 260;
const margin = { top: 20, right: 20, bottom: 42, left: 60 };

/** An SVG element: attributes set with setAttribute, `text` as textContent, children appended. */
function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(namespace, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    if (name === 'text') element.textContent = String(value);
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) if (child) element.append(child);
  return element;
}

/**
 * A "nice" upper bound and step for a y axis from 0 to `maximum` with about `count` steps (1, 2, 2.5, 5 × 10ⁿ); with
 * `wholeNumbers` (counts) the step is at least 1.
 */
export function niceScale(maximum, count = 4, wholeNumbers = false) {
  if (!(maximum > 0)) return wholeNumbers ? { top: 1, step: 1 } : { top: 1, step: 0.25 };
  const rough = wholeNumbers ? Math.max(maximum / count, 1) : maximum / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  return { top: Math.ceil(maximum / step - 1e-9) * step, step };
}

/** Minutes between x-axis labels for a span of `minutes`, so that about six labels fit. */
export function timeStep(minutes) {
  return [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].find((step) => minutes / step <= 6) ?? 1440;
}

function timeLabel(milliseconds, withDate) {
  const date = new Date(milliseconds);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return withDate ? `${date.getMonth() + 1}/${date.getDate()} ${time}` : time;
}

/**
 * A line chart in a `<figure>`.
 * @param {object} options
 * @param {string} options.id the figure's id (tests and links find it by this)
 * @param {string} options.title the caption
 * @param {number[]} options.times the x values, milliseconds since 1970, ascending
 * @param {{key: string, label: string, values: (number|null)[]}[]} options.series one line each, a value per time
 *   (`null` for a gap); at most six (six colours)
 * @param {(value: number) => string} [options.format] how values read on the axis, the tooltips and the table
 * @param {string} [options.unit] the y axis's unit, written above it
 * @param {boolean} [options.wholeNumbers] the values are counts: the y axis has no fractional ticks
 */
export function lineChart({ id, title, times, series, format = formatNumber, unit, wholeNumbers = false }) {
  const captionId = uniqueId('chart');
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const values = series.flatMap((line) => line.values).filter((value) => typeof value === 'number' && Number.isFinite(value));
  const { top, step } = niceScale(Math.max(0, ...values), 4, wholeNumbers);
  const start = times[0] ?? 0;
  const end = times.at(-1) ?? start;
  const span = Math.max(end - start, 60_000);
  const x = (time) => margin.left + ((time - start) / span) * plotWidth;
  const y = (value) => margin.top + plotHeight - (value / top) * plotHeight;

  const grid = [];
  for (let value = 0; value <= top + step / 2; value += step) {
    grid.push(svg('line', { class: 'chart-grid', x1: margin.left, x2: margin.left + plotWidth, y1: y(value), y2: y(value) }));
    grid.push(svg('text', { class: 'chart-tick', x: margin.left - 6, y: y(value) + 4, 'text-anchor': 'end', text: format(value) }));
  }
  const minutes = span / 60_000;
  const stepMilliseconds = timeStep(minutes) * 60_000;
  const withDate = minutes > 1440;
  for (let time = Math.ceil(start / stepMilliseconds) * stepMilliseconds; time <= end; time += stepMilliseconds) {
    grid.push(svg('line', { class: 'chart-axis', x1: x(time), x2: x(time), y1: margin.top + plotHeight, y2: margin.top + plotHeight + 4 }));
    grid.push(svg('text', { class: 'chart-tick', x: x(time), y: margin.top + plotHeight + 20, 'text-anchor': 'middle', text: timeLabel(time, withDate) }));
  }

  const lines = series.map((line, index) => {
    // A path per run of values without gaps; a lone point shows as a dot.
    const runs = [];
    let run = [];
    line.values.forEach((value, position) => {
      if (typeof value === 'number' && Number.isFinite(value)) run.push([x(times[position]), y(value), times[position], value]);
      else if (run.length) { runs.push(run); run = []; }
    });
    if (run.length) runs.push(run);
    return svg('g', { class: `chart-series series-${index % 6}`, 'data-series': line.key },
      runs.map((points) => points.length === 1
        ? svg('circle', { cx: points[0][0], cy: points[0][1], r: 3 }, svg('title', { text: `${timeLabel(points[0][2], withDate)} ${line.label}: ${format(points[0][3])}` }))
        : svg('path', { d: points.map(([px, py], position) => `${position ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join(' ') })));
  });

  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart-plot', 'aria-hidden': 'true', focusable: 'false' },
    grid,
    svg('line', { class: 'chart-axis', x1: margin.left, x2: margin.left, y1: margin.top, y2: margin.top + plotHeight }),
    svg('line', { class: 'chart-axis', x1: margin.left, x2: margin.left + plotWidth, y1: margin.top + plotHeight, y2: margin.top + plotHeight }),
    svg('text', { class: 'chart-label', x: margin.left + plotWidth / 2, y: height - 4, 'text-anchor': 'middle', text: t('chart.time') }),
    unit ? svg('text', { class: 'chart-label', x: 4, y: margin.top - 6, text: unit }) : null,
    lines);

  const legend = h('ul', { class: 'chart-legend', 'aria-hidden': 'true' },
    series.map((line, index) => h('li', { class: `series-${index % 6}` }, h('span', { class: 'swatch' }), line.label)));

  const table = h('table', { class: 'grid compact chart-table', dataset: { chart: id } },
    h('caption', { text: title }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('chart.time') }), series.map((line) => h('th', { scope: 'col', text: line.label })))),
    h('tbody', {}, times.map((time, position) => h('tr', {},
      h('th', { scope: 'row' }, h('time', { datetime: new Date(time).toISOString(), text: timeLabel(time, withDate) })),
      series.map((line) => h('td', { class: 'number', text: typeof line.values[position] === 'number' ? format(line.values[position]) : '–' }))))));
  const data = h('div', { class: 'table-scroll chart-data visually-hidden', id: `${id}-table` }, table);
  const toggle = h('button', { type: 'button', class: 'link', 'aria-expanded': 'false', 'aria-controls': data.id, text: t('chart.showTable') });
  toggle.addEventListener('click', () => {
    const shown = data.classList.toggle('visually-hidden') === false;
    toggle.setAttribute('aria-expanded', String(shown));
    toggle.textContent = shown ? t('chart.hideTable') : t('chart.showTable');
  });

  return h('figure', { class: 'chart card', id, 'aria-labelledby': captionId, dataset: { points: String(times.length) } },
    h('figcaption', {}, h('span', { class: 'chart-title', id: captionId, text: title }), toggle),
    picture, legend, data);
}
