// Kumo dashboard: the app shell's entry point. Loads the session, draws the header, routes each URL to its page
// (docs/dashboard.md#the-web-app).
import { h, append, clear } from './dom.js';
import { t, setLanguage, language, languages } from './i18n.js';
import * as api from './api.js';
import * as router from './router.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
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

// Each page's URL is declared once, in pages.js; the first pattern that matches a URL wins.
for (const [page, module] of [
  [pages.home, applicationsPage],
  [pages.applications, applicationsPage],
  [pages.application, applicationPage],
  [pages.classes, classesPage],
  [pages.objects, objectsPage],
  [pages.newObject, objectPage],
  [pages.object, objectPage],
  [pages.users, usersPage],
  [pages.user, userPage],
  [pages.roles, rolesPage],
  [pages.role, rolePage],
  [pages.installations, installationsPage],
  [pages.files, filesPage],
  [pages.file, filePage],
  [pages.settings, settingsPage],
  [pages.classPermissions, classPermissionsPage],
  [pages.classIndexes, classIndexesPage],
  [pages.pushes, pushesPage],
  [pages.newPush, pushNewPage],
  [pages.push, pushPage],
  [pages.scripts, scriptsPage],
  [pages.script, scriptPage],
  [pages.importExport, importPage],
  [pages.overview, overviewPage],
  [pages.audit, auditPage],
]) router.route(page.pattern, module);

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

/** The header's sections, each with its page. */
const sections = { overview: pages.overview, apps: pages.applications, audit: pages.audit };

/** The header's section of a path: `overview`, `audit`, or `apps` for everything else. */
function sectionOf(pathname) {
  if (pathname.startsWith(pages.overview.pattern)) return 'overview';
  return pathname.startsWith(pages.audit.pattern) ? 'audit' : 'apps';
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
          location.assign(routes.loginPage().path);
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
      h('a', { class: 'brand', href: pages.home(), 'aria-label': t('layout.home') }, h('span', { class: 'logo', 'aria-hidden': 'true', text: '☁' }), 'Kumo'),
      h('nav', { 'aria-label': t('layout.navigation') }, h('ul', {},
        navigationLink(pages.overview(), t('layout.overview'), section === 'overview'),
        navigationLink(pages.applications(), t('layout.applications'), section === 'apps'),
        navigationLink(pages.audit(), t('layout.audit'), section === 'audit'))),
      h('div', { class: 'account' },
        h('label', { for: 'language', class: 'visually-hidden', text: t('layout.language') }),
        languageSelect,
        h('span', { class: 'email', text: session?.email ?? '' }),
        logout)),
    status,
    main);
  dialogs = createDialogs(root);
}

/**
 * The nearest page above `path` (`{href, name}`): the class of a missing object, the users of a missing user, the
 * applications for a missing application. Its name is its last segment (the class, `users`, …).
 */
function parentPage(path) {
  const segments = path.split('/').filter(Boolean);
  while (segments.length > 2) {
    segments.pop();
    const candidate = `/${segments.join('/')}`;
    if (candidate === pages.applications()) break;
    if (router.match(candidate)) return { href: candidate, name: decodeURIComponent(segments[segments.length - 1]) };
  }
  return { href: pages.applications(), name: t('apps.title') };
}

/** Renders the page of the current URL into `main`. */
async function render({ focus = true } = {}) {
  renderCount += 1;
  const token = renderCount;
  const section = sections[sectionOf(location.pathname)]();
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
  let missing = false;
  const context = {
    parameters: found?.parameters ?? {},
    query: new URLSearchParams(location.search),
    isCurrent: () => token === renderCount,
    status: showStatus,
    clearStatus,
    confirm: (message, options) => dialogs.confirm(message, options),
    // Awaits `action` with `button` (if any) disabled; a failure goes to the status line and enables `button` again
    // (a success leaves or redraws the page). Resolves to whether `action` succeeded.
    async submit(button, action) {
      if (button) button.disabled = true;
      try {
        await action();
        return true;
      } catch (error) {
        showStatus('error', api.describeError(error));
        if (button) button.disabled = false;
        return false;
      }
    },
    // Asks `question` (the accept button says `confirmLabel`, Delete unless given); once accepted, awaits `action` as
    // `submit` does. The one shape of every "delete this?" button.
    async confirmThen(question, action, { confirmLabel = t('common.delete') } = {}) {
      if (await dialogs.confirm(question, { confirmLabel })) await context.submit(null, action);
    },
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
      append(main, h('h1', { text: t('notFound.title') }), h('p', {}, h('a', { href: pages.home(), text: t('notFound.back') })));
    } else {
      await found.page.render(main, context);
    }
  } catch (error) {
    if (token !== renderCount) return;
    if (error instanceof api.ApiError && error.status === 401) return;
    clear(main);
    if (error instanceof api.ApiError && error.status === 404) {
      // A missing object, user, push, class or application: say so, and lead to the page above it.
      const parent = parentPage(location.pathname);
      context.title(t('missing.title'));
      append(main, h('h1', { text: t('missing.title') }),
        h('p', { text: t('missing.text') }),
        h('p', { class: 'hint', text: api.describeError(error) }),
        h('p', {}, h('a', { id: 'missing-back', href: parent.href, text: t('missing.back', { place: parent.name }) })));
      missing = true;
    } else {
      context.title(t('error.title'));
      append(main, h('h1', { text: t('error.title') }),
        h('p', { class: 'error', role: 'alert', text: api.describeError(error) }),
        h('p', {}, h('a', { href: pages.home(), text: t('notFound.back') })));
    }
  }
  if (token !== renderCount) return;
  main.dataset.page = missing ? 'missing' : found?.page.name ?? 'not-found';
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
