import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { runVoteWeighing } from './vote-weighing.ts';
import { runWeekStart } from './week-start.ts';
import { voteTrustStore } from '../store/vote-trust-store.ts';
import { DEFAULT_DETECTION } from '../domain/community/vote-detection.ts';
import { DEFAULT_WEIGHTING } from '../domain/community/vote-weighting.ts';
import { SALT_PREFIX } from '../domain/community/vote-provenance.ts';

// The weighting on a real database: votes cast through the site get their provenance and first
// weight, the job recomputes and holds, the boards follow the counted points, awards wait for the
// review, and provenance is reduced with age. The issue's own attack is the first scenario.
let clock = new Date('2026-03-04T10:00:00Z'); // a Wednesday; its week is Monday 2026-03-02
const t = await createTestApp({ now: () => clock });
const weigh = () => runVoteWeighing({ db: t.db, now: () => clock, rules: t.app.services.voteTrust.rules });
const WEEK = '2026-03-02';

/** A verified account made `ageDays` before the clock, with `activity` follows. */
async function agedUser(ageDays: number, activity = 0) {
  const id = await t.fx.user();
  await sql`update users set created_at = ${new Date(clock.getTime() - ageDays * 86_400_000)}, email_verified_at = ${clock} where id = ${id}`.execute(t.db);
  for (let i = 0; i < activity; i++) {
    const l = await t.fx.listing({ status: 'live', launch_week: '2026-01-05' });
    await sql`insert into follows (listing_id, user_id) values (${l}, ${id})`.execute(t.db);
  }
  return id;
}

const board = async () => (await t.get(`/api/v1/launches/weeks/${WEEK}`)).body.items.map((i: any) => i.listing.slug) as string[];

// Eight launches this week with organic votes from aged, active accounts: 16, 14, …, 2 votes.
const slugs = Array.from({ length: 8 }, (_, i) => `launch-${i + 1}`);
const organic: string[] = [];
for (let i = 0; i < 16; i++) organic.push(await agedUser(400, 5));
for (const [i, slug] of slugs.entries()) {
  const id = await t.fx.listing({ slug, status: 'live', launch_week: WEEK, published_at: new Date('2026-03-02T08:00:00Z') });
  for (let v = 0; v < 16 - 2 * i; v++) await t.fx.vote(id, organic[v], new Date(clock.getTime() - (v + 1) * 3_600_000));
}

test('the issue: 36 accounts made in two minutes from one address vote for #8; it does not move, and the job holds them for review', async () => {
  await weigh();
  assert.deepEqual(await board(), slugs, 'the organic order');
  // Six at a time: the password hashing of sign-up and sign-in runs on the thread pool, not the test's clock.
  for (let i = 0; i < 36; i += 6) {
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const s = await t.signIn({ ip: '198.51.100.23' });
        const page = await s.browser.get('/listings/launch-8');
        const r = await s.browser.post('/listings/launch-8/vote', { csrf: s.csrf, intent: 'add', page_token: page.body.match(/name="page_token" value="([^"]+)"/)?.[1] ?? '' });
        assert.equal(r.status, 303);
      }),
    );
  }
  const eighth = (await t.get('/api/v1/listings/launch-8')).body;
  assert.equal(eighth.votes, 38, 'people: 2 + 36');
  assert.ok(eighth.counted_votes < 4, `counted at once: ${eighth.counted_votes}`);
  assert.deepEqual((await board()).slice(-1), ['launch-8'], 'still last, before the job');

  const salts = await sql<{ name: string }>`select name from installation_secrets where name like ${SALT_PREFIX + '%'}`.execute(t.db);
  assert.deepEqual(salts.rows.map((r) => r.name), [`${SALT_PREFIX}2026-03-04`], "the day's salt, shared by every node through the database");
  const run = await weigh();
  assert.equal(run.held, 36);
  const held = await sql<{ n: number; reason: string; seen: string; method: string }>`select count(*)::int as n, min(held_reason) as reason, min(seen_on) as seen, min(sign_in_method) as method
    from votes v join listings l on l.id = v.listing_id where l.slug = 'launch-8' and v.held_reason is not null group by held_group`.execute(t.db);
  assert.deepEqual(held.rows, [{ n: 36, reason: 'network_burst', seen: 'listing', method: 'password' }]);
  assert.equal((await t.get('/api/v1/listings/launch-8')).body.counted_votes, 2, 'held votes count 0; the two organic ones 1 each (400 days old, 5 follows)');
  assert.deepEqual(await board(), slugs);
  const page = await t.get('/listings/launch-8');
  assert.match(page.body, /38 votes · <a href="\/about\/ranking"[^>]*>2 counted<\/a>/);
});

test('a burst across midnight UTC is one network\'s burst, though each day salts its hashes anew', async () => {
  const saved = clock;
  try {
    // Twelve established accounts on one /24, a vote every 3 minutes from 23:40 to 00:13: seven on one
    // salt day, five on the next, so neither day alone has the ten of a burst.
    const voters: string[] = [];
    for (let i = 0; i < 12; i++) {
      clock = new Date(Date.parse('2026-03-04T23:40:00Z') + i * 3 * 60_000);
      const s = await t.signIn({ ip: `203.0.113.${20 + i}` });
      await sql`update users set created_at = ${new Date(clock.getTime() - 400 * 86_400_000)} where id = ${s.userId}`.execute(t.db);
      voters.push(s.userId);
      assert.equal((await s.browser.post('/listings/launch-7/vote', { csrf: s.csrf, intent: 'add' })).status, 303);
    }
    const rows = await sql<{ hash: string; next: string | null; at: Date }>`select network_hash as hash, network_hash_next as next, created_at as at
      from votes where user_id = any(${voters}::bigint[]) order by created_at`.execute(t.db);
    assert.equal(new Set(rows.rows.map((r) => r.hash)).size, 2, 'two days, two hashes of the one network');
    assert.ok(rows.rows.slice(0, 7).every((r) => r.next === rows.rows[11].hash), 'the votes of the hour before midnight carry the next day\'s hash');
    assert.ok(rows.rows.slice(7).every((r) => r.next === null));
    const run = await weigh();
    assert.equal(run.held, 36 + 12);
    const held = await sql<{ n: number; reason: string }>`select count(*)::int as n, min(held_reason) as reason from votes
      where user_id = any(${voters}::bigint[]) and held_reason is not null group by held_group`.execute(t.db);
    assert.deepEqual(held.rows, [{ n: 12, reason: 'network_burst' }], 'one group');
    const admin = await t.signIn({ admin: true });
    const queue = (await admin.browser.get('/admin/votes')).body;
    assert.match(queue, /Networks: [0-9a-f]{8} \(12 votes\)/, 'the queue shows it as one network');
  } finally {
    // The later scenarios read the board: this one's votes go.
    await sql`delete from votes where listing_id = (select id from listings where slug = 'launch-7') and held_reason = 'network_burst'`.execute(t.db);
    clock = saved;
  }
});

test('a vote cast from a list carries its token; one posted without any page counts half', async () => {
  const s = await t.signIn({ ip: '192.0.2.10' });
  await sql`update users set created_at = ${new Date(clock.getTime() - 400 * 86_400_000)} where id = ${s.userId}`.execute(t.db);
  const week = await s.browser.get(`/launches/weeks/${WEEK}`);
  const token = week.body.match(/name="page_token" value="(list\.[^"]+)"/)?.[1];
  assert.ok(token, 'the week page carries a list token');
  await s.browser.post('/listings/launch-3/vote', { csrf: s.csrf, intent: 'add', page_token: token! });
  await s.browser.post('/listings/launch-4/vote', { csrf: s.csrf, intent: 'add' });
  const rows = await sql<{ slug: string; seen_on: string | null; points: number }>`select l.slug, v.seen_on, v.points from votes v join listings l on l.id = v.listing_id
    where v.user_id = ${s.userId} order by l.slug`.execute(t.db);
  // 400 days old, no activity: 0.1 + 0.7 = 0.8; without a page, half of it.
  assert.deepEqual(rows.rows, [
    { slug: 'launch-3', seen_on: 'list', points: 800 },
    { slug: 'launch-4', seen_on: null, points: 400 },
  ]);
  // A forged token is no token.
  const other = await t.signIn({ ip: '192.0.2.11' });
  await other.browser.post('/listings/launch-5/vote', { csrf: other.csrf, intent: 'add', page_token: token! });
  const forged = await sql<{ seen_on: string | null }>`select seen_on from votes where user_id = ${other.userId}`.execute(t.db);
  assert.deepEqual(forged.rows, [{ seen_on: null }], "another person's token");
});

test('weights are recomputed by the job, not per request; a second run changes nothing', async () => {
  const before = await sql<{ id: string; points: number }>`select id, points from votes order by id`.execute(t.db);
  const again = await weigh();

  assert.equal(again.changed, 0);
  const after = await sql<{ id: string; points: number }>`select id, points from votes order by id`.execute(t.db);
  assert.deepEqual(after.rows, before.rows);
  // The listings' counted points are the sum of their votes' points, always.
  const drift = await sql<{ n: number }>`select count(*)::int as n from listings l
    where l.vote_points <> coalesce((select sum(points) from votes v where v.listing_id = l.id), 0)
       or l.week_points <> coalesce((select sum(points) from votes v where v.listing_id = l.id and v.week = l.launch_week), 0)`.execute(t.db);
  assert.equal(drift.rows[0].n, 0);
});

test("a closed week's awards wait for its held votes to be reviewed, at most 48 hours", async () => {
  const saved = clock;
  try {
    clock = new Date('2026-03-09T01:00:00Z'); // the week closed an hour ago
    await weigh();
    const waiting = await runWeekStart(t.db, clock);
    assert.deepEqual(waiting.waiting, [WEEK]);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from awards where week = ${WEEK}`.execute(t.db)).rows[0].n, 0);
    clock = new Date('2026-03-11T00:30:00Z'); // 48 hours and a half after the close
    const decided = await runWeekStart(t.db, clock);
    assert.deepEqual(decided.awarded, [{ week: WEEK, winners: 3 }]);
    const places = await sql<{ place: number; slug: string; votes: number }>`select a.place, l.slug, a.votes from awards a join listings l on l.id = a.listing_id where a.week = ${WEEK} order by a.place`.execute(t.db);
    assert.deepEqual(places.rows.map((r) => r.slug), ['launch-1', 'launch-2', 'launch-3'], 'held votes counted 0');
  } finally {
    clock = saved;
  }
});

test('after the settle age a vote keeps its weight and loses its hashes (a held one once decided); past days lose their salts', async () => {
  const saved = clock;
  try {
    const before = await sql<{ points: number }>`select points from votes where network_hash is not null order by id limit 1`.execute(t.db);
    // A past day's salt left behind (a node that hashed just before midnight).
    await sql`insert into installation_secrets (name, value) values (${SALT_PREFIX + '2026-03-05'}, '"left behind"')`.execute(t.db);
    clock = new Date(saved.getTime() + (DEFAULT_WEIGHTING.settleDays + 1) * 86_400_000);
    // Settled in chunks (one statement each, so the embedded database answers requests between them):
    // seven at a time here, every due vote once.
    const due = new Date(clock.getTime() - DEFAULT_WEIGHTING.settleDays * 86_400_000);
    const eligible = (await sql<{ n: number }>`select count(*)::int as n from votes
      where settled_at is null and created_at < ${due} and not (held_reason is not null and review is null)`.execute(t.db)).rows[0].n;
    assert.ok(eligible > 14, `${eligible} votes due: several chunks`);
    // Half of them cast in the same instant: a chunk ends inside the tie, and the next one (which
    // starts at the last chunk's newest vote, not before) must still take the rest of it.
    await sql`update votes set created_at = ${new Date(due.getTime() - 86_400_000)} where id in (
      select id from votes where settled_at is null and created_at < ${due} and not (held_reason is not null and review is null) order by id limit ${Math.ceil(eligible / 2)})`.execute(t.db);
    assert.equal(await voteTrustStore(t.db).settle(due, clock, 7), eligible);
    const run = await weigh();
    assert.equal(run.settled, 0, 'nothing left to settle');
    assert.ok(run.saltsDropped >= 1);
    const left = await sql<{ held: boolean; n: number }>`select held_reason is not null and review is null as held, count(*)::int as n from votes
      where network_hash is not null or agent_hash is not null or sign_in_method is not null or seen_on is not null group by 1`.execute(t.db);
    assert.deepEqual(left.rows, [{ held: true, n: 36 }], 'only the held votes keep their evidence, until a moderator decides');
    const after = await sql<{ points: number }>`select points from votes where settled_at is not null order by id limit 1`.execute(t.db);
    assert.equal(typeof after.rows[0].points, typeof before.rows[0].points);
    assert.equal((await sql<{ n: number }>`select count(*)::int as n from installation_secrets where name like ${SALT_PREFIX + '%'}`.execute(t.db)).rows[0].n, 0);
    assert.equal((await weigh()).votes, 36, 'settled votes are not read again; the held ones are');
  } finally {
    clock = saved;
  }
});

test('/about/ranking states the constants the code uses, and its examples are the code\'s weights', async () => {
  const page = await t.get('/about/ranking');
  assert.equal(page.status, 200);
  for (const [key, value] of [...Object.entries(DEFAULT_WEIGHTING), ...Object.entries(DEFAULT_DETECTION)]) {
    assert.match(page.body, new RegExp(`<code>${key}</code></td><td>${value}</td>`), key);
  }
  assert.deepEqual(t.app.services.voteTrust.rules, { weighting: DEFAULT_WEIGHTING, detection: DEFAULT_DETECTION }, 'the page shows what the service runs with');
  assert.match(page.body, /An account made today, e-mail confirmed, nothing done yet<\/td><td>0\.1</);
  assert.match(page.body, /<link rel="canonical" href="http:\/\/localhost:3000\/about\/ranking">/);
});
