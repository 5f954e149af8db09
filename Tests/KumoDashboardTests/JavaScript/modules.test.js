// The web app's pure modules, run by `node --test` (DashboardScriptTests): the filter's `where` JSON, the export
// formats, the message dictionaries, the application pages' helpers and the push, scripts, import and overview helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// i18n.setLanguage sets the document's `lang`: the one piece of the DOM these modules touch.
globalThis.document = { documentElement: {} };

const assets = '../../../Sources/KumoDashboard/Assets';
const filter = await import(`${assets}/filter.js`);
const exporter = await import(`${assets}/export.js`);
const ja = await import(`${assets}/messages-ja.js`);
const en = await import(`${assets}/messages-en.js`);
const users = await import(`${assets}/page-users.js`);
const role = await import(`${assets}/page-role.js`);
const permissions = await import(`${assets}/page-class-permissions.js`);
const indexes = await import(`${assets}/page-class-indexes.js`);
const settings = await import(`${assets}/settings-form.js`);
const providers = await import(`${assets}/settings-providers.js`);
const file = await import(`${assets}/page-file.js`);
const push = await import(`${assets}/push-body.js`);
const text = await import(`${assets}/push-text.js`);
const charts = await import(`${assets}/charts.js`);
const importPage = await import(`${assets}/page-import.js`);
const deploy = await import(`${assets}/script-deploy.js`);
const i18n = await import(`${assets}/i18n.js`);
const values = await import(`${assets}/values.js`);

test('the filter writes where JSON and reads back the conditions it can show', () => {
  const where = filter.whereOf([
    { field: 'price', operator: '$gte', value: '700' },
    { field: 'price', operator: '$lt', value: '1000' },
    { field: 'name', operator: 'equalTo', value: '"42"' },
    { field: 'open', operator: 'equalTo', value: 'true' },
    { field: 'when', operator: '$gt', value: '2026-01-01T09:00:00+09:00' },
    { field: 'tag', operator: '$in', value: 'a,b,3' },
    { field: 'gone', operator: 'notExists', value: '' },
  ]);

  assert.equal(JSON.stringify(where),
    '{"price":{"$gte":700,"$lt":1000},"name":"42","open":true,"when":{"$gt":{"__type":"Date","iso":"2026-01-01T00:00:00.000Z"}},"tag":{"$in":["a","b",3]},"gone":{"$exists":false}}');
  assert.equal(JSON.stringify(filter.conditionsOf({ price: { $gte: 700 }, name: '42', tag: { $exists: true } })),
    '[{"field":"price","operator":"$gte","value":"700"},{"field":"name","operator":"equalTo","value":"\\"42\\""},{"field":"tag","operator":"$exists","value":""}]');
  assert.equal(filter.conditionsOf({ $or: [{ a: 1 }, { b: 2 }] }), null);
});

test('the CSV export quotes, flattens values and starts with a byte order mark', () => {
  const csv = exporter.toCSV(['objectId', 'name', 'when', 'tags', 'none'], [
    { objectId: 'a1', name: 'ラーメン, "醤油"', when: { __type: 'Date', iso: '2026-01-01T00:00:00.000Z' }, tags: ['x'], none: null },
  ]);

  assert.equal(csv, '\uFEFFobjectId,name,when,tags,none\r\na1,"ラーメン, ""醤油""",2026-01-01T00:00:00.000Z,"[""x""]",\r\n');
});

test('both languages have the same keys, each in one page group', () => {
  const japaneseOnly = Object.keys(ja.default).filter((key) => !(key in en.default));
  const englishOnly = Object.keys(en.default).filter((key) => !(key in ja.default));
  const merged = [Object.keys(ja.default).length, Object.keys(en.default).length];
  const grouped = [ja, en].map((module) => Object.values(module.groups).reduce((total, group) => total + Object.keys(group).length, 0));
  const groupsApart = Object.keys(en.groups).filter((name) =>
    Object.keys(en.groups[name]).some((key) => !(key in (ja.groups[name] ?? {})))
    || Object.keys(ja.groups[name] ?? {}).some((key) => !(key in en.groups[name])));

  assert.deepEqual(japaneseOnly, []);
  assert.deepEqual(englishOnly, []);
  assert.equal(merged[0], merged[1]);
  assert.ok(merged[0] > 600, `${merged}`);
  assert.deepEqual(grouped, merged);
  assert.deepEqual(groupsApart, []);
});

test('the users search, role relations, permission texts, index fields, settings changes and previews', () => {
  assert.equal(users.searchWhere(' a.b+c@example.com '),
    '{"$or":[{"userName":{"$regex":"a\\\\.b\\\\+c@example\\\\.com"}},{"mailAddress":{"$regex":"a\\\\.b\\\\+c@example\\\\.com"}}]}');
  assert.equal(users.searchWhere('  '), '');
  assert.equal(JSON.stringify(role.relationChange('belongRole', 'RemoveRelation', ['r1'])),
    '{"belongRole":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"role","objectId":"r1"}]}}');
  assert.equal(role.relatedWhere('r2', 'belongUser'),
    '{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"r2"},"key":"belongUser"}}');
  assert.deepEqual(['public', 'authenticated', 'nobody', 'role:A,role:B', 'authenticated,role:A'].map((value) => JSON.stringify(permissions.parsePermission(value))), [
    '{"choice":"public","roles":[]}', '{"choice":"authenticated","roles":[]}', '{"choice":"nobody","roles":[]}',
    '{"choice":"roles","roles":["A","B"]}', '{"choice":"authenticatedRoles","roles":["A"]}',
  ]);
  assert.deepEqual([['roles', 'A, role:B'], ['authenticatedRoles', 'A'], ['roles', ' , '], ['nobody', 'A']]
    .map(([choice, roles]) => permissions.formatPermission(choice, roles)), ['role:A,role:B', 'authenticated,role:A', '', 'nobody']);
  assert.deepEqual(indexes.fieldsList(' category , score:number ,'), ['category', 'score:number']);
  assert.equal(indexes.fieldsText([{ field: 'category', kind: 'string' }, { field: 'score', kind: 'number' }]), 'category:string, score:number');
  assert.equal(JSON.stringify(settings.changes(
    { sessions: { lifetimeSeconds: 86400, allowsMultipleSessions: false }, defaultACL: { '*': { read: true } }, mail: { templates: {} } },
    { sessions: { lifetimeSeconds: 172800, allowsMultipleSessions: false }, defaultACL: { '*': { read: true } }, mail: { templates: { passwordReset: null } } })),
  '{"sessions":{"lifetimeSeconds":172800},"mail":{"templates":{"passwordReset":null}}}');
  assert.equal(JSON.stringify(providers.optionChanges({ appId: '1', appSecret: '****' }, { appId: '2' })), '{"appId":"2","appSecret":null}');
  assert.deepEqual(['image/png', 'IMAGE/JPEG; q=1', 'image/gif', 'image/webp', 'image/svg+xml', 'text/html', ''].map((type) => file.isPreviewable(type)),
    [true, true, true, true, false, false, false]);
});

test('the push body names each mistake beside its field', () => {
  i18n.setLanguage('en');
  const now = new Date('2026-01-01T00:00:00.000Z');

  const full = push.pushBody({
    title: ' Sale ', message: 'Today only', target: ['ios', 'android'], searchCondition: '{"channels":{"$in":["news"]}}',
    delivery: 'scheduled', deliveryTime: '2026-01-02T09:30', expiry: 'after', expiryAmount: '3', expiryUnit: 'day',
    badge: 'set', badgeSetting: '5', sound: 'default', contentAvailable: true, category: '', action: '', dialog: false,
    richUrl: 'https://example.com/sale', userSettingValue: '{"id":7}',
  }, now);
  const immediate = push.pushBody({ message: 'm', target: ['android'], searchCondition: '', delivery: 'now', expiry: 'at',
    expiryDate: '2025-12-31T00:00', badge: 'increment', richUrl: 'javascript:alert(1)', userSettingValue: '' }, now);

  assert.deepEqual(full.errors, []);
  const { deliveryTime, ...rest } = full.body;
  assert.deepEqual(rest, {
    title: 'Sale', message: 'Today only', target: ['ios', 'android'], searchCondition: { channels: { $in: ['news'] } },
    deliveryExpirationTime: '3 day', badgeIncrementFlag: false, badgeSetting: 5, sound: 'default', contentAvailable: true,
    richUrl: 'https://example.com/sale', userSettingValue: { id: 7 },
  });
  assert.equal(deliveryTime.__type, 'Date');
  assert.equal(push.localDateTime('2026-01-02T09:30').iso, new Date(2026, 0, 2, 9, 30).toISOString());
  assert.equal(immediate.body.immediateDeliveryFlag, true);
  assert.equal(immediate.body.badgeIncrementFlag, true);
  assert.deepEqual(immediate.errors.map((error) => error.field), ['expiryDate', 'richUrl']);
});

test('push reasons and statuses read as sentences', () => {
  i18n.setLanguage('en');

  const reasons = [
    text.readableReason({ reasonCode: 'BadDeviceToken', reason: 'APNs: 400 BadDeviceToken (…)' }),
    text.readableReason({ reason: 'FCM: 404 UNREGISTERED: Requested entity was not found.' }),
    text.readableReason({ reason: 'expired before delivery' }),
    text.readableReason({ reasonCode: 'somethingNew', reason: 'a reason nobody mapped' }),
  ].map((reason) => [reason.code, reason.sentence.slice(0, 30), reason.detail.slice(0, 12)]);

  assert.deepEqual(reasons, [
    ['BadDeviceToken', 'The device token is not valid ', 'APNs: 400 Ba'],
    ['UNREGISTERED', 'The app was removed from the d', 'FCM: 404 UNR'],
    ['expired', 'The push expired before it cou', 'expired befo'],
    ['somethingNew', 'a reason nobody mapped', ''],
  ]);
  assert.deepEqual([0, 1, 2, 3, 4, 9].map(text.statusText), ['Scheduled', 'Delivering', 'Delivered', 'Partly failed', 'Failed', '9']);
});

test('chart scales, upload names and script names', () => {
  assert.deepEqual([charts.niceScale(0), charts.niceScale(7), charts.niceScale(130), charts.niceScale(0.9), charts.niceScale(2, 4, true)], [
    { top: 1, step: 0.25 }, { top: 8, step: 2 }, { top: 150, step: 50 }, { top: 1, step: 0.25 }, { top: 2, step: 1 },
  ]);
  assert.deepEqual([60, 360, 1440].map(charts.timeStep), [10, 60, 360]);
  assert.deepEqual([
    importPage.uploadTarget({ name: 'GameScore.json', webkitRelativePath: '' }),
    importPage.uploadTarget({ name: 'Post.json', webkitRelativePath: 'app-export/relations/Post.json' }),
    importPage.uploadTarget({ name: 'a.png', webkitRelativePath: 'app-export/files/a.png' }),
    importPage.uploadTarget({ name: 'b.png', webkitRelativePath: '' }, 'file'),
  ], [
    { kind: 'export', name: 'GameScore.json' }, { kind: 'export', name: 'relations/Post.json' },
    { kind: 'file', name: 'a.png' }, { kind: 'file', name: 'b.png' },
  ]);
  assert.deepEqual(['hello.js', 'a-b_c.1.js', 'hello', '../x.js', 'ハロー.js'].map(deploy.isScriptName), [true, true, false, false, false]);
  assert.deepEqual([deploy.lineOffset('a\nbc\nd', 1), deploy.lineOffset('a\nbc\nd', 3), deploy.lineOffset('a', 5)], [0, 5, 1]);
});

test('the class of a pointer opens the data browser under the name of the table of standard classes in routes.js', () => {
  assert.deepEqual(['user', 'role', 'installation', 'push', 'file', 'GameScore'].map(values.standardClassPath),
    ['users', 'roles', 'installations', 'push', 'file', 'GameScore']);
});

test('a push counted as sent but with no device recorded says why instead of "No device was sent to."', async () => {
  const pushPage = await import(`${assets}/page-push.js`);
  i18n.setLanguage('en');

  assert.equal(pushPage.noOutcomesText(2, '', { deliveryNumber: 2, deliveryPlanNumber: 2 }), en.default['push.outcomesNotRecorded']);
  assert.equal(pushPage.noOutcomesText(4, '', { deliveryNumber: 0, failedDevices: 1 }), en.default['push.outcomesNotRecorded']);
  assert.equal(pushPage.noOutcomesText(2, '', { deliveryNumber: 0, deliveryPlanNumber: 0 }), en.default['push.noOutcomes']);
  assert.equal(pushPage.noOutcomesText(0, '', { deliveryNumber: 0 }), en.default['push.notSentYet']);
  assert.equal(pushPage.noOutcomesText(2, 'failed', { deliveryNumber: 2 }), en.default['push.noOutcomeMatch']);
});
