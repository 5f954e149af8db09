// Users of an application: search by user name or mail address, the list with paging, and the form that creates a
// user. A user opens on its own page (page-user.js). The view (`q`, `skip`) lives in the URL.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { pager, skipOf } from './pager.js';

/** The page's name (`main[data-page]`). */
export const name = 'users';

const pageSize = 50;

/** A regular expression that matches `text` literally (for `$regex`). */
export function literalPattern(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The `where` of a search: the text anywhere in the user name or the mail address; `''` for no search. */
export function searchWhere(text) {
  const query = text.trim();
  if (!query) return '';
  const pattern = literalPattern(query);
  return JSON.stringify({ $or: [{ userName: { $regex: pattern } }, { mailAddress: { $regex: pattern } }] });
}

/** The crumbs of the pages under an application's users. */
export function usersCrumbs(applicationName) {
  return [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('users.title'), pages.users(applicationName)]];
}

function createForm(applicationName, context) {
  const userName = h('input', { type: 'text', name: 'userName', required: true, autocomplete: 'off' });
  const password = h('input', { type: 'password', name: 'password', required: true, autocomplete: 'new-password' });
  const mailAddress = h('input', { type: 'email', name: 'mailAddress', autocomplete: 'off' });
  const submit = h('button', { type: 'submit', text: t('users.createButton') });
  const form = h('form', { class: 'card', id: 'create-user' },
    h('h2', { text: t('users.create') }),
    h('div', { class: 'inline' }, field(t('users.userName'), userName), field(t('users.password'), password),
      field(t('users.mailAddress'), mailAddress), submit));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    context.clearStatus();
    const body = { userName: userName.value.trim(), password: password.value };
    if (mailAddress.value.trim()) body.mailAddress = mailAddress.value.trim();
    await context.submit(submit, async () => {
      const created = await api.request(routes.createObject(applicationName, 'users'), { body });
      context.navigate(pages.user(applicationName, created.objectId), {
        statusMessage: { kind: 'success', message: t('users.created', { name: body.userName }) },
      });
    });
  });
  return form;
}

/** Renders the users page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  const search = context.query.get('q') ?? '';
  const skip = skipOf(context.query);
  context.title(t('users.title'));
  const answer = await api.request(routes.findObjects(applicationName, 'users'), {
    query: { where: searchWhere(search), order: 'userName', limit: pageSize, skip, count: 1 },
  });
  if (!context.isCurrent()) return;
  const results = answer?.results ?? [];
  const count = answer?.count ?? results.length;
  const view = (changes) => pages.users(applicationName, { q: search, skip: skip || '', ...changes });

  const searchInput = h('input', { type: 'search', name: 'q', value: search, autocomplete: 'off' });
  const searchForm = h('form', { class: 'card inline-form', id: 'search-users', role: 'search' },
    field(t('users.search'), searchInput, t('users.searchHint')),
    h('button', { type: 'submit', text: t('users.searchButton') }),
    search ? h('a', { class: 'button secondary', href: view({ q: '', skip: '' }), text: t('filter.clear') }) : null);
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    context.navigate(view({ q: searchInput.value.trim(), skip: '' }));
  });

  const userHref = (objectId) => pages.user(applicationName, objectId);
  const table = h('div', { class: 'table-scroll' }, h('table', { class: 'grid', id: 'users' },
    h('caption', { class: 'visually-hidden', text: t('users.title') }),
    h('thead', {}, h('tr', {}, ['userName', 'mailAddress', 'objectId', 'authData', 'createDate']
      .map((column) => h('th', { scope: 'col', text: t(`users.${column}`) })))),
    h('tbody', {}, results.map((user) => h('tr', { dataset: { objectId: user.objectId } },
      h('th', { scope: 'row' }, h('a', { href: userHref(user.objectId), class: 'user-link', text: user.userName ?? t('users.noName') })),
      h('td', {}, user.mailAddress ?? '', user.mailAddressConfirm === true ? h('span', { class: 'badge', text: t('users.confirmed') }) : null),
      h('td', {}, h('code', { text: user.objectId })),
      h('td', { class: 'linked-accounts' }, (answer?.linkedAccounts?.[user.objectId] ?? []).map(({ provider, id }) =>
        h('span', { class: 'badge', dataset: { provider }, title: id ?? '', text: id ? `${provider}: ${id}` : provider }))),
      h('td', {}, h('time', { datetime: user.createDate, text: formatDate(user.createDate) })))))));

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('users.title')]]),
    h('h1', {}, t('users.title'), h('span', { class: 'count', id: 'user-count', text: t('users.count', { count: formatNumber(count) }) })),
    searchForm,
    results.length ? table : h('p', { class: 'muted', id: 'no-users', text: search ? t('users.noMatch') : t('users.none') }),
    pager({ skip, limit: pageSize, shown: results.length, count, hrefFor: (next) => view({ skip: next || '' }) }),
    createForm(applicationName, context));
}
