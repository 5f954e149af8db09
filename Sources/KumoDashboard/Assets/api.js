// The admin JSON API under /dashboard/api (docs/dashboard.md#admin-api). Every change carries the session's CSRF
// token in X-Kumo-CSRF; a 401 sends the browser to the login page, coming back to the current page afterwards.

import { t } from './i18n.js';

const base = '/dashboard/api';
let csrfToken = '';

/**
 * An error answer: a dashboard error `{"code","error"}` (with `field`, the dotted path of the value refused, when
 * the API names one) or NCMB's own error JSON, with the HTTP status.
 */
export class ApiError extends Error {
  constructor(status, code, message, field, details) {
    super(message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code || '';
    this.field = field || '';
    /** The whole error JSON, for answers that say more (a script's syntax error has `line` and `column`). */
    this.details = details ?? null;
  }
}

/** Sends the browser to the login page, which returns to the current page after signing in. */
export function redirectToLogin() {
  const next = location.pathname + location.search;
  location.assign(`/dashboard/login?next=${encodeURIComponent(next)}`);
}

/**
 * Calls the admin API.
 * @param {string} method HTTP method
 * @param {string} path path after /dashboard/api, segments already encoded (see `path`)
 * @param {{query?: object, body?: any}} [options] query parameters (empty values left out) and a JSON body
 * @returns {Promise<any>} the parsed JSON answer (`null` for an empty body)
 */
export async function request(method, path, { query, body } = {}) {
  let url = base + path;
  if (query) {
    const parameters = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') parameters.set(name, String(value));
    }
    const text = parameters.toString();
    if (text) url += `?${text}`;
  }
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Kumo-CSRF'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (response.status === 401) {
    redirectToLogin();
    throw new ApiError(401, json?.code ?? 'unauthenticated', json?.error);
  }
  if (!response.ok) throw new ApiError(response.status, json?.code, json?.error ?? text, json?.field, json);
  return json;
}

/**
 * Sends a file's bytes as the body of a POST (the files API) or a PUT (an import's files), reporting the upload's
 * progress.
 * @param {string} path path after /dashboard/api, segments already encoded
 * @param {Blob} file the bytes; its `type` is sent as Content-Type
 * @param {{query?: object, onProgress?: (sent: number, total: number) => void, method?: string}} [options] `method`
 *   defaults to POST
 * @returns {Promise<any>} the parsed JSON answer; an ApiError as `request` throws them
 */
export function upload(path, file, { query, onProgress, method = 'POST' } = {}) {
  const parameters = new URLSearchParams(Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const url = base + path + (parameters.toString() ? `?${parameters}` : '');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-Kumo-CSRF', csrfToken);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size));
    request.addEventListener('error', () => reject(new ApiError(0, '', t('error.network'))));
    request.addEventListener('load', () => {
      let json = null;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        json = null;
      }
      if (request.status === 401) {
        redirectToLogin();
        reject(new ApiError(401, json?.code ?? 'unauthenticated', json?.error));
      } else if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, json?.code, json?.error ?? request.responseText));
      } else {
        resolve(json);
      }
    });
    request.send(file);
  });
}

/** Builds an API path from segments, each percent-encoded: `path('apps', name, 'classes')`. */
export function path(...segments) {
  return segments.map((segment) => `/${encodeURIComponent(segment)}`).join('');
}

/** Loads the session (`{email, csrfToken, language}`) and keeps its CSRF token for later changes. */
export async function loadSession() {
  const session = await request('GET', '/session');
  csrfToken = session?.csrfToken ?? '';
  return session;
}

/** Remembers the admin's language in the session. */
export function saveLanguage(language) {
  return request('PUT', '/session/language', { body: { language } });
}

/** Ends the session (POST /dashboard/logout with the CSRF token as header and form field). */
export async function logout() {
  await fetch('/dashboard/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-Kumo-CSRF': csrfToken, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: csrfToken }).toString(),
    redirect: 'manual',
  });
}

/** A message for an error: the API's text and code (NCMB's `E404001`, the dashboard's `csrf`, …), or the exception's. */
export function describeError(error) {
  if (error instanceof ApiError) return error.code ? `${error.message} (${error.code})` : error.message;
  return t('error.generic', { message: error?.message ?? String(error) });
}
