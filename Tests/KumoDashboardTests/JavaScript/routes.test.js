// The web app's routes (DashboardScriptTests runs this with `node --test`): the API's builders of routes.js (generated
// from the server's declarations) and the pages of pages.js are the only places the app spells a path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const assets = new URL('../../../Sources/KumoDashboard/Assets/', import.meta.url);
const routes = await import(new URL('routes.js', assets));
const pages = await import(new URL('pages.js', assets));
const router = await import(new URL('router.js', assets));
const api = await import(new URL('api.js', assets));

test('a route builder percent-encodes each segment and names what the route reads', () => {
  const route = routes.findObjects('ラーメン app', 'Shop/1');

  assert.deepEqual({ ...route }, {
    method: 'GET', path: '/dashboard/api/apps/%E3%83%A9%E3%83%BC%E3%83%A1%E3%83%B3%20app/classes/Shop%2F1/objects', query: null,
  });
  assert.deepEqual({ ...routes.uploadImportExport('a', 'job1', 'relations/Post.json') }, {
    method: 'PUT', path: '/dashboard/api/apps/a/imports/job1/exports/relations%2FPost.json', query: [],
  });
  assert.deepEqual(routes.audit().query, ['limit', 'before']);
  assert.equal(routes.updateScript('a', 'hello.js').method, 'PATCH');
  assert.equal(routes.loginPage().path, '/dashboard/login');
});

test('a URL carries the query items its route reads, leaves empty ones out and refuses others', () => {
  assert.equal(api.url(routes.audit(), { limit: 50, before: '' }), '/dashboard/api/audit?limit=50');
  assert.equal(api.url(routes.exportApplication('a'), { classes: 'A,B', includeSecrets: '1' }),
    '/dashboard/api/apps/a/export?classes=A%2CB&includeSecrets=1');
  assert.equal(api.url(routes.findFiles('a'), { where: '{"fileName":"x y"}', limit: 1 }),
    '/dashboard/api/apps/a/files?where=%7B%22fileName%22%3A%22x+y%22%7D&limit=1');
  assert.equal(api.url(routes.session()), '/dashboard/api/session');
  assert.throws(() => api.url(routes.audit(), { skip: 10 }), /reads no query item skip/);
  assert.throws(() => api.url(routes.classes('a'), { limit: 1 }), /reads no query item limit/);
});

test('every page builds links its own pattern routes back, parameters decoded', () => {
  const declared = Object.entries(pages);
  for (const [name, page] of declared) router.route(page.pattern, { name });
  const samples = ['app 1', 'Shop/1', 'ラーメン', 'a%b', 'last'];

  for (const [name, page] of declared) {
    const names = page.pattern.split('/').filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
    const link = page(...samples.slice(0, names.length), { where: '{"a":1}', skip: '' });
    const [path, query] = link.split('?');
    const found = router.match(path);

    assert.equal(found?.page.name, name, link);
    assert.deepEqual(found.parameters, Object.fromEntries(names.map((parameter, index) => [parameter, samples[index]])));
    assert.equal(query, 'where=%7B%22a%22%3A1%7D');
  }
  assert.equal(pages.home(), '/dashboard/');
  assert.equal(pages.objects('a', 'users', { where: '', limit: '' }), '/dashboard/apps/a/classes/users');
  assert.throws(() => pages.object('a', 'Shop'), /needs objectId/);
});

test('no module but routes.js, pages.js and router.js spells a dashboard path', () => {
  const spelled = [];
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    if (['routes.js', 'pages.js', 'router.js'].includes(file)) continue;
    const code = readFileSync(new URL(file, assets), 'utf8').split('\n').filter((line) => !line.trim().startsWith('//'));
    code.forEach((line, index) => {
      if (/['"`]\/dashboard|href\(\[|api\.(request|upload)\('/.test(line)) spelled.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }

  assert.deepEqual(spelled, []);
});
