import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';

// The account's API keys area: create (shown once), list, revoke — through the pages — and the
// key then works, or is refused, on the API.
const t = await createTestApp();

const keyIn = (body: string) => /value="(lyk_[\w-]+)"/.exec(body)?.[1];

test('create a key with a name and scopes: shown once, then listed by prefix; it works on the API', async () => {
  const { browser, csrf, userId } = await t.signIn({ email: 'keys@test.example' });
  const empty = await browser.get('/account/api-keys');
  assert.equal(empty.status, 200);
  assert.match(empty.body, /You have no API keys yet/);

  const res = await browser.post('/account/api-keys', { csrf, name: 'CI deploy', scopes: ['account:read', 'listings:write'], expires: '' });
  assert.equal(res.status, 201, 'the result page itself, not a redirect');
  assert.equal(res.location, undefined);
  assert.equal(res.headers['cache-control'], 'no-store');
  const key = keyIn(res.body)!;
  assert.match(key, /^lyk_[\w-]{43}$/);
  assert.match(res.body, /only time it is shown/);
  assert.match(res.body, /account:read, listings:write/);

  const list = await browser.get('/account/api-keys');
  assert.ok(!list.body.includes(key), 'never shown again');
  assert.ok(!list.body.includes(key.slice(12)), 'not even its secret part');
  assert.match(list.body, new RegExp(`<code>${key.slice(0, 12)}…</code>`));
  assert.match(list.body, /CI deploy/);
  assert.match(list.body, /account:read, listings:write/);
  assert.match(list.body, /<td>active<\/td>/);
  assert.match(list.body, /<td>never<\/td>/, 'not used yet');

  const me = await t.get('/api/v1/me', { authorization: `Bearer ${key}` });
  assert.equal(me.status, 200);
  assert.equal(me.body.user.id, Number(userId));
  assert.deepEqual(me.body.access.scopes, ['account:read', 'listings:write']);
  // last_used_at is written after the response (off the request path): wait for it.
  let page = '';
  for (let i = 0; i < 40; i++) {
    page = (await browser.get('/account/api-keys')).body;
    if (!/<td>never<\/td>/.test(page)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.doesNotMatch(page, /<td>never<\/td>/, 'last use recorded');
});

test('revoke a key from the page: the API then answers 401, and the list says revoked', async () => {
  const { browser, csrf } = await t.signIn();
  const key = keyIn((await browser.post('/account/api-keys', { csrf, name: 'to revoke', scopes: 'account:read', expires: '' })).body)!;
  assert.equal((await t.get('/api/v1/me', { authorization: `Bearer ${key}` })).status, 200);
  const list = await browser.get('/account/api-keys');
  const action = /action="(\/account\/api-keys\/\d+\/revoke)"/.exec(list.body)![1];
  const res = await browser.post(action, { csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/account/api-keys?notice=key-revoked');
  const me = await t.get('/api/v1/me', { authorization: `Bearer ${key}` });
  assert.equal(me.status, 401);
  assert.equal(me.body.code, 'invalid_token');
  const after = await browser.get('/account/api-keys?notice=key-revoked');
  assert.match(after.body, /<td>revoked<\/td>/);
  assert.match(after.body, /The API key is revoked/);
  assert.ok(!after.body.includes(action), 'no revoke button for a revoked key');
  assert.equal((await browser.post(action, { csrf })).status, 404, 'revoking twice');
});

test("someone else's key cannot be revoked (404) and keeps working", async () => {
  const owner = await t.apiKey(['account:read']);
  const { browser, csrf } = await t.signIn();
  const res = await browser.post(`/account/api-keys/${owner.keyId}/revoke`, { csrf });
  assert.equal(res.status, 404);
  assert.equal((await t.get('/api/v1/me', owner.auth)).status, 200);
  for (const id of ['abc', '1e3', '99999999999999999999']) assert.equal((await browser.post(`/account/api-keys/${id}/revoke`, { csrf })).status, 404, id);
});

test('a chosen lifetime sets the expiry', async () => {
  const { browser, csrf, userId } = await t.signIn();
  await browser.post('/account/api-keys', { csrf, name: 'short lived', scopes: 'orders:write', expires: '30' });
  const [k] = await t.app.services.accounts.listApiKeys(userId);
  const days = (new Date(k.expires_at!).getTime() - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, String(days));
  assert.match((await browser.get('/account/api-keys')).body, /active, until/);
});

const invalid: [string, Record<string, string | string[]>, RegExp][] = [
  ['no name', { name: '  ', scopes: 'account:read', expires: '' }, /name of 1 to 100 characters/],
  ['a name over 100 characters', { name: 'n'.repeat(101), scopes: 'account:read', expires: '' }, /name of 1 to 100 characters/],
  ['no scope', { name: 'x', expires: '' }, /Choose at least one scope/],
  ['an unknown scope', { name: 'x', scopes: ['account:read', 'votes:write'], expires: '' }, /Choose among account:read, listings:write, orders:write/],
  ['an unknown lifetime', { name: 'x', scopes: 'account:read', expires: '7' }, /Choose one of the offered lifetimes/],
];
for (const [name, form, message] of invalid) {
  test(`creating a key with ${name} → 400, the form with the error, no key`, async () => {
    const { browser, csrf, userId } = await t.signIn();
    const res = await browser.post('/account/api-keys', { csrf, ...form });
    assert.equal(res.status, 400);
    assert.match(res.body, message);
    assert.match(res.body, /aria-invalid="true"/);
    assert.equal(keyIn(res.body), undefined);
    assert.deepEqual(await t.app.services.accounts.listApiKeys(userId), []);
  });
}

test('an API key cannot use the account pages: they need the site session', async () => {
  const { auth } = await t.apiKey(['account:read', 'listings:write', 'orders:write']);
  const page = await t.siteBrowser().get('/account/api-keys', auth);
  assert.equal(page.status, 303, 'sent to sign in');
  const create = await t.siteBrowser().post('/account/api-keys', { name: 'x', scopes: 'account:read', expires: '' }, auth);
  assert.equal(create.status, 403);
  assert.match(create.body, /API keys and OAuth tokens are not accepted here/);
});
