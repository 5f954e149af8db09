// The data browser's first page: an application's classes with their object counts.
import { h, append, field } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';

/** The page's name (`main[data-page]`). */
export const name = 'classes';

const standardNames = new Set(routes.standardClasses.map((standard) => standard.name));

/** Renders the class list. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  context.title(t('classes.title', { app: applicationName }));
  const { results = [] } = (await api.request(routes.classes(applicationName))) ?? {};
  if (!context.isCurrent()) return;

  const classInput = h('input', { type: 'text', name: 'className', required: true, autocomplete: 'off', pattern: '[A-Za-z][A-Za-z0-9_]*' });
  const open = h('form', { class: 'card inline-form', id: 'open-class' },
    field(t('classes.open'), classInput, t('classes.openHint')),
    h('button', { type: 'submit', text: t('classes.openButton') }));
  open.addEventListener('submit', (event) => {
    event.preventDefault();
    if (classInput.value.trim()) context.navigate(pages.objects(applicationName, classInput.value.trim()));
  });

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('classes.crumb')]]),
    h('h1', { text: t('classes.title', { app: applicationName }) }),
    results.length
      ? h('table', { class: 'grid', id: 'classes' },
        h('caption', { class: 'visually-hidden', text: t('classes.title', { app: applicationName }) }),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', text: t('classes.className') }),
          h('th', { scope: 'col', class: 'number', text: t('classes.count') }))),
        h('tbody', {}, results.map(({ className, count }) => h('tr', { dataset: { className } },
          h('th', { scope: 'row' },
            h('a', { href: pages.objects(applicationName, className), text: className }),
            standardNames.has(className) ? h('span', { class: 'badge', text: t('classes.standard') }) : null),
          h('td', { class: 'number', text: formatNumber(count ?? 0) })))))
      : h('p', { class: 'muted', text: t('classes.none') }),
    open);
}
