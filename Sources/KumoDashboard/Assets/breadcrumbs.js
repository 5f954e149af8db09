// The breadcrumb trail above a page's title.
import { h } from './dom.js';
import { t } from './i18n.js';

/** A breadcrumb navigation from `[label, url]` pairs; the last item is the current page (no url). */
export function breadcrumbs(items) {
  return h('nav', { class: 'breadcrumbs', 'aria-label': t('layout.breadcrumbs') },
    h('ol', {}, items.map(([label, url], index) => h('li', {},
      url && index < items.length - 1 ? h('a', { href: url, text: label }) : h('span', { 'aria-current': 'page', text: label })))));
}
