import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { EVERY_LISTING, listingChanges } from './listing-changes.ts';

// Migration 0022: whatever writes a change to a public profile, the database announces the
// listing at commit; view counts and trending scores do not announce themselves.
const t = await createTestApp();
const { fx, db } = t;
const heard: string[] = [];
const feed = listingChanges(t.app.database.listen);
feed.subscribe((slug) => heard.push(slug));
after(() => feed.close());

/** Waits until the feed is live, then until `marker` is heard: everything committed before it has been heard too. */
async function settle() {
  for (let i = 0; i < 200 && !feed.live(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(feed.live(), 'the feed is listening');
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  await sql`select pg_notify('listing_changes', ${marker})`.execute(db);
  for (let i = 0; i < 200 && !heard.includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(heard.includes(marker), 'the marker came through');
  const before = heard.indexOf(marker);
  const got = heard.slice(0, before);
  heard.length = 0;
  return got;
}

await fx.category({ slug: 'tools', name: 'Tools' });
const cat = await fx.attribute('tools', { key: 'api', label: 'API' });
const id = await fx.listing({ slug: 'watched', category: 'tools' });
const other = await fx.listing({ slug: 'other-one' });
const user = await fx.user();
await settle();

const scenarios: { name: string; write: () => Promise<unknown>; hears: string[] }[] = [
  { name: 'a profile column (tagline)', write: () => sql`update listings set tagline = 'New words' where id = ${id}`.execute(db), hears: ['watched'] },
  { name: 'votes_count (a vote)', write: () => sql`update listings set votes_count = votes_count + 1 where id = ${id}`.execute(db), hears: ['watched'] },
  { name: 'view counts (their own table)', write: () => sql`update listing_views set views = views + 5 where listing_id in (${id}, ${other})`.execute(db), hears: [] },
  { name: 'trending score and week votes only', write: () => sql`update listings set trending_score = trending_score + 1, week_votes = week_votes + 1 where id = ${id}`.execute(db), hears: [] },
  { name: 'a slug change (old and new)', write: () => sql`update listings set slug = 'watched-2' where id = ${id}`.execute(db), hears: ['watched', 'watched-2'] },
  { name: 'a review', write: () => fx.review(id, user, 4), hears: ['watched-2'] },
  { name: 'a category added', write: () => db.insertInto('listing_categories').values({ listing_id: other, category_id: sql`(select id from categories where slug = 'tools')` as never, is_primary: false }).execute(), hears: ['other-one'] },
  { name: 'an attribute value', write: () => fx.attributeValue(id, cat, 'yes'), hears: ['watched-2'] },
  { name: 'an update post', write: () => fx.update(id, 'Shipped', '2026-01-07T00:00:00Z'), hears: ['watched-2'] },
  { name: 'a milestone', write: () => fx.milestone(id, '2026-01-08', 'Launch'), hears: ['watched-2'] },
  { name: 'a media item', write: () => fx.media(id, 'https://watched.example/shot.png'), hears: ['watched-2'] },
  { name: 'a domain rating', write: () => fx.domainRating(id, 40, '2026-01-09T00:00:00Z'), hears: ['watched-2'] },
  { name: 'a founder renamed (their listings)', write: async () => {
      const f = await fx.founder({ name: 'Ada' });
      await fx.founderOf(other, f);
      await settle();
      await sql`update founders set name = 'Ada L.' where id = ${f}`.execute(db);
    }, hears: ['other-one'] },
  { name: 'a category renamed (every profile)', write: () => sql`update categories set name = 'Dev tools' where slug = 'tools'`.execute(db), hears: [EVERY_LISTING] },
  { name: 'an attribute relabelled (every profile)', write: () => sql`update category_attributes set label = 'Public API' where id = ${cat}`.execute(db), hears: [EVERY_LISTING] },
  { name: 'two changes to one listing in a transaction: heard once', write: () => db.transaction().execute(async (trx) => {
      await sql`update listings set name = 'A' where id = ${other}`.execute(trx);
      await sql`update listings set name = 'B' where id = ${other}`.execute(trx);
    }), hears: ['other-one'] },
  { name: 'a rolled-back change: nothing', write: () => db.transaction().execute(async (trx) => {
      await sql`update listings set name = 'C' where id = ${other}`.execute(trx);
      throw new Error('roll back');
    }).catch(() => {}), hears: [] },
  { name: 'a listing deleted', write: () => sql`delete from listings where id = ${other}`.execute(db), hears: ['other-one'] },
];

for (const s of scenarios) {
  test(`changes: ${s.name}`, async () => {
    await s.write();
    assert.deepEqual(await settle(), s.hears);
  });
}

test('a subscriber added once the feed is live hears every listing at once (it missed the start)', async () => {
  await settle();
  const late: string[] = [];
  feed.subscribe((slug) => late.push(slug));
  assert.deepEqual(late, [EVERY_LISTING]);
});

test('the trigger compares exactly the listing columns the profile statement reads', () => {
  // The newest migration that (re)creates the trigger holds its columns (0022 made it, 0024 added the comment count).
  const dir = new URL('../../migrations/', import.meta.url);
  const migration = readdirSync(dir).sort().map((f) => readFileSync(new URL(f, dir), 'utf8'))
    .filter((m) => m.includes('create trigger listings_changes_update')).at(-1)!;
  const trigger = migration.slice(migration.indexOf('create trigger listings_changes_update'));
  const when = trigger.slice(trigger.indexOf('for each row when'), trigger.indexOf('is distinct from'));
  const compared = new Set([...when.matchAll(/old\.([a-z_]+)/g)].map((m) => m[1]));
  const store = readFileSync(new URL('./listings-store.ts', import.meta.url), 'utf8');
  const statement = store.slice(store.indexOf('export async function profileRow'), store.indexOf('export type ListingsStore'));
  const read = new Set([...statement.matchAll(/\bl\.([a-z_]+)/g)].map((m) => m[1]));
  assert.deepEqual([...compared].sort(), [...read].sort());
});
