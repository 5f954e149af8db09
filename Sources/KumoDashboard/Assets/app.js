// Kumo dashboard: the app shell's entry point. Loads the session, draws the header, routes each URL to its page
// (docs/dashboard.md#the-web-app).
import { h, append, clear } from './dom.js';
import { t, setLanguage, language, languages } from './i18n.js';
import * as api from './api.js';
import * as router from './router.js';
import * as applicationsPage from './page-applications.js';
import * as applicationPage from './page-application.js';
import * as classesPage from './page-classes.js';
import * as objectsPage from './page-objects.js';
import * as objectPage from './page-object.js';
import * as auditPage from './page-audit.js';
import * as overviewPage from './page-overview.js';
import * as pushesPage from './page-pushes.js';
import * as pushNewPage from './page-push-new.js';
import * as pushPage from './page-push.js';
import * as scriptsPage from './page-scripts.js';
import * as scriptPage from './page-script.js';
import * as importPage from './page-import.js';
import * as usersPage from './page-users.js';
import * as userPage from './page-user.js';
import * as rolesPage from './page-roles.js';
import * as rolePage from './page-role.js';
import * as installationsPage from './page-installations.js';
import * as filesPage from './page-files.js';
import * as filePage from './page-file.js';
import * as settingsPage from './page-settings.js';
import * as classPermissionsPage from './page-class-permissions.js';
import * as classIndexesPage from './page-class-indexes.js';
import { createDialogs } from './dialogs.js';

router.route('/dashboard', applicationsPage);
router.route('/dashboard/apps', applicationsPage);
router.route('/dashboard/apps/:app', applicationPage);
router.route('/dashboard/apps/:app/classes', classesPage);
router.route('/dashboard/apps/:app/classes/:className', objectsPage);
router.route('/dashboard/apps/:app/classes/:className/new', objectPage);
router.route('/dashboard/apps/:app/classes/:className/objects/:objectId', objectPage);
router.route('/dashboard/apps/:app/users', usersPage);
router.route('/dashboard/apps/:app/users/:objectId', userPage);
router.route('/dashboard/apps/:app/roles', rolesPage);
router.route('/dashboard/apps/:app/roles/:objectId', rolePage);
router.route('/dashboard/apps/:app/installations', installationsPage);
router.route('/dashboard/apps/:app/files', filesPage);
router.route('/dashboard/apps/:app/files/:fileName', filePage);
router.route('/dashboard/apps/:app/settings', settingsPage);
router.route('/dashboard/apps/:app/classes/:className/permissions', classPermissionsPage);
router.route('/dashboard/apps/:app/classes/:className/indexes', classIndexesPage);
router.route('/dashboard/apps/:app/push', pushesPage);
router.route('/dashboard/apps/:app/push/new', pushNewPage);
router.route('/dashboard/apps/:app/push/:objectId', pushPage);
router.route('/dashboard/apps/:app/scripts', scriptsPage);
router.route('/dashboard/apps/:app/scripts/:name', scriptPage);
router.route('/dashboard/apps/:app/import', importPage);
router.route('/dashboard/overview', overviewPage);
router.route('/dashboard/audit', auditPage);

const root = document.getElementById('app');
let session = null;
let renderCount = 0;
let pendingStatus = null;
let main;
let status;
let dialogs;

/** Shows a message in the status line: `kind` is `success`, `error` or `info`. */
function showStatus(kind, message) {
  status.dataset.kind = kind;
  status.textContent = message;
  status.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

function clearStatus() {
  delete status.dataset.kind;
  status.textContent = '';
}

/** The header's section of a path: `overview`, `audit`, or `apps` for everything else. */
function sectionOf(pathname) {
  if (pathname.startsWith('/dashboard/overview')) return 'overview';
  return pathname.startsWith('/dashboard/audit') ? 'audit' : 'apps';
}

function navigationLink(url, label, current) {
  return h('li', {}, h('a', { href: url, 'aria-current': current ? 'page' : null, text: label }));
}

function drawLayout() {
  clear(root);
  const section = sectionOf(location.pathname);
  const languageSelect = h('select', { id: 'language', name: 'language' },
    languages.map(({ code, name }) => h('option', { value: code, lang: code, text: name })));
  languageSelect.value = language();
  languageSelect.addEventListener('change', async () => {
    const chosen = languageSelect.value;
    try {
      await api.saveLanguage(chosen);
    } catch (error) {
      showStatus('error', t('error.generic', { message: error.message }));
      return;
    }
    setLanguage(chosen);
    drawLayout();
    render({ focus: false });
    document.getElementById('language')?.focus();
  });
  const logout = h('button', {
    type: 'button', id: 'logout', class: 'secondary', text: t('layout.logout'),
    on: {
      click: async () => {
        try {
          await api.logout();
        } finally {
          location.assign('/dashboard/login');
        }
      },
    },
  });
  main = h('main', { id: 'main', tabindex: '-1', 'aria-busy': 'true' });
  status = h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });
  root.append(
    h('a', {
      class: 'skip-link', href: '#main', text: t('layout.skip'),
      on: { click: (event) => { event.preventDefault(); main.focus(); } },
    }),
    h('header', { class: 'top' },
      h('a', { class: 'brand', href: '/dashboard/', 'aria-label': t('layout.home') }, h('span', { class: 'logo', 'aria-hidden': 'true', text: '☁' }), 'Kumo'),
      h('nav', { 'aria-label': t('layout.navigation') }, h('ul', {},
        navigationLink('/dashboard/overview', t('layout.overview'), section === 'overview'),
        navigationLink('/dashboard/apps', t('layout.applications'), section === 'apps'),
        navigationLink('/dashboard/audit', t('layout.audit'), section === 'audit'))),
      h('div', { class: 'account' },
        h('label', { for: 'language', class: 'visually-hidden', text: t('layout.language') }),
        languageSelect,
        h('span', { class: 'email', text: session?.email ?? '' }),
        logout)),
    status,
    main);
  dialogs = createDialogs(root);
}

/** Renders the page of the current URL into `main`. */
async function render({ focus = true } = {}) {
  renderCount += 1;
  const token = renderCount;
  const section = `/dashboard/${sectionOf(location.pathname)}`;
  for (const link of root.querySelectorAll('header nav a')) {
    const current = link.getAttribute('href') === section;
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  clearStatus();
  if (pendingStatus) {
    showStatus(pendingStatus.kind, pendingStatus.message);
    pendingStatus = null;
  }
  clear(main);
  main.setAttribute('aria-busy', 'true');
  for (const key of Object.keys(main.dataset)) delete main.dataset[key];
  const found = router.match(location.pathname);
  const context = {
    parameters: found?.parameters ?? {},
    query: new URLSearchParams(location.search),
    isCurrent: () => token === renderCount,
    status: showStatus,
    clearStatus,
    confirm: (message, options) => dialogs.confirm(message, options),
    title: (text) => { document.title = `${text} — Kumo`; },
    navigate(url, { replace = false, statusMessage } = {}) {
      pendingStatus = statusMessage ?? null;
      router.navigate(url, { replace });
    },
    refresh(statusMessage) {
      pendingStatus = statusMessage ?? null;
      render({ focus: false });
    },
  };
  try {
    if (!found) {
      context.title(t('notFound.title'));
      append(main, h('h1', { text: t('notFound.title') }), h('p', {}, h('a', { href: '/dashboard/', text: t('notFound.back') })));
    } else {
      await found.page.render(main, context);
    }
  } catch (error) {
    if (token !== renderCount) return;
    if (error instanceof api.ApiError && error.status === 401) return;
    clear(main);
    context.title(t('error.title'));
    append(main, h('h1', { text: t('error.title') }),
      h('p', { class: 'error', role: 'alert', text: api.describeError(error) }),
      h('p', {}, h('a', { href: '/dashboard/', text: t('notFound.back') })));
  }
  if (token !== renderCount) return;
  main.dataset.page = found?.page.name ?? 'not-found';
  main.setAttribute('aria-busy', 'false');
  if (focus) {
    // A new page starts at the top, with the focus on its content (the header stays in view).
    window.scrollTo(0, 0);
    main.focus({ preventScroll: true });
  }
}

async function boot() {
  try {
    session = await api.loadSession();
  } catch (error) {
    if (error instanceof api.ApiError && error.status === 401) return;
    root.textContent = api.describeError(error);
    return;
  }
  setLanguage(session?.language ?? 'ja');
  drawLayout();
  let first = true;
  router.start(() => {
    render({ focus: !first });
    first = false;
  });
}

boot();
