// A confirmation dialog on the native <dialog> element: modal, focus kept inside, Escape cancels.
import { h } from './dom.js';
import { t } from './i18n.js';

/** Creates the dialog once in `root`; `confirm(message, {confirmLabel, danger})` resolves to true or false. */
export function createDialogs(root) {
  const message = h('p', { id: 'confirm-message' });
  const cancel = h('button', { type: 'button', class: 'secondary', value: 'cancel', id: 'confirm-cancel' });
  const accept = h('button', { type: 'button', value: 'accept', id: 'confirm-accept' });
  const dialog = h('dialog', { id: 'confirm', 'aria-labelledby': 'confirm-message' },
    message, h('div', { class: 'actions' }, cancel, accept));
  root.append(dialog);
  let resolve = null;
  const finish = (answer) => {
    if (dialog.open) dialog.close();
    resolve?.(answer);
    resolve = null;
  };
  cancel.addEventListener('click', () => finish(false));
  accept.addEventListener('click', () => finish(true));
  dialog.addEventListener('cancel', () => finish(false));
  return {
    confirm(text, { confirmLabel, danger = true } = {}) {
      message.textContent = text;
      cancel.textContent = t('common.cancel');
      accept.textContent = confirmLabel ?? t('common.ok');
      accept.className = danger ? 'danger' : '';
      return new Promise((resolvePromise) => {
        resolve = resolvePromise;
        dialog.showModal();
        cancel.focus();
      });
    },
  };
}
