import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { weekOf } from '../../../domain/launches/weeks.ts';
import { runVoteWeighing } from '../../../jobs/vote-weighing.ts';

// The held votes' review queue (/admin/votes): a real burst (twelve accounts made half an hour
// ago, one network, a few minutes) held by the weighting job; the queue shows it by listing with
// its evidence and timing chart; only an administrator with the session's token decides; release
// (weighed again by the job sent at once, the listing's points grow), confirm (0 for good), each
// logged once; a group decided twice or unknown changes nothing.
// Today at 10:00 UTC, not the wall clock: a burst within the last hour before midnight UTC is
// hashed with the next day's salt, so a run started between about 21:48 and 22:00 UTC split the
// burst into two networks.
let clock = new Date(new Date().setUTCHours(10, 0, 0, 0));
const t = await createTestApp({ now: () => clock });
const MINUTE = 60_000;
const admin = await t.signIn({ admin: true, email: 'moderator@votes.test' });
const person = await t.signIn({ email: 'person@votes.test' });

const week = weekOf(clock, 'UTC');
const names = { a: 'Burst Alpha', b: 'Burst Beta', c: 'Burst Gamma' } as const;
const ids = {
  a: await t.fx.listing({ slug: 'burst-alpha', name: names.a, launch_week: week }),
  b: await t.fx.listing({ slug: 'burst-beta', name: names.b, launch_week: week }),
  c: await t.fx.listing({ slug: 'burst-gamma', name: names.c, launch_week: week }),
};

async function vote(s: { browser: ReturnType<typeof t.siteBrowser>; csrf: string }, slug: string) {
  const res = await s.browser.post(`/listings/${slug}/vote`, { csrf: s.csrf, intent: 'add' });
  assert.equal(res.status, 303, res.body.slice(0, 300));
}

// A genuine voter from elsewhere, two months old, an hour before the burst: counted, and in the chart.
const genuine = await t.signIn({ email: 'genuine@votes.test', ip: '203.0.113.50' });
await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - 60 * 86_400_000) }).where('id', '=', genuine.userId).execute();
clock = new Date(clock.getTime() + 60 * MINUTE);
await vote(genuine, 'burst-alpha');
// One network's burst: twelve fresh verified accounts on one /24, one vote a minute for Alpha and Beta.
for (let i = 0; i < 12; i++) {
  const s = await t.signIn({ email: `fresh-${i}@votes.test`, name: `Fresh ${i}`, ip: `198.51.100.${10 + i}` });
  await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - 30 * MINUTE) }).where('id', '=', s.userId).execute();
  for (const slug of ['burst-alpha', 'burst-beta']) await vote(s, slug);
  clock = new Date(clock.getTime() + MINUTE);
}
// New accounts' burst: eight fresh accounts, each on a network of its own, for Gamma.
for (let i = 0; i < 8; i++) {
  const s = await t.signIn({ email: `spread-${i}@votes.test`, name: `Spread ${i}`, ip: `192.0.${i + 1}.7` });
  await t.db.updateTable('users').set({ created_at: new Date(clock.getTime() - 2 * 60 * MINUTE) }).where('id', '=', s.userId).execute();
  await vote(s, 'burst-gamma');
  clock = new Date(clock.getTime() + MINUTE);
}
await t.jobsIdle();
const run = await runVoteWeighing({ db: t.db, now: () => clock, rules: t.app.services.voteTrust.rules });
assert.equal(run.held, 32, `the burst is held: ${JSON.stringify(run)}`);

const votesOf = (listingId: string) =>
  sql<{ points: number; held_reason: string | null; held_group: string | null; review: string | null; reviewed_at: Date | null; user_id: string }>`
    select points, held_reason, held_group, review, reviewed_at, user_id from votes where listing_id = ${listingId} order by id`.execute(t.db).then((r) => r.rows);
const pointsOf = async (listingId: string) => Number((await sql<{ p: string }>`select vote_points::text as p from listings where id = ${listingId}`.execute(t.db)).rows[0].p);
const actions = async () =>
  (await sql<{ action: string; admin_id: string; subject_type: string; subject_id: string; summary: string; details: Record<string, unknown> }>`
    select action, admin_id, subject_type, subject_id, summary, details from admin_actions order by id`.execute(t.db)).rows;
const groupOf = async (listingId: string) => (await votesOf(listingId)).find((v) => v.held_group)!.held_group!;
/** The article of one listing on the queue's first page, or undefined. */
const articleOf = (page: string, name: string) => page.split('<article ').find((a) => a.includes(`>${name}</h2>`));

test('the bursts are held: the fresh accounts\' votes weigh 0 in one group per listing; the genuine vote still counts', async () => {
  for (const [id, n, reason] of [[ids.a, 12, 'network_burst'], [ids.b, 12, 'network_burst'], [ids.c, 8, 'fresh_burst']] as const) {
    const fresh = (await votesOf(id)).filter((v) => v.user_id !== genuine.userId);
    assert.equal(fresh.length, n);
    assert.ok(fresh.every((v) => v.held_reason === reason && v.points === 0 && v.review === null), JSON.stringify(fresh[0]));
    assert.equal(new Set(fresh.map((v) => v.held_group)).size, 1);
  }
  const kept = (await votesOf(ids.a)).find((v) => v.user_id === genuine.userId)!;
  assert.equal(kept.held_reason, null);
  assert.ok(kept.points > 0);
  assert.equal(await pointsOf(ids.a), kept.points);
});

test('/admin/votes: signed out → sign in and back; a person → 403; an administrator → 200 under the navigation', async () => {
  for (const url of ['/admin/votes', '/admin/votes?page=2']) {
    const anon = await t.siteBrowser().get(url);
    assert.deepEqual([anon.status, anon.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`], url);
    assert.equal((await person.browser.get(url)).status, 403, url);
    const page = await admin.browser.get(url);
    assert.equal(page.status, 200, url);
    assert.match(page.body, /<a href="\/admin\/votes"( aria-current="page")?>Held votes<\/a>/);
  }
  assert.match((await admin.browser.get('/admin/votes?page=2')).body, /No held votes wait for a decision\. <a href="\/admin\/votes">The first page<\/a>/);
  assert.match((await admin.browser.get('/admin')).body, /<a href="\/admin\/votes">32 held votes<\/a> counting 0 until you release or confirm them/);
});

test('the queue: one article per listing with its links and figures, the group in words, the evidence table and the timing chart', async () => {
  const page = (await admin.browser.get('/admin/votes')).body;
  assert.match(page, /3 listings with held votes/);
  const a = articleOf(page, names.a);
  assert.ok(a, 'an article for the listing');
  assert.ok(a.includes('<a href="/listings/burst-alpha">Its page</a>'));
  assert.ok(a.includes(`<a href="/admin/listings/${ids.a}">Its admin page</a>`));
  assert.match(a, /<dt>People who voted<\/dt><dd>13<\/dd>/);
  assert.match(a, /<dt>Held, waiting for you<\/dt><dd>12<\/dd>/);
  assert.match(a, /<h3 id="held-\d+-0">12 held votes: Burst from one network<\/h3>/);
  // The evidence: a row per vote, headed cells, the account's age at the vote, its e-mail, the shared network.
  assert.match(a, /<caption>The 12 held votes for Burst Alpha, earliest first<\/caption>/);
  assert.equal(a.match(/<th scope="col">/g)?.length, 7);
  assert.equal(a.match(/<td data-label="Cast">/g)?.length, 12);
  assert.equal(a.match(/<td data-label="Account age at the vote">30 minutes<\/td>/g)?.length, 12);
  assert.match(a, /fresh-0@votes\.test/);
  assert.match(a, /fresh-0@votes\.test<\/span><br>e-mail verified<\/td>/);
  assert.equal(a.match(/<td data-label="Activity">0<\/td>/g)?.length, 12);
  assert.match(a, /<td data-label="Signed in with">password<\/td>/);
  assert.match(a, /<td data-label="Page seen">none<\/td>/, 'posted without a page token');
  assert.match(a, /<td data-label="Network"><code>[0-9a-f]{8}<\/code> \(12 of the group\)<\/td>/);
  assert.match(a, /Networks: [0-9a-f]{8} \(12 votes\)\./);
  assert.doesNotMatch(a, /198\.51\.100/, 'no address anywhere');
  // The chart: an image with a title, the held bars hatched, a summary in words beside it.
  assert.match(a, /<svg viewBox="0 0 720 150" role="img" aria-labelledby="held-\d+-0-chart-title" aria-describedby="held-\d+-0-chart-summary">/);
  assert.match(a, /<title id="held-\d+-0-chart-title">Votes for this listing per 10 minutes, held votes hatched<\/title>/);
  assert.match(a, /<rect class="held" fill="url\(#hatch-held-\d+-0\)"/);
  assert.match(a, /<rect class="counted"/, 'the genuine vote an hour before');
  assert.match(a, /<figcaption id="held-\d+-0-chart-summary">From [0-9-]{10} [0-9:]{5} to [0-9-]{10} [0-9:]{5} UTC the listing had 13 votes, 12 of them held and waiting for review\. The busiest 10 minutes, from [0-9:]{5} UTC, had \d+ votes, \d+ of them held\. Times in UTC\.<\/figcaption>/);
  // New accounts from networks of their own: the other pattern, in its own words.
  const c = articleOf(page, names.c);
  assert.ok(c);
  assert.match(c, /<h3 id="held-\d+-0">8 held votes: Burst from new accounts<\/h3>/);
  assert.match(c, /Networks: 8 networks with one vote each\./);
  assert.equal(c.match(/ \(only this vote\)<\/td>/g)?.length, 8);
  assert.equal(c.match(/<td data-label="Account age at the vote">2 hours<\/td>/g)?.length, 8);
  // Two forms, each with the session's token and the group.
  const group = await groupOf(ids.a);
  for (const action of ['release', 'confirm']) {
    assert.ok(a.includes(`action="/admin/votes/${action}"><input type="hidden" name="csrf" value="${admin.csrf}"><input type="hidden" name="group" value="${group}"><input type="hidden" name="listing_id" value="${ids.a}">`), action);
  }
  assert.match(a, /Release the 12 votes<span class="visually-hidden"> held as Burst from one network for Burst Alpha<\/span>/);
});

const POSTS = ['/admin/votes/release', '/admin/votes/confirm'];
for (const url of POSTS) {
  test(`${url}: signed out 401, a person 403, an administrator without the token, a forged one or from another origin 403; nothing changes`, async () => {
    const form = { group: await groupOf(ids.a), listing_id: ids.a };
    const before = [await actions(), await votesOf(ids.a)];
    assert.equal((await t.siteBrowser().post(url, form)).status, 401);
    assert.equal((await person.browser.post(url, { csrf: person.csrf, ...form })).status, 403);
    assert.equal((await admin.browser.post(url, form)).status, 403, 'no token');
    assert.equal((await admin.browser.post(url, { csrf: 'forged', ...form })).status, 403, 'a forged token');
    assert.equal((await admin.browser.post(url, { csrf: admin.csrf, ...form }, { origin: 'https://evil.example' })).status, 403, 'another origin');
    assert.deepEqual([await actions(), await votesOf(ids.a)], before);
  });
}

test('the rule itself: an account that is not an administrator is refused inside the transaction; nothing changes', async () => {
  const before = [await actions(), await votesOf(ids.c)];
  await assert.rejects(t.app.services.voteReview.decide(person.userId, await groupOf(ids.c), ids.c, 'released'), { code: 'admin_only' });
  assert.deepEqual([await actions(), await votesOf(ids.c)], before);
});

// Groups that are not there: each a 404 page, nothing logged.
const UNKNOWN: [string, () => Promise<Record<string, string>>][] = [
  ['a group the listing never had', async () => ({ group: 'fresh_burst:987654321', listing_id: ids.a })],
  ["another listing's group", async () => ({ group: await groupOf(ids.b), listing_id: ids.a })],
  ['a malformed group', async () => ({ group: '<script>', listing_id: ids.a })],
  ['no group', async () => ({ listing_id: ids.a })],
  ['a malformed listing id', async () => ({ group: await groupOf(ids.a), listing_id: 'abc' })],
];
for (const [name, form] of UNKNOWN) {
  test(`deciding ${name} → 404 page, nothing changes`, async () => {
    const before = await actions();
    const res = await admin.browser.post('/admin/votes/release', { csrf: admin.csrf, ...(await form()) });
    assert.equal(res.status, 404);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.deepEqual(await actions(), before);
  });
}

test('release: the votes are marked released, the job sent at once weighs them, the listing\'s points grow; one log entry; twice changes nothing', async () => {
  const group = await groupOf(ids.a);
  const before = await pointsOf(ids.a);
  const logged = (await actions()).length;
  const res = await admin.browser.post('/admin/votes/release', { csrf: admin.csrf, group, listing_id: ids.a, page: '1' });
  assert.deepEqual([res.status, res.location], [303, '/admin/votes?done=votes-released']);
  await t.jobsIdle();
  const released = (await votesOf(ids.a)).filter((v) => v.held_group === group);
  assert.equal(released.length, 12);
  assert.ok(released.every((v) => v.review === 'released' && v.reviewed_at !== null && v.held_reason === 'network_burst'), 'the hold is kept as history');
  assert.ok(released.every((v) => v.points > 0), `weighed again: ${released.map((v) => v.points)}`);
  assert.equal(await pointsOf(ids.a), before + released.reduce((s, v) => s + v.points, 0));
  const log = await actions();
  assert.equal(log.length, logged + 1);
  const entry = log[log.length - 1];
  assert.deepEqual([entry.action, entry.admin_id, entry.subject_type, entry.subject_id], ['votes_released', admin.userId, 'listing', ids.a]);
  assert.equal(entry.summary, 'Released 12 votes for Burst Alpha held as "Burst from one network": they count again, with their published weight');
  assert.deepEqual(entry.details, { group, reason: 'network_burst', votes: 12 });
  assert.match((await admin.browser.get('/admin/log')).body, /Released 12 votes for Burst Alpha/);

  const page = await admin.browser.get(res.location!);
  assert.match(page.body, /The votes are released: they count again/);
  assert.equal(articleOf(page.body, names.a), undefined, 'the listing has nothing left to decide');
  // The next scheduled run leaves them released and weighed.
  await runVoteWeighing({ db: t.db, now: () => clock, rules: t.app.services.voteTrust.rules });
  assert.ok((await votesOf(ids.a)).filter((v) => v.held_group === group).every((v) => v.review === 'released' && v.points > 0));

  for (const again of ['/admin/votes/release', '/admin/votes/confirm']) {
    const twice = await admin.browser.post(again, { csrf: admin.csrf, group, listing_id: ids.a });
    assert.deepEqual([twice.status, twice.location], [303, '/admin/votes?done=votes-decided'], again);
  }
  assert.match((await admin.browser.get('/admin/votes?done=votes-decided')).body, /These votes were decided already: nothing changed\./);
  assert.equal((await actions()).length, logged + 1, 'logged once');
  assert.ok((await votesOf(ids.a)).filter((v) => v.held_group === group).every((v) => v.review === 'released'));
});

test('confirm: the votes stay at 0 and stored, after the job too; one log entry; the dashboard counts what is left', async () => {
  const group = await groupOf(ids.b);
  const before = await pointsOf(ids.b);
  const res = await admin.browser.post('/admin/votes/confirm', { csrf: admin.csrf, group, listing_id: ids.b, page: '3' });
  assert.deepEqual([res.status, res.location], [303, '/admin/votes?page=3&done=votes-confirmed']);
  await t.jobsIdle();
  await runVoteWeighing({ db: t.db, now: () => clock, rules: t.app.services.voteTrust.rules });
  const confirmed = (await votesOf(ids.b)).filter((v) => v.held_group === group);
  assert.equal(confirmed.length, 12);
  assert.ok(confirmed.every((v) => v.review === 'confirmed' && v.points === 0 && v.reviewed_at !== null));
  assert.equal(await pointsOf(ids.b), before);
  const entry = (await actions()).at(-1)!;
  assert.deepEqual([entry.action, entry.subject_id, entry.details], ['votes_confirmed', ids.b, { group, reason: 'network_burst', votes: 12 }]);
  assert.equal(entry.summary, 'Confirmed 12 votes for Burst Beta held as "Burst from one network": they stay at 0');
  assert.match((await admin.browser.get('/admin')).body, /<a href="\/admin\/votes">8 held votes<\/a>/);
  assert.equal((await admin.browser.post('/admin/votes/release', { csrf: admin.csrf, group, listing_id: ids.b })).location, '/admin/votes?done=votes-decided');
  assert.ok((await votesOf(ids.b)).filter((v) => v.held_group === group).every((v) => v.review === 'confirmed' && v.points === 0));
});

test('the last group decided: the queue is empty and says so', async () => {
  const res = await admin.browser.post('/admin/votes/confirm', { csrf: admin.csrf, group: await groupOf(ids.c), listing_id: ids.c });
  assert.equal(res.location, '/admin/votes?done=votes-confirmed');
  const page = (await admin.browser.get('/admin/votes')).body;
  assert.match(page, /<p class="empty">No held votes wait for a decision\.<\/p>/);
  assert.doesNotMatch(page, /<article /);
  assert.match((await admin.browser.get('/admin')).body, /<a href="\/admin\/votes">0 held votes<\/a>/);
});
