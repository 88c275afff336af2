import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';

// Rules the database itself enforces, whatever code writes to it.
const t = await createTestApp();
const user = await t.fx.user();
const listing = await t.fx.listing({ slug: 'rules' });

const rejected: [string, () => Promise<unknown>][] = [
  [
    'a vote from anywhere but the site',
    () => sql`insert into votes (listing_id, user_id, week, source) values (${listing}, ${user}, '2026-01-05', 'api')`.execute(t.db),
  ],
  ['a vote week that is not a Monday', () => sql`insert into votes (listing_id, user_id, week) values (${listing}, ${user}, '2026-01-06')`.execute(t.db)],
  ['a launch week that is not a Monday', () => sql`update listings set launch_week = '2026-01-07' where id = ${listing}`.execute(t.db)],
  ['an unknown paid section', () => sql`update listings set unlocked_sections = '{story,ads}' where id = ${listing}`.execute(t.db)],
  ['an award place outside 1–3', () => sql`insert into awards (week, place, listing_id, votes) values ('2026-01-05', 4, ${listing}, 1)`.execute(t.db)],
  ['a negative price', () => sql`insert into products (code, name, kind, price_cents) values ('x', 'x', 'featured', -1)`.execute(t.db)],
  ['an unknown listing status', () => sql`update listings set status = 'hidden' where id = ${listing}`.execute(t.db)],
  ['a slug that breaks the pattern', () => sql`update listings set slug = 'Bad_Slug' where id = ${listing}`.execute(t.db)],
];

for (const [name, attempt] of rejected) {
  test(`the database refuses ${name}`, async () => {
    await assert.rejects(attempt, /violates check constraint/);
  });
}

test('a second vote by the same person on the same listing is refused', async () => {
  await t.fx.vote(listing, user);
  await assert.rejects(() => t.fx.vote(listing, user), /duplicate key/);
});
