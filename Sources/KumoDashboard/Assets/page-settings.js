// An application's settings (GET/PUT /apps/{app}/settings): sessions, users, the default ACL, mail and its
// templates, files, push credentials, SNS providers and script limits, and the server's rate limits (read-only). Saving
// sends only what changed, with the settings' version: when another change came first (409 `stale`) the page shows the
// current settings again. An error the API names with `field` is shown beside that control.
import { h, append } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { createAclEditor } from './acl-editor.js';
import { createRegistry, numberInput, textInput, checkbox, changes } from './settings-form.js';
import { pushSection } from './settings-push.js';
import { providersSection, SettingsInputError } from './settings-providers.js';

/** The page's name (`main[data-page]`). */
export const name = 'settings';

const templatePurposes = ['mailAddressUserEntry', 'passwordReset', 'mailAddressConfirm'];
const scriptLimits = ['maximumFileSize', 'maximumCount', 'timeoutMilliseconds', 'maximumResponseSize', 'maximumConcurrentExecutions', 'maximumQueuedExecutions'];

/** Seconds shown as hours in the form, and back: the API takes whole hours in seconds. */
const hours = (seconds) => (Number.isFinite(seconds) ? seconds / 3600 : '');
const seconds = (input) => (input.value.trim() === '' ? null : Number(input.value) * 3600);
const integer = (input) => (input.value.trim() === '' ? null : Number(input.value));

function section(id, title, ...content) {
  return h('section', { class: 'card settings-section', id: `settings-${id}`, 'aria-labelledby': `settings-${id}-title` },
    h('h2', { id: `settings-${id}-title`, text: title }), content);
}

/** The server's rate limits: shown, never edited here (they are `kumo serve` flags, the same for every application). */
function rateLimitsSection(limits) {
  const value = (rate) => (rate
    ? t('settings.rateLimitValue', { perSecond: formatNumber(rate.perSecond), burst: formatNumber(rate.burst) })
    : t('settings.rateLimitNone'));
  return section('rate-limits', t('settings.rateLimits'),
    h('dl', { class: 'meta', id: 'rate-limits' }, ['perAddress', 'perApplication'].map((key) => [
      h('dt', { text: t(`settings.rateLimit.${key}`) }),
      h('dd', { dataset: { rateLimit: key }, text: limits ? value(limits[key]) : t('settings.rateLimitUnknown') }),
    ])),
    h('p', { class: 'hint', text: t('settings.rateLimitsHint') }));
}

function mailSection(registry, mail) {
  const sender = registry.control('mail.senderAddress', t('settings.senderAddress'), h('input', { type: 'email', autocomplete: 'off', value: mail?.senderAddress ?? '' }));
  const senderInput = sender.querySelector('input');
  const customURL = textInput(mail?.customURL ?? '', { inputmode: 'url', placeholder: 'https://' });
  const confirms = checkbox(registry, 'mail.confirmsMailAddress', t('settings.confirmsMailAddress'), mail?.confirmsMailAddress);
  const tokenLifetime = numberInput(hours(mail?.tokenLifetimeSeconds), { min: 1, max: 720 });
  const templates = templatePurposes.map((purpose) => {
    const stored = mail?.templates?.[purpose];
    const subject = textInput(stored?.subject ?? '');
    const body = h('textarea', { rows: 4, value: stored?.body ?? '' });
    const element = h('fieldset', { class: 'template', dataset: { template: purpose } },
      h('legend', { text: t(`settings.template.${purpose}`) }),
      registry.control(`mail.templates.${purpose}.subject`, t('settings.templateSubject'), subject),
      registry.control(`mail.templates.${purpose}.body`, t('settings.templateBody'), body, t('settings.templateHint')));
    return { purpose, stored, subject, body, element };
  });
  return {
    element: h('div', {}, sender,
      registry.control('mail.customURL', t('settings.customURL'), customURL, t('settings.customURLHint')),
      confirms.element,
      registry.control('mail.tokenLifetimeSeconds', t('settings.tokenLifetime'), tokenLifetime, t('settings.hoursHint', { maximum: 720 })),
      h('p', { class: 'hint', text: t('settings.templatesHint') }),
      templates.map(({ element }) => element)),
    read() {
      const typed = {};
      for (const { purpose, stored, subject, body } of templates) {
        const empty = !subject.value.trim() && !body.value.trim();
        if (empty && stored) typed[purpose] = null;
        else if (!empty) typed[purpose] = { subject: subject.value, body: body.value };
      }
      return {
        senderAddress: senderInput.value.trim(), customURL: customURL.value.trim() || null,
        confirmsMailAddress: confirms.box.checked, tokenLifetimeSeconds: seconds(tokenLifetime),
        templates: { ...(mail?.templates ?? {}), ...typed },
      };
    },
  };
}

/** Renders the settings page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  context.title(t('settings.title', { app: applicationName }));
  const original = (await api.request(routes.settings(applicationName))) ?? {};
  if (!context.isCurrent()) return;
  const registry = createRegistry();

  const lifetime = numberInput(hours(original.sessions?.lifetimeSeconds), { min: 1, max: 168 });
  const multipleSessions = checkbox(registry, 'sessions.allowsMultipleSessions', t('settings.multipleSessions'), original.sessions?.allowsMultipleSessions);
  const publicReadable = checkbox(registry, 'users.publicReadable', t('settings.usersPublicReadable'), original.users?.publicReadable);
  const defaultACL = createAclEditor(original.defaultACL);
  const mail = mailSection(registry, original.mail);
  const publicFiles = checkbox(registry, 'files.publicFiles', t('settings.publicFiles'), original.files?.publicFiles);
  const maximumFileSize = numberInput(original.files?.maximumFileSize, { min: 1 });
  const push = pushSection(registry, original.push);
  const providers = providersSection(registry, original.providers);
  const scripts = scriptLimits.map((key) => [key, numberInput(original.scripts?.[key], { min: 1 })]);

  const read = () => ({
    sessions: { lifetimeSeconds: seconds(lifetime), allowsMultipleSessions: multipleSessions.box.checked },
    users: { publicReadable: publicReadable.box.checked },
    defaultACL: defaultACL.read(),
    mail: mail.read(),
    files: { publicFiles: publicFiles.box.checked, maximumFileSize: integer(maximumFileSize) },
    push: push.read(),
    providers: providers.read(),
    scripts: Object.fromEntries(scripts.map(([key, input]) => [key, integer(input)])),
  });

  const save = h('button', { type: 'submit', id: 'save-settings', text: t('settings.save') });
  const form = h('form', { id: 'settings-form', novalidate: true },
    section('sessions', t('settings.sessions'),
      registry.control('sessions.lifetimeSeconds', t('settings.sessionLifetime'), lifetime, t('settings.hoursHint', { maximum: 168 })),
      multipleSessions.element),
    section('users', t('settings.users'), publicReadable.element,
      h('div', {}, defaultACL.element, registry.error('defaultACL', defaultACL.element.querySelector('input') ?? defaultACL.element)),
      h('p', { class: 'hint', text: t('settings.defaultACLHint') })),
    section('mail', t('settings.mail'), mail.element),
    section('files', t('settings.files'), publicFiles.element,
      registry.control('files.maximumFileSize', t('settings.maximumFileSize'), maximumFileSize, t('settings.bytesHint'))),
    section('push', t('settings.push'), push.element),
    section('providers', t('settings.providers'), providers.element),
    section('scripts', t('settings.scripts'),
      h('div', { class: 'settings-grid' }, scripts.map(([key, input]) => registry.control(`scripts.${key}`, t(`settings.script.${key}`), input)))),
    rateLimitsSection(original.rateLimits),
    h('div', { class: 'actions' }, save,
      h('a', { class: 'button secondary', href: pages.application(applicationName), text: t('settings.back') })));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    context.clearStatus();
    registry.clearErrors();
    let body;
    try {
      body = changes(original, read());
    } catch (error) {
      if (!(error instanceof SettingsInputError)) throw error;
      registry.showError(error.path, error.message);
      context.status('error', t('settings.fixErrors'));
      return;
    }
    if (!Object.keys(body).length) {
      context.status('info', t('settings.unchanged'));
      return;
    }
    save.disabled = true;
    try {
      await api.request(routes.updateSettings(applicationName), { body: { ...body, version: original.version } });
      context.refresh({ kind: 'success', message: t('settings.saved') });
    } catch (error) {
      save.disabled = false;
      if (error instanceof api.ApiError && error.status === 409 && error.code === 'stale') {
        context.refresh({ kind: 'error', message: t('settings.stale') });
        return;
      }
      const shown = error instanceof api.ApiError && error.field && registry.showError(error.field, error.message);
      context.status('error', shown ? t('settings.fieldError', { message: api.describeError(error) }) : api.describeError(error));
    }
  });

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('app.settings')]]),
    h('h1', { text: t('settings.title', { app: applicationName }) }),
    form);
}
