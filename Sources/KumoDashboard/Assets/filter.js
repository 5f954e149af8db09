// The data browser's filter: a builder of simple conditions (field, operator, value) that writes NCMB `where`
// JSON, next to the raw `where` text for everything the builder cannot say.
import { h, field, uniqueId } from './dom.js';
import { t } from './i18n.js';

const operators = ['equalTo', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists', 'notExists', '$regex'];

/** A typed value from the text of a condition: numbers, true/false, null, ISO dates, "quoted" strings, else text. */
export function parseValue(text) {
  const trimmed = text.trim();
  if (/^".*"$/.test(trimmed)) return trimmed.slice(1, -1);
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) {
    return { __type: 'Date', iso: new Date(Date.parse(trimmed)).toISOString() };
  }
  return text;
}

function valueText(value) {
  if (value && typeof value === 'object' && value.__type === 'Date') return value.iso;
  if (typeof value === 'string') return /^(true|false|null|-?[\d.]+(e\d+)?)$/i.test(value.trim()) || value.trim() !== value ? `"${value}"` : value;
  return JSON.stringify(value);
}

/** The `where` object of builder conditions `[{field, operator, value}]` (text values). */
export function whereOf(conditions) {
  const where = {};
  for (const { field: key, operator, value } of conditions) {
    if (!key) continue;
    if (operator === 'equalTo') {
      where[key] = parseValue(value);
      continue;
    }
    const constraint = where[key] && typeof where[key] === 'object' && !Array.isArray(where[key]) && !where[key].__type ? where[key] : {};
    if (operator === '$exists') constraint.$exists = true;
    else if (operator === 'notExists') constraint.$exists = false;
    else if (operator === '$in') constraint.$in = value.split(',').map((item) => parseValue(item)).filter((item) => item !== '');
    else if (operator === '$regex') constraint.$regex = value;
    else constraint[operator] = parseValue(value);
    where[key] = constraint;
  }
  return where;
}

/** Builder conditions for a `where` object, or `null` when the builder cannot show it (then only the raw text does). */
export function conditionsOf(where) {
  const conditions = [];
  for (const [key, constraint] of Object.entries(where ?? {})) {
    if (key.startsWith('$')) return null;
    if (constraint === null || typeof constraint !== 'object' || constraint.__type === 'Date') {
      conditions.push({ field: key, operator: 'equalTo', value: valueText(constraint) });
      continue;
    }
    if (Array.isArray(constraint) || constraint.__type) return null;
    for (const [operator, value] of Object.entries(constraint)) {
      if (operator === '$exists') conditions.push({ field: key, operator: value ? '$exists' : 'notExists', value: '' });
      else if (operator === '$in' && Array.isArray(value)) conditions.push({ field: key, operator, value: value.map(valueText).join(',') });
      else if (operator === '$regex' && typeof value === 'string') conditions.push({ field: key, operator, value });
      else if (operators.includes(operator) && (value === null || typeof value !== 'object' || value.__type === 'Date')) {
        conditions.push({ field: key, operator, value: valueText(value) });
      } else return null;
    }
  }
  return conditions;
}

/**
 * The filter panel.
 * @param {{where: string, fields: string[], onApply: (where: string) => void}} options the current raw `where`
 *   text, the field names for suggestions, and what applying does
 */
export function createFilter({ where, fields, onApply }) {
  const listId = uniqueId('fields');
  const rows = h('div', { class: 'conditions' });
  const raw = h('textarea', { name: 'where', rows: 3, class: 'code', spellcheck: 'false', value: where || '' });
  const rawError = h('p', { class: 'error', role: 'alert', hidden: true });

  const writeRaw = () => {
    const conditions = [...rows.children].map((row) => row.readCondition());
    const object = whereOf(conditions);
    raw.value = Object.keys(object).length ? JSON.stringify(object) : '';
  };

  const addRow = (condition = { field: '', operator: 'equalTo', value: '' }) => {
    const fieldInput = h('input', { type: 'text', name: 'field', list: listId, autocomplete: 'off', value: condition.field });
    const operator = h('select', { name: 'operator' }, operators.map((code) => h('option', { value: code, text: t(`filter.${code}`) })));
    operator.value = condition.operator;
    const value = h('input', { type: 'text', name: 'value', autocomplete: 'off', value: condition.value });
    const updateValue = () => {
      value.disabled = operator.value === '$exists' || operator.value === 'notExists';
    };
    updateValue();
    const row = h('div', { class: 'condition' },
      field(t('filter.field'), fieldInput), field(t('filter.operator'), operator), field(t('filter.value'), value, null),
      h('button', {
        type: 'button', class: 'link danger', text: t('filter.remove'),
        on: { click: () => { row.remove(); writeRaw(); } },
      }));
    row.readCondition = () => ({ field: fieldInput.value.trim(), operator: operator.value, value: value.value });
    for (const control of [fieldInput, operator, value]) control.addEventListener('input', () => { updateValue(); writeRaw(); });
    operator.addEventListener('change', () => { updateValue(); writeRaw(); });
    rows.append(row);
    return fieldInput;
  };

  let parsed = null;
  try {
    parsed = where ? JSON.parse(where) : {};
  } catch {
    parsed = null;
  }
  const conditions = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? conditionsOf(parsed) : null;
  for (const condition of conditions ?? []) addRow(condition);

  const form = h('form', { class: 'filter', id: 'filter' },
    h('datalist', { id: listId }, fields.map((name) => h('option', { value: name }))),
    h('fieldset', {}, h('legend', { text: t('filter.builder') }), rows,
      conditions === null ? h('p', { class: 'hint', text: t('filter.rawOnly') }) : null,
      h('button', { type: 'button', class: 'secondary', id: 'add-condition', text: t('filter.addCondition'), on: { click: () => addRow().focus() } })),
    field(t('filter.raw'), raw, t('filter.rawHint')),
    rawError,
    h('div', { class: 'actions' },
      h('button', { type: 'submit', text: t('filter.apply') }),
      h('button', {
        type: 'button', class: 'secondary', text: t('filter.clear'),
        on: { click: () => { raw.value = ''; onApply(''); } },
      })));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = raw.value.trim();
    if (text) {
      try {
        const object = JSON.parse(text);
        if (object === null || typeof object !== 'object' || Array.isArray(object)) throw new Error(t('editor.notAnObject'));
      } catch (error) {
        rawError.textContent = t('editor.invalidJSON', { reason: error.message });
        rawError.hidden = false;
        raw.setAttribute('aria-invalid', 'true');
        raw.focus();
        return;
      }
    }
    onApply(text);
  });
  return form;
}
