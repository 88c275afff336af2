import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';

// Profiles are kept until the database announces a change (migration 0022), so a change made
// anywhere (another node, a job, plain SQL) shows at once, not after a TTL.
const t = await createTestApp({ profileCacheMs: 60_000 });
const { fx, db } = t;
const id = await fx.listing({ slug: 'kept', tagline: 'Before' });

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}
const live = () => until(async () => t.app.services.listings.profile('kept').then(() => true));

test('a change written behind the service (plain SQL) shows without waiting for a lifetime', async () => {
  await live();
  const first = await t.get('/api/v1/listings/kept');
  assert.equal(first.body.tagline, 'Before');
  await sql`update listings set tagline = 'After' where id = ${id}`.execute(db);
  assert.ok(await until(async () => (await t.get('/api/v1/listings/kept')).body.tagline === 'After'), 'the new tagline within 3 s');
});

test('a kept profile is the same object (and ETag) until it changes; view counts alone do not change it', async () => {
  const a = await t.app.services.listings.profile('kept');
  const etag = (await t.get('/api/v1/listings/kept')).headers.etag;
  await sql`update listing_views set views = views + 100 where listing_id = ${id}`.execute(db);
  // The notice for another listing's change comes after any notice for this write would have.
  const otherId = await fx.listing({ slug: 'kept-other' });
  await t.app.services.listings.profile('kept-other');
  await sql`update listings set tagline = 'x' where id = ${otherId}`.execute(db);
  assert.ok(await until(async () => (await t.app.services.listings.profile('kept-other')).tagline === 'x'));
  assert.equal(await t.app.services.listings.profile('kept'), a);
  assert.equal((await t.get('/api/v1/listings/kept')).headers.etag, etag);
});

test('a kept profile answers REST from its kept text: nothing parses it, from its first read on', async () => {
  await fx.listing({ slug: 'kept-text' });
  const parse = JSON.parse;
  const parsedTexts: unknown[] = [];
  JSON.parse = ((...args: Parameters<typeof parse>) => (parsedTexts.push(args[0]), parse(...args))) as typeof parse;
  let bodies: string[];
  try {
    bodies = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.http.inject({ method: 'GET', url: '/api/v1/listings/kept-text' });
      assert.equal(res.statusCode, 200);
      bodies.push(res.body);
    }
  } finally {
    JSON.parse = parse;
  }
  assert.equal(new Set(bodies).size, 1);
  assert.ok(!parsedTexts.includes(bodies[0]), 'the answer text was never parsed back');
  // A page reads inside it: the same answer, parsed then.
  assert.equal((await t.app.services.listings.profile('kept-text')).slug, 'kept-text');
});

test('a slug that was not public is found once its listing goes live', async () => {
  const draft = await fx.listing({ slug: 'soon-public', status: 'draft' } as never);
  assert.equal((await t.get('/api/v1/listings/soon-public')).status, 404);
  await sql`update listings set status = 'live', published_at = now() where id = ${draft}`.execute(db);
  assert.ok(await until(async () => (await t.get('/api/v1/listings/soon-public')).status === 200));
});

test('PostgreSQL: a lost listener connection drops every kept profile and listens again', { skip: t.app.config.databaseUrl ? false : 'PostgreSQL only (PGlite is in-process)' }, async () => {
  await t.app.services.listings.profile('kept');
  const terminated = await sql<{ n: number }>`
    select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
    where datname = current_database() and query ilike 'listen "listing_changes"%'`.execute(db);
  assert.equal(terminated.rows[0].n, 1, 'one listener of the change feed per node (webhook events have their own)');
  // Written while nobody listens: no notice will ever come for it.
  await sql`update listings set tagline = 'During the outage' where id = ${id}`.execute(db);
  // Listening again within RELISTEN_MS; what was kept from before is gone (the short lifetime
  // here is 60 s, so only that explains the new value).
  assert.ok(await until(async () => (await t.app.services.listings.profile('kept')).tagline === 'During the outage'));
  await sql`update listings set tagline = 'After the outage' where id = ${id}`.execute(db);
  assert.ok(await until(async () => (await t.app.services.listings.profile('kept')).tagline === 'After the outage'), 'heard again');
});
