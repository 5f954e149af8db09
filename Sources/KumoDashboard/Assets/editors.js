// Typed editors of the object page: one per NCMB value type. Each returns its element and a `read()` that gives
// `{value}` or `{error}` (a message for the admin, shown beside the field).
import { h, field, uniqueId } from './dom.js';
import { t, formatDate } from './i18n.js';
import { objectHref } from './values.js';

function textInput(name, value, attributes = {}) {
  return h('input', { type: 'text', name, value: value ?? '', autocomplete: 'off', spellcheck: 'false', ...attributes });
}

function jsonText(value) {
  return JSON.stringify(value, null, 2);
}

/**
 * An editor for a value of a type.
 * @param {string} type one of values.js `editableTypes`, or `relation`/`file`/`special` (read-only)
 * @param {any} value the current NCMB JSON value (may be of another type when the admin changes the type)
 * @param {{application: string, fieldName: string}} where for pointer links and labels
 * @returns {{element: HTMLElement, read: () => ({value?: any, error?: string})}}
 */
export function createEditor(type, value, { application, fieldName }) {
  switch (type) {
    case 'string': return stringEditor(value, fieldName);
    case 'number': return numberEditor(value, fieldName);
    case 'boolean': return booleanEditor(value, fieldName);
    case 'date': return dateEditor(value, fieldName);
    case 'pointer': return pointerEditor(value, application);
    case 'geoPoint': return geoPointEditor(value);
    case 'array': return jsonEditor(value, fieldName, 'array');
    case 'object': return jsonEditor(value, fieldName, 'object');
    case 'null': return { element: h('p', { class: 'muted', text: 'null' }), read: () => ({ value: null }) };
    default: return readOnlyEditor(value);
  }
}

function stringEditor(value, fieldName) {
  const text = typeof value === 'string' ? value : '';
  const control = text.includes('\n')
    ? h('textarea', { name: 'value', rows: 4, value: text })
    : textInput('value', text);
  return { element: field(t('editor.valueOf', { name: fieldName }), control), read: () => ({ value: control.value }) };
}

function numberEditor(value, fieldName) {
  const control = textInput('value', typeof value === 'number' ? String(value) : '', { inputmode: 'decimal' });
  return {
    element: field(t('editor.valueOf', { name: fieldName }), control),
    read() {
      const number = Number(control.value.trim());
      if (control.value.trim() === '' || !Number.isFinite(number)) return { error: t('editor.invalidNumber') };
      return { value: number };
    },
  };
}

function booleanEditor(value, fieldName) {
  const control = h('select', { name: 'value' },
    h('option', { value: 'true', text: 'true' }), h('option', { value: 'false', text: 'false' }));
  control.value = value === true ? 'true' : 'false';
  return { element: field(t('editor.valueOf', { name: fieldName }), control), read: () => ({ value: control.value === 'true' }) };
}

function dateEditor(value, fieldName) {
  const iso = value?.__type === 'Date' ? value.iso : '';
  const control = textInput('iso', iso, { placeholder: '2026-01-31T09:00:00.000Z' });
  const preview = h('output', { for: null, class: 'hint' });
  const update = () => {
    const time = Date.parse(control.value.trim());
    preview.textContent = Number.isNaN(time) ? '' : formatDate(new Date(time));
  };
  control.addEventListener('input', update);
  update();
  const now = h('button', {
    type: 'button', class: 'secondary', text: t('editor.now'),
    on: { click: () => { control.value = new Date().toISOString(); update(); } },
  });
  const wrapper = field(t('editor.dateOf', { name: fieldName }), control, t('editor.dateHint'));
  preview.id = uniqueId('preview');
  preview.setAttribute('for', control.id);
  wrapper.append(h('div', { class: 'inline' }, now, preview));
  return {
    element: wrapper,
    read() {
      const time = Date.parse(control.value.trim());
      if (Number.isNaN(time)) return { error: t('editor.invalidDate') };
      return { value: { __type: 'Date', iso: new Date(time).toISOString() } };
    },
  };
}

function pointerEditor(value, application) {
  const className = textInput('className', value?.__type === 'Pointer' ? value.className : '');
  const objectId = textInput('objectId', value?.__type === 'Pointer' ? value.objectId : '');
  const link = h('a', { class: 'pointer-link', text: t('editor.openTarget') });
  const update = () => {
    if (className.value.trim() && objectId.value.trim()) {
      link.href = objectHref(application, className.value.trim(), objectId.value.trim());
      link.hidden = false;
    } else {
      link.removeAttribute('href');
      link.hidden = true;
    }
  };
  className.addEventListener('input', update);
  objectId.addEventListener('input', update);
  update();
  return {
    element: h('div', { class: 'pair' }, field(t('editor.pointerClass'), className), field(t('editor.pointerObjectId'), objectId), link),
    read() {
      if (!className.value.trim() || !objectId.value.trim()) return { error: t('editor.invalidPointer') };
      return { value: { __type: 'Pointer', className: className.value.trim(), objectId: objectId.value.trim() } };
    },
  };
}

function geoPointEditor(value) {
  const isPoint = value?.__type === 'GeoPoint';
  const latitude = textInput('latitude', isPoint ? String(value.latitude) : '', { inputmode: 'decimal' });
  const longitude = textInput('longitude', isPoint ? String(value.longitude) : '', { inputmode: 'decimal' });
  return {
    element: h('div', { class: 'pair' }, field(t('editor.latitude'), latitude), field(t('editor.longitude'), longitude)),
    read() {
      const latitudeValue = Number(latitude.value.trim());
      const longitudeValue = Number(longitude.value.trim());
      if (latitude.value.trim() === '' || !Number.isFinite(latitudeValue) || Math.abs(latitudeValue) > 90) {
        return { error: t('editor.invalidLatitude') };
      }
      if (longitude.value.trim() === '' || !Number.isFinite(longitudeValue) || Math.abs(longitudeValue) > 180) {
        return { error: t('editor.invalidLongitude') };
      }
      return { value: { __type: 'GeoPoint', latitude: latitudeValue, longitude: longitudeValue } };
    },
  };
}

function jsonEditor(value, fieldName, kind) {
  const initial = kind === 'array' ? (Array.isArray(value) ? value : []) : (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
  const control = h('textarea', { name: 'value', rows: 5, spellcheck: 'false', class: 'code', value: jsonText(initial) });
  return {
    element: field(t('editor.jsonOf', { name: fieldName }), control),
    read() {
      let parsed;
      try {
        parsed = JSON.parse(control.value);
      } catch (error) {
        return { error: t('editor.invalidJSON', { reason: error.message }) };
      }
      if (kind === 'array' && !Array.isArray(parsed)) return { error: t('editor.notAnArray') };
      if (kind === 'object' && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) return { error: t('editor.notAnObject') };
      return { value: parsed };
    },
  };
}

function readOnlyEditor(value) {
  return {
    element: h('pre', { class: 'code', text: jsonText(value) }),
    read: () => ({ value, readOnly: true }),
  };
}
