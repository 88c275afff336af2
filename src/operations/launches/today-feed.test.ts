import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';

// The day's ranking (list_launches section=today) reads the launches voted for that day, then the
// others in launch order (launches-store.ts). Its oracle is the whole-week statement it replaced:
// every live launch of the week left-joined to the day's votes, sorted. Every page, at every page
// size, must be that ranking's slice, whatever mixes of voted, zero-point and unvoted launches a
// page straddles.
const NOW = new Date('2027-01-06T12:00:00Z'); // Wednesday; the week of Monday 2027-01-04
const DAY = { from: new Date('2027-01-06T00:00:00Z'), to: new Date('2027-01-07T00:00:00Z') };
const t = await createTestApp({ now: () => NOW });
const { fx, db } = t;
await fx.category({ slug: 'tools' });
const users = await Promise.all(Array.from({ length: 4 }, () => fx.user()));

// Eleven launches: some share a launch instant (ties go to the lower id), one has none recorded.
const launches: string[] = [];
for (let i = 0; i < 11; i++) {
  const published = i === 7 ? null : new Date(`2027-01-0${4 + (i % 3)}T0${i % 2}:00:00Z`);
  launches.push(await fx.listing({ slug: `launch-${i}`, category: 'tools', status: 'live', launch_week: '2027-01-04', published_at: published as Date }));
}
await fx.listing({ slug: 'scheduled-one', category: 'tools', status: 'scheduled', launch_week: '2027-01-04' });
await fx.listing({ slug: 'last-week', category: 'tools', status: 'live', launch_week: '2026-12-28', published_at: new Date('2026-12-28T09:00:00Z') });
const today = new Date('2027-01-06T08:00:00Z');
await fx.vote(launches[3], users[0], today);
await fx.vote(launches[3], users[1], today);
await fx.vote(launches[9], users[0], today);
await fx.vote(launches[9], users[2], today, 900);
await fx.vote(launches[5], users[0], today, 0); // a vote that counts for nothing: ranked with the unvoted
await fx.vote(launches[1], users[2], new Date('2027-01-05T08:00:00Z')); // yesterday: not today's
await fx.vote(launches[8], users[3], new Date('2027-01-06T23:30:00Z'), 300);

/** The whole-week ranking, as the statement this feed used before computed it. */
async function oracle() {
  const r = await sql<{ slug: string; n: number; points: string }>`
    with dv as (select listing_id, count(*)::int as n, sum(points)::bigint as points from votes
                where created_at >= ${DAY.from} and created_at < ${DAY.to} and week = '2027-01-04' group by listing_id)
    select l.slug, coalesce(dv.n, 0) as n, coalesce(dv.points, 0) as points
    from listings l left join dv on dv.listing_id = l.id
    where l.launch_week = '2027-01-04' and l.status = 'live'
    order by coalesce(dv.points, 0) desc, l.published_at asc nulls last, l.id`.execute(db);
  return r.rows.map((row) => `${row.slug} ${row.n}`);
}

test('section=today: every page at every page size is the slice of the whole-week ranking, and the total is the week\'s live launches', async () => {
  const expected = await oracle();
  assert.equal(expected.length, 11);
  assert.deepEqual(expected.slice(0, 3), ['launch-3 2', 'launch-9 2', 'launch-8 1'], 'by the day\'s points');
  for (const perPage of [1, 2, 3, 4, 5, 11, 50]) {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(11 / perPage) + 1; page++) {
      const res = await t.get(`/api/v1/launches?section=today&per_page=${perPage}&page=${page}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.total, 11, `per_page ${perPage} page ${page}`);
      seen.push(...res.body.items.map((i: any) => `${i.listing.slug} ${i.metric.value}`));
      assert.deepEqual(res.body.items.map((i: any) => i.rank), res.body.items.map((_: unknown, k: number) => (page - 1) * perPage + k + 1));
    }
    assert.deepEqual(seen, expected, `pages of ${perPage}`);
  }
});

test('section=today: a launch moving week or status leaves the day\'s ranking and its total at once', async () => {
  await sql`update listings set launch_week = '2027-01-11', status = 'scheduled' where id = ${launches[3]}`.execute(db);
  const res = await t.get('/api/v1/launches?section=today&per_page=50');
  assert.equal(res.body.total, 10);
  assert.deepEqual(res.body.items.map((i: any) => `${i.listing.slug} ${i.metric.value}`), await oracle());
  assert.ok(!res.body.items.some((i: any) => i.listing.slug === 'launch-3'));
});
