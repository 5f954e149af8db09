// Words for pushes: a push's `status` number in words, and a device's failure reason as a sentence in the chosen
// language. NCMB answered failed pushes with an empty `{}`; Kumo records the platform's reason (APNs `BadDeviceToken`,
// FCM `UNREGISTERED`, …, docs/wire/endpoints/push.md), and this module turns the known ones into sentences.
import { h } from './dom.js';
import { t } from './i18n.js';

/** The push statuses Kumo records (PushStatus in KumoSeams), in order. */
export const statuses = [0, 1, 2, 3, 4];

/** A status number in words ("Scheduled", "Delivered", …); an unknown number as itself. */
export function statusText(status) {
  return statuses.includes(status) ? t(`push.status.${status}`) : String(status ?? '');
}

/** A status badge: the words, with `data-status` for styles and tests. */
export function statusBadge(status) {
  return h('span', { class: 'push-status', dataset: { status: String(status ?? '') }, text: statusText(status) });
}

/**
 * The reason codes the dictionaries explain (`push.reason.<code>`), matched as words in the server's text when the
 * outcome does not carry a code of its own. APNs spells its reasons in CamelCase, FCM in UPPER_CASE.
 */
const knownCodes = [
  'BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'ExpiredToken', 'PayloadTooLarge', 'TooManyRequests',
  'InvalidProviderToken', 'ExpiredProviderToken', 'MissingProviderToken', 'TopicDisallowed', 'BadTopic',
  'UNREGISTERED', 'INVALID_ARGUMENT', 'SENDER_ID_MISMATCH', 'QUOTA_EXCEEDED', 'UNAVAILABLE', 'INTERNAL',
  'THIRD_PARTY_AUTH_ERROR',
];

/**
 * The code of a reason: the outcome's `reasonCode` (docs/dashboard.md, push outcomes) when the server sends one, else
 * a known code named in its text (the push's own `error.reasons` carry only the text).
 */
export function reasonCode(outcome) {
  if (outcome?.reasonCode) return outcome.reasonCode;
  const text = outcome?.reason ?? '';
  if (/expired before delivery/i.test(text)) return 'expired';
  const words = text.match(/[A-Za-z_]+/g) ?? [];
  const found = knownCodes.find((code) => words.includes(code));
  if (found) return found;
  if (/unreachable/i.test(text)) return 'unreachable';
  return '';
}

/**
 * A device's reason as a sentence in the current language, or the server's own text when the reason is not one the
 * dictionaries know. Returns `{sentence, code, detail}`: `detail` is the server's text, shown beside the sentence.
 */
export function readableReason(outcome) {
  const code = reasonCode(outcome);
  const detail = outcome?.reason ?? '';
  const key = `push.reason.${code}`;
  const sentence = code && t(key) !== key ? t(key) : detail;
  return { sentence, code, detail: sentence === detail ? '' : detail };
}

/** Words for a push's target list (`["ios","android"]` → "iOS, Android"; none → every device). */
export function targetText(target) {
  if (!Array.isArray(target) || target.length === 0) return t('push.targetAll');
  return target.map((platform) => (platform === 'ios' ? 'iOS' : platform === 'android' ? 'Android' : platform)).join(', ');
}

/** The outcomes a device can have (docs/dashboard.md, push outcomes). */
export const outcomes = ['delivered', 'failed', 'retrying'];

/** A device's outcome in words, with `data-outcome` for styles and tests. */
export function outcomeBadge(outcome) {
  return h('span', { class: 'push-outcome', dataset: { outcome: outcome ?? '' }, text: outcomes.includes(outcome) ? t(`push.outcome.${outcome}`) : String(outcome ?? '') });
}
