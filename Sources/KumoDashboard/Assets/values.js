// NCMB value types: recognising them in JSON, showing them in the grid, and their names.
import { h } from './dom.js';
import { t, formatDate } from './i18n.js';
import * as pages from './pages.js';
import { standardClasses } from './routes.js';

/** The editable types of a field, in the order the type menus list them. */
export const editableTypes = ['string', 'number', 'boolean', 'date', 'pointer', 'geoPoint', 'array', 'object', 'null'];

/** The fields every object has, shown read-only. */
export const systemFields = ['objectId', 'createDate', 'updateDate'];

/** The type of an NCMB JSON value: one of `editableTypes`, or `relation`, `file` or `special` (read-only). */
export function typeOf(value) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'array';
  switch (value.__type) {
    case undefined: return 'object';
    case 'Date': return 'date';
    case 'Pointer': return 'pointer';
    case 'GeoPoint': return 'geoPoint';
    case 'Relation': return 'relation';
    case 'File': return 'file';
    default: return 'special';
  }
}

/** The dashboard URL of an object (class names of the standard classes are `users`, `roles`, …). */
export function objectHref(application, className, objectId) {
  return pages.object(application, standardClassPath(className), objectId);
}

/** The data browser's path segment for a class name as pointers spell it (`user` → `users`, …; routes.js's table). */
export function standardClassPath(className) {
  return standardClasses.find((standard) => standard.browsable && standard.className === className)?.name ?? className;
}

/** A short text for an ACL: `*: rw, role:Admin: r`. */
export function aclSummary(acl) {
  if (!acl || typeof acl !== 'object') return '';
  return Object.entries(acl)
    .map(([principal, rights]) => `${principal}: ${(rights?.read ? 'r' : '') + (rights?.write ? 'w' : '') || '-'}`)
    .join(', ');
}

function truncated(text, length = 80) {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * A grid cell's content for a value.
 * @param {any} value the NCMB JSON value
 * @param {{application: string, className: string, objectId: string, key: string}} where the value sits (for links)
 */
export function renderValue(value, { application, className, objectId, key }) {
  const type = typeOf(value);
  if ((key === 'createDate' || key === 'updateDate') && type === 'string') {
    return h('time', { datetime: value, title: value, text: formatDate(value) });
  }
  switch (type) {
    case 'null': return h('span', { class: 'muted', text: 'null' });
    case 'string': return h('span', { title: value.length > 80 ? value : null, text: truncated(value) });
    case 'number': return h('span', { class: 'number', text: String(value) });
    case 'boolean': return h('span', { class: 'boolean', text: String(value) });
    case 'date': return h('time', { datetime: value.iso, title: value.iso, text: formatDate(value.iso) });
    case 'pointer':
      return h('a', { href: objectHref(application, value.className, value.objectId), title: t('value.pointerTitle') },
        `${value.className}:${value.objectId}`);
    case 'geoPoint': return h('span', { class: 'geo-point', text: `${value.latitude}, ${value.longitude}` });
    case 'relation': {
      const where = { $relatedTo: { object: { __type: 'Pointer', className, objectId }, key } };
      return h('a', { href: pages.objects(application, standardClassPath(value.className), { where: JSON.stringify(where) }) },
        t('value.relation', { className: value.className }));
    }
    case 'file': return h('span', { text: value.name ?? JSON.stringify(value) });
    default: {
      if (key === 'acl') return h('span', { class: 'acl', text: aclSummary(value) });
      const text = JSON.stringify(value);
      return h('code', { title: text.length > 80 ? text : null, text: truncated(text) });
    }
  }
}

/** A plain text for exports and titles: strings as they are, dates as ISO text, everything else as JSON. */
export function plainText(value) {
  const type = typeOf(value);
  if (type === 'null') return '';
  if (type === 'string') return value;
  if (type === 'number' || type === 'boolean') return String(value);
  if (type === 'date') return value.iso;
  return JSON.stringify(value);
}
