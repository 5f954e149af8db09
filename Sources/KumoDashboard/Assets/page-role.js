// One role: its member users (relation `belongUser`) and child roles (relation `belongRole`), each listed with
// `$relatedTo` and changed with AddRelation / RemoveRelation (docs/wire/endpoints/roles.md); delete the role.
import { h, append, field } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { rolesCrumbs } from './page-roles.js';

/** The page's name (`main[data-page]`). */
export const name = 'role';

const memberLimit = 1000;

/** The two relations of a role: what they hold, in which class, and how the page names their parts. */
const relations = {
  belongUser: { pointerClass: 'user', classPath: 'users', label: (object) => object.userName ?? object.objectId, lookupField: 'userName', prefix: 'users' },
  belongRole: { pointerClass: 'role', classPath: 'roles', label: (object) => object.roleName ?? object.objectId, lookupField: 'roleName', prefix: 'children' },
};

/** The body that adds or removes objects of a relation. */
export function relationChange(key, operation, objectIds) {
  const { pointerClass } = relations[key];
  return { [key]: { __op: operation, objects: objectIds.map((objectId) => ({ __type: 'Pointer', className: pointerClass, objectId })) } };
}

/** The `where` that lists the objects a role's relation holds. */
export function relatedWhere(roleId, key) {
  return JSON.stringify({ $relatedTo: { object: { __type: 'Pointer', className: 'role', objectId: roleId }, key } });
}

function memberSection(applicationName, role, key, context) {
  const relation = relations[key];
  const { prefix } = relation;
  const classObjects = routes.findObjects(applicationName, relation.classPath);
  const body = h('tbody');
  const count = h('span', { class: 'count', id: `${prefix}-count` });
  const empty = h('p', { class: 'muted', id: `no-${prefix}`, text: t(`role.${prefix}None`), hidden: true });

  const change = async (operation, objectIds, message) => {
    context.clearStatus();
    try {
      await api.request(routes.updateObject(applicationName, 'roles', role.objectId), { body: relationChange(key, operation, objectIds) });
      context.refresh({ kind: 'success', message });
    } catch (error) {
      context.status('error', api.describeError(error));
    }
  };

  const load = async () => {
    const answer = await api.request(classObjects, { query: { where: relatedWhere(role.objectId, key), limit: memberLimit, count: 1 } });
    const results = answer?.results ?? [];
    count.textContent = t('role.memberCount', { count: formatNumber(answer?.count ?? results.length) });
    empty.hidden = results.length > 0;
    body.replaceChildren(...results.map((object) => {
      const label = relation.label(object);
      const targetHref = key === 'belongUser' ? pages.user(applicationName, object.objectId) : pages.role(applicationName, object.objectId);
      return h('tr', { dataset: { objectId: object.objectId } },
        h('th', { scope: 'row' }, h('a', { href: targetHref, text: label })),
        h('td', {}, h('code', { text: object.objectId })),
        h('td', {}, h('button', {
          type: 'button', class: 'link danger', text: t('role.remove'), 'aria-label': t('role.removeNamed', { name: label }),
          on: { click: () => change('RemoveRelation', [object.objectId], t(`role.${prefix}Removed`, { name: label })) },
        })));
    }));
  };

  const input = h('input', { type: 'text', name: `add-${prefix}`, autocomplete: 'off', required: true });
  const form = h('form', { class: 'inline-form', id: `add-${prefix}` },
    field(t(`role.${prefix}Add`), input, t(`role.${prefix}AddHint`)),
    h('button', { type: 'submit', class: 'secondary', text: t('role.add') }));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    context.clearStatus();
    try {
      // A name first (user name or role name), then an objectId.
      let found = await api.request(classObjects, { query: { where: JSON.stringify({ [relation.lookupField]: text }), limit: 1 } });
      if (!found?.results?.length) found = await api.request(classObjects, { query: { where: JSON.stringify({ objectId: text }), limit: 1 } });
      const target = found?.results?.[0];
      if (!target) {
        context.status('error', t(`role.${prefix}NotFound`, { name: text }));
        input.focus();
        return;
      }
      if (key === 'belongRole' && target.objectId === role.objectId) {
        context.status('error', t('role.notItself'));
        return;
      }
      await change('AddRelation', [target.objectId], t(`role.${prefix}Added`, { name: relation.label(target) }));
    } catch (error) {
      context.status('error', api.describeError(error));
    }
  });

  const section = h('section', { class: 'card', id: `role-${prefix}`, 'aria-labelledby': `${prefix}-title` },
    h('h2', { id: `${prefix}-title` }, t(`role.${prefix}`), count),
    h('table', { class: 'grid compact', id: `${prefix}-table` },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col', text: t(key === 'belongUser' ? 'users.userName' : 'roles.roleName') }),
        h('th', { scope: 'col', text: 'objectId' }),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
      body),
    empty,
    form);
  return { section, load };
}

/** Renders the role page. */
export async function render(main, context) {
  const { app: applicationName, objectId } = context.parameters;
  const role = await api.request(routes.getObject(applicationName, 'roles', objectId));
  if (!context.isCurrent()) return;
  const roleName = role.roleName ?? objectId;
  context.title(t('role.title', { name: roleName }));

  const users = memberSection(applicationName, role, 'belongUser', context);
  const children = memberSection(applicationName, role, 'belongRole', context);
  await Promise.all([users.load(), children.load()]);
  if (!context.isCurrent()) return;

  const remove = h('button', { type: 'button', class: 'danger', id: 'delete-role', text: t('role.delete') });
  remove.addEventListener('click', () => context.confirmThen(t('role.confirmDelete', { name: roleName }), async () => {
    await api.request(routes.deleteObject(applicationName, 'roles', objectId));
    context.navigate(pages.roles(applicationName), { statusMessage: { kind: 'success', message: t('role.deleted', { name: roleName }) } });
  }));

  main.dataset.objectId = objectId;
  append(main,
    breadcrumbs([...rolesCrumbs(applicationName), [roleName]]),
    h('h1', {}, roleName, h('code', { class: 'count', text: objectId })),
    h('p', { class: 'hint', text: t('role.hint') }),
    users.section,
    children.section,
    h('div', { class: 'actions' },
      h('a', { class: 'button secondary', id: 'edit-role-object', href: pages.object(applicationName, 'roles', objectId), text: t('role.editObject') }),
      remove));
}
