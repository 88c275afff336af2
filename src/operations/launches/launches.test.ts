import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { openDatabase } from '../../store/database.ts';
import { runWeekStart } from '../../jobs/week-start.ts';
import { TRENDING_REFRESH_JOB } from '../../domain/listings/directory.ts';

// Wednesday of the week of Monday 2027-01-04; last week (Mon 2026-12-28 to Sun 2027-01-03) spans
// the year boundary, and 2026 is a 53-week ISO year.
const NOW = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({ now: () => NOW });
const { fx } = t;

await fx.category({ slug: 'tools' });
const users = await Promise.all(Array.from({ length: 8 }, () => fx.user()));
const launched = (week: string, day: string) => ({ status: 'live' as const, launch_week: week, published_at: new Date(`${day}T09:00:00Z`) });

const a = await fx.listing({ slug: 'alpha', name: 'Alpha', category: 'tools', ...launched('2026-12-28', '2026-12-28') });
const b = await fx.listing({ slug: 'bravo', name: 'Bravo', category: 'tools', ...launched('2026-12-28', '2026-12-29') });
const c = await fx.listing({ slug: 'charlie', name: 'Charlie', category: 'tools', ...launched('2026-12-28', '2026-12-28') });
await fx.listing({ slug: 'delta', name: 'Delta', category: 'tools', ...launched('2026-12-28', '2026-12-28') });
const e = await fx.listing({ slug: 'echo', name: 'Echo', category: 'tools', ...launched('2027-01-04', '2027-01-04') });
const f = await fx.listing({ slug: 'foxtrot', name: 'Foxtrot', category: 'tools', ...launched('2027-01-04', '2027-01-04') });
await fx.listing({ slug: 'golf', name: 'Golf', category: 'tools', status: 'scheduled', launch_week: '2027-01-04' });
await fx.listing({ slug: 'hotel', name: 'Hotel', category: 'tools', status: 'scheduled', launch_week: '2027-01-11' });

// Alpha and Bravo tie on 5 votes in their week (Alpha launched first); Charlie has 2 in its week
// and 3 more cast this week, which must not count for last week.
for (const u of users.slice(0, 5)) await fx.vote(a, u, new Date('2026-12-30T10:00:00Z'));
for (const u of users.slice(0, 5)) await fx.vote(b, u, new Date('2027-01-03T23:00:00Z'));
for (const u of users.slice(0, 2)) await fx.vote(c, u, new Date('2027-01-01T10:00:00Z'));
for (const u of users.slice(2, 5)) await fx.vote(c, u, new Date('2027-01-05T10:00:00Z'));
for (const u of users.slice(0, 3)) await fx.vote(e, u, new Date('2027-01-05T10:00:00Z'));
await fx.vote(f, users[0], new Date('2027-01-06T08:00:00Z'));
await fx.billboard(c, 1000);
await fx.billboard(b, 5000);
await fx.billboard(b, 2500);
await fx.domainRating(a, 40, '2026-10-01T00:00:00Z');
await fx.domainRating(a, 52, '2026-12-01T00:00:00Z');
await fx.domainRating(b, 61, '2026-12-01T00:00:00Z');
await sql`update listings set revenue_mrr_cents = 1200000, revenue_verified = true where id = ${c}`.execute(t.db);
await sql`update listings set revenue_mrr_cents = 90000 where id = ${e}`.execute(t.db);

const slugs = (items: any[]) => items.map((i) => i.listing.slug);

test('get_launch_week: a closed week ranks its live launches by votes cast that week, ties to the earlier launch', async () => {
  const res = await t.get('/api/v1/launches/weeks/last');
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.week, { start: '2026-12-28', end: '2027-01-03', timezone: 'UTC', status: 'past' });
  assert.deepEqual(slugs(res.body.items), ['alpha', 'bravo', 'charlie', 'delta']);
  assert.deepEqual(res.body.items.map((i: any) => [i.rank, i.metric.value]), [[1, 5], [2, 5], [3, 2], [4, 0]]);
  assert.equal(res.body.total, 4);
  assert.ok(res.body.items.every((i: any) => i.paid === false));
});

test('get_launch_week: any date snaps to its Monday, across the year boundary', async () => {
  for (const ref of ['2026-12-28', '2026-12-31', '2027-01-01', '2027-01-03']) {
    const res = await t.get(`/api/v1/launches/weeks/${ref}`);
    assert.equal(res.body.week.start, '2026-12-28', ref);
    assert.deepEqual(slugs(res.body.items), ['alpha', 'bravo', 'charlie', 'delta'], ref);
  }
  assert.equal((await t.get('/api/v1/launches/weeks/2027-01-04')).body.week.status, 'current');
});

test('get_launch_week: this week lists live launches, then the ones still scheduled; next week its scheduled ones', async () => {
  const current = (await t.get('/api/v1/launches/weeks/this')).body;
  assert.deepEqual(current.items.map((i: any) => [i.listing.slug, i.rank, i.listing.status]), [
    ['echo', 1, 'live'],
    ['foxtrot', 2, 'live'],
    ['golf', null, 'scheduled'],
  ]);
  const next = (await t.get('/api/v1/launches/weeks/next')).body;
  assert.equal(next.week.status, 'future');
  assert.deepEqual(next.items.map((i: any) => [i.listing.slug, i.rank]), [['hotel', null]]);
});

test('get_launch_week: 404 for an invalid or out-of-range week, 400 over 10 characters', async () => {
  for (const ref of ['2027-02-30', 'yesterday', '1999-12-27', '2028-02-07', '27-01-04']) {
    const res = await t.get(`/api/v1/launches/weeks/${ref}`);
    assert.equal(res.status, 404, ref);
    assert.equal(res.body.code, 'week_not_found', ref);
  }
  const long = await t.get('/api/v1/launches/weeks/2027-01-04x');
  assert.equal(long.status, 400);
  assert.equal(long.body.errors[0].field, 'week');
});

test('week start: scheduled launches go live and last week is awarded once, even when run twice at once', async () => {
  // A second connection pool stands in for a second app node (a real one on PostgreSQL).
  const other = t.app.config.databaseUrl ? await openDatabase({ databaseUrl: t.app.config.databaseUrl, dataDir: 'memory://' }) : undefined;
  try {
    const [r1, r2] = await Promise.all([runWeekStart(t.db, NOW), runWeekStart(other?.db ?? t.db, NOW)]);
    assert.equal(r1.published + r2.published, 1, 'golf published once');
    assert.equal(r1.awarded.length + r2.awarded.length, 1, 'one node computed the awards');
  } finally {
    await other?.close();
  }
  const again = await runWeekStart(t.db, NOW);
  assert.deepEqual(again, { week: '2027-01-04', published: 0, awarded: [], waiting: [] });
  const awards = await t.db.selectFrom('awards').select(['week', 'place', 'listing_id', 'votes']).orderBy('place').execute();
  assert.deepEqual(awards.map((w) => [w.week, w.place, w.listing_id, w.votes]), [
    ['2026-12-28', 1, a, 5],
    ['2026-12-28', 2, b, 5],
    ['2026-12-28', 3, c, 2],
  ]);
  const golf = (await t.get('/api/v1/listings/golf')).body;
  assert.equal(golf.status, 'live');
  assert.deepEqual((await t.get('/api/v1/launches/weeks/last')).body.awards, [
    { place: 1, votes: 5, slug: 'alpha' },
    { place: 2, votes: 5, slug: 'bravo' },
    { place: 3, votes: 2, slug: 'charlie' },
  ]);
});

test('list_awards: newest week first, places in order, filter by listing', async () => {
  const all = (await t.get('/api/v1/awards')).body;
  assert.deepEqual(all.items.map((w: any) => [w.week, w.place, w.listing.slug, w.label]), [
    ['2026-12-28', 1, 'alpha', '#1 Launch of the Week'],
    ['2026-12-28', 2, 'bravo', '#2 Launch of the Week'],
    ['2026-12-28', 3, 'charlie', '#3 Launch of the Week'],
  ]);
  const bravo = (await t.get('/api/v1/awards?listing=bravo')).body;
  assert.deepEqual(bravo.items.map((w: any) => w.place), [2]);
  assert.equal(bravo.total, 1);
  const none = (await t.get('/api/v1/awards?listing=delta')).body;
  assert.deepEqual(none.items, []);
  assert.equal(none.total, 0);
});

test('list_launches sections', async () => {
  const section = async (s: string) => (await t.get(`/api/v1/launches?section=${s}`)).body;
  const thisWeek = await section('this-week');
  assert.equal(thisWeek.week, '2027-01-04');
  assert.deepEqual(slugs(thisWeek.items), ['echo', 'foxtrot', 'golf']);
  assert.deepEqual(slugs((await t.get('/api/v1/launches')).body.items), slugs(thisWeek.items), 'this-week is the default');
  // Today (Wednesday) only Foxtrot got a vote.
  const today = await section('today');
  assert.equal(today.items[0].listing.slug, 'foxtrot');
  assert.deepEqual(today.items[0].metric, { name: 'day_votes', value: 1, counted: 1 });
  assert.deepEqual(slugs((await section('upcoming')).items), ['hotel']);
  // Three-way tie on 5 votes: the earlier launch first, then the lower id.
  assert.deepEqual(slugs((await section('most-voted')).items).slice(0, 3), ['alpha', 'charlie', 'bravo']);
  assert.equal(slugs((await section('recent')).items)[0], 'golf');
  // Trending is a stored score, refreshed by its job (on a schedule and after votes).
  await t.app.services.jobs.send(TRENDING_REFRESH_JOB, {});
  await t.jobsIdle();
  const trending = await section('trending');
  assert.equal(trending.items[0].listing.slug, 'charlie', 'three votes yesterday outweigh older ones');
  assert.ok(trending.items.every((i: any, n: number) => i.rank === n + 1));
  for (const s of ['most-viewed', 'most-followed']) assert.equal((await section(s)).items.length, 7, s);
});

test('get_leaderboard: community boards, paid billboard clearly labelled, Domain Rating trend, revenue', async () => {
  const weekly = (await t.get('/api/v1/leaderboards/community-weekly?week=last')).body;
  assert.deepEqual(slugs(weekly.items), ['alpha', 'bravo', 'charlie', 'delta']);
  assert.equal(weekly.week.start, '2026-12-28');
  assert.equal(weekly.paid, false);
  assert.equal(weekly.label, null);
  assert.equal((await t.get('/api/v1/leaderboards/community-weekly')).body.week.start, '2027-01-04', 'week defaults to this');
  assert.equal((await t.get('/api/v1/leaderboards/community-weekly?week=2026-12-31')).body.week.start, '2026-12-28');

  const allTime = (await t.get('/api/v1/leaderboards/community-all-time')).body;
  assert.deepEqual(slugs(allTime.items).slice(0, 3), ['alpha', 'charlie', 'bravo']);
  assert.equal(allTime.items[0].metric.name, 'votes');

  const billboard = (await t.get('/api/v1/leaderboards/billboard')).body;
  assert.equal(billboard.paid, true);
  assert.match(billboard.label, /^Paid placement/);
  assert.match(billboard.title, /paid/i);
  assert.deepEqual(billboard.items.map((i: any) => [i.listing.slug, i.metric.value, i.paid]), [
    ['bravo', 7500, true],
    ['charlie', 1000, true],
  ]);

  const dr = (await t.get('/api/v1/leaderboards/domain-rating')).body;
  assert.deepEqual(dr.items.map((i: any) => [i.listing.slug, i.metric.value, i.metric.trend, i.metric.change]), [
    ['bravo', 61, 'new', 0],
    ['alpha', 52, 'up', 12],
  ]);

  const revenue = (await t.get('/api/v1/leaderboards/revenue')).body;
  assert.deepEqual(revenue.items.map((i: any) => [i.listing.slug, i.metric.value, i.metric.verified]), [
    ['charlie', 1200000, true],
    ['echo', 90000, false],
  ]);
});

test('billboard money never reaches community rankings, awards or search', async () => {
  await fx.billboard(f, 99_000_000);
  assert.deepEqual(slugs((await t.get('/api/v1/leaderboards/community-weekly')).body.items).slice(0, 2), ['echo', 'foxtrot']);
  assert.equal((await t.get('/api/v1/launches?section=trending')).body.items[0].listing.slug, 'charlie');
  assert.equal((await t.get('/api/v1/leaderboards/billboard')).body.items[0].listing.slug, 'foxtrot');
});

test('get_leaderboard errors: unknown board 404, week on another board 400, next week 404', async () => {
  const unknown = await t.get('/api/v1/leaderboards/most-paid');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.code, 'board_not_found');
  for (const board of ['community-all-time', 'billboard', 'domain-rating', 'revenue']) {
    const res = await t.get(`/api/v1/leaderboards/${board}?week=this`);
    assert.equal(res.status, 400, board);
    assert.equal(res.body.code, 'week_not_applicable', board);
    assert.deepEqual(res.body.errors.map((x: any) => x.field), ['week']);
  }
  const next = await t.get('/api/v1/leaderboards/community-weekly?week=next');
  assert.equal(next.status, 404);
  assert.equal(next.body.code, 'week_not_found');
});

for (const era of ['legacy', 'modern'] as const) {
  test(`MCP (${era}): launch tools answer as REST does, errors carry the same codes`, async () => {
    const client = await t.mcp(era);
    const week = await callTool(client, 'get_launch_week', { week: '2027-01-01' });
    assert.deepEqual(week.data, (await t.get('/api/v1/launches/weeks/2027-01-01')).body);
    const board = await callTool(client, 'get_leaderboard', { board: 'billboard' });
    assert.equal(board.data.paid, true);
    const awards = await callTool(client, 'list_awards', { listing: 'alpha' });
    assert.equal(awards.data.items[0].place, 1);
    const feed = await callTool(client, 'list_launches', { section: 'upcoming' });
    assert.equal(feed.data.items[0].listing.slug, 'hotel');
    for (const [name, args, code] of [
      ['get_launch_week', { week: '2027-13-01' }, 'week_not_found'],
      ['get_leaderboard', { board: 'nope' }, 'board_not_found'],
      ['get_leaderboard', { board: 'revenue', week: 'last' }, 'week_not_applicable'],
      ['list_launches', { section: 'hot' }, 'validation_failed'],
    ] as const) {
      const r = await callTool(client, name, args);
      assert.equal(r.isError, true, name);
      assert.equal(r.data.code, code, name);
    }
  });
}
