import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { refreshTrendingScores } from './trending-store.ts';

// The counts and scores migration 0011 keeps instead of counting per request: after every kind of
// write they equal what a full recount says (the recount is the old per-request query).
const t = await createTestApp();
const { fx, db } = t;

await fx.category({ slug: 'software' });
await fx.category({ slug: 'dev-tools', parent: 'software' });
await fx.category({ slug: 'testing', parent: 'dev-tools' });
await fx.category({ slug: 'design' });

/** Distinct public listings per category and status, subcategories included, recounted. */
async function recount() {
  const r = await sql<{ slug: string; live: number; scheduled: number }>`
    with recursive anc as (
      select id as category_id, id as ancestor_id from categories
      union all
      select anc.category_id, c.parent_id from anc join categories c on c.id = anc.ancestor_id where c.parent_id is not null
    )
    select c.slug,
      (select count(distinct lc.listing_id)::int from anc join listing_categories lc on lc.category_id = anc.category_id
        join listings l on l.id = lc.listing_id and l.status = 'live' where anc.ancestor_id = c.id) as live,
      (select count(distinct lc.listing_id)::int from anc join listing_categories lc on lc.category_id = anc.category_id
        join listings l on l.id = lc.listing_id and l.status = 'scheduled' where anc.ancestor_id = c.id) as scheduled
    from categories c order by c.slug`.execute(db);
  return r.rows;
}
async function kept() {
  const r = await sql<{ slug: string; live: number; scheduled: number }>`
    select c.slug, coalesce(cc.live, 0) as live, coalesce(cc.scheduled, 0) as scheduled
    from categories c left join category_counts cc on cc.category_id = c.id order by c.slug`.execute(db);
  return r.rows;
}
const count = (rows: Array<{ slug: string; live: number }>, slug: string) => rows.find((r) => r.slug === slug)?.live;

test('a new live listing moves its category count and every ancestor count, once each', async () => {
  const before = await kept();
  const id = await fx.listing({ slug: 'probe', category: 'testing', extraCategories: ['dev-tools'] });
  const after = await kept();
  for (const slug of ['testing', 'dev-tools', 'software']) assert.equal(count(after, slug), count(before, slug)! + 1, slug);
  assert.equal(count(after, 'design'), count(before, 'design'));
  assert.deepEqual(after, await recount());
  await db.deleteFrom('listings').where('id', '=', id).execute();
  assert.deepEqual(await kept(), before);
});

test('kept category counts follow status changes, category changes, tree moves and deletes', async () => {
  const a = await fx.listing({ category: 'testing' });
  const b = await fx.listing({ category: 'dev-tools', extraCategories: ['design'] });
  const c = await fx.listing({ category: 'design', status: 'scheduled', launch_week: '2027-03-01' });
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['insert', async () => {}],
    ['live → scheduled', () => sql`update listings set status = 'scheduled' where id = ${a}`.execute(db)],
    ['scheduled → live (bulk)', () => sql`update listings set status = 'live' where id in (${a}, ${c})`.execute(db)],
    ['live → archived', () => sql`update listings set status = 'archived' where id = ${b}`.execute(db)],
    ['archived → live', () => sql`update listings set status = 'live' where id = ${b}`.execute(db)],
    ['category removed', () => sql`delete from listing_categories where listing_id = ${b} and category_id = (select id from categories where slug = 'design')`.execute(db)],
    ['category added', () => sql`insert into listing_categories (listing_id, category_id) select ${a}, id from categories where slug = 'design'`.execute(db)],
    ['subtree moved', () => sql`update categories set parent_id = (select id from categories where slug = 'design') where slug = 'testing'`.execute(db)],
    ['a vote (no count moves)', () => sql`update listings set votes_count = votes_count + 1 where id = ${a}`.execute(db)],
    ['listing deleted', () => db.deleteFrom('listings').where('id', '=', c).execute()],
  ];
  for (const [name, step] of steps) {
    await step();
    assert.deepEqual(await kept(), await recount(), `after: ${name}`);
  }
});

test('public listing counts and leaderboard counts follow writes', async () => {
  const boards = async () => {
    const kept = await sql<{ board: string; listings: string }>`select board, listings from listing_board_counts order by board`.execute(db);
    const real = await sql<{ dr: number; revenue: number }>`select
      (select count(*)::int from listings where status = 'live' and dr_value is not null) as dr,
      (select count(*)::int from listings where status = 'live' and revenue_mrr_cents is not null) as revenue`.execute(db);
    assert.deepEqual(kept.rows.map((r) => [r.board, Number(r.listings)]), [['domain-rating', real.rows[0].dr], ['revenue', real.rows[0].revenue]]);
  };
  const x = await fx.listing({ revenue_mrr_cents: 5000 });
  await boards();
  await fx.domainRating(x, 40, '2026-01-01T00:00:00Z');
  await boards();
  await sql`update listings set status = 'scheduled' where id = ${x}`.execute(db);
  await boards();
  await db.deleteFrom('listings').where('id', '=', x).execute();
  await boards();
});

test('week counts: the launches of each week and status, after every kind of write that moves one (migration 0039)', async () => {
  const kept = async () =>
    (await sql<{ week: string; status: string; n: string }>`select week::text as week, status, listings as n from listing_week_counts where listings > 0 order by 1, 2`.execute(db)).rows.map(
      (r) => `${r.week} ${r.status} ${r.n}`,
    );
  const recount = async () =>
    (await sql<{ week: string; status: string; n: string }>`select launch_week::text as week, status, count(*) as n from listings where launch_week is not null group by 1, 2 order by 1, 2`.execute(db)).rows.map(
      (r) => `${r.week} ${r.status} ${r.n}`,
    );
  const a = await fx.listing({ launch_week: '2027-05-03' });
  const b = await fx.listing({ status: 'scheduled', launch_week: '2027-05-03' });
  const c = await fx.listing({ status: 'scheduled', launch_week: '2027-05-10' });
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['inserts', async () => {}],
    ['bulk insert (one statement, two weeks)', () =>
      sql`insert into listings (slug, name, url, domain, owner_id, status, plan, launch_week, published_at)
          select 'bulk-' || g, 'Bulk ' || g, 'https://bulk-' || g || '.example', 'bulk-' || g || '.example', owner_id, 'scheduled', plan, case when g % 2 = 0 then '2027-05-03'::date else '2027-05-17'::date end, null
          from listings, generate_series(1, 5) g where id = ${a}`.execute(db)],
    ['scheduled → live', () => sql`update listings set status = 'live', published_at = now() where id = ${b}`.execute(db)],
    ['moved to another week', () => sql`update listings set launch_week = '2027-05-17' where id = ${c}`.execute(db)],
    ['week and status at once, both ways (bulk)', () =>
      sql`update listings set launch_week = case when id = ${a} then '2027-05-10'::date else '2027-05-03'::date end,
          status = case when id = ${a} then 'scheduled' else 'live' end where id in (${a}, ${c})`.execute(db)],
    ['week taken away', () => sql`update listings set launch_week = null where id = ${b}`.execute(db)],
    ['week given back', () => sql`update listings set launch_week = '2027-05-24' where id = ${b}`.execute(db)],
    ['a vote (nothing moves)', () => sql`update listings set votes_count = votes_count + 1 where id = ${a}`.execute(db)],
    ['deletes (one statement, two weeks)', () => sql`delete from listings where slug like 'bulk-%' or id = ${c}`.execute(db)],
  ];
  for (const [name, step] of steps) {
    await step();
    assert.deepEqual(await kept(), await recount(), `after: ${name}`);
  }
  assert.ok((await kept()).includes('2027-05-10 scheduled 1'), 'the moved listing is counted in its new week and status');
});

test('week votes: the votes a listing got in its own launch week, after votes come and go and the week moves', async () => {
  const voters = await Promise.all([fx.user(), fx.user(), fx.user()]);
  const w = await fx.listing({ launch_week: '2026-01-05' });
  const weekVotes = async () => (await db.selectFrom('listings').select('week_votes').where('id', '=', w).executeTakeFirstOrThrow()).week_votes;
  await fx.vote(w, voters[0], new Date('2026-01-06T12:00:00Z'));
  await fx.vote(w, voters[1], new Date('2026-01-07T12:00:00Z'));
  await fx.vote(w, voters[2], new Date('2026-01-14T12:00:00Z')); // the next week: not a launch-week vote
  assert.equal(await weekVotes(), 2);
  await db.deleteFrom('votes').where('listing_id', '=', w).where('user_id', '=', voters[0]).execute();
  assert.equal(await weekVotes(), 1);
  await sql`update listings set launch_week = '2026-01-12' where id = ${w}`.execute(db);
  assert.equal(await weekVotes(), 1, 'the week it moved to has one vote');
});

test('trending scores: a vote moves the score after the refresh, a withdrawn vote too; past the window they go back to 0', async () => {
  const at = (iso: string) => new Date(iso);
  const refresh = (now: string) => refreshTrendingScores(db, { now: at(now), halfLifeHours: 48, windowDays: 14 });
  const [v1, v2] = [await fx.user(), await fx.user()];
  const hot = await fx.listing();
  const cold = await fx.listing();
  const score = async (id: string) => (await db.selectFrom('listings').select('trending_score').where('id', '=', id).executeTakeFirstOrThrow()).trending_score;
  await fx.vote(cold, v1, at('2026-06-09T12:00:00Z'));
  await refresh('2026-06-10T12:00:00Z');
  assert.ok(Math.abs((await score(cold)) - 0.5 ** 0.5) < 1e-9, 'one vote a day old at the reference time: 0.5^(24/48)');
  assert.equal(await score(hot), 0);

  await fx.vote(hot, v1, at('2026-06-10T12:30:00Z'));
  assert.equal(await score(hot), 0, 'stored: unchanged until the refresh');
  const coldBefore = await score(cold);
  assert.equal(await refresh('2026-06-10T13:00:00Z'), 1, 'only the listing whose votes changed is rewritten');
  assert.ok((await score(hot)) > (await score(cold)), 'the newer vote trends higher');
  assert.equal(await score(cold), coldBefore, 'scores keep their reference time: the others need no rewrite');

  await fx.vote(hot, v2, at('2026-06-10T13:10:00Z'));
  await refresh('2026-06-10T13:20:00Z');
  const twoVotes = await score(hot);
  await db.deleteFrom('votes').where('listing_id', '=', hot).where('user_id', '=', v2).execute();
  await refresh('2026-06-10T13:30:00Z');
  assert.ok((await score(hot)) < twoVotes, 'a withdrawn vote lowers the score at the next refresh');

  await refresh('2026-07-10T12:00:00Z');
  assert.deepEqual([await score(hot), await score(cold)], [0, 0], 'votes older than the window no longer count');
});
