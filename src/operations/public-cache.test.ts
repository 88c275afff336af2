import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';

// With the public read cache on (as in production), repeated reads within its lifetime do not
// see a change made behind its back; the node that changes a listing forgets its entry.
const t = await createTestApp({ profileCacheMs: 60_000 });
const id = await t.fx.listing({ slug: 'cached', name: 'Before', launch_week: '2026-01-05' });

test('profiles are served from the cache until forgotten', async () => {
  assert.equal((await t.get('/api/v1/listings/cached')).body.name, 'Before');
  await sql`update listings set name = 'After' where id = ${id}`.execute(t.db);
  assert.equal((await t.get('/api/v1/listings/cached')).body.name, 'Before');
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
  const views = await t.db.selectFrom('listings').select('views_count').where('id', '=', id).executeTakeFirstOrThrow();
  assert.equal(Number(views.views_count), 3);
});
