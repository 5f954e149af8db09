// A class's class-level permissions (docs/decisions/0030-class-level-permissions.md): for each operation, who may
// attempt it — everyone, signed-in users, holders of roles, signed-in users or role holders, or nobody. ACLs still
// apply to the objects afterwards.
import { h, append, field } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';

/** The page's name (`main[data-page]`). */
export const name = 'class-permissions';

/** The operations, in the order the page lists them. */
export const operations = ['get', 'find', 'create', 'update', 'delete'];

const choices = ['public', 'authenticated', 'roles', 'authenticatedRoles', 'nobody'];

/** A permission as the API writes it (`authenticated,role:A,role:B`) as `{choice, roles}` for the form. */
export function parsePermission(text) {
  const parts = String(text ?? 'public').split(',').map((part) => part.trim()).filter(Boolean);
  const roles = parts.filter((part) => part.startsWith('role:')).map((part) => part.slice(5));
  const authenticated = parts.includes('authenticated');
  if (parts.includes('public') || parts.length === 0) return { choice: 'public', roles: [] };
  if (parts.includes('nobody')) return { choice: 'nobody', roles: [] };
  if (roles.length) return { choice: authenticated ? 'authenticatedRoles' : 'roles', roles };
  return { choice: 'authenticated', roles: [] };
}

/** The form's `{choice, roles}` as the API's text; roles are names without `role:`, separated by commas. */
export function formatPermission(choice, rolesText) {
  const roles = String(rolesText ?? '').split(',').map((role) => role.trim().replace(/^role:/, '')).filter(Boolean).map((role) => `role:${role}`);
  switch (choice) {
    case 'authenticated': return 'authenticated';
    case 'nobody': return 'nobody';
    case 'roles': return roles.join(',');
    case 'authenticatedRoles': return ['authenticated', ...roles].join(',');
    default: return 'public';
  }
}

function operationRow(operation, current) {
  const parsed = parsePermission(current);
  const choice = h('select', { name: 'choice' }, choices.map((code) => h('option', { value: code, text: t(`permissions.${code}`) })));
  choice.value = parsed.choice;
  const roles = h('input', { type: 'text', name: 'roles', autocomplete: 'off', value: parsed.roles.join(', '), placeholder: 'Admin, Editor' });
  const rolesField = field(t('permissions.rolesOf', { operation: t(`permissions.operation.${operation}`) }), roles, t('permissions.rolesHint'));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const update = () => {
    rolesField.hidden = !choice.value.toLowerCase().includes('roles');
  };
  choice.addEventListener('change', update);
  update();
  const element = h('fieldset', { class: 'permission', dataset: { operation } },
    h('legend', {}, t(`permissions.operation.${operation}`), ' ', h('code', { text: operation })),
    h('div', { class: 'inline' }, field(t('permissions.whoOf', { operation: t(`permissions.operation.${operation}`) }), choice), rolesField),
    error);
  return { element, error, choice, read: () => formatPermission(choice.value, roles.value) };
}

/** Renders the permissions page. */
export async function render(main, context) {
  const { app: applicationName, className } = context.parameters;
  context.title(t('permissions.title', { className }));
  const original = (await api.request(routes.classPermissions(applicationName, className))) ?? {};
  if (!context.isCurrent()) return;
  const rows = operations.map((operation) => [operation, operationRow(operation, original[operation])]);

  const save = h('button', { type: 'submit', id: 'save-permissions', text: t('permissions.save') });
  const form = h('form', { class: 'card', id: 'permissions-form', novalidate: true },
    rows.map(([, row]) => row.element),
    h('div', { class: 'actions' }, save,
      h('a', { class: 'button secondary', href: pages.objects(applicationName, className), text: t('object.backToClass') })));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    context.clearStatus();
    const body = {};
    for (const [operation, row] of rows) {
      row.error.hidden = true;
      const value = row.read();
      if (value === '') {
        row.error.textContent = t('permissions.needsRoles');
        row.error.hidden = false;
        row.choice.focus();
        context.status('error', t('permissions.needsRoles'));
        return;
      }
      if (value !== (original[operation] ?? 'public')) body[operation] = value;
    }
    if (!Object.keys(body).length) {
      context.status('info', t('settings.unchanged'));
      return;
    }
    save.disabled = true;
    try {
      await api.request(routes.updateClassPermissions(applicationName, className), { body });
      context.refresh({ kind: 'success', message: t('permissions.saved', { className }) });
    } catch (error) {
      save.disabled = false;
      const row = rows.find(([operation]) => error instanceof api.ApiError && error.field === operation)?.[1];
      if (row) {
        row.error.textContent = error.message;
        row.error.hidden = false;
        row.choice.focus();
      }
      context.status('error', api.describeError(error));
    }
  });

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('classes.crumb'), pages.classes(applicationName)],
      [className, pages.objects(applicationName, className)], [t('objects.permissions')]]),
    h('h1', { text: t('permissions.title', { className }) }),
    h('p', { class: 'hint', text: t('permissions.hint') }),
    form);
}
