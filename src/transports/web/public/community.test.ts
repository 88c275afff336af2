import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { operations } from '../../../operations/index.ts';

// Votes, follows and reviews: only from a site session (with its CSRF token), never from an API
// key, an OAuth token or MCP; provenance recorded; counters in step; the rules of each.
let clock = new Date('2026-03-04T10:00:00Z'); // a Wednesday; its week is Monday 2026-03-02
const t = await createTestApp({ now: () => clock });

const live = await t.fx.listing({ slug: 'votable', name: 'Votable' });
await t.fx.listing({ slug: 'upcoming-one', status: 'scheduled', launch_week: '2026-03-16' });
await t.fx.listing({ slug: 'secret-draft', status: 'draft' });

const listing = (slug: string) => t.db.selectFrom('listings').select(['votes_count', 'follows_count']).where('slug', '=', slug).executeTakeFirstOrThrow();
const votesOf = (userId: string) => t.db.selectFrom('votes').selectAll().where('user_id', '=', userId).execute();
const totals = async () =>
  (await sql<Record<string, number>>`select (select count(*)::int from votes) as votes, (select count(*)::int from follows) as follows,
    (select count(*)::int from reviews) as reviews, (select sum(votes_count)::int from listings) as votes_count,
    (select sum(follows_count)::int from listings) as follows_count`.execute(t.db)).rows[0];

test('a vote records who, from which network and browser (salted hashes, no address), how they signed in, and in which week; the counter follows; repeating changes nothing', async () => {
  const s = await t.signIn({ ip: '203.0.113.9' });
  const res = await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'add' });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/listings/votable?notice=voted');
  const [vote] = await votesOf(s.userId);
  assert.equal(vote.listing_id, live);
  assert.match(vote.network_hash ?? '', /^[0-9a-f]{32}$/);
  assert.match(vote.agent_hash ?? '', /^[0-9a-f]{32}$/);
  assert.equal(vote.sign_in_method, 'password');
  assert.equal(vote.seen_on, null, 'posted without a page token');
  // Nothing in the row is the address or the browser's name.
  assert.doesNotMatch(JSON.stringify(vote), /203\.0\.113|test-browser/);
  // A second person on the same /24 network gets the same network hash today, another browser a different agent hash.
  const neighbour = await t.signIn({ ip: '203.0.113.200' });
  await neighbour.browser.post('/listings/votable/vote', { csrf: neighbour.csrf, intent: 'add' });
  const [theirs] = await votesOf(neighbour.userId);
  assert.equal(theirs.network_hash, vote.network_hash);
  await neighbour.browser.post('/listings/votable/vote', { csrf: neighbour.csrf, intent: 'remove' });
  assert.equal(vote.week, '2026-03-02');
  assert.equal(vote.source, 'site');
  assert.equal((await listing('votable')).votes_count, 1);
  // The vote sent the trending refresh: the listing trends once it has run.
  await t.jobsIdle();
  const { trending_score } = await t.db.selectFrom('listings').select('trending_score').where('slug', '=', 'votable').executeTakeFirstOrThrow();
  assert.ok(trending_score > 0, `trending score ${trending_score}`);

  assert.equal((await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'add' })).status, 303, 'idempotent');
  assert.equal((await votesOf(s.userId)).length, 1);
  assert.equal((await listing('votable')).votes_count, 1);

  const page = await s.browser.get('/listings/votable?notice=voted');
  assert.match(page.body, /Your vote is in/);
  assert.match(page.body, /Withdraw my vote/);

  const removed = await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'remove' });
  assert.equal(removed.location, '/listings/votable?notice=unvoted');
  assert.equal((await votesOf(s.userId)).length, 0);
  assert.equal((await listing('votable')).votes_count, 0);
  assert.equal((await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'remove' })).status, 303, 'removing twice is fine');
  assert.equal((await listing('votable')).votes_count, 0);
});

test("a vote belongs to the week it was cast in: once that week closed it cannot be withdrawn", async () => {
  const saved = clock;
  try {
    const s = await t.signIn();
    await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'add' });
    const before = (await listing('votable')).votes_count;
    clock = new Date('2026-03-09T00:00:01Z'); // next Monday
    const res = await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'remove' });
    assert.equal(res.status, 409);
    assert.match(res.body, /week of 2026-03-02, which has closed/);
    assert.equal((await listing('votable')).votes_count, before);
    assert.match((await s.browser.get('/listings/votable')).body, /You voted for Votable in the week of 2026-03-02/);
  } finally {
    clock = saved;
  }
});

test("the vote's week is the Monday in the site's timezone", async () => {
  const saved = clock;
  await sql`update site_settings set timezone = 'America/Los_Angeles'`.execute(t.db);
  try {
    clock = new Date('2026-03-09T03:00:00Z'); // Monday in UTC, still Sunday evening in Los Angeles
    const s = await t.signIn();
    await s.browser.post('/listings/votable/vote', { csrf: s.csrf, intent: 'add' });
    assert.equal((await votesOf(s.userId))[0].week, '2026-03-02');
  } finally {
    await sql`update site_settings set timezone = 'UTC'`.execute(t.db);
    clock = saved;
  }
});

test('follow and unfollow keep follows_count in step; upcoming launches can be followed but not voted for', async () => {
  const s = await t.signIn();
  const start = (await listing('votable')).follows_count;
  assert.equal((await s.browser.post('/listings/votable/follow', { csrf: s.csrf, intent: 'add' })).location, '/listings/votable?notice=followed');
  await s.browser.post('/listings/votable/follow', { csrf: s.csrf, intent: 'add' });
  assert.equal((await listing('votable')).follows_count, start + 1);
  assert.match((await s.browser.get('/listings/votable')).body, />Unfollow</);
  assert.equal((await s.browser.post('/listings/votable/follow', { csrf: s.csrf, intent: 'remove' })).location, '/listings/votable?notice=unfollowed');
  assert.equal((await listing('votable')).follows_count, start);

  assert.equal((await s.browser.post('/listings/upcoming-one/follow', { csrf: s.csrf, intent: 'add' })).status, 303);
  assert.equal((await listing('upcoming-one')).follows_count, 1);
  const vote = await s.browser.post('/listings/upcoming-one/vote', { csrf: s.csrf, intent: 'add' });
  assert.equal(vote.status, 409);
  assert.match(vote.body, /Voting opens when the launch goes live/);
  assert.equal((await listing('upcoming-one')).votes_count, 0);
  for (const what of ['vote', 'follow', 'reviews']) {
    const res = await s.browser.post(`/listings/secret-draft/${what}`, { csrf: s.csrf, intent: 'add', rating: '5' });
    assert.equal(res.status, 404, what);
  }
  assert.equal((await s.browser.get('/listings/secret-draft')).status, 404);
  assert.equal((await s.browser.get('/listings/no-such-listing')).status, 404);
});

test('a review: one per person and listing (posting again replaces it), counted in the community rating', async () => {
  const s = await t.signIn();
  const res = await s.browser.post('/listings/votable/reviews', { csrf: s.csrf, rating: '4', body: 'Does what it says.' });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/listings/votable?notice=reviewed');
  await s.browser.post('/listings/votable/reviews', { csrf: s.csrf, rating: '2', body: 'Changed my mind.\r\nSecond line.' });
  const rows = await t.db.selectFrom('reviews').selectAll().where('user_id', '=', s.userId).execute();
  assert.equal(rows.length, 1);
  assert.equal(rows[0].rating, 2);
  assert.equal(rows[0].body, 'Changed my mind.\nSecond line.');
  assert.equal(rows[0].status, 'published');
  const profile = await t.get('/api/v1/listings/votable');
  assert.deepEqual(profile.body.community_rating, { average: 2, count: 1 });
  assert.match((await s.browser.get('/listings/votable')).body, /Update review/);
});

test('an anonymous listing page shows the genuine reviews its rating counts, and none once the reviewer joins the team', async () => {
  // The page reads the reviews only when the profile's rating counts some (the same rule picks both).
  const id = await t.fx.listing({ slug: 'reviewed', name: 'Reviewed' });
  const anonymous = async () => (await t.get('/listings/reviewed')).body as string;
  assert.match(await anonymous(), /No reviews yet\./);
  const s = await t.signIn();
  await s.browser.post('/listings/reviewed/reviews', { csrf: s.csrf, rating: '5', body: 'Saved my week.' });
  const shown = await anonymous();
  assert.match(shown, /Saved my week\./);
  assert.match(shown, /from 1 review/);
  await t.fx.founderOf(id, await t.fx.founder({ userId: s.userId }));
  const after = await anonymous();
  assert.doesNotMatch(after, /Saved my week\./);
  assert.match(after, /No reviews yet\./);
});

test("the listing's owner and its founders cannot review it", async () => {
  const owner = await t.signIn();
  const founder = await t.signIn();
  const id = await t.fx.listing({ slug: 'owned', owner_id: owner.userId });
  await t.fx.founderOf(id, await t.fx.founder({ userId: founder.userId }));
  for (const who of [owner, founder]) {
    const res = await who.browser.post('/listings/owned/reviews', { csrf: who.csrf, rating: '5', body: 'Best product ever.' });
    assert.equal(res.status, 403);
    assert.match(res.body, /cannot review it/);
    assert.match((await who.browser.get('/listings/owned')).body, /you cannot review it/);
  }
  assert.equal((await t.db.selectFrom('reviews').select('id').where('listing_id', '=', id).execute()).length, 0);
});

const badReviews: [string, Record<string, string>][] = [
  ['rating 0', { rating: '0' }],
  ['rating 6', { rating: '6' }],
  ['rating 4.5', { rating: '4.5' }],
  ['rating "four"', { rating: 'four' }],
  ['no rating', {}],
  ['a body over 2000 characters', { rating: '3', body: 'x'.repeat(2001) }],
];
for (const [name, form] of badReviews) {
  test(`a review with ${name} → 400, nothing written`, async () => {
    const s = await t.signIn();
    const res = await s.browser.post('/listings/votable/reviews', { csrf: s.csrf, ...form });
    assert.equal(res.status, 400);
    assert.match(res.body, /The review breaks a rule/);
    assert.equal((await t.db.selectFrom('reviews').select('id').where('user_id', '=', s.userId).execute()).length, 0);
  });
}

test('a review of exactly 2000 characters (line breaks as sent by browsers) is accepted', async () => {
  const s = await t.signIn();
  const body = ('y'.repeat(99) + '\r\n').repeat(20).slice(0, 2000 + 20);
  assert.equal((await s.browser.post('/listings/votable/reviews', { csrf: s.csrf, rating: '5', body })).status, 303);
});

test('an unconfirmed address can follow, but not vote or review', async () => {
  const s = await t.signIn({ verified: false });
  for (const [what, form] of [['vote', { intent: 'add' }], ['reviews', { rating: '5' }]] as const) {
    const res = await s.browser.post(`/listings/votable/${what}`, { csrf: s.csrf, ...form });
    assert.equal(res.status, 403, what);
    assert.match(res.body, /Confirm your email address first/);
  }
  assert.equal((await s.browser.post('/listings/votable/follow', { csrf: s.csrf, intent: 'add' })).status, 303);
});

test('intent must be add or remove', async () => {
  const s = await t.signIn();
  for (const what of ['vote', 'follow']) {
    for (const intent of ['', 'toggle', 'ADD']) {
      assert.equal((await s.browser.post(`/listings/votable/${what}`, { csrf: s.csrf, intent })).status, 400, `${what} ${intent}`);
    }
  }
});

// ── Every other credential is refused ──────────────────────────────────────────────────────────

const ENDPOINTS: [string, Record<string, string>][] = [
  ['/listings/votable/vote', { intent: 'add' }],
  ['/listings/votable/vote', { intent: 'remove' }],
  ['/listings/votable/follow', { intent: 'add' }],
  ['/listings/votable/reviews', { rating: '5', body: 'Great!' }],
];
const CREDENTIALS: [string, () => Promise<Record<string, string>>, number][] = [
  ['no credential at all', async () => ({}), 401],
  ['an API key with every scope', async () => (await t.apiKey(['account:read', 'listings:write', 'orders:write'])).auth, 403],
  ['an API key of a verified site account', async () => {
    const s = await t.signIn();
    const { key } = await t.app.services.accounts.createApiKey(s.userId, { name: 'k', scopes: ['account:read', 'listings:write', 'orders:write'] });
    return { authorization: `Bearer ${key}` };
  }, 403],
  ['an OAuth access token (for the API)', async () => (await t.oauthToken(['account:read', 'listings:write', 'orders:write'], { resource: '/api/v1' })).auth, 401],
  ['an OAuth access token (for MCP)', async () => (await t.oauthToken(['account:read', 'listings:write', 'orders:write'])).auth, 401],
];
for (const [name, credential, status] of CREDENTIALS) {
  for (const [url, form] of ENDPOINTS) {
    test(`POST ${url} (${form.intent ?? 'review'}) with ${name} and no site session → ${status}, nothing written`, async () => {
      const headers = await credential();
      const before = await totals();
      const res = await t.siteBrowser().post(url, form, headers);
      assert.equal(res.status, status, res.body.slice(0, 300));
      assert.deepEqual(await totals(), before);
    });
  }
}

test('no REST operation or MCP tool can vote, follow or review', async () => {
  const forbidden = /vote|review|follow/i;
  for (const op of operations) {
    assert.doesNotMatch(op.id, forbidden, op.id);
    assert.doesNotMatch(op.path, forbidden, `${op.id} ${op.path}`);
  }
  const client = await t.mcp('modern');
  const { tools } = await client.listTools();
  assert.ok(tools.length > 0);
  for (const tool of tools) assert.doesNotMatch(tool.name, forbidden, tool.name);
  const doc = (await t.get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    assert.doesNotMatch(path, forbidden, path);
    for (const op of Object.values(methods)) assert.doesNotMatch(op.operationId, forbidden, op.operationId);
  }
});

test('the listing page shows the forms to a signed-in person and a sign-in link to others', async () => {
  const anon = await t.siteBrowser().get('/listings/votable');
  assert.equal(anon.status, 200);
  assert.match(anon.body, /href="\/sign-in\?return_to=%2Flistings%2Fvotable">Sign in<\/a> to vote/);
  assert.doesNotMatch(anon.body, /<form method="post" action="\/listings/);
  const s = await t.signIn();
  const page = await s.browser.get('/listings/votable');
  assert.match(page.body, /action="\/listings\/votable\/vote"/);
  assert.match(page.body, /action="\/listings\/votable\/follow"/);
  assert.match(page.body, /action="\/listings\/votable\/reviews"/);
  assert.match(page.body, /<legend>Rating<\/legend>/);
});
