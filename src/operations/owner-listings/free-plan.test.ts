import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { earliestOpenWeek, freeWeekWindow } from '../../domain/owner-listings/free-plan.ts';

// Wednesday of the week of Monday 2027-01-04: the free window is 2027-02-15 (6 weeks) to 2027-03-01 (8 weeks).
const NOW = new Date('2027-01-06T12:00:00Z');
const [W6, W7, W8] = ['2027-02-15', '2027-02-22', '2027-03-01'];
const t = await createTestApp({ now: () => NOW });
const { fx } = t;
const owner = await t.apiKey(['account:read', 'listings:write']);
const choose = (id: string, auth = owner.auth) => t.rest('POST', `/api/v1/me/listings/${id}/free`, undefined, auth);
const setCapacity = (n: number) => sql`update site_settings set free_week_capacity = ${n}`.execute(t.db);
const clearWeeks = () => sql`update listings set status = 'archived' where plan = 'free' and status <> 'draft'`.execute(t.db);

test('the window runs from min to max weeks after the current week; the earliest with room wins', () => {
  assert.deepEqual(freeWeekWindow('2027-01-04', 6, 8), [W6, W7, W8]);
  assert.deepEqual(freeWeekWindow('2026-12-28', 1, 1), ['2027-01-04']);
  assert.equal(earliestOpenWeek([W6, W7, W8], new Map([[W6, 2]]), 2), W7);
  assert.equal(earliestOpenWeek([W6, W7, W8], new Map([[W6, 1]]), 2), W6);
  assert.equal(earliestOpenWeek([W6, W7], new Map([[W6, 2], [W7, 3]]), 2), undefined);
  assert.equal(earliestOpenWeek([W6], new Map(), 0), undefined);
});

test('choose_free_listing: a submitted free listing is queued 6 weeks ahead, awaiting its badge; asking again answers the same week', async () => {
  await clearWeeks();
  const id = await fx.listing({ owner_id: owner.userId, status: 'draft' });
  const res = await choose(id);
  assert.equal(res.status, 200);
  assert.deepEqual([res.body.status, res.body.plan, res.body.launch_week, res.body.public], ['awaiting_badge', 'free', W6, false]);
  assert.match(res.body.badge.embed_html, /href="http:\/\/localhost:3000\/listings\//);
  const again = await choose(id);
  assert.deepEqual([again.status, again.body.launch_week, again.body.status], [200, W6, 'awaiting_badge']);
  const client = await t.mcp('modern', owner.auth);
  const viaMcp = await callTool(client, 'choose_free_listing', { listing_id: Number(id) });
  assert.deepEqual([viaMcp.isError, viaMcp.data.launch_week], [false, W6]);
  // Still not public: a listing awaiting its badge is 404 on every public read.
  const slug = res.body.slug;
  assert.equal((await t.get(`/api/v1/listings/${slug}`)).status, 404);
});

test('choose_free_listing: only a draft on the free plan; paid, live and archived listings are 409', async () => {
  for (const p of [{ plan: 'paid' as const, status: 'draft' as const }, { plan: 'free' as const, status: 'live' as const }, { plan: 'free' as const, status: 'archived' as const }]) {
    const id = await fx.listing({ owner_id: owner.userId, ...p });
    const res = await choose(id);
    assert.equal(res.status, 409, JSON.stringify(p));
    assert.equal(res.body.code, 'listing_not_queueable');
    const row = await t.db.selectFrom('listings').select(['status', 'launch_week']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: p.status, launch_week: null });
  }
});

test('capacity: free listings holding a week (awaiting, scheduled, live) fill it; paid and archived ones do not; all full is 409', async () => {
  await clearWeeks();
  await setCapacity(2);
  await fx.listing({ status: 'awaiting_badge', launch_week: W6 });
  await fx.listing({ status: 'scheduled', launch_week: W6 });
  await fx.listing({ status: 'live', launch_week: W7, plan: 'paid' });
  await fx.listing({ status: 'archived', launch_week: W7 });
  const first = await choose(await fx.listing({ owner_id: owner.userId, status: 'draft' }));
  assert.equal(first.body.launch_week, W7);
  const second = await choose(await fx.listing({ owner_id: owner.userId, status: 'draft' }));
  assert.equal(second.body.launch_week, W7);
  await fx.listing({ status: 'live', launch_week: W8 });
  await fx.listing({ status: 'live', launch_week: W8 });
  const late = await fx.listing({ owner_id: owner.userId, status: 'draft' });
  const full = await choose(late);
  assert.equal(full.status, 409);
  assert.equal(full.body.code, 'free_weeks_full');
  assert.match(full.body.detail, /2027-02-15 to 2027-03-01/);
  assert.equal((await t.db.selectFrom('listings').select('status').where('id', '=', late).executeTakeFirstOrThrow()).status, 'draft');
  // The window is a site setting.
  await sql`update site_settings set free_queue_max_weeks = 9`.execute(t.db);
  assert.equal((await choose(late)).body.launch_week, '2027-03-08');
  await sql`update site_settings set free_queue_max_weeks = 8`.execute(t.db);
});

test('capacity race: two choosers for the last slot of a week: one gets it, the other the next week (concurrent connections on PostgreSQL)', async () => {
  for (let round = 0; round < 3; round++) {
    await clearWeeks();
    await setCapacity(2);
    await fx.listing({ status: 'scheduled', launch_week: W6 });
    const a = await fx.listing({ owner_id: owner.userId, status: 'draft' });
    const b = await fx.listing({ owner_id: owner.userId, status: 'draft' });
    const [ra, rb] = await Promise.all([choose(a), choose(b)]);
    assert.deepEqual([ra.status, rb.status], [200, 200]);
    assert.deepEqual([ra.body.launch_week, rb.body.launch_week].sort(), [W6, W7]);
    const held = await sql<{ n: number }>`select count(*)::int as n from listings where plan = 'free' and launch_week = ${W6}::date and status in ('awaiting_badge', 'scheduled', 'live')`.execute(t.db);
    assert.equal(held.rows[0].n, 2);
  }
  // The last slot of the whole window: one wins, the other is 409, never an overfilled week.
  await clearWeeks();
  await setCapacity(1);
  await fx.listing({ status: 'scheduled', launch_week: W6 });
  await fx.listing({ status: 'scheduled', launch_week: W7 });
  const [x, y] = await Promise.all([choose(await fx.listing({ owner_id: owner.userId, status: 'draft' })), choose(await fx.listing({ owner_id: owner.userId, status: 'draft' }))]);
  assert.deepEqual([x.status, y.status].sort(), [200, 409]);
  assert.equal([x, y].find((r) => r.status === 200)!.body.launch_week, W8);
  await setCapacity(25);
});

test('choose_free_listing honours Idempotency-Key', async () => {
  await clearWeeks();
  const id = await fx.listing({ owner_id: owner.userId, status: 'draft' });
  const headers = { ...owner.auth, 'idempotency-key': 'free-1' };
  const first = await t.rest('POST', `/api/v1/me/listings/${id}/free`, undefined, headers);
  const again = await t.rest('POST', `/api/v1/me/listings/${id}/free`, undefined, headers);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
});

test("an awaiting listing's owner can embed its listed badge before launch; nothing else about it is public", async () => {
  const id = await fx.listing({ slug: 'embed-me', owner_id: owner.userId, status: 'draft' });
  assert.equal((await t.get('/badges/embed-me/listed.svg')).status, 404);
  const queued = await choose(id);
  const img = await t.get(new URL(queued.body.badge.image_url).pathname + new URL(queued.body.badge.image_url).search);
  assert.equal(img.status, 200);
  assert.match(String(img.headers['content-type']), /image\/svg\+xml/);
  for (const kind of ['upcoming', 'launched', 'featured', 'verified']) {
    assert.equal((await t.get(`/badges/embed-me/${kind}.svg`)).status, 404, kind);
  }
  assert.equal((await t.get('/api/v1/listings/embed-me/badges')).status, 404);
  assert.equal((await t.get('/api/v1/listings/embed-me')).status, 404);
});
