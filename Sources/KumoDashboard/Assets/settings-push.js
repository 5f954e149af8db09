// The settings page's push credentials (APNs and FCM: shown masked, replaced or removed, never read back) and SNS
// providers (enabled, verifier, options; secret options stay "****" unless retyped). Each section's `read()` gives
// its part of the settings JSON (docs/dashboard.md#settings).
import { h } from './dom.js';
import { t } from './i18n.js';
import { checkbox, textInput } from './settings-form.js';

/** The masked value the API answers for a secret, and that a PUT keeps. */
export const masked = '****';

function textArea(value, attributes = {}) {
  return h('textarea', { rows: 4, spellcheck: 'false', class: 'code', value: value ?? '', ...attributes });
}

/**
 * One credential (APNs or FCM): a summary of the stored one, "Replace" (or "Set up") and "Remove". `read()` is the
 * stored value (kept), `null` (removed) or the credential typed.
 * @param {Array<{key: string, label: string, type?: string}>} fields the editor's fields
 * @param {string[]} summaryKeys the stored fields the summary names
 */
function credential(registry, kind, stored, fields, summaryKeys) {
  let state = 'keep';
  const status = h('p', { class: 'hint', id: `${kind}-state` });
  const inputs = fields.map(({ key, label, type }) => {
    const path = `push.${kind}.${key}`;
    if (type === 'boolean') return { key, type, ...checkbox(registry, path, label, stored?.[key] === true) };
    const initial = key === 'privateKey' || key === 'serviceAccount' ? '' : stored?.[key];
    const control = type === 'text' ? textArea(initial, { id: `${kind}-${key}` }) : textInput(initial, { id: `${kind}-${key}` });
    const hint = (key === 'privateKey' && stored) ? t('settings.keepSecret') : null;
    return { key, type, control, element: registry.control(path, label, control, hint) };
  });
  const editor = h('div', { class: 'credential-editor', hidden: true }, inputs.map(({ element }) => element));
  const replace = h('button', { type: 'button', class: 'secondary', id: `${kind}-replace`, text: stored ? t('settings.replace') : t('settings.configure') });
  const remove = h('button', { type: 'button', class: 'secondary', id: `${kind}-remove`, 'aria-pressed': 'false', hidden: !stored, text: t('settings.remove') });
  const show = () => {
    if (state === 'remove') status.textContent = t('settings.willRemove');
    else if (stored) status.textContent = t('settings.stored', { summary: summaryKeys.map((key) => stored[key] ?? '').join(' / ') });
    else status.textContent = t('settings.notConfigured');
    status.dataset.state = state;
    editor.hidden = state !== 'edit';
    remove.setAttribute('aria-pressed', String(state === 'remove'));
  };
  replace.addEventListener('click', () => {
    state = 'edit';
    show();
    (inputs[0].control ?? inputs[0].box).focus();
  });
  remove.addEventListener('click', () => {
    state = state === 'remove' ? 'keep' : 'remove';
    show();
  });
  show();
  const element = h('fieldset', { class: 'credential', id: `credential-${kind}` },
    h('legend', { text: t(`settings.${kind}`) }), status, h('div', { class: 'actions' }, replace, remove), editor,
    registry.error(`push.${kind}`, replace));
  return {
    element,
    read() {
      if (state === 'remove') return null;
      if (state === 'keep') return stored ?? null;
      const value = {};
      for (const { key, type, control, box } of inputs) {
        if (type === 'boolean') {
          value[key] = box.checked;
        } else if (key === 'serviceAccount') {
          if (!control.value.trim()) return stored ?? null;
          try {
            return { serviceAccount: JSON.parse(control.value) };
          } catch {
            return { serviceAccount: control.value };
          }
        } else if (key === 'privateKey') {
          value[key] = control.value.trim() || (stored ? masked : '');
        } else {
          value[key] = control.value.trim();
        }
      }
      return value;
    },
  };
}

/** The push section: client push, APNs, FCM. */
export function pushSection(registry, push) {
  const clientPush = checkbox(registry, 'push.clientPush', t('settings.clientPush'), push?.clientPush);
  const apns = credential(registry, 'apns', push?.apns ?? null, [
    { key: 'keyId', label: t('settings.apnsKeyId') },
    { key: 'teamId', label: t('settings.apnsTeamId') },
    { key: 'topic', label: t('settings.apnsTopic') },
    { key: 'usesSandbox', label: t('settings.apnsSandbox'), type: 'boolean' },
    { key: 'privateKey', label: t('settings.apnsPrivateKey'), type: 'text' },
  ], ['keyId', 'teamId', 'topic']);
  const fcm = credential(registry, 'fcm', push?.fcm ?? null, [
    { key: 'serviceAccount', label: t('settings.fcmServiceAccount'), type: 'text' },
  ], ['projectId', 'clientEmail']);
  return {
    element: h('div', {}, clientPush.element, apns.element, fcm.element),
    read: () => ({ clientPush: clientPush.box.checked, apns: apns.read(), fcm: fcm.read() }),
  };
}
