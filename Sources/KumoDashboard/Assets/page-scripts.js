// An application's scripts (NCMB script functions run on Node.js, docs/dashboard.md#scripts): the list with version,
// state, run permission and size; enable, disable and delete; and the deploy form for a new script.
import { h, append } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { deployForm } from './script-deploy.js';

/** The page's name (`main[data-page]`). */
export const name = 'scripts';

/** A size in bytes as "1.2 KB". */
export function sizeText(bytes) {
  if (!(bytes >= 1024)) return `${formatNumber(bytes ?? 0)} B`;
  return `${formatNumber(Math.round((bytes / 1024) * 10) / 10)} KB`;
}

/** A script's state in words, with `data-enabled` for styles and tests. */
export function stateBadge(script) {
  return h('span', { class: 'script-state', dataset: { enabled: String(Boolean(script.enabled)) }, text: script.enabled ? t('scripts.enabled') : t('scripts.disabled') });
}

/**
 * Enables or disables a script, then renders the page again with a message.
 * @returns {Promise<void>}
 */
export async function toggleScript(context, applicationName, script) {
  try {
    await api.request(routes.updateScript(applicationName, script.name), { body: { enabled: !script.enabled } });
    context.refresh({ kind: 'success', message: t(script.enabled ? 'scripts.disabledOne' : 'scripts.enabledOne', { name: script.name }) });
  } catch (error) {
    context.status('error', api.describeError(error));
  }
}

/** Deletes a script after a confirmation; `after` is called when it is gone. */
export function deleteScript(context, applicationName, scriptName, after) {
  return context.confirmThen(t('scripts.confirmDelete', { name: scriptName }), async () => {
    await api.request(routes.removeScript(applicationName, scriptName));
    after({ kind: 'success', message: t('scripts.deleted', { name: scriptName }) });
  });
}

/** Renders the list. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  context.title(t('scripts.title'));
  const answer = await api.request(routes.scripts(applicationName));
  if (!context.isCurrent()) return;
  const scripts = answer?.results ?? [];
  const limits = answer?.limits ?? {};

  const table = h('table', { class: 'grid', id: 'scripts' },
    h('caption', { class: 'visually-hidden', text: t('scripts.title') }),
    h('thead', {}, h('tr', {}, ['name', 'version', 'state', 'runPermission', 'size', 'updateDate', 'actions']
      .map((column) => h('th', { scope: 'col', class: ['version', 'size'].includes(column) ? 'number' : null, text: t(`scripts.column.${column}`) })))),
    h('tbody', {}, scripts.map((script) => h('tr', { dataset: { script: script.name } },
      h('th', { scope: 'row' }, h('a', { href: pages.script(applicationName, script.name), class: 'script-link' }, h('code', { text: script.name }))),
      h('td', { class: 'number', text: formatNumber(script.version ?? 0) }),
      h('td', {}, stateBadge(script)),
      h('td', {}, h('code', { text: script.runPermission ?? '' })),
      h('td', { class: 'number', text: sizeText(script.size) }),
      h('td', {}, h('time', { datetime: script.updateDate, text: formatDate(script.updateDate) })),
      h('td', { class: 'row-actions' },
        h('button', {
          type: 'button', class: 'secondary small toggle-script', text: script.enabled ? t('scripts.disable') : t('scripts.enable'),
          'aria-label': t(script.enabled ? 'scripts.disableNamed' : 'scripts.enableNamed', { name: script.name }),
          on: { click: () => toggleScript(context, applicationName, script) },
        }),
        h('button', {
          type: 'button', class: 'link danger delete-script', text: t('common.delete'), 'aria-label': t('scripts.deleteNamed', { name: script.name }),
          on: { click: () => deleteScript(context, applicationName, script.name, (message) => context.refresh(message)) },
        }))))));

  const form = deployForm({
    applicationName,
    onDeployed: (script, created) => context.navigate(pages.script(applicationName, script.name), {
      statusMessage: { kind: 'success', message: t(created ? 'scripts.created' : 'scripts.replaced', { name: script.name, version: script.version }) },
    }),
  });
  form.id = 'deploy-script';

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('scripts.title')]]),
    h('h1', {}, t('scripts.title'), h('span', { class: 'count', text: t('scripts.count', { count: formatNumber(scripts.length) }) })),
    scripts.length ? h('div', { class: 'table-scroll' }, table) : h('p', { class: 'muted', id: 'no-scripts', text: t('scripts.none') }),
    h('section', { class: 'card', 'aria-labelledby': 'deploy-title' },
      h('h2', { id: 'deploy-title', text: t('scripts.deployTitle') }),
      h('p', { class: 'hint lead', text: t('scripts.limits', {
        count: formatNumber(limits.maximumCount ?? 0), size: sizeText(limits.maximumFileSize ?? 0),
        seconds: formatNumber((limits.timeoutMilliseconds ?? 0) / 1000),
      }) }),
      form));
}
