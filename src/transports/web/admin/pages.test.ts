import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { freshDatabaseUrl } from '../../../testing/database.ts';
import { openDatabase } from '../../../store/database.ts';
import { addWeeks, weekOf } from '../../../domain/launches/weeks.ts';

// The administration area (admin-*.ts, domain/admin/): who may see and post what, hiding and
// restoring a listing (out of every public read at once, back again), the queue of owner edits,
// disabling accounts (no sign-in, sessions ended, keys and tokens refused), the read-only lists,
// and the action log every change writes in its own transaction.
// The real clock: OAuth tokens are issued by the authorization server on it.
const WEEK = weekOf(new Date(), 'UTC');
const t = await createTestApp();
const admin = await t.signIn({ admin: true, email: 'admin@site.test' });
const person = await t.signIn({ email: 'person@site.test' });
await t.fx.product({ code: 'paid-launch', price_cents: 4900, kind: 'paid_launch' });

let serial = 0;
async function listing(p: { status?: 'live' | 'scheduled' | 'draft' | 'awaiting_badge' | 'archived'; owner?: string; week?: string } = {}) {
  const n = ++serial;
  const slug = `moderated-${n}`;
  const id = await t.fx.listing({ slug, name: `Moderated Thing ${n}`, status: p.status ?? 'live', owner_id: p.owner ?? null, launch_week: p.week ?? WEEK });
  return { id, slug, name: `Moderated Thing ${n}` };
}
const actions = async () => (await sql<{ action: string; admin_id: string | null; subject_id: string; summary: string }>`select action, admin_id, subject_id, summary from admin_actions order by id`.execute(t.db)).rows;
const statusOf = async (id: string) => (await t.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const liveCount = async () => (await sql<{ n: number }>`select listings::int as n from listing_search_counts where status = 'live'`.execute(t.db)).rows[0].n;

const some = await listing();
const someone = await t.fx.user({ email: 'someone@site.test' });
const { userId: owner, auth: ownerKey } = await t.apiKey(['account:read', 'listings:write']);
const edited = await listing({ owner });
assert.equal((await t.rest('PATCH', `/api/v1/me/listings/${edited.id}`, { fields: { tagline: 'An edited tagline' } }, ownerKey)).status, 200);
const version = (await t.db.selectFrom('listing_versions').select('id').where('listing_id', '=', edited.id).executeTakeFirstOrThrow()).id;

const PAGES = [
  '/admin',
  '/admin/listing-versions',
  '/admin/listing-versions?show=all',
  '/admin/listings',
  '/admin/listings?status=hidden',
  `/admin/listings/${some.id}`,
  '/admin/users',
  '/admin/claims',
  '/admin/orders',
  '/admin/badge-checks',
  '/admin/products',
  '/admin/categories',
  '/admin/outbox',
  '/admin/log',
  '/admin/votes',
];

test('every admin page: signed out → sign in and back; a person → 403; an administrator → 200 under the area\'s navigation', async () => {
  for (const url of PAGES) {
    const anon = await t.siteBrowser().get(url);
    assert.deepEqual([anon.status, anon.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`], url);
    const refused = await person.browser.get(url);
    assert.equal(refused.status, 403, url);
    assert.match(refused.body, /This is for administrators|This page is for administrators/, url);
    const page = await admin.browser.get(url);
    assert.equal(page.status, 200, `${url}: ${page.body.slice(0, 300)}`);
    assert.match(page.body, /<nav class="admin-nav" aria-label="Administration">/, url);
    assert.match(page.body, /<h1>/, url);
  }
  assert.match((await admin.browser.get('/account')).body, /href="\/admin"/, 'the signed-in navigation links the area');
});

// Every admin form post, and what must not change when it is refused.
const POSTS: [string, () => string, Record<string, string>][] = [
  ['hide a listing', () => `/admin/listings/${some.id}/hide`, { reason: 'spam' }],
  ['restore a listing', () => `/admin/listings/${some.id}/restore`, {}],
  ['review an edit', () => `/admin/listing-versions/${version}/review`, {}],
  ['disable an account', () => `/admin/users/${someone}/disable`, {}],
  ['enable an account', () => `/admin/users/${someone}/enable`, {}],
  ['change a price', () => '/admin/products/paid-launch/price', { price_cents: '1' }],
  ['retire a product', () => '/admin/products/paid-launch/retire', {}],
  ['add a product', () => '/admin/products', { code: 'new-thing', name: 'New', kind: 'paid_launch', price_cents: '100' }],
  ['add a category', () => '/admin/categories', { slug: 'posted-category', name: 'Posted category' }],
  ['move a category', () => '/admin/categories/move', { category: 'web-hosting', parent: '' }],
  ['retire a category', () => '/admin/categories/retire', { category: 'web-hosting' }],
  ['import a category tree', () => '/admin/categories/import', { yaml: 'categories: []', act: 'apply' }],
  ['release held votes', () => '/admin/votes/release', { group: 'network_burst:1:0123abcd', listing_id: some.id }],
  ['confirm held votes', () => '/admin/votes/confirm', { group: 'network_burst:1:0123abcd', listing_id: some.id }],
];
for (const [name, url, form] of POSTS) {
  test(`${name}: signed out 401, a person 403, an administrator without the CSRF token or from another origin 403; nothing changes`, async () => {
    const before = await actions();
    assert.equal((await t.siteBrowser().post(url(), form)).status, 401);
    assert.equal((await person.browser.post(url(), { csrf: person.csrf, ...form })).status, 403);
    assert.equal((await admin.browser.post(url(), form)).status, 403, 'no token');
    assert.equal((await admin.browser.post(url(), { csrf: 'forged', ...form })).status, 403, 'a wrong token');
    assert.equal((await admin.browser.post(url(), { csrf: admin.csrf, ...form }, { origin: 'https://evil.example' })).status, 403, 'another origin');
    assert.deepEqual(await actions(), before);
    assert.equal(await statusOf(some.id), 'live');
    assert.equal((await (await t.get('/api/v1/products')).body.items.find((p: any) => p.code === 'paid-launch')).price_cents, 4900);
  });
}

// The reason a hide needs: each bad one is a 400 with the message beside the field, the text kept.
const BAD_REASONS: [string, string][] = [
  ['empty', ''],
  ['only spaces', '   '],
  ['over 500 characters', 'x'.repeat(501)],
];
for (const [name, reason] of BAD_REASONS) {
  test(`hiding with a reason ${name} → 400 beside the field, nothing hidden`, async () => {
    const l = await listing();
    const res = await admin.browser.post(`/admin/listings/${l.id}/hide`, { csrf: admin.csrf, reason });
    assert.equal(res.status, 400);
    assert.match(res.body, /<p class="field-error" id="reason-error">1 to 500 characters: why it is hidden<\/p>/);
    assert.match(res.body, /id="reason"[^>]*aria-invalid="true"/);
    if (reason.trim()) assert.ok(res.body.includes(`>${reason}</textarea>`), 'the text is kept');
    assert.equal(await statusOf(l.id), 'live');
  });
}

test('hiding a live listing takes it out of every public read at once (page, API, search, lists, feed, sitemap, counts); restoring puts it back', async () => {
  const l = await listing();
  const visible = async () => {
    const [page, api, search, browse, week, feed, sitemap] = await Promise.all([
      t.siteBrowser().get(`/listings/${l.slug}`),
      t.get(`/api/v1/listings/${l.slug}`),
      t.get(`/api/v1/listings?q=${encodeURIComponent(l.name)}`),
      t.get('/api/v1/listings?sort=newest&per_page=100'),
      t.get(`/api/v1/launches/weeks/${WEEK}?per_page=100`),
      t.siteBrowser().get('/feeds/launches.rss'),
      t.siteBrowser().get('/sitemaps/listings-1.xml'),
    ]);
    return {
      page: page.status,
      api: api.status,
      search: search.body.items.some((i: any) => i.slug === l.slug),
      browse: browse.body.items.some((i: any) => i.slug === l.slug),
      week: JSON.stringify(week.body).includes(`"slug":"${l.slug}"`),
      feed: feed.body.includes(`/listings/${l.slug}<`),
      sitemap: sitemap.body.includes(`/listings/${l.slug}<`),
    };
  };
  const shown = { page: 200, api: 200, search: true, browse: true, week: true, feed: true, sitemap: true };
  assert.deepEqual(await visible(), shown);
  const live = await liveCount();

  const hidden = await admin.browser.post(`/admin/listings/${l.id}/hide`, { csrf: admin.csrf, reason: 'Impersonates another company' });
  assert.deepEqual([hidden.status, hidden.location], [303, `/admin/listings/${l.id}?done=hidden`]);
  assert.deepEqual(await visible(), { page: 404, api: 404, search: false, browse: false, week: false, feed: false, sitemap: false });
  assert.equal(await liveCount(), live - 1, 'the kept count follows in the same transaction');
  const page = await admin.browser.get(hidden.location!);
  assert.match(page.body, /The listing is hidden: .* within 5 seconds\./);
  assert.match(page.body, /hidden \(was live\)/);
  assert.match(page.body, /Impersonates another company/);
  assert.match(page.body, /<button type="submit">Restore /);
  assert.match((await admin.browser.get('/admin/listings?status=hidden')).body, new RegExp(l.slug));
  // A second click changes nothing and logs nothing more.
  const logged = (await actions()).length;
  assert.equal((await admin.browser.post(`/admin/listings/${l.id}/hide`, { csrf: admin.csrf, reason: 'again' })).location, `/admin/listings/${l.id}?done=hidden`);
  assert.equal((await actions()).length, logged);

  const restored = await admin.browser.post(`/admin/listings/${l.id}/restore`, { csrf: admin.csrf });
  assert.deepEqual([restored.status, restored.location], [303, `/admin/listings/${l.id}?done=restored`]);
  assert.deepEqual(await visible(), shown);
  assert.equal(await liveCount(), live);
  const log = (await actions()).filter((a) => a.subject_id === l.id);
  assert.deepEqual(log.map((a) => [a.action, a.admin_id]), [['listing_hidden', admin.userId], ['listing_restored', admin.userId]]);
  assert.match(log[0].summary, new RegExp(`Hid ${l.name} \\(${l.slug}\\), which was live: Impersonates another company`));
  assert.match(log[1].summary, /Restored .* to live/);
  assert.match((await admin.browser.get('/admin/log')).body, /Hid Moderated Thing \d+/);
});

test('a scheduled listing comes back scheduled; a listing that is not in the directory cannot be hidden; an unknown one is a 404', async () => {
  const s = await listing({ status: 'scheduled', week: addWeeks(WEEK, 3) });
  await admin.browser.post(`/admin/listings/${s.id}/hide`, { csrf: admin.csrf, reason: 'Fake' });
  assert.equal(await statusOf(s.id), 'archived');
  assert.equal((await t.get(`/api/v1/listings/${s.slug}`)).status, 404);
  await admin.browser.post(`/admin/listings/${s.id}/restore`, { csrf: admin.csrf });
  assert.equal(await statusOf(s.id), 'scheduled');
  for (const status of ['draft', 'archived'] as const) {
    const l = await listing({ status });
    const res = await admin.browser.post(`/admin/listings/${l.id}/hide`, { csrf: admin.csrf, reason: 'x' });
    assert.equal(res.status, 409, status);
    assert.match(res.body, new RegExp(`is ${status}: only a live, scheduled or awaiting-badge listing can be hidden`));
    assert.equal(await statusOf(l.id), status);
    assert.match((await admin.browser.get(`/admin/listings/${l.id}`)).body, /is not in the directory, so there is nothing to hide/);
  }
  for (const url of ['/admin/listings/987654321', '/admin/listings/abc']) assert.equal((await admin.browser.get(url)).status, 404, url);
  assert.equal((await admin.browser.post('/admin/listings/987654321/hide', { csrf: admin.csrf, reason: 'x' })).status, 404);
});

test('with the public profile cache on, hiding purges the cached profile: the next read is a 404 at once', async () => {
  const cached = await createTestApp({ profileCacheMs: 60_000 });
  const boss = await cached.signIn({ admin: true });
  const id = await cached.fx.listing({ slug: 'cached-one', name: 'Cached One' });
  assert.equal((await cached.get('/api/v1/listings/cached-one')).status, 200);
  assert.equal((await cached.get('/api/v1/listings/cached-one')).status, 200, 'now cached');
  await boss.browser.post(`/admin/listings/${id}/hide`, { csrf: boss.csrf, reason: 'Gone' });
  assert.equal((await cached.get('/api/v1/listings/cached-one')).status, 404);
  assert.equal((await cached.siteBrowser().get('/listings/cached-one')).status, 404);
  await boss.browser.post(`/admin/listings/${id}/restore`, { csrf: boss.csrf });
  assert.equal((await cached.get('/api/v1/listings/cached-one')).status, 200);
  await cached.close();
});

test('the queue of owner edits: before and after, marked reviewed once (logged once), then only under "every edit"', async () => {
  const queue = await admin.browser.get('/admin/listing-versions');
  assert.match(queue.body, new RegExp(`update_my_listing by key-owner-`));
  assert.match(queue.body, /&quot;tagline&quot;: null[\s\S]*&quot;tagline&quot;: &quot;An edited tagline&quot;/);
  assert.match(queue.body, new RegExp(`action="/admin/listing-versions/${version}/review"`));
  const res = await admin.browser.post(`/admin/listing-versions/${version}/review`, { csrf: admin.csrf });
  assert.deepEqual([res.status, res.location], [303, '/admin/listing-versions?done=reviewed']);
  assert.equal((await admin.browser.post(`/admin/listing-versions/${version}/review`, { csrf: admin.csrf })).status, 303);
  assert.equal((await actions()).filter((a) => a.action === 'edit_reviewed').length, 1);
  assert.doesNotMatch((await admin.browser.get('/admin/listing-versions')).body, new RegExp(`version-${version}"`));
  assert.match((await admin.browser.get('/admin/listing-versions?show=all')).body, /reviewed by admin@site\.test/);
  assert.equal((await admin.browser.post('/admin/listing-versions/987654321/review', { csrf: admin.csrf })).status, 404);
});

test('disabling an account: no sign-in, its session ends, its API key and OAuth token are refused; enabling brings key and token back', async () => {
  const email = `disable-me-${Date.now()}@site.test`;
  const victim = await t.signIn({ email });
  const { key } = await t.app.services.accounts.createApiKey(victim.userId, { name: 'k', scopes: ['account:read'] });
  const keyAuth = { authorization: `Bearer ${key}` };
  const oauth = await t.oauthToken(['account:read'], { resource: '/api/v1', userId: victim.userId });
  assert.equal((await t.get('/api/v1/me', keyAuth)).status, 200);
  assert.equal((await t.get('/api/v1/me', oauth.auth)).status, 200);

  const res = await admin.browser.post(`/admin/users/${victim.userId}/disable`, { csrf: admin.csrf });
  assert.deepEqual([res.status, res.location], [303, '/admin/users?done=disabled']);
  assert.equal((await victim.browser.get('/account')).status, 303, 'the session no longer signs anyone in');
  const refusedKey = await t.get('/api/v1/me', keyAuth);
  assert.deepEqual([refusedKey.status, refusedKey.body.code], [401, 'invalid_token']);
  assert.match(refusedKey.body.detail, /disabled/);
  assert.equal((await t.get('/api/v1/me', oauth.auth)).status, 401);
  const browser = t.siteBrowser();
  const signIn = await browser.post('/sign-in', { email, password: victim.password, csrf: await browser.csrf('/sign-in') });
  assert.equal(signIn.status, 403);
  assert.match(signIn.body, /This account is disabled/);
  const wrong = await browser.post('/sign-in', { email, password: 'not the password', csrf: await browser.csrf('/sign-in') });
  assert.equal(wrong.status, 401, 'a wrong password learns nothing about the account');
  assert.match((await admin.browser.get(`/admin/users?q=${encodeURIComponent(email)}`)).body, /Disabled <time/);

  await admin.browser.post(`/admin/users/${victim.userId}/enable`, { csrf: admin.csrf });
  assert.equal((await t.get('/api/v1/me', keyAuth)).status, 200);
  assert.equal((await t.get('/api/v1/me', oauth.auth)).status, 200);
  assert.equal((await victim.browser.get('/account')).status, 303, 'sessions stay ended');
  const again = await browser.post('/sign-in', { email, password: victim.password, csrf: await browser.csrf('/sign-in') });
  assert.equal(again.status, 303);
  const log = (await actions()).filter((a) => a.subject_id === victim.userId).map((a) => a.action);
  assert.deepEqual(log, ['user_disabled', 'user_enabled']);
});

test('an administrator cannot disable themselves; a role taken away in between stops the next post', async () => {
  assert.doesNotMatch((await admin.browser.get('/admin/users?q=admin%40site.test')).body, new RegExp(`/admin/users/${admin.userId}/disable`));
  const self = await admin.browser.post(`/admin/users/${admin.userId}/disable`, { csrf: admin.csrf });
  assert.equal(self.status, 409);
  assert.match(self.body, /You cannot disable your own account/);
  const former = await t.signIn({ admin: true });
  const l = await listing();
  await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', former.userId).execute();
  assert.equal((await former.browser.post(`/admin/listings/${l.id}/hide`, { csrf: former.csrf, reason: 'x' })).status, 403);
  assert.equal(await statusOf(l.id), 'live');
});

test('claims, orders and badge checks of every account are listed, with their filters', async () => {
  const l = await listing();
  const claimant = await t.apiKey(['account:read', 'listings:write'], { email: 'claimant@site.test' });
  assert.equal((await t.rest('POST', '/api/v1/claims', { slug: l.slug, method: 'dns' }, claimant.auth)).status, 201);
  await sql`insert into badge_checks (listing_id, outcome, url, detail, checked_at) values (${l.id}, 'absent', 'https://moderated.example/', 'No badge on the page', ${new Date()})`.execute(t.db);
  const claims = await admin.browser.get('/admin/claims?status=pending');
  assert.match(claims.body, /claimant@site\.test/);
  assert.match(claims.body, new RegExp(l.name));
  assert.doesNotMatch((await admin.browser.get('/admin/claims?status=verified')).body, /claimant@site\.test/);
  const checks = await admin.browser.get('/admin/badge-checks?outcome=absent');
  assert.match(checks.body, /No badge on the page/);
  assert.doesNotMatch((await admin.browser.get('/admin/badge-checks?outcome=verified')).body, /No badge on the page/);
  assert.match((await admin.browser.get('/admin/orders')).body, /No order matches|<code>LY-/);
  const overview = await admin.browser.get('/admin');
  assert.match(overview.body, /1 pending claim/);
});

test('price changes, additions and retirements on /admin/products go to the log with the price before and after', async () => {
  await admin.browser.post('/admin/products/paid-launch/price', { csrf: admin.csrf, price_cents: '5900' });
  await admin.browser.post('/admin/products', { csrf: admin.csrf, code: 'logged-thing', name: 'Logged', kind: 'paid_launch', price_cents: '100' });
  await admin.browser.post('/admin/products/logged-thing/retire', { csrf: admin.csrf });
  const log = (await actions()).filter((a) => ['price_changed', 'product_added', 'product_retired'].includes(a.action));
  assert.deepEqual(log.map((a) => [a.action, a.subject_id, a.admin_id]), [
    ['price_changed', 'paid-launch', admin.userId],
    ['product_added', 'logged-thing', admin.userId],
    ['product_retired', 'logged-thing', admin.userId],
  ]);
  assert.match(log[0].summary, /^paid-launch: 4900 → 5900 cents/);
  const page = await admin.browser.get('/admin/log');
  assert.match(page.body, /paid-launch: 4900 → 5900 cents/);
  assert.match(page.body, /admin@site\.test/);
  await admin.browser.post('/admin/products/paid-launch/price', { csrf: admin.csrf, price_cents: '4900' });
});

test('the CLI makes the first administrator (and an existing account one), disables and enables; each is logged as the operator', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-admin-'));
  const fresh = await freshDatabaseUrl({ dataDir: path.join(dir, 'data') });
  const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(import.meta.dirname, '../../../cli.ts'), ...args], { env, encoding: 'utf8' });
  try {
    const first = cli('user:create', '--email', 'boss@site.test', '--password', 'a long enough password', '--admin');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /created user \d+ <boss@site\.test> \(admin\)/);
    assert.equal(cli('user:create', '--email', 'helper@site.test', '--password', 'a long enough password').status, 0);
    const made = cli('user:admin', '--email', 'helper@site.test');
    assert.equal(made.stdout.trim(), 'helper@site.test is an administrator now: /admin');
    assert.match(cli('user:disable', '--email', 'helper@site.test').stdout, /is disabled/);
    assert.match(cli('user:enable', '--email', 'helper@site.test').stdout, /is enabled again/);
    const unknown = cli('user:admin', '--email', 'nobody@site.test');
    assert.deepEqual([unknown.status, unknown.stderr.trim()], [1, 'No account has the address nobody@site.test.']);
    const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: env.DATA_DIR });
    try {
      const log = await database.db.selectFrom('admin_actions').select(['action', 'admin_id', 'summary']).orderBy('id').execute();
      assert.deepEqual(log.map((a) => [a.action, a.admin_id]), [['admin_granted', null], ['admin_granted', null], ['user_disabled', null], ['user_enabled', null]]);
      const users = await database.db.selectFrom('users').select(['email', 'is_admin', 'disabled_at']).orderBy('id').execute();
      assert.deepEqual(users.map((u) => [u.email, u.is_admin, u.disabled_at]), [['boss@site.test', true, null], ['helper@site.test', true, null]]);
      assert.equal(log[0].summary, 'Made boss@site.test an administrator');
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
});
