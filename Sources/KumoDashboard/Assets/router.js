// A small router on location.pathname: every page has its own URL under /dashboard/, links change the URL with the
// History API, and the Back button renders the previous page again.

const routes = [];
let onChange = () => {};

/**
 * Registers a page for a path pattern; `:name` segments become parameters (percent-decoded).
 * @param {string} pattern e.g. '/dashboard/apps/:app/classes/:className'
 * @param {object} page a module with `name` and `render(main, context)`
 */
export function route(pattern, page) {
  const names = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  routes.push({ expression: new RegExp(`^${source}/?$`), names, page });
}

/** The page and parameters for a path, or `null`. */
export function match(pathname) {
  for (const { expression, names, page } of routes) {
    const found = expression.exec(pathname);
    if (!found) continue;
    const parameters = {};
    names.forEach((name, index) => {
      parameters[name] = decodeURIComponent(found[index + 1]);
    });
    return { page, parameters };
  }
  return null;
}

/** Goes to a dashboard URL (path and query) without reloading. */
export function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  onChange();
}

/** A dashboard URL from path segments (each percent-encoded) and optional query parameters. */
export function href(segments, query) {
  let url = `/dashboard/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
  if (query) {
    const text = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null)).toString();
    if (text) url += `?${text}`;
  }
  return url;
}

/**
 * Starts routing: same-origin clicks on links under /dashboard/ (not downloads, not new tabs, not modified clicks)
 * navigate in place, Back and Forward render again.
 * @param {() => void} render called for the current location
 */
export function start(render) {
  onChange = render;
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/dashboard/')) return;
    if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
    if (url.pathname.startsWith('/dashboard/api/') || url.pathname.startsWith('/dashboard/assets/')) return;
    event.preventDefault();
    navigate(url.pathname + url.search);
  });
  window.addEventListener('popstate', render);
  render();
}
