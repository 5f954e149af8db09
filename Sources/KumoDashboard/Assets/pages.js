// Every page of the web app, declared once: app.js routes each URL to its page module by the declaration's `pattern`,
// and every link to a page is built by the same declaration (docs/decisions/0109-dashboard-routes-declared-once.md).
import { href } from './router.js';

/**
 * Declares a page by its path below /dashboard/; `:name` segments are its parameters, in order.
 * @param {string} path e.g. 'apps/:app/classes/:className'
 * @returns {((...values: any[]) => string) & {pattern: string}} the page's link builder: the parameters' values, then
 *   optionally the query (an object; empty values are left out). Its `pattern` is what the router matches.
 */
function page(path) {
  const segments = path ? path.split('/') : [];
  const count = segments.filter((segment) => segment.startsWith(':')).length;
  const link = (...values) => {
    let next = 0;
    const filled = segments.map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[next++];
      if (value === undefined || value === null) throw new TypeError(`the page ${path} needs ${segment.slice(1)}`);
      return String(value);
    });
    return href(filled, values[count]);
  };
  link.pattern = path ? `/dashboard/${path}` : '/dashboard';
  return Object.freeze(link);
}

export const home = page('');
export const applications = page('apps');
export const application = page('apps/:app');
export const classes = page('apps/:app/classes');
export const objects = page('apps/:app/classes/:className');
export const newObject = page('apps/:app/classes/:className/new');
export const object = page('apps/:app/classes/:className/objects/:objectId');
export const users = page('apps/:app/users');
export const user = page('apps/:app/users/:objectId');
export const roles = page('apps/:app/roles');
export const role = page('apps/:app/roles/:objectId');
export const installations = page('apps/:app/installations');
export const files = page('apps/:app/files');
export const file = page('apps/:app/files/:fileName');
export const settings = page('apps/:app/settings');
export const classPermissions = page('apps/:app/classes/:className/permissions');
export const classIndexes = page('apps/:app/classes/:className/indexes');
export const pushes = page('apps/:app/push');
export const newPush = page('apps/:app/push/new');
export const push = page('apps/:app/push/:objectId');
export const scripts = page('apps/:app/scripts');
export const script = page('apps/:app/scripts/:name');
export const importExport = page('apps/:app/import');
export const overview = page('overview');
export const audit = page('audit');
