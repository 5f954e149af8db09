// The building blocks of the settings page: labelled controls registered under the API's dotted path
// (`sessions.lifetimeSeconds`), each with a slot for the error the API names with `field`, and the partial body
// of a PUT (only what changed).
import { h, field } from './dom.js';

/**
 * A registry of the settings form's controls by path.
 * @returns {{control: Function, error: Function, showError: (path: string, message: string) => boolean, clearErrors: () => void}}
 */
export function createRegistry() {
  const slots = new Map();

  /** Wraps a control with its label and hint and registers its error slot under `path`. */
  function control(path, label, element, hint) {
    element.name ||= path;
    element.dataset.path = path;
    const wrapper = field(label, element, hint);
    const error = h('p', { class: 'error', role: 'alert', hidden: true, dataset: { errorFor: path } });
    wrapper.append(error);
    slots.set(path, { error, element });
    return wrapper;
  }

  /** Registers an error slot for a part that is not one control (a fieldset: the ACL grid, a provider). */
  function error(path, element) {
    const slot = h('p', { class: 'error', role: 'alert', hidden: true, dataset: { errorFor: path } });
    slots.set(path, { error: slot, element });
    return slot;
  }

  /** Shows the API's message beside the control of `path` (or of its nearest registered parent); false if none. */
  function showError(path, message) {
    let key = path;
    while (key && !slots.has(key)) key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
    const slot = slots.get(key);
    if (!slot) return false;
    slot.error.textContent = message;
    slot.error.hidden = false;
    slot.element.setAttribute('aria-invalid', 'true');
    slot.element.focus?.();
    return true;
  }

  function clearErrors() {
    for (const { error: slot, element } of slots.values()) {
      slot.hidden = true;
      slot.textContent = '';
      element.removeAttribute('aria-invalid');
    }
  }

  return { control, error, showError, clearErrors };
}

/** A number input (whole numbers). */
export function numberInput(value, attributes = {}) {
  return h('input', { type: 'number', step: '1', inputmode: 'numeric', value: value ?? '', ...attributes });
}

/** A text input. */
export function textInput(value, attributes = {}) {
  return h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', value: value ?? '', ...attributes });
}

/** A checkbox inside its label (`<label><input type=checkbox> text</label>`), registered like a control. */
export function checkbox(registry, path, label, checked) {
  const box = h('input', { type: 'checkbox', name: path, checked: checked === true, dataset: { path } });
  const wrapper = h('div', { class: 'field checkbox' }, h('label', {}, box, ` ${label}`), registry.error(path, box));
  return { element: wrapper, box };
}

/**
 * The keys of `edited` whose JSON differs from `original`, one level deep: `{group: {key: value}}` with only the
 * changed keys of each group; groups without a change are left out.
 */
export function changes(original, edited) {
  const body = {};
  for (const [group, value] of Object.entries(edited)) {
    const before = original?.[group];
    const isGroup = value && typeof value === 'object' && !Array.isArray(value) && group !== 'defaultACL';
    if (!isGroup) {
      if (JSON.stringify(value) !== JSON.stringify(before)) body[group] = value;
      continue;
    }
    const changed = {};
    for (const [key, inner] of Object.entries(value)) {
      if (JSON.stringify(inner) !== JSON.stringify(before?.[key])) changed[key] = inner;
    }
    if (Object.keys(changed).length) body[group] = changed;
  }
  return body;
}
