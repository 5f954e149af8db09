// The NCMB push body the compose page sends (docs/wire/endpoints/push.md): from the plain values of its controls to
// `{"immediateDeliveryFlag":true,"target":["ios"],"searchCondition":{…},"message":"…",…}`, with the mistakes the
// server would refuse caught first and named by field. Pure: no DOM, so the browser tests call it directly.

/** A `datetime-local` value (the admin's local time, `2026-01-31T09:00`) as an NCMB Date in UTC, or `null`. */
export function localDateTime(text) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text ?? '')) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { __type: 'Date', iso: date.toISOString() };
}

/** A JSON object from text: `{value}` (`null` for empty text), or `{error}` with the parser's words. */
export function jsonObject(text) {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { value: null };
  try {
    const value = JSON.parse(trimmed);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'notAnObject' };
    return { value };
  } catch (error) {
    return { error: 'invalidJSON', reason: error.message };
  }
}

/**
 * The push body for the compose page's values.
 * @param {object} values `title`, `message`, `target` (array), `searchCondition` (JSON text), `delivery`
 *   (`now`|`scheduled`) with `deliveryTime` (datetime-local text), `expiry` (`none`|`after`|`at`) with `expiryAmount`,
 *   `expiryUnit` (`hour`|`day`) or `expiryDate`, `badge` (`none`|`increment`|`set`) with `badgeSetting`, `sound`,
 *   `contentAvailable`, `category`, `action`, `dialog`, `richUrl`, `userSettingValue` (JSON text)
 * @param {Date} now the current time (a scheduled time must be after it)
 * @returns {{body: object, errors: {field: string, key: string, parameters?: object}[]}} the body, and errors as
 *   message keys per field (empty when the body can be sent)
 */
export function pushBody(values, now = new Date()) {
  const body = {};
  const errors = [];
  const fail = (field, key, parameters) => errors.push({ field, key, parameters });

  if (values.title?.trim()) body.title = values.title.trim();
  if (values.message?.trim()) body.message = values.message;
  if (!body.title && !body.message && !values.contentAvailable) fail('message', 'compose.error.noMessage');

  const target = (values.target ?? []).filter((platform) => platform === 'ios' || platform === 'android');
  if (target.length === 0) fail('target', 'compose.error.noTarget');
  else body.target = target;

  const condition = jsonObject(values.searchCondition);
  if (condition.error) fail('searchCondition', `compose.error.${condition.error}`, { reason: condition.reason ?? '' });
  else if (condition.value && Object.keys(condition.value).length) body.searchCondition = condition.value;

  if (values.delivery === 'scheduled') {
    const when = localDateTime(values.deliveryTime);
    if (!when) fail('deliveryTime', 'compose.error.noDeliveryTime');
    else if (Date.parse(when.iso) <= now.getTime()) fail('deliveryTime', 'compose.error.pastDeliveryTime');
    else body.deliveryTime = when;
  } else {
    body.immediateDeliveryFlag = true;
  }

  if (values.expiry === 'after') {
    const amount = Number(values.expiryAmount);
    const maximum = values.expiryUnit === 'day' ? 28 : 24;
    if (!Number.isInteger(amount) || amount < 1 || amount > maximum) fail('expiryAmount', 'compose.error.expiryAmount', { maximum });
    else body.deliveryExpirationTime = `${amount} ${values.expiryUnit === 'day' ? 'day' : 'hour'}`;
  } else if (values.expiry === 'at') {
    const when = localDateTime(values.expiryDate);
    const start = body.deliveryTime ? Date.parse(body.deliveryTime.iso) : now.getTime();
    if (!when) fail('expiryDate', 'compose.error.noExpiryDate');
    else if (Date.parse(when.iso) <= start) fail('expiryDate', 'compose.error.expiryBeforeDelivery');
    else body.deliveryExpirationDate = when;
  }

  if (values.badge === 'increment') body.badgeIncrementFlag = true;
  else if (values.badge === 'set') {
    const badge = Number(values.badgeSetting);
    if (values.badgeSetting === '' || !Number.isInteger(badge) || badge < 0) fail('badgeSetting', 'compose.error.badge');
    else {
      body.badgeIncrementFlag = false;
      body.badgeSetting = badge;
    }
  }
  if (values.sound?.trim()) body.sound = values.sound.trim();
  if (values.contentAvailable) body.contentAvailable = true;
  if (values.category?.trim()) body.category = values.category.trim();
  if (values.action?.trim()) body.action = values.action.trim();
  if (values.dialog) body.dialog = true;

  if (values.richUrl?.trim()) {
    let url = null;
    try {
      url = new URL(values.richUrl.trim());
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) fail('richUrl', 'compose.error.richUrl');
    else body.richUrl = values.richUrl.trim();
  }

  const payload = jsonObject(values.userSettingValue);
  if (payload.error) fail('userSettingValue', `compose.error.${payload.error}`, { reason: payload.reason ?? '' });
  else if (payload.value) body.userSettingValue = payload.value;

  return { body, errors };
}
