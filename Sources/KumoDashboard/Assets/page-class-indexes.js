// A class's indexes on user fields (docs/decisions/0074-indexes-on-user-fields.md): the list with remove, a form
// that adds one by hand, and the index advisor's suggestions from slow queries
// (docs/decisions/0075-index-advisor.md), each with "Add this index".
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';

/** The page's name (`main[data-page]`). */
export const name = 'class-indexes';

const numberColumns = ['runs', 'totalMilliseconds', 'maximumMilliseconds'];

/** The API's fields (`[{field, kind}]`) as text: `category:string, score:number`. */
export function fieldsText(fields) {
  return (fields ?? []).map(({ field: fieldName, kind }) => (kind ? `${fieldName}:${kind}` : fieldName)).join(', ');
}

/** The form's text (`category, score:number`) as the API's list (`["category","score:number"]`). */
export function fieldsList(text) {
  return String(text ?? '').split(',').map((part) => part.trim()).filter(Boolean);
}

/** Renders the indexes page. */
export async function render(main, context) {
  const { app: applicationName, className } = context.parameters;
  context.title(t('indexes.title', { className }));
  const answer = (await api.request(routes.indexes(applicationName, className))) ?? {};
  if (!context.isCurrent()) return;
  const indexes = answer.results ?? [];
  const suggestions = answer.suggestions ?? [];

  const add = async (fields, button) => {
    context.clearStatus();
    await context.submit(button, async () => {
      const created = await api.request(routes.createIndex(applicationName, className), { body: { fields } });
      const text = fieldsText(created?.index?.fields) || fields.join(', ');
      const notes = (created?.notes ?? []).join(' ');
      context.refresh({
        kind: 'success',
        message: `${t(created?.existed ? 'indexes.existed' : 'indexes.added', { fields: text })}${notes ? ` ${notes}` : ''}`,
      });
    });
  };

  const remove = (index) => {
    const text = fieldsText(index.fields);
    return context.confirmThen(t('indexes.confirmRemove', { fields: text }), async () => {
      await api.request(routes.removeIndex(applicationName, className), { query: { fields: index.fields.map(({ field: fieldName, kind }) => `${fieldName}:${kind}`).join(',') } });
      context.refresh({ kind: 'success', message: t('indexes.removed', { fields: text }) });
    }, { confirmLabel: t('indexes.remove') });
  };

  const list = indexes.length
    ? h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'indexes' },
      h('caption', { class: 'visually-hidden', text: t('indexes.title', { className }) }),
      h('thead', {}, h('tr', {}, ['fields', 'origin', 'createDate', 'name'].map((column) => h('th', { scope: 'col', text: t(`indexes.${column}`) })),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
      h('tbody', {}, indexes.map((index) => h('tr', { dataset: { fields: fieldsText(index.fields), name: index.name ?? '' } },
        h('th', { scope: 'row' }, h('code', { text: fieldsText(index.fields) })),
        h('td', { text: t(`indexes.origin.${index.origin === 'automatic' ? 'automatic' : 'manual'}`) }),
        h('td', {}, h('time', { datetime: index.createDate, text: formatDate(index.createDate) })),
        h('td', {}, h('code', { text: index.name ?? '' })),
        h('td', {}, h('button', {
          type: 'button', class: 'link danger', text: t('indexes.remove'), 'aria-label': t('indexes.removeNamed', { fields: fieldsText(index.fields) }),
          on: { click: () => remove(index) },
        })))))))
    : h('p', { class: 'muted', id: 'no-indexes', text: t('indexes.none') });

  const fieldsInput = h('input', { type: 'text', name: 'fields', autocomplete: 'off', required: true, placeholder: 'category, score:number' });
  const addButton = h('button', { type: 'submit', text: t('indexes.add') });
  const form = h('form', { class: 'card inline-form', id: 'add-index' },
    field(t('indexes.addFields'), fieldsInput, t('indexes.addHint')), addButton);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const fields = fieldsList(fieldsInput.value);
    if (fields.length) add(fields, addButton);
  });

  const advice = h('section', { class: 'card', id: 'index-suggestions', 'aria-labelledby': 'suggestions-title' },
    h('h2', { id: 'suggestions-title', text: t('indexes.suggestions') }),
    h('p', { class: 'hint', text: t('indexes.suggestionsHint') }),
    suggestions.length
      ? h('div', { class: 'table-scroll' }, h('table', { class: 'grid compact' },
        h('thead', {}, h('tr', {}, ['fields', 'shape', 'runs', 'totalMilliseconds', 'maximumMilliseconds', 'lastSeen']
          .map((column) => h('th', { scope: 'col', class: numberColumns.includes(column) ? 'number' : null, text: t(`indexes.${column}`) })),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
        h('tbody', {}, suggestions.map((suggestion) => {
          const text = fieldsText(suggestion.fields);
          const button = h('button', { type: 'button', class: 'secondary small', text: t('indexes.addSuggestion'), 'aria-label': t('indexes.addSuggestionNamed', { fields: text }) });
          button.addEventListener('click', () => add(suggestion.fields.map(({ field: fieldName, kind }) => `${fieldName}:${kind}`), button));
          return h('tr', { dataset: { fields: text } },
            h('th', { scope: 'row' }, h('code', { text })),
            h('td', {}, h('code', { text: suggestion.shape ?? '' })),
            h('td', { class: 'number', text: formatNumber(suggestion.runs ?? 0) }),
            h('td', { class: 'number', text: formatNumber(suggestion.totalMilliseconds ?? 0) }),
            h('td', { class: 'number', text: formatNumber(suggestion.maximumMilliseconds ?? 0) }),
            h('td', {}, h('time', { datetime: suggestion.lastSeen, text: formatDate(suggestion.lastSeen) })),
            h('td', {}, button));
        }))))
      : h('p', { class: 'muted', id: 'no-suggestions', text: t('indexes.noSuggestions') }));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('classes.crumb'), pages.classes(applicationName)],
      [className, pages.objects(applicationName, className)], [t('objects.indexes')]]),
    h('h1', { text: t('indexes.title', { className }) }),
    h('p', { class: 'hint', text: t('indexes.hint') }),
    list,
    form,
    advice);
}
