// A pager for lists whose view lives in the URL (users, roles, files): Previous, the range shown, Next.
import { h } from './dom.js';
import { t, formatNumber } from './i18n.js';

/**
 * The pager's navigation.
 * @param {{skip: number, limit: number, shown: number, count: number, hrefFor: (skip: number) => string}} view
 *   `shown` objects of `count` are on the page, starting at `skip`; `hrefFor(skip)` is the URL of another page.
 */
export function pager({ skip, limit, shown, count, hrefFor }) {
  const first = shown ? skip + 1 : 0;
  const last = skip + shown;
  return h('nav', { class: 'pager', 'aria-label': t('objects.paging') },
    h('a', { class: 'button secondary', id: 'previous-page', href: skip > 0 ? hrefFor(Math.max(0, skip - limit)) : null, 'aria-disabled': skip > 0 ? null : 'true', text: t('objects.previous') }),
    h('span', { id: 'range', text: t('objects.range', { first: formatNumber(first), last: formatNumber(last), count: formatNumber(count) }) }),
    h('a', { class: 'button secondary', id: 'next-page', href: last < count ? hrefFor(last) : null, 'aria-disabled': last < count ? null : 'true', text: t('objects.next') }));
}

/** The `skip` of a URL query: a whole number, 0 when missing or malformed. */
export function skipOf(query) {
  return Math.max(0, Number.parseInt(query.get('skip') ?? '0', 10) || 0);
}
