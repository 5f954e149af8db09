// The settings page's SNS providers (`authData`): per provider, enabled, the verifier (`none`, `jwks`, `endpoint`)
// and its options as JSON, where secret options show as "****" and keep their value unless retyped
// (docs/dashboard.md#settings).
import { h } from './dom.js';
import { t } from './i18n.js';
import { checkbox } from './settings-form.js';

const verifiers = ['none', 'jwks', 'endpoint'];

/** A problem found before sending: the dotted path of the value and a message for it. */
export class SettingsInputError extends Error {
  constructor(path, message) {
    super(message);
    this.path = path;
  }
}

/** The options to send: the edited ones, and `null` for each stored option left out (which removes it). */
export function optionChanges(stored, edited) {
  const result = { ...edited };
  for (const key of Object.keys(stored ?? {})) if (!(key in edited)) result[key] = null;
  return result;
}

function provider(registry, providerName, stored) {
  const base = `providers.${providerName}`;
  const enabled = checkbox(registry, `${base}.enabled`, t('settings.providerEnabled'), stored?.enabled);
  const verification = h('select', { id: `provider-${providerName}-verification` },
    verifiers.map((code) => h('option', { value: code, text: t(`settings.verifier.${code}`) })));
  verification.value = verifiers.includes(stored?.verification) ? stored.verification : 'none';
  const options = h('textarea', { id: `provider-${providerName}-options`, rows: 3, spellcheck: 'false', class: 'code', value: JSON.stringify(stored?.options ?? {}, null, 1) });
  const element = h('fieldset', { class: 'provider', dataset: { provider: providerName } },
    h('legend', {}, h('code', { text: providerName })),
    enabled.element,
    h('div', { class: 'inline' },
      registry.control(`${base}.verification`, t('settings.verification', { name: providerName }), verification),
      registry.control(`${base}.options`, t('settings.options', { name: providerName }), options, t('settings.optionsHint'))));
  return {
    element,
    read() {
      let parsed;
      try {
        parsed = JSON.parse(options.value || '{}');
      } catch (error) {
        throw new SettingsInputError(`${base}.options`, t('editor.invalidJSON', { reason: error.message }));
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SettingsInputError(`${base}.options`, t('editor.notAnObject'));
      const value = { enabled: enabled.box.checked, verification: verification.value, options: parsed };
      // Unchanged options read back as stored (so that the page sends nothing for them).
      if (JSON.stringify(parsed) === JSON.stringify(stored?.options ?? {})) return value;
      return { ...value, options: optionChanges(stored?.options, parsed) };
    },
  };
}

/** The providers section: one fieldset per provider the API lists. */
export function providersSection(registry, providers) {
  const names = Object.keys(providers ?? {}).sort();
  const parts = names.map((providerName) => [providerName, provider(registry, providerName, providers[providerName])]);
  return {
    element: h('div', { class: 'providers' }, h('p', { class: 'hint', text: t('settings.providersHint') }), parts.map(([, part]) => part.element)),
    read: () => Object.fromEntries(parts.map(([providerName, part]) => [providerName, part.read()])),
  };
}
