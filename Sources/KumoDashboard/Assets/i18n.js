// Messages in Japanese and English. The language comes from the session (Accept-Language, or the admin's choice)
// and is switched without reloading: pages render again.
import japanese from './messages-ja.js';
import english from './messages-en.js';

const dictionaries = { ja: japanese, en: english };

/** The languages the dashboard speaks, in the order the switch lists them. */
export const languages = [
  { code: 'ja', name: '日本語' },
  { code: 'en', name: 'English' },
];

let current = 'ja';

/** The current language code. */
export function language() {
  return current;
}

/** Sets the current language (unknown codes fall back to Japanese) and the document's `lang`. */
export function setLanguage(code) {
  current = Object.hasOwn(dictionaries, code) ? code : 'ja';
  document.documentElement.lang = current;
}

/**
 * The message for a key in the current language, with `{name}` placeholders replaced by `parameters`.
 * A key missing from the current dictionary falls back to English, then to the key itself.
 */
export function t(key, parameters = {}) {
  const template = dictionaries[current][key] ?? dictionaries.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(parameters, name) ? String(parameters[name]) : whole));
}

/** A date (ISO text or Date) formatted for the current language, with seconds; empty for nothing. */
export function formatDate(value) {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(current === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'medium', timeStyle: 'medium',
  }).format(date);
}

/** A number formatted for the current language. */
export function formatNumber(value) {
  return new Intl.NumberFormat(current === 'ja' ? 'ja-JP' : 'en-US').format(value);
}
