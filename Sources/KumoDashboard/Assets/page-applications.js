// Applications: the list (name, applicationId, objects) and the form that creates one.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';

/** The page's name (`main[data-page]`). */
export const name = 'applications';

/** Renders the applications page. */
export async function render(main, context) {
  context.title(t('apps.title'));
  const { results = [] } = (await api.request(routes.applications())) ?? {};
  if (!context.isCurrent()) return;

  const table = h('table', { class: 'grid', id: 'applications' },
    h('caption', { class: 'visually-hidden', text: t('apps.title') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('apps.name') }),
      h('th', { scope: 'col', text: t('apps.applicationId') }),
      h('th', { scope: 'col', text: t('common.createDate') }),
      h('th', { scope: 'col', class: 'number', text: t('apps.objects') }),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: t('common.actions') })))),
    h('tbody', {}, results.map((application) => h('tr', { dataset: { application: application.name } },
      h('th', { scope: 'row' }, h('a', { href: pages.application(application.name), text: application.name })),
      h('td', {}, h('code', { text: application.applicationId ?? '' })),
      h('td', {}, application.createDate ? h('time', { datetime: application.createDate, text: formatDate(application.createDate) }) : ''),
      h('td', { class: 'number', text: formatNumber(application.objectCount ?? 0) }),
      h('td', {}, h('a', { href: pages.classes(application.name), text: t('apps.browseData') }))))));

  const nameInput = h('input', { type: 'text', name: 'name', required: true, autocomplete: 'off', maxlength: 100 });
  // Existing NCMB keys, kept through a move (docs/migrating-from-ncmb.md): both or neither; without them Kumo makes new ones.
  const keyInput = (inputName) => h('input', { type: 'text', name: inputName, autocomplete: 'off', spellcheck: 'false', maxlength: 200, class: 'code' });
  const applicationKeyInput = keyInput('applicationKey');
  const clientKeyInput = keyInput('clientKey');
  const existingKeys = h('details', { id: 'existing-keys' },
    h('summary', { text: t('apps.existingKeys') }),
    h('p', { class: 'hint', text: t('apps.existingKeysHint') }),
    field(t('app.applicationKey'), applicationKeyInput), field(t('app.clientKey'), clientKeyInput));
  const form = h('form', { class: 'card', id: 'create-application' },
    h('h2', { text: t('apps.create') }),
    field(t('apps.name'), nameInput, t('apps.nameHint')),
    existingKeys,
    h('div', { class: 'actions' }, h('button', { type: 'submit', text: t('apps.createButton') })));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const applicationName = nameInput.value.trim();
    if (!applicationName) return;
    context.clearStatus();
    const succeeded = await context.submit(form.querySelector('button[type="submit"]'), async () => {
      const body = { name: applicationName };
      if (applicationKeyInput.value.trim() || clientKeyInput.value.trim()) {
        body.applicationKey = applicationKeyInput.value.trim();
        body.clientKey = clientKeyInput.value.trim();
      }
      const created = await api.request(routes.createApplication(), { body });
      context.navigate(pages.application(created?.name ?? applicationName), {
        statusMessage: { kind: 'success', message: t('apps.created', { name: created?.name ?? applicationName }) },
      });
    });
    if (!succeeded) nameInput.focus();
  });

  append(main,
    h('h1', { text: t('apps.title') }),
    results.length ? table : h('p', { class: 'muted', text: t('apps.none') }),
    form);
}
