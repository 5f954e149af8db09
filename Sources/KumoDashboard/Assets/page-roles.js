// Roles of an application: the list with paging and the form that creates a role. A role opens on its own page
// (page-role.js) with its member users and child roles.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { pager, skipOf } from './pager.js';

/** The page's name (`main[data-page]`). */
export const name = 'roles';

const pageSize = 100;

/** The crumbs of the pages under an application's roles. */
export function rolesCrumbs(applicationName) {
  return [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('roles.title'), pages.roles(applicationName)]];
}

/** Renders the roles page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  const skip = skipOf(context.query);
  context.title(t('roles.title'));
  const answer = await api.request(routes.findObjects(applicationName, 'roles'), {
    query: { order: 'roleName', limit: pageSize, skip, count: 1 },
  });
  if (!context.isCurrent()) return;
  const results = answer?.results ?? [];
  const count = answer?.count ?? results.length;

  const roleName = h('input', { type: 'text', name: 'roleName', required: true, autocomplete: 'off' });
  const submit = h('button', { type: 'submit', text: t('roles.createButton') });
  const form = h('form', { class: 'card inline-form', id: 'create-role' },
    field(t('roles.create'), roleName, t('roles.nameHint')), submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const roleNameValue = roleName.value.trim();
    if (!roleNameValue) return;
    context.clearStatus();
    const created = await context.submit(submit, async () => {
      const role = await api.request(routes.createObject(applicationName, 'roles'), { body: { roleName: roleNameValue } });
      context.navigate(pages.role(applicationName, role.objectId), {
        statusMessage: { kind: 'success', message: t('roles.created', { name: roleNameValue }) },
      });
    });
    if (!created) roleName.focus();
  });

  const table = h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'roles' },
    h('caption', { class: 'visually-hidden', text: t('roles.title') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('roles.roleName') }),
      h('th', { scope: 'col', text: 'objectId' }),
      h('th', { scope: 'col', text: t('common.createDate') }))),
    h('tbody', {}, results.map((role) => h('tr', { dataset: { objectId: role.objectId, roleName: role.roleName ?? '' } },
      h('th', { scope: 'row' }, h('a', { href: pages.role(applicationName, role.objectId), class: 'role-link', text: role.roleName ?? role.objectId })),
      h('td', {}, h('code', { text: role.objectId })),
      h('td', {}, h('time', { datetime: role.createDate, text: formatDate(role.createDate) })))))));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('roles.title')]]),
    h('h1', {}, t('roles.title'), h('span', { class: 'count', id: 'role-count', text: t('roles.count', { count: formatNumber(count) }) })),
    results.length ? table : h('p', { class: 'muted', id: 'no-roles', text: t('roles.none') }),
    pager({ skip, limit: pageSize, shown: results.length, count, hrefFor: (next) => pages.roles(applicationName, { skip: next || '' }) }),
    form);
}
