// One application: its keys (hidden until revealed, with copy buttons), each NCMB SDK's initialization code with the
// endpoint (keys hidden the same way), its settings.
import { h, append } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';

/** The page's name (`main[data-page]`). */
export const name = 'application';

const mask = '••••••••••••••••';

/** The pages of an application, as `[section name, page, message key]`, in the order the application page lists them. */
const sections = [
  ['classes', pages.classes, 'apps.browseData'],
  ['users', pages.users, 'users.title'],
  ['roles', pages.roles, 'roles.title'],
  ['files', pages.files, 'files.title'],
  ['installations', pages.installations, 'installations.title'],
  ['push', pages.pushes, 'push.title'],
  ['scripts', pages.scripts, 'scripts.title'],
  ['import', pages.importExport, 'import.title'],
  ['settings', pages.settings, 'app.settings'],
  ['overview', (application) => pages.overview({ application }), 'app.traffic'],
];

/** Copies text to the clipboard (the Clipboard API, or a selected text area on older browsers). */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', { class: 'visually-hidden', readonly: true, value: text });
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

/** Renders the application page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  context.title(applicationName);
  const application = await api.request(routes.application(applicationName));
  if (!context.isCurrent()) return;

  const secrets = [];
  const secret = (value, id) => {
    const element = h('code', { id, class: 'secret', dataset: { secret: value }, text: mask });
    secrets.push(element);
    return element;
  };
  const copyButton = (label, text) => h('button', {
    type: 'button', class: 'secondary small', text: t('app.copy'), 'aria-label': t('app.copyLabel', { what: label }),
    on: {
      click: async () => {
        const copied = await copyText(text);
        context.status(copied ? 'success' : 'error', copied ? t('app.copied', { what: label }) : t('app.copyFailed'));
      },
    },
  });

  // Each NCMB SDK's initialization code with the endpoint (the server's ClientSDK, as `kumo apps connect` prints it),
  // its keys masked until they are shown.
  const snippets = (application.connection?.snippets ?? []).map((snippet) => ({
    ...snippet, element: h('code', { id: `snippet-${snippet.sdk}`, text: snippet.masked }),
  }));

  const reveal = h('button', { type: 'button', id: 'reveal-keys', 'aria-pressed': 'false', 'aria-controls': 'keys sdk-snippets', text: t('app.reveal') });
  reveal.addEventListener('click', () => {
    const revealed = reveal.getAttribute('aria-pressed') !== 'true';
    reveal.setAttribute('aria-pressed', String(revealed));
    reveal.textContent = revealed ? t('app.hide') : t('app.reveal');
    for (const element of secrets) element.textContent = revealed ? element.dataset.secret : mask;
    for (const snippet of snippets) snippet.element.textContent = revealed ? snippet.code : snippet.masked;
  });

  const keyRow = (label, value, valueElement) => [
    h('dt', { text: label }),
    h('dd', {}, valueElement, copyButton(label, value)),
  ];

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName]]),
    h('h1', { text: applicationName }),
    h('nav', { class: 'card sections', id: 'application-sections', 'aria-label': t('app.sections') },
      h('ul', {}, sections.map(([section, link, label]) => h('li', {},
        h('a', { href: link(applicationName), dataset: { section }, text: t(label) }))))),
    h('section', { class: 'card', 'aria-labelledby': 'keys-title' },
      h('div', { class: 'section-header' }, h('h2', { id: 'keys-title', text: t('app.keys') }), reveal),
      h('dl', { class: 'keys', id: 'keys' },
        keyRow(t('apps.applicationId'), application.applicationId, h('code', { text: application.applicationId })),
        keyRow(t('app.applicationKey'), application.applicationKey, secret(application.applicationKey, 'application-key')),
        keyRow(t('app.clientKey'), application.clientKey, secret(application.clientKey, 'client-key')))),
    h('section', { class: 'card', 'aria-labelledby': 'sdk-title', id: 'sdk-snippets' },
      h('h2', { id: 'sdk-title', text: t('app.sdk') }),
      application.connection
        ? h('p', { class: 'hint' }, t('app.sdkHint'), ' ', h('code', { id: 'endpoint', text: application.connection.endpoint }))
        : h('p', { class: 'hint', text: t('app.sdkNoEndpoint') }),
      snippets.map((snippet) => h('div', { class: 'snippet', dataset: { sdk: snippet.sdk } },
        h('h3', { text: snippet.title }),
        h('pre', { class: 'code' }, snippet.element),
        copyButton(snippet.title, snippet.code)))),
    h('section', { class: 'card', 'aria-labelledby': 'settings-title' },
      h('div', { class: 'section-header' }, h('h2', { id: 'settings-title', text: t('app.settings') }),
        h('a', { class: 'button secondary', id: 'edit-settings', href: pages.settings(applicationName), text: t('app.editSettings') })),
      h('pre', { class: 'code', id: 'settings', text: JSON.stringify(application.settings ?? {}, null, 2) })));
}
