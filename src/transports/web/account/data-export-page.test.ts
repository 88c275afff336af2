import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import * as cheerio from 'cheerio';
import { unzipSync, strFromU8 } from 'fflate';
import { createTestApp } from '../../../testing/harness.ts';

// /account/data over inject: the page in each state, "Prepare my data" (CSRF, once an hour), the
// download for its own signed-in person only (another account's link 404, an expired one 410, a
// visitor sent to sign in), and the stored file never reachable through the public /media/* route.
let clock = new Date('2026-04-06T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const alice = await t.signIn({ email: 'alice@data-page.test', name: 'Alice' });
const bob = await t.signIn({ email: 'bob@data-page.test', name: 'Bob' });
await t.fx.listing({ owner_id: alice.userId, slug: 'alices-tool', name: "Alice's Tool" });
const exportsOf = (userId: string) => t.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const $ = (body: string) => cheerio.load(body);

test('a visitor is sent to sign in, and back, from the page and from a download link', async () => {
  const visitor = t.siteBrowser();
  const page = await visitor.get('/account/data');
  assert.equal(page.status, 303);
  assert.equal(page.location, '/sign-in?return_to=%2Faccount%2Fdata');
  const link = await visitor.get('/account/data/00000000-0000-4000-8000-000000000000/launchyard-export.zip');
  assert.equal(link.status, 303);
  assert.match(link.location!, /^\/sign-in\?return_to=/);
  assert.equal((await visitor.post('/account/data', {})).status, 401);
});

test('the account page links to it; with no export yet it explains and offers "Prepare my data" with its CSRF field', async () => {
  assert.match((await alice.browser.get('/account')).body, /<a href="\/account\/data">Download my data<\/a>/);
  const page = await alice.browser.get('/account/data');
  assert.equal(page.status, 200);
  const doc = $(page.body);
  assert.equal(doc('h1').text(), 'Download your data');
  assert.match(doc('main').text(), /launchyard-export\.json/);
  assert.match(doc('main').text(), /works for\s+24 hours/);
  const form = doc('form[action="/account/data"]');
  assert.equal(form.attr('method'), 'post');
  assert.equal(form.find('input[name="csrf"]').attr('value'), alice.csrf);
  assert.equal(form.find('button').text(), 'Prepare my data');
  assert.equal(doc('[data-live]').length, 0, 'nothing to watch');
});

const forged: [string, Record<string, string>, Record<string, string | undefined>][] = [
  ['no CSRF token', {}, {}],
  ['a wrong CSRF token', { csrf: 'x'.repeat(32) }, {}],
  ["Bob's token", { csrf: bob.csrf }, {}],
  ['the right token from another origin', { csrf: alice.csrf }, { origin: 'https://evil.example' }],
];
test('a forged "Prepare my data" is refused (403) and starts nothing', async (tt) => {
  for (const [name, form, headers] of forged) {
    await tt.test(name, async () => {
      const res = await alice.browser.post('/account/data', form, headers);
      assert.equal(res.status, 403);
      assert.equal((await exportsOf(alice.userId)).length, 0);
    });
  }
});

let downloadPath = '';
test('"Prepare my data" starts the job; the page shows it ready with a link that downloads the zip of the account', async () => {
  const res = await alice.browser.post('/account/data', { csrf: alice.csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/account/data');
  await t.jobsIdle();
  const doc = $((await alice.browser.get('/account/data')).body);
  assert.equal(doc('#export-state-heading').text(), 'Your data is ready');
  downloadPath = doc('a[download]').attr('href')!;
  assert.match(downloadPath, /^\/account\/data\/[0-9a-f-]{36}\/launchyard-export\.zip$/);
  assert.match(doc('a[download]').text(), /Download launchyard-export\.zip/);
  assert.match(doc('main').text(), /The link works until 2026-04-07 10:00 UTC, for you only/);
  assert.match(doc('main').text(), /You can prepare a new copy once an hour: from 2026-04-06 11:00 UTC/);

  const file = await alice.browser.get(downloadPath);
  assert.equal(file.status, 200);
  assert.equal(file.headers['content-type'], 'application/zip');
  assert.equal(file.headers['content-disposition'], 'attachment; filename="launchyard-export.zip"');
  assert.equal(file.headers['cache-control'], 'private, no-store');
  const raw = await t.app.http.inject({ method: 'GET', url: downloadPath, headers: { cookie: alice.browser.cookieHeader() } });
  const json = JSON.parse(strFromU8(unzipSync(new Uint8Array(raw.rawPayload))['launchyard-export.json']));
  assert.equal(json.format, 'launchyard.account-export');
  assert.equal(json.listings[0].slug, 'alices-tool');
});

test('a second press within the hour is a 429 page that says when, with Retry-After, and starts nothing', async () => {
  later(15 * 60_000);
  const res = await alice.browser.post('/account/data', { csrf: alice.csrf });
  assert.equal(res.status, 429);
  assert.equal(res.headers['retry-after'], String(45 * 60));
  assert.match($(res.body)('[role="alert"]').text(), /once an hour\. Your last export was made at 10:00 UTC; try again in 45 minutes/);
  assert.equal((await exportsOf(alice.userId)).length, 1);
});

test("another account's link is the 404 of an unknown one, whoever asks; an API key gets no file either", async () => {
  const theirs = await bob.browser.get(downloadPath);
  const unknown = await bob.browser.get('/account/data/00000000-0000-4000-8000-000000000000/launchyard-export.zip');
  const notAnId = await bob.browser.get('/account/data/not-an-id/launchyard-export.zip');
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body, unknown.body);
  assert.equal(notAnId.status, 404);
  assert.match(theirs.headers['content-type'] as string, /^text\/html/);
  assert.match($(theirs.body)('h1').text(), /No such download/);
  const { key } = await t.app.services.accounts.createApiKey(bob.userId, { name: 'k', scopes: ['account:read'] });
  const keyed = await t.siteBrowser().get(downloadPath, { authorization: `Bearer ${key}` });
  assert.equal(keyed.status, 303, 'the site takes its own sign-in only');
});

test('the stored file is never served by /media/*, however its key is spelled', async () => {
  const [row] = await exportsOf(alice.userId);
  const key = row.storage_key!;
  for (const url of [`/media/${key}`, `/media/${key.replace(/\//g, '%2F')}`, `/media/..%2F${key}`, `/media/${'0'.repeat(64)}/../../${key}`]) {
    const res = await t.app.http.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 404, url);
    assert.ok(!res.rawPayload.includes(Buffer.from('launchyard-export.json')), url);
  }
});

test('an expired link is a 410 page; the page says the copy expired and offers a new one', async () => {
  later(24 * 3_600_000);
  const gone = await alice.browser.get(downloadPath);
  assert.equal(gone.status, 410);
  assert.match($(gone.body)('h1').text(), /This download has expired/);
  await t.app.services.dataExports.sweep();
  assert.equal((await alice.browser.get(downloadPath)).status, 410, 'after the sweep too');
  const doc = $((await alice.browser.get('/account/data')).body);
  assert.equal(doc('#export-state-heading').text(), 'Your last copy has expired');
  assert.equal(doc('form[action="/account/data"] button').text(), 'Prepare a new copy');
});

test('while it is prepared the page shows how far, in a live region draft.js refreshes, and reloads itself without JavaScript', async () => {
  const carol = await t.signIn({ email: 'carol@data-page.test' });
  const id = (
    await sql<{ id: string }>`insert into data_exports (user_id, state, progress, step, created_at, updated_at, started_at) values (${carol.userId}, 'preparing', 40, 'Your listings and their history', ${clock}, ${clock}, ${clock}) returning id`.execute(t.db)
  ).rows[0].id;
  const page = await carol.browser.get('/account/data');
  const doc = $(page.body);
  assert.equal(doc('#export-state-heading').text(), 'Preparing your data');
  assert.equal(doc('#live-status').text(), 'Your listings and their history: 40% done.');
  assert.equal(doc('#export-progress').attr('data-live'), '');
  assert.equal(doc('#export-bar').attr('value'), '40');
  assert.equal(doc('form[action="/account/data"]').length, 0, 'no second start while one is under way');
  assert.match(page.body, /<noscript><meta http-equiv="refresh" content="3"><\/noscript>/);
  assert.match(page.body, /<script src="\/assets\/draft\.[^"]+\.js" defer><\/script>/);
  assert.match(page.headers['content-security-policy'] as string, /script-src 'self'; connect-src 'self'/);
  const early = await carol.browser.get(`/account/data/${id}/launchyard-export.zip`);
  assert.equal(early.status, 409);
  assert.match($(early.body)('h1').text(), /Not ready yet/);
  // Pressing again (another tab) returns the export under way.
  assert.equal((await carol.browser.post('/account/data', { csrf: carol.csrf })).status, 303);
  assert.equal((await exportsOf(carol.userId)).length, 1);
});
