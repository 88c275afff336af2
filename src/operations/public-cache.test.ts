import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';

// With the public read cache on (as in production), repeated reads within its lifetime do not
// see a change made behind its back; the node that changes a listing forgets its entry. Profiles
// are kept until the database announces their change (domain/listings/kept-profiles.test.ts).
const t = await createTestApp({ profileCacheMs: 60_000 });
const id = await t.fx.listing({ slug: 'cached', name: 'Before', launch_week: '2026-01-05' });

test('a profile forgotten by the node that changed it is read afresh at once, before the notice', async () => {
  assert.equal((await t.get('/api/v1/listings/cached')).body.name, 'Before');
  assert.equal((await t.get('/api/v1/listings/cached')).body.name, 'Before');
  await sql`update listings set name = 'After' where id = ${id}`.execute(t.db);
  t.app.services.listings.forget('cached');
  assert.equal((await t.get('/api/v1/listings/cached')).body.name, 'After');
});

test('rankings are cached per resolved week and page; views still count on cached reads', async () => {
  const first = (await t.get('/api/v1/launches/weeks/2026-01-07')).body;
  await t.fx.listing({ slug: 'late', launch_week: '2026-01-05' });
  const again = (await t.get('/api/v1/launches/weeks/2026-01-05')).body;
  assert.deepEqual(again, first, 'same week, same page: cached');
  const page2 = (await t.get('/api/v1/launches/weeks/2026-01-05?per_page=1&page=2')).body;
  assert.equal(page2.total, 2, 'another page is computed afresh');
  await t.app.services.listings.views.flush();
  const views = await t.db.selectFrom('listing_views').select('views').where('listing_id', '=', id).executeTakeFirstOrThrow();
  assert.equal(Number(views.views), 3);
});

test('browse lists, searches, the category tree and category pages are cached; a search is one entry per set of words', async () => {
  await t.fx.category({ slug: 'tools' });
  const listed = await t.fx.listing({ slug: 'browsed', name: 'Browsed', category: 'tools' });
  const browse = async () => (await t.get('/api/v1/listings?sort=newest&per_page=100')).body.items.map((i: any) => i.name);
  const tree = async () => (await t.get('/api/v1/categories')).body.items.find((c: any) => c.slug === 'tools').live_listings;
  // The search index follows the change feed, milliseconds behind a commit (caught up here; the caches are what is tested).
  assert.ok(await t.app.services.listings.searchEngine?.caughtUp());
  const before = { browse: await browse(), tree: await tree(), words: (await t.get('/api/v1/listings?q=browsed')).body.total };
  await sql`update listings set name = 'Renamed' where id = ${listed}`.execute(t.db);
  await t.fx.listing({ category: 'tools' });
  assert.deepEqual(await browse(), before.browse, 'browse: cached');
  assert.equal(await tree(), before.tree, 'tree: cached');
  assert.equal((await t.get('/api/v1/listings?q=browsed')).body.total, before.words, 'a search with words: cached');
  assert.equal((await t.get('/api/v1/listings?q=BROWSED,')).body.total, before.words, 'the same words, written otherwise: the same entry');
  assert.ok(await t.app.services.listings.searchEngine?.caughtUp());
  assert.equal((await t.get('/api/v1/listings?q=browsed&per_page=3')).body.total, before.words - 1, 'another page size: read afresh');
});

test('public reads carry a strong ETag and Cache-Control, and answer 304 to If-None-Match; signed-in reads do not', async () => {
  const fresh = await createTestApp();
  await fresh.fx.listing({ slug: 'tagged', name: 'Tagged' });
  const first = await fresh.get('/api/v1/listings/tagged');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
  assert.equal(first.headers['cache-control'], 'public, max-age=5, stale-while-revalidate=30');
  const again = await fresh.get('/api/v1/listings/tagged', { 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.body, '');
  assert.equal((await fresh.get('/api/v1/listings/tagged', { 'if-none-match': `W/${etag}, "other"` })).status, 304, 'weak comparison, any of a list');
  assert.equal((await fresh.get('/api/v1/listings/tagged', { 'if-none-match': '"stale"' })).status, 200);
  await sql`update listings set name = 'Changed' where slug = 'tagged'`.execute(fresh.db);
  const changed = await fresh.get('/api/v1/listings/tagged', { 'if-none-match': etag });
  assert.equal(changed.status, 200, 'a changed body has a new tag');
  assert.notEqual(changed.headers.etag, etag);
  const missing = await fresh.get('/api/v1/listings/nope');
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.etag, undefined, 'errors carry no ETag');
  const key = await fresh.apiKey(['account:read']);
  const me = await fresh.get('/api/v1/me', key.auth);
  assert.equal(me.status, 200);
  assert.equal(me.headers.etag, undefined, 'a signed-in read is not a public one');
  assert.equal(me.headers['cache-control'], undefined);
});

test("a listing page's reads (site info, alternatives, awards, badges) are cached like the profile, and its page follows them", async () => {
  await t.fx.category({ slug: 'paged' });
  const listing = await t.fx.listing({ slug: 'paged-one', name: 'Paged One', category: 'paged' });
  const site = async () => (await t.get('/api/v1/site')).body.counts.live_listings;
  const alternatives = async () => (await t.get('/api/v1/listings/paged-one/alternatives')).body.total;
  const before = { site: await site(), alternatives: await alternatives(), badges: (await t.get('/api/v1/listings/paged-one/badges')).body };
  await t.fx.listing({ slug: 'paged-two', category: 'paged' });
  await sql`update listings set plan = 'paid' where id = ${listing}`.execute(t.db); // would add the featured badge
  assert.equal(await site(), before.site, 'site info: cached');
  assert.equal(await alternatives(), before.alternatives, 'alternatives: cached');
  assert.deepEqual((await t.get('/api/v1/listings/paged-one/badges')).body, before.badges, 'badges: cached');

  const visitor = t.siteBrowser();
  const first = await visitor.get('/listings/paged-one');
  assert.match(first.body, /<h1>Paged One<\/h1>/);
  await t.fx.listing({ slug: 'paged-three', category: 'paged' }); // an alternative the cached list does not show yet
  const same = await visitor.get('/listings/paged-one');
  assert.equal(same.headers.etag, first.headers.etag, 'the same reads make the same page');
  await sql`update listings set name = 'Renamed One' where id = ${listing}`.execute(t.db);
  t.app.services.listings.forget('paged-one');
  // The database's notice of the rename (migration 0022) follows the commit and drops the profile
  // once more; let it pass, so that the page read next is the one kept.
  await new Promise((r) => setTimeout(r, 300));
  const renamed = await visitor.get('/listings/paged-one');
  assert.match(renamed.body, /<h1>Renamed One<\/h1>/, 'a new read makes a new page at once');
  assert.notEqual(renamed.headers.etag, first.headers.etag);

  // A browser asking for Brotli gets the kept page compressed (once), as its own representation.
  const br = await t.app.http.inject({ url: '/listings/paged-one', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'cookie, accept-encoding');
  assert.equal(brotliDecompressSync(br.rawPayload).toString(), renamed.body);
  assert.equal(br.headers.etag, String(renamed.headers.etag).replace(/"$/, '-br"'));
  const unchanged = await t.app.http.inject({ url: '/listings/paged-one', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
  assert.equal(unchanged.statusCode, 304);
});

// Needs Redis: CI sets TEST_REDIS_URL. Two nodes on one database share cached reads through it.
const redisUrl = process.env.TEST_REDIS_URL;
test('with Redis, nodes share cached public reads; an entry ends at the same moment everywhere', { skip: redisUrl ? false : 'set TEST_REDIS_URL to run' }, async () => {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl!);
  const stale = await redis.keys('launchyard:cache:*');
  if (stale.length) await redis.del(...stale);
  redis.disconnect();
  const nodeA = await createTestApp({ profileCacheMs: 3_000, env: { REDIS_URL: redisUrl! } });
  // Node B on the same database (PostgreSQL) or, on PGlite, a second app whose cache only Redis can fill.
  const nodeB = await createTestApp({ profileCacheMs: 3_000, env: { REDIS_URL: redisUrl!, ...(nodeA.app.config.databaseUrl ? { DATABASE_URL: nodeA.app.config.databaseUrl } : {}) } });
  await nodeA.fx.listing({ slug: 'shared-cache', name: 'First' });
  if (!nodeA.app.config.databaseUrl) await nodeB.fx.listing({ slug: 'shared-cache', name: 'Only in B' });
  // A browse list (profiles are kept per node, announced by the database: kept-profiles.test.ts).
  const newest = async (node: typeof nodeA) => (await node.get('/api/v1/listings?sort=newest&per_page=5')).body.items[0]?.name;
  assert.equal(await newest(nodeA), 'First');
  // B has never read it: it gets A's copy from Redis, not its own database's rows.
  assert.equal(await newest(nodeB), 'First');
  await new Promise((r) => setTimeout(r, 3_200));
  assert.equal(await newest(nodeB), nodeA.app.config.databaseUrl ? 'First' : 'Only in B', 'past the TTL, B reads its database');
});
