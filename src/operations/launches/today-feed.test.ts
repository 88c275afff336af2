import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { pruneDayVotes } from '../../store/launches-store.ts';

// The day's ranking (list_launches section=today) walks the day's kept tally (listing_day_votes,
// migration 0040), then the others in launch order (launches-store.ts). Its oracle is the
// whole-week statement over the votes themselves: every live launch of the week left-joined to
// the votes cast between the site day's two midnights, sorted. Every page, at every page size, must
// be that ranking's slice, whatever mixes of voted, zero-point and unvoted launches a page
// straddles, after votes come, go and are weighed, and after the site's timezone changes.
const NOW = new Date('2027-01-06T12:00:00Z'); // Wednesday; the week of Monday 2027-01-04
let DAY = { from: new Date('2027-01-06T00:00:00Z'), to: new Date('2027-01-07T00:00:00Z') };
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
// Today in UTC, yesterday in New York (22:00 on the 5th there).
await fx.vote(launches[10], users[3], new Date('2027-01-06T03:00:00Z'), 700);

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

/** The kept tally equals the votes counted per site day and listing, under the site's timezone now. */
async function assertTally(step: string) {
  const counted = await sql<{ row: string }>`
    select concat_ws(' ', (v.created_at at time zone s.timezone)::date, v.listing_id, count(*), sum(v.points)) as row
    from votes v, site_settings s where s.id = 1 group by (v.created_at at time zone s.timezone)::date, v.listing_id order by 1`.execute(db);
  const kept = await sql<{ row: string }>`
    select concat_ws(' ', day, listing_id, votes, points) as row from listing_day_votes order by 1`.execute(db);
  assert.deepEqual(kept.rows.map((r) => r.row), counted.rows.map((r) => r.row), step);
}

/** Every page at every page size is the oracle's slice; the total is the week's live launches. */
async function assertPages(step: string) {
  const expected = await oracle();
  for (const perPage of [1, 2, 3, 4, 5, 11, 50]) {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / perPage) + 1; page++) {
      const res = await t.get(`/api/v1/launches?section=today&per_page=${perPage}&page=${page}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.total, expected.length, `${step}: per_page ${perPage} page ${page}`);
      seen.push(...res.body.items.map((i: any) => `${i.listing.slug} ${i.metric.value}`));
      assert.deepEqual(res.body.items.map((i: any) => i.rank), res.body.items.map((_: unknown, k: number) => (page - 1) * perPage + k + 1));
    }
    assert.deepEqual(seen, expected, `${step}: pages of ${perPage}`);
  }
  return expected;
}

test('section=today: every page at every page size is the slice of the whole-week ranking, and the total is the week\'s live launches', async () => {
  await assertTally('as voted');
  const expected = await assertPages('as voted');
  assert.equal(expected.length, 11);
  assert.deepEqual(expected.slice(0, 4), ['launch-3 2', 'launch-9 2', 'launch-10 1', 'launch-8 1'], 'by the day\'s points');
});

test('section=today: the kept tally follows votes withdrawn, weighed, cast for another week\'s launch, and a new timezone', async () => {
  const lastWeek = (await sql<{ id: string }>`select id from listings where slug = 'last-week'`.execute(db)).rows[0].id;
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['a vote withdrawn', () => sql`delete from votes where listing_id = ${launches[9]} and user_id = ${users[2]}`.execute(db)],
    ['the only vote of a launch withdrawn', () => sql`delete from votes where listing_id = ${launches[8]}`.execute(db)],
    ['weighed down', () => sql`update votes set points = 100, settled_at = ${NOW} where listing_id = ${launches[3]} and user_id = ${users[0]}`.execute(db)],
    ['settled without a new weight', () => sql`update votes set settled_at = ${NOW}`.execute(db)],
    ['a vote today for last week\'s launch', () => fx.vote(lastWeek, users[1], new Date('2027-01-06T09:00:00Z'))],
    ['two votes in one statement', () => sql`insert into votes (listing_id, user_id, week, created_at, points, seen_on)
        values (${launches[0]}, ${users[1]}, '2027-01-04', ${new Date('2027-01-06T10:00:00Z')}, 1000, 'listing'),
               (${launches[0]}, ${users[3]}, '2027-01-04', ${new Date('2027-01-06T11:00:00Z')}, 500, 'listing')`.execute(db)],
    ['a timezone west of UTC', async () => {
      await sql`update site_settings set timezone = 'America/New_York' where id = 1`.execute(db);
      DAY = { from: new Date('2027-01-06T05:00:00Z'), to: new Date('2027-01-07T05:00:00Z') };
    }],
    ['a vote withdrawn under it', () => sql`delete from votes where listing_id = ${launches[0]} and user_id = ${users[3]}`.execute(db)],
  ];
  for (const [step, write] of steps) {
    await write();
    await assertTally(step);
    await assertPages(step);
  }
  const nyTop = (await oracle()).slice(0, 3);
  assert.ok(!nyTop.some((row) => row.startsWith('launch-10 ')), 'the 03:00 UTC vote is the day before in New York');
  assert.deepEqual(nyTop, ['launch-3 2', 'launch-0 1', 'launch-9 1'], 'by the New York day\'s points');
  await sql`update site_settings set timezone = 'UTC' where id = 1`.execute(db);
  DAY = { from: new Date('2027-01-06T00:00:00Z'), to: new Date('2027-01-07T00:00:00Z') };
  await assertTally('back to UTC');
});

test('the week-start job prunes the day tallies of the weeks before the last', async () => {
  const old = new Date('2026-12-20T12:00:00Z'); // a Sunday: the week before the last
  await fx.vote(launches[1], users[0], old);
  await fx.vote(launches[2], users[0], new Date('2026-12-28T12:00:00Z')); // the last week's Monday: kept
  assert.equal(await pruneDayVotes(db, '2026-12-28'), 1);
  const days = await sql<{ day: string }>`select distinct day::text as day from listing_day_votes order by 1`.execute(db);
  assert.ok(days.rows.every((r) => r.day >= '2026-12-28'), days.rows.map((r) => r.day).join());
  assert.ok(days.rows.some((r) => r.day === '2026-12-28'));
  // A pruned day's vote withdrawn leaves nothing behind (no negative row).
  await sql`delete from votes where listing_id = ${launches[1]} and user_id = ${users[0]} and created_at = ${old}`.execute(db);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from listing_day_votes where votes <= 0 or day < '2026-12-28'`.execute(db)).rows[0].n, 0);
  await assertPages('after pruning');
});

test('section=today: a launch moving week or status leaves the day\'s ranking and its total at once', async () => {
  await sql`update listings set launch_week = '2027-01-11', status = 'scheduled' where id = ${launches[3]}`.execute(db);
  const res = await t.get('/api/v1/launches?section=today&per_page=50');
  assert.equal(res.body.total, 10);
  assert.deepEqual(res.body.items.map((i: any) => `${i.listing.slug} ${i.metric.value}`), await oracle());
  assert.ok(!res.body.items.some((i: any) => i.listing.slug === 'launch-3'));
});

test('a launch deleted with its votes takes its day tally with it (its votes\' delta is dropped, not written back)', async () => {
  const gone = await fx.listing({ slug: 'gone-launch', category: 'tools', status: 'live', launch_week: '2027-01-04', published_at: new Date('2027-01-04T03:00:00Z') });
  await fx.vote(gone, users[0], new Date('2027-01-06T10:00:00Z'));
  await fx.vote(gone, users[1], new Date('2027-01-06T11:00:00Z'), 400);
  await assertPages('with it');
  await sql`delete from listings where id = ${gone}`.execute(db);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from listing_day_votes where listing_id = ${gone}`.execute(db)).rows[0].n, 0);
  await assertTally('deleted');
  await assertPages('deleted');
});
