import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import type { Actor } from '../../../domain/actor.ts';
import type { EmailKind } from '../../../store/schema.ts';

// The e-mail switches of /account/email and the one-click unsubscribe link of the mails people
// can switch off (RFC 8058): a GET only asks, the POST works from a mail client with no session.
const t = await createTestApp();
const prefs = t.app.services.emailPreferences;
const PUBLIC_URL = 'http://localhost:3000';

const switches = async (userId: string) => Object.fromEntries((await prefs.of(userId)).map((k) => [k.kind, k.enabled]));
const ALL_ON = { comments: true, replies: true, updates: true, followed_live: true, followed_award: true };
const prefRows = async () => (await sql<{ n: number }>`select count(*)::int as n from email_preferences`.execute(t.db)).rows[0].n;
/** The link's path (what a mail carries after the public URL). */
const linkOf = async (userId: string, kind: EmailKind) => (await prefs.unsubscribeUrl(userId, kind)).slice(PUBLIC_URL.length);
/** The boxes the page shows checked, by kind. */
const checkedOn = (page: string) => [...page.matchAll(/name="on" value="(\w+)"[^>]*?( checked)?>/g)].filter((m) => m[2]).map((m) => m[1]).sort();

/** A confirmed account two days old: the new-account limits of comments do not apply. */
async function seasoned(email?: string) {
  const id = await t.fx.user({ email });
  await t.db.updateTable('users').set({ email_verified_at: new Date(), created_at: new Date(Date.now() - 2 * 86_400_000) }).where('id', '=', id).execute();
  return id;
}
const actor = (userId: string): Actor => ({ kind: 'user', via: 'session', userId, scopes: [], ip: '203.0.113.1' }) as unknown as Actor;
const mailsTo = async (email: string) => t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).execute();

test('signed out, /account/email sends the browser to sign in and back', async () => {
  const res = await t.siteBrowser().get('/account/email');
  assert.equal(res.status, 303);
  assert.equal(res.location, '/sign-in?return_to=%2Faccount%2Femail');
});

test('the account page links to the e-mail preferences; the page shows one labelled switch per kind, all on at first', async () => {
  const s = await t.signIn();
  assert.match((await s.browser.get('/account')).body, /<a href="\/account\/email">E-mail preferences<\/a>/);
  const page = await s.browser.get('/account/email');
  assert.equal(page.status, 200);
  assert.deepEqual(checkedOn(page.body), ['comments', 'followed_award', 'followed_live', 'replies', 'updates']);
  for (const label of ['New comments on my listings', 'Replies to my comments', 'Updates from listings I follow', 'Listings I follow going live', 'Listings I follow winning an award']) assert.match(page.body, new RegExp(`checked> ${label}</label>`));
  assert.match(page.body, /<p class="hint" id="email-followed_live-hint">On the Monday of their launch week: one mail naming every listing you follow that went live\.<\/p>/);
  assert.match(page.body, /aria-describedby="email-comments-hint"/);
  assert.match(page.body, /<p class="hint" id="email-comments-hint">At most one mail per listing every 15 minutes/);
  assert.match(page.body, /signing in, confirming your address, claims and orders are always sent/);
});

const saves: [string, EmailKind[], Record<EmailKind, boolean>][] = [
  ['every box unchecked: all off', [], { comments: false, replies: false, updates: false, followed_live: false, followed_award: false }],
  ['only comments checked', ['comments'], { comments: true, replies: false, updates: false, followed_live: false, followed_award: false }],
  ['replies and updates checked', ['replies', 'updates'], { comments: false, replies: true, updates: true, followed_live: false, followed_award: false }],
  ['the follow mails checked', ['followed_live', 'followed_award'], { comments: false, replies: false, updates: false, followed_live: true, followed_award: true }],
  ['every box checked: all on again', ['comments', 'replies', 'updates', 'followed_live', 'followed_award'], ALL_ON],
];
test('saving the preferences: an unchecked box is off, all switches at once', async (tt) => {
  const s = await t.signIn();
  for (const [name, on, expected] of saves) {
    await tt.test(name, async () => {
      const res = await s.browser.post('/account/email', { csrf: s.csrf, on });
      assert.equal(res.status, 303);
      assert.equal(res.location, '/account/email?notice=saved');
      assert.deepEqual(await switches(s.userId), expected);
      const page = await s.browser.get(res.location!);
      assert.match(page.body, /<p class="notice" role="status">Saved\.<\/p>/);
      assert.deepEqual(checkedOn(page.body), on.toSorted());
    });
  }
});

const refused: [string, (csrf: string) => Record<string, string | string[]>, Record<string, string | undefined>, number][] = [
  ['no CSRF token', () => ({ on: [] }), {}, 403],
  ['a wrong CSRF token', () => ({ csrf: 'x'.repeat(32), on: [] }), {}, 403],
  ['the right token from another origin', (csrf) => ({ csrf, on: [] }), { origin: 'https://evil.example' }, 403],
  ['an unknown kind of mail', (csrf) => ({ csrf, on: ['comments', 'newsletter'] }), {}, 400],
];
test('a post to /account/email without its CSRF token, or naming an unknown kind, is refused and changes nothing', async (tt) => {
  const s = await t.signIn();
  for (const [name, form, headers, status] of refused) {
    await tt.test(name, async () => {
      const res = await s.browser.post('/account/email', form(s.csrf), headers);
      assert.equal(res.status, status);
      assert.deepEqual(await switches(s.userId), ALL_ON);
    });
  }
  assert.equal((await t.siteBrowser().post('/account/email', { on: [] })).status, 401, 'signed out');
});

test('the unsubscribe link: its GET only asks (a mail scanner changes nothing), with a form posting to the same link', async () => {
  const user = await seasoned();
  const link = await linkOf(user, 'comments');
  const rows = await prefRows();
  for (let i = 0; i < 3; i++) {
    const page = await t.siteBrowser().get(link);
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Stop mails about new comments on my listings\?<\/h1>/);
    assert.match(page.body, new RegExp(`<form method="post" action="${link}"><button type="submit">`));
    assert.doesNotMatch(page.body, /name="csrf"/, 'the link is the credential');
  }
  assert.deepEqual(await switches(user), ALL_ON);
  assert.equal(await prefRows(), rows);
});

test('RFC 8058 one-click: a POST with List-Unsubscribe=One-Click, no cookie, from another origin switches the kind off; the next mail of that kind is not sent', async () => {
  const ownerEmail = 'one-click-owner@test.example';
  const owner = await seasoned(ownerEmail);
  const visitor = await seasoned();
  await t.fx.listing({ slug: 'one-click-first', owner_id: owner });
  await t.fx.listing({ slug: 'one-click-second', owner_id: owner });
  // Before: a comment mails the maker, with the link in its headers.
  await t.app.services.discussions.post(actor(visitor), 'one-click-first', { body: 'Nice work on this.' });
  await t.jobsIdle();
  const [mail] = await mailsTo(ownerEmail);
  assert.ok(mail, 'the maker was mailed before unsubscribing');
  assert.equal(mail.headers['List-Unsubscribe'], `<${PUBLIC_URL}${await linkOf(owner, 'comments')}>`);

  const link = mail.headers['List-Unsubscribe'].slice(1 + PUBLIC_URL.length, -1);
  const client = t.siteBrowser({ ip: '198.51.100.20' });
  const res = await client.post(link, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example', 'user-agent': 'MailClient/1.0' });
  assert.equal(res.status, 200, res.body.slice(0, 300));
  assert.match(res.body, /You will no longer get mails about new comments on my listings\. Change this any time on your <a href="\/account\/email">e-mail preferences page<\/a>\./);
  assert.deepEqual(await switches(owner), { ...ALL_ON, comments: false });
  assert.equal(client.jar.size, 0, 'no cookie needed, none set');
  // The site's per-IP rate limit counts it, like every site route.
  assert.equal(res.headers['ratelimit-limit'], '100000');
  const again = await client.post(link, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' });
  assert.equal(again.status, 200, 'a repeated click is fine');
  assert.equal(Number(again.headers['ratelimit-remaining']), Number(res.headers['ratelimit-remaining']) - 1);

  await t.app.services.discussions.post(actor(visitor), 'one-click-second', { body: 'Another good one.' });
  await t.jobsIdle();
  assert.equal((await mailsTo(ownerEmail)).length, 1, 'no mail about the second listing');
});

test('the one-click POST also takes multipart/form-data (RFC 8058 prefers it) and an empty body', async () => {
  const user = await seasoned();
  const replies = await linkOf(user, 'replies');
  const boundary = 'x-boundary-8058';
  const multipart = await t.app.http.inject({
    method: 'POST',
    url: replies,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.example' },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
  });
  assert.equal(multipart.statusCode, 200, multipart.body.slice(0, 300));
  const empty = await t.app.http.inject({ method: 'POST', url: await linkOf(user, 'updates') });
  assert.equal(empty.statusCode, 200, empty.body.slice(0, 300));
  assert.deepEqual(await switches(user), { ...ALL_ON, replies: false, updates: false });
});

test('a link that is not valid → 404 with the way to the preferences page, on GET and POST; nothing changes', async (tt) => {
  const me = await seasoned();
  const other = await seasoned();
  const mine = await linkOf(me, 'comments');
  const token = mine.split('/').at(-1)!;
  const flipped = (token[5] === 'A' ? 'B' : 'A');
  const cases: [string, string][] = [
    ['a tampered token', `/unsubscribe/comments/${me}/${token.slice(0, 5)}${flipped}${token.slice(6)}`],
    ["another user's id with my token", `/unsubscribe/comments/${other}/${token}`],
    ['my token for another kind', `/unsubscribe/replies/${me}/${token}`],
    ['an unknown kind', `/unsubscribe/newsletter/${me}/${token}`],
    ['a cut-off token', `/unsubscribe/comments/${me}/${token.slice(0, 20)}`],
    ['a user id that is not a number', `/unsubscribe/comments/1e3/${token}`],
    ['a good token of a user that does not exist', await linkOf('999999999', 'comments')],
  ];
  const rows = await prefRows();
  for (const [name, url] of cases) {
    await tt.test(name, async () => {
      for (const res of [await t.siteBrowser().get(url), await t.siteBrowser().post(url, { 'List-Unsubscribe': 'One-Click' }, { origin: 'https://mail.example' })]) {
        assert.equal(res.status, 404);
        assert.match(res.body, /This unsubscribe link is not valid/);
        assert.match(res.body, /<a href="\/account\/email">e-mail preferences page<\/a>/);
      }
      assert.equal(await prefRows(), rows);
    });
  }
  assert.deepEqual([await switches(me), await switches(other)], [ALL_ON, ALL_ON]);
});

test("the admin outbox shows a mail's List-Unsubscribe headers", async () => {
  const admin = await t.signIn({ admin: true });
  const page = await admin.browser.get('/admin/outbox');
  assert.equal(page.status, 200);
  const link = await linkOf((await t.db.selectFrom('users').select('id').where('email', '=', 'one-click-owner@test.example').executeTakeFirstOrThrow()).id, 'comments');
  assert.ok(page.body.includes(`<dt>List-Unsubscribe</dt><dd><code>&lt;${PUBLIC_URL}${link}&gt;</code></dd>`), 'the link header');
  assert.match(page.body, /<dt>List-Unsubscribe-Post<\/dt><dd><code>List-Unsubscribe=One-Click<\/code><\/dd>/);
});
