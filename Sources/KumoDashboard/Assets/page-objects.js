// The data browser's grid: one class's objects with paging, sorting, the filter, bulk delete and export. The view
// (where, order, limit, skip) lives in the URL, so every view is a link.
import { h, append, download } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { renderValue } from './values.js';
import { createFilter } from './filter.js';
import { toCSV, toJSON } from './export.js';

/** The page's name (`main[data-page]`). */
export const name = 'objects';

const pageSizes = [25, 50, 100];
const trailingColumns = ['createDate', 'updateDate', 'acl'];

/** The grid's columns: objectId first, the fields by name, then the dates and the ACL. */
export function columnsOf(results) {
  const names = new Set();
  for (const object of results) for (const key of Object.keys(object)) names.add(key);
  names.delete('objectId');
  const middle = [...names].filter((key) => !trailingColumns.includes(key)).sort((a, b) => a.localeCompare(b));
  return ['objectId', ...middle, ...trailingColumns.filter((key) => names.has(key))];
}

/** Renders the grid of the class in the URL. */
export function render(main, context) {
  return renderGrid(main, context);
}

/**
 * Renders a class's grid; other pages reuse it (installations) with their own URL, breadcrumbs and title.
 * @param {object} [options] `link`: the page's URL for a query (default the class's page, `pages.objects`); `crumbs`:
 *   the breadcrumb pairs before the last one; `heading`: the title.
 */
export async function renderGrid(main, context, { link, crumbs, heading } = {}) {
  const { app: applicationName, className } = context.parameters;
  const query = context.query;
  const where = query.get('where') ?? '';
  const order = query.get('order') ?? '';
  const limit = pageSizes.includes(Number(query.get('limit'))) ? Number(query.get('limit')) : pageSizes[0];
  const skip = Math.max(0, Number.parseInt(query.get('skip') ?? '0', 10) || 0);
  const title = heading ?? className;
  context.title(title);

  const page = link ?? ((parameters) => pages.objects(applicationName, className, parameters));
  const view = (changes) => page({ where, order, limit: limit === pageSizes[0] ? '' : limit, skip: skip || '', ...changes });
  const go = (changes) => context.navigate(view(changes));

  const answer = await api.request(routes.findObjects(applicationName, className), {
    query: { where, order, limit, skip, count: 1 },
  });
  if (!context.isCurrent()) return;
  const results = answer?.results ?? [];
  const count = answer?.count ?? results.length;
  const columns = columnsOf(results);

  const selected = new Set();
  const deleteSelected = h('button', { type: 'button', class: 'danger', id: 'delete-selected', disabled: true, text: t('objects.deleteSelected', { count: 0 }) });
  const selectAll = h('input', { type: 'checkbox', id: 'select-all', 'aria-label': t('objects.selectAll') });
  const rowBoxes = [];
  const updateSelection = () => {
    deleteSelected.disabled = selected.size === 0;
    deleteSelected.textContent = t('objects.deleteSelected', { count: selected.size });
    selectAll.checked = selected.size > 0 && selected.size === rowBoxes.length;
    selectAll.indeterminate = selected.size > 0 && selected.size < rowBoxes.length;
  };
  selectAll.addEventListener('change', () => {
    for (const box of rowBoxes) {
      box.checked = selectAll.checked;
      if (box.checked) selected.add(box.value);
      else selected.delete(box.value);
    }
    updateSelection();
  });
  deleteSelected.addEventListener('click', () => {
    const objectIds = [...selected];
    return context.confirmThen(t('objects.confirmDelete', { count: objectIds.length }), async () => {
      const outcome = await api.request(routes.deleteObjects(applicationName, className), { body: { objectIds } });
      const errors = outcome?.errors ?? [];
      context.refresh({
        kind: errors.length ? 'error' : 'success',
        message: t('objects.deleted', { count: outcome?.deleted ?? 0 }) + (errors.length ? ` ${t('objects.deleteErrors', { count: errors.length })}` : ''),
      });
    });
  });

  const sortHeader = (column) => {
    const ascending = order === column;
    const descending = order === `-${column}`;
    const next = ascending ? `-${column}` : column;
    return h('th', { scope: 'col', 'aria-sort': ascending ? 'ascending' : descending ? 'descending' : null },
      h('a', { href: view({ order: next, skip: '' }), class: 'sort', 'aria-label': t('objects.sortBy', { column }) },
        column, h('span', { 'aria-hidden': 'true', class: 'sort-mark', text: ascending ? ' ▲' : descending ? ' ▼' : '' })));
  };

  const table = h('table', { class: 'grid objects', id: 'objects' },
    h('caption', { class: 'visually-hidden', text: t('objects.caption', { className }) }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'select' }, selectAll), columns.map(sortHeader))),
    h('tbody', {}, results.map((object) => {
      const box = h('input', { type: 'checkbox', name: 'select', value: object.objectId, 'aria-label': t('objects.select', { objectId: object.objectId }) });
      box.addEventListener('change', () => {
        if (box.checked) selected.add(object.objectId);
        else selected.delete(object.objectId);
        updateSelection();
      });
      rowBoxes.push(box);
      return h('tr', { dataset: { objectId: object.objectId } },
        h('td', { class: 'select' }, box),
        columns.map((column) => column === 'objectId'
          ? h('th', { scope: 'row' }, h('a', { href: pages.object(applicationName, className, object.objectId), class: 'object-link' }, h('code', { text: object.objectId })))
          : h('td', { dataset: { column } }, column in object ? renderValue(object[column], { application: applicationName, className, objectId: object.objectId, key: column }) : '')));
    })));

  const first = results.length ? skip + 1 : 0;
  const last = skip + results.length;
  const pageSize = h('select', { id: 'page-size', name: 'limit' }, pageSizes.map((size) => h('option', { value: String(size), text: String(size) })));
  pageSize.value = String(limit);
  pageSize.addEventListener('change', () => go({ limit: pageSize.value, skip: '' }));
  const pager = h('nav', { class: 'pager', 'aria-label': t('objects.paging') },
    h('a', { class: 'button secondary', id: 'previous-page', href: skip > 0 ? view({ skip: Math.max(0, skip - limit) || '' }) : null, 'aria-disabled': skip > 0 ? null : 'true', text: t('objects.previous') }),
    h('span', { id: 'range', text: t('objects.range', { first: formatNumber(first), last: formatNumber(last), count: formatNumber(count) }) }),
    h('a', { class: 'button secondary', id: 'next-page', href: last < count ? view({ skip: last }) : null, 'aria-disabled': last < count ? null : 'true', text: t('objects.next') }),
    h('label', { for: 'page-size', text: t('objects.pageSize') }), pageSize);

  const exportName = `${applicationName}-${className}`;
  const toolbar = h('div', { class: 'toolbar' },
    h('a', { class: 'button', id: 'new-object', href: pages.newObject(applicationName, className), text: t('objects.new') }),
    deleteSelected,
    h('button', { type: 'button', class: 'secondary', id: 'export-json', text: t('objects.exportJSON'), on: { click: () => download(`${exportName}.json`, 'application/json', toJSON(results)) } }),
    h('button', { type: 'button', class: 'secondary', id: 'export-csv', text: t('objects.exportCSV'), on: { click: () => download(`${exportName}.csv`, 'text/csv;charset=utf-8', toCSV(columns, results)) } }),
    h('a', { class: 'button secondary', id: 'class-permissions', href: pages.classPermissions(applicationName, className), text: t('objects.permissions') }),
    h('a', { class: 'button secondary', id: 'class-indexes', href: pages.classIndexes(applicationName, className), text: t('objects.indexes') }));

  const filter = createFilter({ where, fields: columns, onApply: (text) => go({ where: text, skip: '' }) });

  append(main,
    breadcrumbs([...(crumbs ?? [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('classes.crumb'), pages.classes(applicationName)]]), [title]]),
    h('h1', {}, title, h('span', { class: 'count', id: 'object-count', text: t('objects.count', { count: formatNumber(count) }) })),
    h('details', { class: 'card', open: where ? true : null }, h('summary', { text: where ? t('filter.titleActive') : t('filter.title') }), filter),
    toolbar,
    results.length ? h('div', { class: 'table-scroll' }, table) : h('p', { class: 'muted', id: 'no-objects', text: where ? t('objects.noMatch') : t('objects.none') }),
    pager);
}
