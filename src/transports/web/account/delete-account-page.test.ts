import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';

// /account/delete and the administrators' erasure page over inject: who may see and post them,
// forged posts, the POST's rate limit, and the page's words. The rules themselves are
// src/domain/accounts/account-deletion.test.ts; what an erasure leaves is erasure-scan.test.ts.

// Five posts a minute per client address on each of the two forms (RATE_LIMIT_SIGN_IN_PER_MINUTE).
const t = await createTestApp({ env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: '5' } });
const PASSWORD = 'the right long password';
let serial = 0;
/** A signed-in person from their own client address (each has its own rate budget). */
const person = () => {
  const n = ++serial;
  return t.signIn({ email: `page-${n}@delete.test`, password: PASSWORD, ip: `203.0.113.${n}` });
};
const pending = async (userId: string) =>
  (await t.db.selectFrom('users').select('deletion_due_at').where('id', '=', userId).executeTakeFirstOrThrow()).deletion_due_at !== null;

test('a visitor is sent to sign in and back; a post without a session is refused', async () => {
  const visitor = t.siteBrowser();
  const page = await visitor.get('/account/delete');
  assert.equal(page.status, 303);
  assert.equal(page.location, '/sign-in?return_to=%2Faccount%2Fdelete');
  assert.equal((await visitor.post('/account/delete', { password: PASSWORD })).status, 401);
  // The site takes no API key: a key's owner posting with it is refused, and nothing changes.
  const owner = await t.apiKey(['account:read']);
  const withKey = await t.siteBrowser().post('/account/delete', { password: PASSWORD }, owner.auth);
  assert.equal(withKey.status, 403);
  assert.equal(await pending(owner.userId), false);
});

test('the account page links to it; the page says what happens, asks for the password, and every form carries the CSRF token', async () => {
  const s = await person();
  assert.match((await s.browser.get('/account')).body, /<a href="\/account\/delete">Delete my account<\/a>/);
  const page = await s.browser.get('/account/delete');
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Delete my account · /);
  assert.match(page.body, /<link rel="canonical" href="http:\/\/localhost:3000\/account\/delete">/);
  assert.match(page.body, /<main[^>]*>/);
  assert.match(page.body, /erased 7 days later/);
  assert.match(page.body, /Signing in before then, with your password or with GitHub or Google, cancels the deletion/);
  assert.match(page.body, /Kept: paid orders and their billing details, for 10 years/);
  assert.match(page.body, /<label for="password">Your current password<\/label>/);
  assert.match(page.body, new RegExp(`<form method="post" action="/account/delete" novalidate>\\s*<input type="hidden" name="csrf" value="${s.csrf}">`));
  assert.equal(page.headers['cache-control'], 'no-store');
});

test('forged posts are refused (no token, a wrong one, another site\'s origin) and change nothing; the right token works', async () => {
  const s = await person();
  const forged: [string, Record<string, string>, Record<string, string | undefined>][] = [
    ['no token', { password: PASSWORD }, {}],
    ['a wrong token', { password: PASSWORD, csrf: 'x'.repeat(32) }, {}],
    ['the right token from another origin', { password: PASSWORD, csrf: s.csrf }, { origin: 'https://evil.example' }],
  ];
  for (const [name, form, headers] of forged) {
    const res = await s.browser.post('/account/delete', form, headers);
    assert.equal(res.status, 403, name);
    assert.match(res.body, /This form has expired or was sent from another site/);
    assert.equal(await pending(s.userId), false, name);
  }
  assert.equal((await s.browser.post('/account/delete', { password: PASSWORD, csrf: s.csrf })).status, 200);
  assert.equal(await pending(s.userId), true);
});

test('the POST has a rate limit per client address: the sixth post in a minute is 429, and changes nothing', async () => {
  const s = await person();
  for (let i = 0; i < 5; i++) assert.equal((await s.browser.post('/account/delete', { password: '', csrf: s.csrf })).status, 400);
  const sixth = await s.browser.post('/account/delete', { password: PASSWORD, csrf: s.csrf });
  assert.equal(sixth.status, 429);
  assert.equal(await pending(s.userId), false);
  // Another address keeps its own budget.
  const elsewhere = await t.signIn({ email: s.email, password: PASSWORD, ip: '198.51.100.200' });
  assert.equal((await elsewhere.browser.post('/account/delete', { password: PASSWORD, csrf: elsewhere.csrf })).status, 200);
  assert.equal(await pending(s.userId), true);
});

test('wrong passwords count as failed sign-ins: the fifth in a row from one address is refused with the wait beside the field', async () => {
  const s = await person();
  for (let i = 0; i < 4; i++) assert.equal((await s.browser.post('/account/delete', { password: `wrong guess ${i}`, csrf: s.csrf })).status, 400);
  const locked = await s.browser.post('/account/delete', { password: 'wrong guess 5', csrf: s.csrf });
  assert.equal(locked.status, 429);
  assert.match(locked.body, /<p class="field-error" id="password-error">Too many wrong passwords\. Try again in 1 minute\.<\/p>/);
  assert.equal(await pending(s.userId), false);
});

test('the e-mailed link\'s form refuses a forged post; a bad link is a clear 400 that deletes nothing', async () => {
  const s = await person();
  await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', s.userId).execute();
  assert.equal((await s.browser.post('/account/delete', { csrf: s.csrf })).status, 303);
  const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', s.email).where('subject', 'like', 'Confirm the deletion%').executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000(\/account\/delete\/confirm\?token=\S+)/.exec(mail.text_body)![1];
  const browser = t.siteBrowser({ ip: '198.51.100.201' });
  const ask = await browser.get(link);
  const token = /name="token" value="([^"]+)"/.exec(ask.body)![1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(ask.body)![1];
  for (const [form, headers] of [
    [{ token }, {}],
    [{ token, csrf: 'x'.repeat(32) }, {}],
    [{ token, csrf }, { origin: 'https://evil.example' }],
  ] as [Record<string, string>, Record<string, string>][]) {
    assert.equal((await browser.post('/account/delete/confirm', form, headers)).status, 403);
    assert.equal(await pending(s.userId), false);
  }
  const bad = await browser.post('/account/delete/confirm', { token: 'A'.repeat(43), csrf });
  assert.equal(bad.status, 400);
  assert.match(bad.body, /This link is not valid/);
  assert.equal(await pending(s.userId), false);
  assert.equal((await browser.post('/account/delete/confirm', { token, csrf })).status, 200);
  assert.equal(await pending(s.userId), true);
});

test('the administrators\' erasure page: a visitor signs in, a member gets 403 and changes nothing, an administrator sees the account', async () => {
  const target = await person();
  const member = await person();
  const admin = await t.signIn({ email: 'admin@delete.test', admin: true, ip: '203.0.113.250' });
  const url = `/admin/users/${target.userId}/erase`;
  assert.equal((await t.siteBrowser().get(url)).status, 303);
  assert.equal((await member.browser.get(url)).status, 403);
  assert.equal((await member.browser.post(url, { csrf: member.csrf, when: 'now' })).status, 403);
  assert.equal((await t.siteBrowser().post(url, { when: 'now' })).status, 401);
  assert.equal((await admin.browser.post(url, { when: 'now' })).status, 403, 'no CSRF token');
  const erased = await t.db.selectFrom('users').select('erased_at').where('id', '=', target.userId).executeTakeFirstOrThrow();
  assert.equal(erased.erased_at, null);
  const page = await admin.browser.get(url);
  assert.equal(page.status, 200);
  assert.ok(page.body.includes(target.email));
  assert.match(page.body, /<input type="radio" id="when-grace" name="when" value="after_grace" checked>/);
  const list = await admin.browser.get('/admin/users');
  assert.ok(list.body.includes(`<a href="${url}">Erase`));
  assert.equal((await admin.browser.get('/admin/users/999999999/erase')).status, 404);
});
