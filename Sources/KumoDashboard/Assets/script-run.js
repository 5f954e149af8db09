// "Run with a test request": a script called as an administrator with a method, query, headers and JSON body
// (`POST /apps/{app}/scripts/{name}/run`, docs/dashboard.md#scripts), and its answer's status, headers, body and
// duration.
import { h, field } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as routes from './routes.js';
import { jsonObject } from './push-body.js';

const methods = ['GET', 'POST', 'PUT', 'DELETE'];

/** A body text shown pretty-printed when it is JSON, as it is otherwise. */
export function prettyBody(text) {
  if (text !== null && typeof text === 'object') return JSON.stringify(text, null, 2);
  if (typeof text !== 'string' || !text.trim()) return text ?? '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Headers `{name: value}` as a definition list. */
export function headerList(headers, id) {
  const entries = Object.entries(headers ?? {});
  if (!entries.length) return h('p', { class: 'muted', id, text: t('run.noHeaders') });
  return h('dl', { class: 'meta headers', id }, entries.map(([name, value]) => [h('dt', {}, h('code', { text: name })), h('dd', {}, h('code', { text: String(value) }))]));
}

/**
 * The run form and its result.
 * @param {{applicationName: string, scriptName: string, onRun: (run: {startedAt: number, method: string}) => void}}
 *   options `onRun` is called after each run with when it was sent (the page then looks for its log entry)
 */
export function runPanel({ applicationName, scriptName, onRun }) {
  const method = h('select', { name: 'method', id: 'run-method' }, methods.map((value) => h('option', { value, text: value })));
  const query = h('textarea', { name: 'query', rows: 2, class: 'code', spellcheck: 'false', placeholder: '{"name":"value"}' });
  const headers = h('textarea', { name: 'headers', rows: 2, class: 'code', spellcheck: 'false', placeholder: '{"X-Custom":"value"}' });
  const body = h('textarea', { name: 'body', rows: 4, class: 'code', spellcheck: 'false', placeholder: '{"key":"value"}' });
  const bodyField = field(t('run.body'), body, t('run.bodyHint'));
  const showBody = () => { bodyField.hidden = method.value === 'GET' || method.value === 'DELETE'; };
  method.addEventListener('change', showBody);
  showBody();
  const errors = h('ul', { class: 'error', role: 'alert', hidden: true });
  const result = h('div', { class: 'run-result', id: 'run-result', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', id: 'run-script', text: t('run.run') });

  const form = h('form', { id: 'run-form', class: 'run-form' },
    h('div', { class: 'columns' },
      h('div', {}, field(t('run.method'), method), field(t('run.query'), query, t('run.queryHint')), field(t('run.headers'), headers, t('run.headersHint'))),
      h('div', {}, bodyField)),
    errors,
    h('div', { class: 'actions' }, submit));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const request = { method: method.value };
    const problems = [];
    for (const [key, control] of [['query', query], ['headers', headers], ['body', body]]) {
      if (key === 'body' && bodyField.hidden) continue;
      control.removeAttribute('aria-invalid');
      const parsed = jsonObject(control.value);
      if (parsed.error) {
        problems.push(`${t(`run.${key}`)}: ${t(`compose.error.${parsed.error}`, { reason: parsed.reason ?? '' })}`);
        control.setAttribute('aria-invalid', 'true');
      } else if (parsed.value) {
        request[key] = parsed.value;
      }
    }
    errors.replaceChildren(...problems.map((text) => h('li', { text })));
    errors.hidden = problems.length === 0;
    if (problems.length) return;
    submit.disabled = true;
    result.replaceChildren(h('p', { class: 'muted', text: t('run.running') }));
    const startedAt = Date.now();
    try {
      const answer = await api.request(routes.runScript(applicationName, scriptName), { body: request });
      const text = answer?.body ?? (answer?.bodyBase64 ? t('run.binaryBody', { size: formatNumber(atob(answer.bodyBase64).length) }) : '');
      result.replaceChildren(
        h('h3', { text: t('run.answer') }),
        h('dl', { class: 'counters' },
          h('div', { dataset: { result: 'status' } }, h('dt', { text: t('run.status') }), h('dd', { id: 'run-status', text: String(answer?.status ?? '') })),
          h('div', { dataset: { result: 'duration' } }, h('dt', { text: t('run.duration') }), h('dd', { id: 'run-duration', text: `${formatNumber(answer?.durationMilliseconds ?? 0)} ms` }))),
        h('h4', { text: t('run.responseHeaders') }), headerList(answer?.headers, 'run-headers'),
        h('h4', { text: t('run.responseBody') }), h('pre', { class: 'code', id: 'run-body', text: prettyBody(text) }));
      result.dataset.status = String(answer?.status ?? '');
      onRun({ startedAt, method: request.method });
    } catch (error) {
      result.replaceChildren(h('p', { class: 'error', role: 'alert', text: api.describeError(error) }));
    } finally {
      submit.disabled = false;
    }
  });
  return h('div', {}, form, result);
}
