// Composing a push: who receives it (platforms and a searchCondition over installations, built with the data
// browser's filter or written as JSON, with a count of the installations it reaches now), what it says, when it is
// sent and until when, and the platform options. The body is built by push-body.js and sent as an NCMB push create.
import { h, append, field, uniqueId } from './dom.js';
import { t, formatNumber } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { createFilter } from './filter.js';
import { columnsOf } from './page-objects.js';
import { pushBody, jsonObject } from './push-body.js';

/** The page's name (`main[data-page]`). */
export const name = 'push-new';

/** The installation fields NCMB defines, suggested by the condition builder before any custom field. */
const installationFields = ['deviceType', 'deviceToken', 'channels', 'badge', 'appVersion', 'applicationName', 'sdkVersion', 'timeZone'];

/** A group of radio buttons in a fieldset; returns the fieldset with `value()` reading the chosen one. */
function radios(legend, groupName, options, chosen) {
  const inputs = options.map(([value, label]) => {
    const input = h('input', { type: 'radio', name: groupName, value, id: uniqueId(groupName), checked: value === chosen });
    return [input, h('label', { for: input.id, class: 'choice' }, input, ` ${label}`)];
  });
  const fieldset = h('fieldset', { class: 'choices', dataset: { group: groupName } }, h('legend', { text: legend }), inputs.map(([, label]) => label));
  fieldset.value = () => inputs.find(([input]) => input.checked)?.[0].value ?? chosen;
  fieldset.onChoice = (listener) => inputs.forEach(([input]) => input.addEventListener('change', listener));
  return fieldset;
}

function checkbox(label, controlName, checked = false, value = null) {
  const input = h('input', { type: 'checkbox', name: controlName, value, id: uniqueId(controlName), checked });
  return { input, element: h('label', { for: input.id, class: 'choice' }, input, ` ${label}`) };
}

/** The admin's offset from UTC as `UTC+09:00`, for the hints of the local date inputs. */
function utcOffset() {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const absolute = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * A warning for each platform the application has no credentials for (`settings.push.apns`, `.fcm` are `null`): its
 * devices would be counted as recipients but receive nothing. `null` when both are there.
 */
export function credentialsWarning(applicationName, push) {
  const missing = [push?.apns ? null : 'compose.noAPNs', push?.fcm ? null : 'compose.noFCM'].filter(Boolean);
  if (!missing.length) return null;
  return h('div', { class: 'warning', id: 'push-credentials-warning', role: 'note', dataset: { missing: missing.join(' ') } },
    missing.map((key) => h('p', { text: t(key) })),
    h('p', {}, h('a', { href: pages.settings(applicationName), text: t('compose.addCredentials') })));
}

/** Renders the compose page. */
export async function render(main, context) {
  const applicationName = context.parameters.app;
  context.title(t('compose.title'));
  const installations = routes.findObjects(applicationName, 'installations');
  const [sample, settings] = await Promise.all([
    api.request(installations, { query: { limit: 50 } }), api.request(routes.settings(applicationName)),
  ]);
  if (!context.isCurrent()) return;
  const fields = [...new Set([...installationFields, ...columnsOf(sample?.results ?? [])])]
    .filter((key) => !['objectId', 'createDate', 'updateDate', 'acl'].includes(key));

  // Recipients: platforms and the searchCondition (the filter form is its own <form>, so it sits outside the main one).
  const ios = checkbox('iOS', 'target', true, 'ios');
  const android = checkbox('Android', 'target', true, 'android');
  const targets = () => [ios.input.checked && 'ios', android.input.checked && 'android'].filter(Boolean);
  const audience = h('p', { id: 'push-audience', class: 'hint', 'aria-live': 'polite' });
  const countAudience = async (conditionText) => {
    const condition = jsonObject(conditionText);
    if (condition.error) return;
    const where = { ...(condition.value ?? {}) };
    if (!('deviceType' in where) && targets().length) where.deviceType = { $in: targets() };
    try {
      const answer = await api.request(installations, { query: { where: JSON.stringify(where), limit: 0, count: 1 } });
      audience.textContent = t('compose.audience', { count: formatNumber(answer?.count ?? 0) });
      audience.dataset.count = String(answer?.count ?? 0);
    } catch (error) {
      audience.textContent = api.describeError(error);
    }
  };
  const filter = createFilter({ where: '', fields, onApply: countAudience });
  const conditionText = () => filter.querySelector('textarea[name="where"]').value;
  for (const box of [ios.input, android.input]) box.addEventListener('change', () => countAudience(conditionText()));

  // Content, delivery, expiry, options.
  const title = h('input', { type: 'text', name: 'title', autocomplete: 'off' });
  const message = h('textarea', { name: 'message', rows: 3 });
  const delivery = radios(t('compose.delivery'), 'delivery', [['now', t('compose.deliverNow')], ['scheduled', t('compose.deliverAt')]], 'now');
  const deliveryTime = h('input', { type: 'datetime-local', name: 'deliveryTime', step: 60 });
  const expiry = radios(t('compose.expiry'), 'expiry', [['none', t('compose.expiryNone')], ['after', t('compose.expiryAfter')], ['at', t('compose.expiryAt')]], 'none');
  const expiryAmount = h('input', { type: 'number', name: 'expiryAmount', min: 1, max: 28, value: '1' });
  const expiryUnit = h('select', { name: 'expiryUnit' }, h('option', { value: 'hour', text: t('compose.hours') }), h('option', { value: 'day', text: t('compose.days') }));
  const expiryDate = h('input', { type: 'datetime-local', name: 'expiryDate', step: 60 });
  const badge = radios(t('compose.badge'), 'badge', [['none', t('compose.badgeNone')], ['increment', t('compose.badgeIncrement')], ['set', t('compose.badgeSet')]], 'none');
  const badgeSetting = h('input', { type: 'number', name: 'badgeSetting', min: 0, value: '1' });
  const sound = h('input', { type: 'text', name: 'sound', autocomplete: 'off', placeholder: 'default' });
  const contentAvailable = checkbox(t('compose.contentAvailable'), 'contentAvailable');
  const category = h('input', { type: 'text', name: 'category', autocomplete: 'off' });
  const action = h('input', { type: 'text', name: 'action', autocomplete: 'off' });
  const dialog = checkbox(t('compose.dialog'), 'dialog');
  const richUrl = h('input', { type: 'url', name: 'richUrl', autocomplete: 'off', placeholder: 'https://' });
  const userSettingValue = h('textarea', { name: 'userSettingValue', rows: 3, class: 'code', spellcheck: 'false', placeholder: '{"key":"value"}' });

  const timeField = field(t('compose.deliveryTime'), deliveryTime, t('compose.localTime', { offset: utcOffset() }));
  const afterField = h('div', { class: 'pair' }, field(t('compose.expiryAmount'), expiryAmount), field(t('compose.expiryUnit'), expiryUnit));
  const atField = field(t('compose.expiryDate'), expiryDate, t('compose.localTime', { offset: utcOffset() }));
  const badgeField = field(t('compose.badgeSetting'), badgeSetting);
  const showChosen = () => {
    timeField.hidden = delivery.value() !== 'scheduled';
    afterField.hidden = expiry.value() !== 'after';
    atField.hidden = expiry.value() !== 'at';
    badgeField.hidden = badge.value() !== 'set';
  };
  delivery.onChoice(showChosen);
  expiry.onChoice(showChosen);
  badge.onChoice(showChosen);
  showChosen();

  // Errors are shown beside their control; `controls` names the control of each field of push-body.js.
  const labels = {
    message: 'compose.message', target: 'compose.target', searchCondition: 'compose.condition', deliveryTime: 'compose.deliveryTime',
    expiryAmount: 'compose.expiryAmount', expiryDate: 'compose.expiryDate', badgeSetting: 'compose.badgeSetting', richUrl: 'compose.richUrl',
    userSettingValue: 'compose.userSettingValue',
  };
  const controls = { message, target: ios.input, searchCondition: filter.querySelector('textarea[name="where"]'), deliveryTime, expiryAmount, expiryDate, badgeSetting, richUrl, userSettingValue };
  const errorList = h('ul', { class: 'error', id: 'compose-errors', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', id: 'send-push', text: t('compose.send') });
  const form = h('form', { id: 'push-form', novalidate: true },
    h('section', { class: 'card', 'aria-labelledby': 'content-title' },
      h('h2', { id: 'content-title', text: t('compose.content') }),
      field(t('compose.pushTitle'), title), field(t('compose.message'), message)),
    h('section', { class: 'card', 'aria-labelledby': 'schedule-title' },
      h('h2', { id: 'schedule-title', text: t('compose.schedule') }),
      delivery, timeField, expiry, afterField, atField),
    h('section', { class: 'card', 'aria-labelledby': 'options-title' },
      h('h2', { id: 'options-title', text: t('compose.options') }),
      h('div', { class: 'columns' },
        h('fieldset', {}, h('legend', { text: t('compose.iosOptions') }), badge, badgeField, field(t('compose.sound'), sound), contentAvailable.element, field(t('compose.category'), category)),
        h('fieldset', {}, h('legend', { text: t('compose.androidOptions') }), field(t('compose.action'), action, t('compose.actionHint')), dialog.element)),
      field(t('compose.richUrl'), richUrl, t('compose.richUrlHint')),
      field(t('compose.userSettingValue'), userSettingValue, t('compose.userSettingValueHint'))),
    errorList,
    h('div', { class: 'actions' }, submit, h('a', { class: 'button secondary', href: pages.pushes(applicationName), text: t('common.cancel') })));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const control of Object.values(controls)) control.removeAttribute('aria-invalid');
    const { body, errors } = pushBody({
      title: title.value, message: message.value, target: targets(), searchCondition: conditionText(),
      delivery: delivery.value(), deliveryTime: deliveryTime.value,
      expiry: expiry.value(), expiryAmount: expiryAmount.value, expiryUnit: expiryUnit.value, expiryDate: expiryDate.value,
      badge: badge.value(), badgeSetting: badgeSetting.value, sound: sound.value, contentAvailable: contentAvailable.input.checked,
      category: category.value, action: action.value, dialog: dialog.input.checked, richUrl: richUrl.value, userSettingValue: userSettingValue.value,
    });
    errorList.replaceChildren(...errors.map(({ field: name, key, parameters }) => h('li', { dataset: { field: name }, text: `${t(labels[name])}: ${t(key, parameters)}` })));
    errorList.hidden = errors.length === 0;
    if (errors.length) {
      for (const { field: name } of errors) controls[name]?.setAttribute('aria-invalid', 'true');
      controls[errors[0].field]?.focus();
      return;
    }
    await context.submit(submit, async () => {
      const created = await api.request(routes.createObject(applicationName, 'push'), { body });
      context.navigate(pages.push(applicationName, created.objectId), {
        statusMessage: { kind: 'success', message: t('compose.created', { objectId: created.objectId }) },
      });
    });
  });

  append(main,
    breadcrumbs([[t('apps.title'), pages.applications()], [applicationName, pages.application(applicationName)], [t('push.title'), pages.pushes(applicationName)], [t('compose.crumb')]]),
    h('h1', { text: t('compose.title') }),
    credentialsWarning(applicationName, settings?.push),
    h('section', { class: 'card', 'aria-labelledby': 'recipients-title', id: 'push-recipients' },
      h('h2', { id: 'recipients-title', text: t('compose.recipients') }),
      h('fieldset', { class: 'choices' }, h('legend', { text: t('compose.target') }), ios.element, android.element),
      h('p', { class: 'hint', text: t('compose.conditionHint') }),
      filter, audience),
    form);
  countAudience('');
}
