// One script: its code with line numbers, state and run permission (enable, disable, change who may run it,
// delete), a new version of its code, "run with a test request", and its execution log.
import { h, append, field } from './dom.js';
import { t, formatDate, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { deployForm } from './script-deploy.js';
import { runPanel } from './script-run.js';
import { logPanel } from './script-log.js';
import { sizeText, stateBadge, toggleScript, deleteScript } from './page-scripts.js';

/** The page's name (`main[data-page]`). */
export const name = 'script';

/** The code as numbered lines (the numbers are drawn by styles.css, so copying the code copies no numbers). */
function codeView(code) {
  return h('pre', { class: 'code code-view', id: 'script-code' },
    h('code', {}, (code ?? '').replace(/\n$/, '').split('\n').map((line) => h('span', { class: 'line', text: `${line}\n` }))));
}

/** Renders the script page. */
export async function render(main, context) {
  const { app: applicationName, name: scriptName } = context.parameters;
  context.title(scriptName);
  const script = await api.request(routes.script(applicationName, scriptName));
  if (!context.isCurrent()) return;
  const listHref = pages.scripts(applicationName);

  const permission = h('input', { type: 'text', name: 'runPermission', autocomplete: 'off', value: script.runPermission ?? '' });
  const permissionForm = h('form', { class: 'inline-form', id: 'permission-form' },
    field(t('scripts.runPermission'), permission, t('scripts.runPermissionHint')),
    h('button', { type: 'submit', class: 'secondary', text: t('scripts.savePermission') }));
  permissionForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await api.request(routes.updateScript(applicationName, scriptName), { body: { runPermission: permission.value.trim() } });
      context.refresh({ kind: 'success', message: t('scripts.permissionSaved') });
    } catch (error) {
      context.status('error', api.describeError(error));
      permission.focus();
    }
  });

  const log = logPanel({ applicationName, scriptName, isCurrent: context.isCurrent, status: context.status });
  const editor = deployForm({
    applicationName, name: scriptName, code: script.code ?? '',
    onDeployed: (deployed) => context.refresh({ kind: 'success', message: t('scripts.replaced', { name: scriptName, version: deployed.version }) }),
  });
  editor.id = 'replace-script';

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('scripts.title'), listHref], [scriptName]]),
    h('h1', {}, h('code', { text: scriptName }), stateBadge(script)),
    h('section', { class: 'card', 'aria-labelledby': 'script-summary' },
      h('h2', { id: 'script-summary', class: 'visually-hidden', text: t('scripts.summary') }),
      h('dl', { class: 'meta', id: 'script-meta' },
        h('dt', { text: t('scripts.column.version') }), h('dd', { text: formatNumber(script.version ?? 0) }),
        h('dt', { text: t('scripts.column.size') }), h('dd', { text: sizeText(script.size) }),
        h('dt', { text: t('scripts.column.updateDate') }), h('dd', {}, h('time', { datetime: script.updateDate, text: formatDate(script.updateDate) })),
        h('dt', { text: t('scripts.versionHash') }), h('dd', {}, h('code', { text: script.versionHash ?? '' }))),
      permissionForm,
      h('div', { class: 'actions' },
        h('button', {
          type: 'button', class: 'secondary', id: 'toggle-script', text: script.enabled ? t('scripts.disable') : t('scripts.enable'),
          on: { click: () => toggleScript(context, applicationName, script) },
        }),
        h('button', {
          type: 'button', class: 'danger', id: 'delete-script', text: t('common.delete'),
          on: { click: () => deleteScript(context, applicationName, scriptName, (message) => context.navigate(listHref, { statusMessage: message })) },
        }))),
    h('section', { class: 'card', 'aria-labelledby': 'code-title' },
      h('h2', { id: 'code-title', text: t('scripts.code') }),
      codeView(script.code),
      h('details', { class: 'replace' }, h('summary', { text: t('scripts.replaceTitle') }), editor)),
    h('section', { class: 'card', 'aria-labelledby': 'run-title' },
      h('h2', { id: 'run-title', text: t('run.title') }),
      h('p', { class: 'hint lead', text: t('run.hint') }),
      runPanel({ applicationName, scriptName, onRun: (run) => log.waitForRun(run) })),
    log.element);
  try {
    await log.load();
  } catch (error) {
    if (context.isCurrent()) context.status('error', api.describeError(error));
  }
}
