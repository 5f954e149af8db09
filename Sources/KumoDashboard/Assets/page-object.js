// One object: typed editors for its fields, the ACL grid, save (create or update) and delete.
import { h, append, field } from './dom.js';
import { t, formatDate } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { editableTypes, systemFields, typeOf } from './values.js';
import { createEditor } from './editors.js';
import { createAclEditor } from './acl-editor.js';

/** The page's name (`main[data-page]`). */
export const name = 'object';

function typeSelect(fieldName, type) {
  const types = editableTypes.includes(type) ? editableTypes : [type];
  const select = h('select', { name: 'type', disabled: !editableTypes.includes(type) },
    types.map((code) => h('option', { value: code, text: t(`type.${code}`) })));
  select.value = type;
  return field(t('editor.typeOf', { name: fieldName }), select);
}

/** Renders the object editor of the URL (a new object when the URL has no objectId). */
export function render(main, context) {
  return renderObject(main, context);
}

/**
 * Renders an object editor; other pages reuse it (a user's page) with their own trail and parts.
 * @param {object} [options] `crumbs`: the breadcrumb pairs before the last one; `listHref`: where Back and a delete
 *   lead (default: the class's grid); `heading(original)`: the title, from the object; `lead(original)`: elements
 *   shown above the form.
 */
export async function renderObject(main, context, { crumbs, listHref, heading, lead } = {}) {
  const { app: applicationName, className, objectId } = context.parameters;
  const isNew = objectId === undefined;
  const classHref = listHref ?? pages.objects(applicationName, className);
  context.title(isNew ? t('object.newTitle', { className }) : `${className} ${objectId}`);
  const original = isNew ? { acl: { '*': { read: true, write: true } } } : await api.request(routes.getObject(applicationName, className, objectId));
  if (!context.isCurrent()) return;
  const title = heading?.(original);
  if (title) context.title(title);

  const rows = new Map();
  const fieldList = h('div', { class: 'fields', id: 'fields' });

  const addField = (fieldName, type, value) => {
    const typeField = typeSelect(fieldName, type);
    const select = typeField.querySelector('select');
    const error = h('p', { class: 'error', role: 'alert', hidden: true });
    let editor = createEditor(type, value, { application: applicationName, fieldName });
    const editorSlot = h('div', { class: 'editor' }, editor.element);
    const fieldset = h('fieldset', { class: 'field-row', dataset: { field: fieldName, type } },
      h('legend', {}, h('code', { text: fieldName })),
      typeField, editorSlot, error,
      h('button', {
        type: 'button', class: 'link danger', text: t('object.removeField'), 'aria-label': t('object.removeFieldNamed', { name: fieldName }),
        on: { click: () => { rows.delete(fieldName); fieldset.remove(); } },
      }));
    select.addEventListener('change', () => {
      const current = editor.read();
      editor = createEditor(select.value, current.value, { application: applicationName, fieldName });
      editorSlot.replaceChildren(editor.element);
      fieldset.dataset.type = select.value;
    });
    rows.set(fieldName, { read: () => editor.read(), error, fieldset });
    fieldList.append(fieldset);
    return fieldset;
  };

  for (const [key, value] of Object.entries(original ?? {})) {
    if (systemFields.includes(key) || key === 'acl') continue;
    addField(key, typeOf(value), value);
  }

  const newName = h('input', { type: 'text', name: 'newField', autocomplete: 'off', pattern: '[A-Za-z][A-Za-z0-9_]*' });
  const newType = h('select', { name: 'newType' }, editableTypes.map((code) => h('option', { value: code, text: t(`type.${code}`) })));
  const addError = h('p', { class: 'error', role: 'alert', hidden: true });
  const addNewField = () => {
    const fieldName = newName.value.trim();
    addError.hidden = true;
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(fieldName) || systemFields.includes(fieldName) || fieldName === 'acl') {
      addError.textContent = t('object.invalidFieldName');
      addError.hidden = false;
      newName.focus();
      return;
    }
    if (rows.has(fieldName)) {
      rows.get(fieldName).fieldset.querySelector('input, select, textarea')?.focus();
      return;
    }
    const fieldset = addField(fieldName, newType.value, undefined);
    newName.value = '';
    fieldset.querySelector('.editor input, .editor select, .editor textarea')?.focus();
  };
  newName.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addNewField();
    }
  });
  const adder = h('fieldset', { class: 'add-field', id: 'add-field' },
    h('legend', { text: t('object.addField') }),
    h('div', { class: 'inline' }, field(t('object.fieldName'), newName), field(t('object.fieldType'), newType),
      h('button', { type: 'button', class: 'secondary', id: 'add-field-button', text: t('object.addFieldButton'), on: { click: addNewField } })),
    addError);

  const acl = createAclEditor(original?.acl);

  const save = h('button', { type: 'submit', id: 'save', text: isNew ? t('object.create') : t('object.save') });
  const form = h('form', { class: 'object-form', id: 'object-form', novalidate: true }, fieldList, adder, acl.element,
    h('div', { class: 'actions' }, save,
      isNew ? null : h('button', { type: 'button', class: 'danger', id: 'delete-object', text: t('common.delete'), on: { click: remove } }),
      h('a', { class: 'button secondary', href: classHref, text: t('object.backToClass') })));

  function collect() {
    const body = {};
    let firstInvalid = null;
    for (const [fieldName, { read, error, fieldset }] of rows) {
      const result = read();
      error.hidden = !result.error;
      error.textContent = result.error ?? '';
      if (result.error) {
        firstInvalid ??= fieldset;
        continue;
      }
      if (result.readOnly) continue;
      if (isNew || JSON.stringify(result.value) !== JSON.stringify(original[fieldName])) body[fieldName] = result.value;
    }
    if (!isNew) {
      for (const key of Object.keys(original)) {
        if (!systemFields.includes(key) && key !== 'acl' && !rows.has(key)) body[key] = { __op: 'Delete' };
      }
    }
    const newAcl = acl.read();
    if (isNew || JSON.stringify(newAcl) !== JSON.stringify(original.acl ?? {})) body.acl = newAcl;
    if (firstInvalid) {
      firstInvalid.querySelector('input, select, textarea')?.focus();
      return null;
    }
    return body;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    context.clearStatus();
    const body = collect();
    if (!body) {
      context.status('error', t('object.fixErrors'));
      return;
    }
    await context.submit(save, async () => {
      if (isNew) {
        const created = await api.request(routes.createObject(applicationName, className), { body });
        context.navigate(pages.object(applicationName, className, created.objectId), {
          replace: true, statusMessage: { kind: 'success', message: t('object.created', { objectId: created.objectId }) },
        });
      } else {
        await api.request(routes.updateObject(applicationName, className, objectId), { body });
        context.refresh({ kind: 'success', message: t('object.saved') });
      }
    });
  });

  function remove() {
    return context.confirmThen(t('object.confirmDelete', { objectId }), async () => {
      await api.request(routes.deleteObject(applicationName, className, objectId));
      context.navigate(classHref, {
        statusMessage: { kind: 'success', message: t('object.deletedOne', { objectId }) },
      });
    });
  }

  const meta = isNew ? null : h('dl', { class: 'meta', id: 'object-meta' },
    h('dt', { text: 'objectId' }), h('dd', {}, h('code', { id: 'object-id', text: original.objectId ?? objectId })),
    h('dt', { text: 'createDate' }), h('dd', {}, h('time', { datetime: original.createDate, title: original.createDate, text: formatDate(original.createDate) })),
    h('dt', { text: 'updateDate' }), h('dd', {}, h('time', { datetime: original.updateDate, title: original.updateDate, text: formatDate(original.updateDate) })));

  main.dataset.objectId = isNew ? '' : objectId;
  append(main,
    breadcrumbs([...(crumbs ?? [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('classes.crumb'), pages.classes(applicationName)],
      [className, classHref]]), [isNew ? t('object.new') : objectId]]),
    h('h1', {}, title ?? (isNew ? t('object.newTitle', { className }) : h('code', { text: objectId }))),
    meta,
    lead?.(original),
    form);
}
