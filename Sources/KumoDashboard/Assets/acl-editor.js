// The ACL grid: one row per principal (`*` for everyone, a user's objectId, `role:Name`) with read and write boxes.
import { h, field } from './dom.js';
import { t } from './i18n.js';

function principalLabel(principal) {
  if (principal === '*') return t('acl.everyone');
  if (principal.startsWith('role:')) return t('acl.role', { name: principal.slice(5) });
  return t('acl.user', { objectId: principal });
}

/**
 * An ACL editor.
 * @param {object|undefined} acl NCMB ACL JSON (`{"*":{"read":true},"role:Admin":{"read":true,"write":true}}`)
 * @returns {{element: HTMLElement, read: () => object}}
 */
export function createAclEditor(acl) {
  const rows = new Map();
  const body = h('tbody');

  function addRow(principal, rights) {
    if (rows.has(principal)) return rows.get(principal).read;
    const label = principalLabel(principal);
    const read = h('input', { type: 'checkbox', name: 'read', checked: rights?.read === true, 'aria-label': t('acl.readFor', { who: label }) });
    const write = h('input', { type: 'checkbox', name: 'write', checked: rights?.write === true, 'aria-label': t('acl.writeFor', { who: label }) });
    const row = h('tr', { dataset: { principal } },
      h('th', { scope: 'row' }, h('span', { text: label }), principal === '*' ? null : h('code', { class: 'principal', text: principal })),
      h('td', {}, read),
      h('td', {}, write),
      h('td', {}, h('button', {
        type: 'button', class: 'link danger', text: t('acl.remove'), 'aria-label': t('acl.removeFor', { who: label }),
        on: { click: () => { rows.delete(principal); row.remove(); } },
      })));
    rows.set(principal, { read, write });
    body.append(row);
    return read;
  }

  for (const [principal, rights] of Object.entries(acl ?? {})) addRow(principal, rights);

  const newPrincipal = h('input', { type: 'text', name: 'principal', autocomplete: 'off', placeholder: 'role:Admin' });
  const add = () => {
    const principal = newPrincipal.value.trim();
    if (!principal) return;
    addRow(principal, { read: true }).focus();
    newPrincipal.value = '';
  };
  newPrincipal.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  });

  const element = h('fieldset', { class: 'acl-editor' },
    h('legend', { text: t('acl.title') }),
    h('table', { class: 'grid compact' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col', text: t('acl.principal') }), h('th', { scope: 'col', text: t('acl.read') }),
        h('th', { scope: 'col', text: t('acl.write') }), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
      body),
    h('div', { class: 'inline' },
      field(t('acl.addPrincipal'), newPrincipal, t('acl.addHint')),
      h('button', { type: 'button', class: 'secondary', text: t('acl.add'), on: { click: add } }),
      h('button', { type: 'button', class: 'secondary', text: t('acl.addEveryone'), on: { click: () => addRow('*', { read: true }).focus() } })));

  return {
    element,
    read() {
      const result = {};
      for (const [principal, { read, write }] of rows) {
        const rights = {};
        if (read.checked) rights.read = true;
        if (write.checked) rights.write = true;
        if (rights.read || rights.write) result[principal] = rights;
      }
      return result;
    },
  };
}
