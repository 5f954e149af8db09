// Installations of an application: the data browser's grid of the `installations` class (filter, sorting, paging,
// bulk delete, export) under its own URL; a row opens the object editor, which edits and deletes it.
import { t } from './i18n.js';
import { renderGrid } from './page-objects.js';
import * as pages from './pages.js';

/** The page's name (`main[data-page]`). */
export const name = 'installations';

/** Renders the installations grid. */
export function render(main, context) {
  const applicationName = context.parameters.app;
  return renderGrid(main, { ...context, parameters: { app: applicationName, className: 'installations' } }, {
    link: (query) => pages.installations(applicationName, query),
    crumbs: [[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)]],
    heading: t('installations.title'),
  });
}
