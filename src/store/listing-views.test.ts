import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';

// View counts live in listing_views (migration 0023): a row per listing, made and kept in step by
// triggers, so a flush never rewrites the wide listing row and the most-viewed order is one index.
const t = await createTestApp();
const { fx, db } = t;
const row = async (id: string) =>
  (await sql<{ status: string; views: string }>`select status, views from listing_views where listing_id = ${id}`.execute(db)).rows[0];

test('every listing has a row from its insert, with its status, and loses it with the listing', async () => {
  const id = await fx.listing({ slug: 'counted', status: 'draft' } as never);
  assert.deepEqual(await row(id), { status: 'draft', views: '0' });
  await sql`update listings set status = 'live', published_at = now() where id = ${id}`.execute(db);
  assert.equal((await row(id)).status, 'live');
  await sql`delete from listings where id = ${id}`.execute(db);
  assert.equal(await row(id), undefined);
});

test('views read on the API are added to the row; the most-viewed order follows them', async () => {
  const low = await fx.listing({ slug: 'seen-little', views_count: 3 });
  const high = await fx.listing({ slug: 'seen-much', views_count: 9 });
  for (let i = 0; i < 10; i++) await t.get('/api/v1/listings/seen-little');
  await t.app.services.listings.views.flush();
  assert.equal((await row(low)).views, '13');
  assert.equal((await row(high)).views, '9');
  const page = await t.get('/api/v1/listings?sort=most_viewed&per_page=2');
  assert.deepEqual(page.body.items.map((i: { slug: string; views: number }) => [i.slug, i.views]), [['seen-little', 13], ['seen-much', 9]]);
  assert.equal((await t.get('/api/v1/listings/seen-much')).body.views, 9);
});
