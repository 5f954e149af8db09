// DOM helpers: every element is built with createElement and every text with textContent, never innerHTML, so data
// from the server can never become markup (docs/decisions/0080-dependency-free-es-module-dashboard.md).

/**
 * Creates an element.
 * @param {string} tag element name
 * @param {object} [attributes] `class`, `dataset` (object), `on` (event name → listener), `text` (textContent),
 *   boolean `true`/`false` values for boolean attributes, anything else with setAttribute.
 * @param {...(Node|string|null|undefined|false|Array)} children nodes or strings (strings become text nodes)
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = value;
    else if (name === 'text') element.textContent = String(value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name === 'on') for (const [event, listener] of Object.entries(value)) element.addEventListener(event, listener);
    else if (name === 'value') element.value = String(value);
    else if (name === 'checked') element.checked = Boolean(value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, ...children);
  return element;
}

/**
 * Appends nodes and strings (as text) to a parent, flattening arrays and skipping `null`, `undefined` and `false`
 * (the DOM's own `append` would write "null"): pages use this, never `element.append`, for optional parts.
 */
export function append(parent, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Removes every child of an element. */
export function clear(element) {
  while (element.firstChild) element.firstChild.remove();
  return element;
}

let identifierCounter = 0;

/** A fresh element id (for `<label for>` and `aria-describedby`). */
export function uniqueId(prefix = 'field') {
  identifierCounter += 1;
  return `${prefix}-${identifierCounter}`;
}

/** A labelled control: `<div class="field"><label for=id>label</label>control</div>`. */
export function field(label, control, hint) {
  if (!control.id) control.id = uniqueId();
  const wrapper = h('div', { class: 'field' }, h('label', { for: control.id, text: label }), control);
  if (hint) {
    const hintElement = h('p', { class: 'hint', id: uniqueId('hint'), text: hint });
    control.setAttribute('aria-describedby', hintElement.id);
    wrapper.append(hintElement);
  }
  return wrapper;
}

/** Starts a download of text content under a file name (used by the data browser's export). */
export function download(fileName, mimeType, text) {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const link = h('a', { href: url, download: fileName, class: 'visually-hidden' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
