// One user: the actions an administrator takes for a user (send the password-reset mail, end the user's sessions)
// above the object editor of page-object.js (fields, password, ACL, save, delete).
import { h } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { renderObject } from './page-object.js';
import { usersCrumbs } from './page-users.js';

/** The page's name (`main[data-page]`). */
export const name = 'user';

function actions(applicationName, user, context) {
  const run = async (button, call, success) => {
    context.clearStatus();
    button.disabled = true;
    try {
      await call();
      context.status('success', success);
    } catch (error) {
      context.status('error', api.describeError(error));
    } finally {
      button.disabled = false;
    }
  };
  const mailAddress = typeof user.mailAddress === 'string' ? user.mailAddress : '';
  const reset = h('button', { type: 'button', class: 'secondary', id: 'send-password-reset', disabled: !mailAddress, text: t('user.sendReset') });
  reset.addEventListener('click', () => run(reset,
    () => api.request(routes.passwordReset(applicationName, user.objectId)),
    t('user.resetSent', { mailAddress })));
  const endSessions = h('button', { type: 'button', class: 'secondary', id: 'end-sessions', text: t('user.endSessions') });
  endSessions.addEventListener('click', async () => {
    if (!(await context.confirm(t('user.confirmEndSessions', { name: user.userName ?? user.objectId }), { confirmLabel: t('user.endSessions') }))) return;
    await run(endSessions, () => api.request(routes.endSessions(applicationName, user.objectId)), t('user.sessionsEnded'));
  });
  return h('section', { class: 'card', id: 'user-actions', 'aria-labelledby': 'user-actions-title' },
    h('h2', { id: 'user-actions-title', text: t('user.actions') }),
    h('div', { class: 'actions' }, reset, endSessions),
    mailAddress ? null : h('p', { class: 'hint', text: t('user.noMailAddress') }),
    h('p', { class: 'hint', text: t('user.passwordHint') }));
}

/** Renders the user page. */
export function render(main, context) {
  const { app: applicationName, objectId } = context.parameters;
  return renderObject(main, { ...context, parameters: { app: applicationName, className: 'users', objectId } }, {
    crumbs: usersCrumbs(applicationName),
    listHref: pages.users(applicationName),
    heading: (user) => (typeof user?.userName === 'string' && user.userName ? user.userName : null),
    lead: (user) => actions(applicationName, { ...user, objectId }, context),
  });
}
