// The admin JSON API under /dashboard/api (docs/dashboard.md#admin-api). Every call names its route with a builder of
// routes.js, generated from the server's declarations; every change carries the session's CSRF token in X-Kumo-CSRF;
// a 401 sends the browser to the login page, coming back to the current page afterwards.

import { t } from './i18n.js';
import * as routes from './routes.js';

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
  location.assign(`${routes.loginPage().path}?next=${encodeURIComponent(next)}`);
}

/**
 * The URL of a route (a builder's answer from routes.js) with its query: empty values are left out, and a name the
 * route does not read is refused, so that a page cannot send what the server would ignore.
 * @param {{path: string, query: string[] | null}} route the route
 * @param {object} [query] query parameters
 * @returns {string} the path, then `?` and the query when it has one
 */
export function url(route, query) {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (route.query && !route.query.includes(name)) throw new TypeError(`${route.method} ${route.path} reads no query item ${name}`);
    parameters.set(name, String(value));
  }
  const text = parameters.toString();
  return text ? `${route.path}?${text}` : route.path;
}

/**
 * Calls the admin API.
 * @param {{method: string, path: string, query: string[] | null}} route the route, from a builder of routes.js
 * @param {{query?: object, body?: any}} [options] query parameters (empty values left out) and a JSON body
 * @returns {Promise<any>} the parsed JSON answer (`null` for an empty body)
 */
export async function request(route, { query, body } = {}) {
  const { method } = route;
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-Kumo-CSRF'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url(route, query), {
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
 * Sends a file's bytes as the body of an upload route (a POST of the files API, a PUT of an import's files),
 * reporting the upload's progress.
 * @param {{method: string, path: string, query: string[] | null}} route the route, from a builder of routes.js
 * @param {Blob} file the bytes; its `type` is sent as Content-Type
 * @param {{query?: object, onProgress?: (sent: number, total: number) => void}} [options]
 * @returns {Promise<any>} the parsed JSON answer; an ApiError as `request` throws them
 */
export function upload(route, file, { query, onProgress } = {}) {
  const address = url(route, query);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, address);
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

/** Loads the session (`{email, csrfToken, language}`) and keeps its CSRF token for later changes. */
export async function loadSession() {
  const session = await request(routes.session());
  csrfToken = session?.csrfToken ?? '';
  return session;
}

/** Remembers the admin's language in the session. */
export function saveLanguage(language) {
  return request(routes.setLanguage(), { body: { language } });
}

/** Ends the session (POST /dashboard/logout with the CSRF token as header and form field). */
export async function logout() {
  const route = routes.logout();
  await fetch(route.path, {
    method: route.method,
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
