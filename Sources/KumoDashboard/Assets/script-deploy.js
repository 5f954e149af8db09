// The deploy form of scripts: a .js file chosen from disk or code pasted, its name and run permission, sent as
// `PUT /apps/{app}/scripts/{name}` (docs/dashboard.md#scripts). The server checks the syntax with Node first; a refused
// script shows Node's message with its line and column, and the cursor goes to that line of the code.
import { h, field, uniqueId } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import * as routes from './routes.js';

/** A script name the API accepts: `[A-Za-z0-9_.-]{1,100}` ending in `.js`. */
export function isScriptName(text) {
  return /^[A-Za-z0-9_.-]{1,100}$/.test(text) && text.endsWith('.js');
}

/** The character offset of the start of `line` (1-based) in `text`, for putting the cursor on a reported line. */
export function lineOffset(text, line) {
  let offset = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}

/**
 * The deploy form.
 * @param {{applicationName: string, name?: string, code?: string, onDeployed: (script: object, created: boolean) => void}}
 *   options a fixed `name` (replacing that script's code) or none (the name is asked, or taken from the file)
 */
export function deployForm({ applicationName, name, code = '', onDeployed }) {
  const fileInput = h('input', { type: 'file', name: 'file', accept: '.js,text/javascript,application/javascript' });
  const nameInput = h('input', { type: 'text', name: 'name', autocomplete: 'off', required: true, placeholder: 'hello.js', value: name ?? '', readonly: Boolean(name) });
  const codeInput = h('textarea', { name: 'code', rows: 12, class: 'code', spellcheck: 'false', value: code });
  const listId = uniqueId('permissions');
  const permission = h('input', { type: 'text', name: 'runPermission', autocomplete: 'off', list: listId, placeholder: name ? '' : 'public' });
  const syntax = h('div', { class: 'syntax-error', id: uniqueId('syntax'), role: 'alert', hidden: true });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', class: 'deploy', text: t('scripts.deploy') });

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    codeInput.value = await file.text();
    if (!name) nameInput.value = file.name;
  });

  const form = h('form', { class: 'deploy-form' },
    field(t('scripts.file'), fileInput, t('scripts.fileHint')),
    name ? null : field(t('scripts.name'), nameInput, t('scripts.nameHint')),
    field(t('scripts.code'), codeInput),
    h('datalist', { id: listId }, ['public', 'authenticated'].map((value) => h('option', { value }))),
    field(t('scripts.runPermission'), permission, name ? t('scripts.runPermissionKeepHint') : t('scripts.runPermissionHint')),
    syntax, error,
    h('div', { class: 'actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    syntax.hidden = true;
    error.hidden = true;
    codeInput.removeAttribute('aria-invalid');
    const scriptName = (name ?? nameInput.value).trim();
    if (!isScriptName(scriptName)) {
      error.textContent = t('scripts.invalidName');
      error.hidden = false;
      nameInput.focus();
      return;
    }
    if (!codeInput.value.trim()) {
      error.textContent = t('scripts.noCode');
      error.hidden = false;
      codeInput.focus();
      return;
    }
    const body = { code: codeInput.value };
    if (permission.value.trim()) body.runPermission = permission.value.trim();
    submit.disabled = true;
    try {
      const script = await api.request(routes.deployScript(applicationName, scriptName), { body });
      onDeployed(script, script?.version === 1);
    } catch (failure) {
      if (failure instanceof api.ApiError && failure.code === 'syntax') showSyntaxError(failure);
      else {
        error.textContent = api.describeError(failure);
        error.hidden = false;
      }
    } finally {
      submit.disabled = false;
    }
  });

  /** Node's message, where it points, and the cursor on that line of the code. */
  function showSyntaxError(failure) {
    const { line, column } = failure.details ?? {};
    syntax.replaceChildren(
      h('p', { class: 'error' }, h('strong', { text: t('scripts.syntaxError') }),
        Number.isInteger(line) ? ` ${t('scripts.syntaxPosition', { line, column: Number.isInteger(column) ? column : '?' })}` : ''),
      h('pre', { class: 'code', text: failure.message }));
    syntax.hidden = false;
    syntax.dataset.line = Number.isInteger(line) ? String(line) : '';
    codeInput.setAttribute('aria-invalid', 'true');
    codeInput.setAttribute('aria-describedby', syntax.id);
    if (Number.isInteger(line)) {
      const start = lineOffset(codeInput.value, line);
      const end = codeInput.value.indexOf('\n', start);
      codeInput.focus();
      codeInput.setSelectionRange(start, end < 0 ? codeInput.value.length : end);
    }
  }
  return form;
}
