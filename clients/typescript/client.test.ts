import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../src/testing/harness.ts';
import { loadDemoData } from '../../src/demo/load.ts';
import type { Scope } from '../../src/domain/actor.ts';
import { operations } from '../../src/operations/index.ts';
import { aiField, insertDraft } from '../../src/operations/drafts/drafts-testing.ts';
import { endpointWithDelivery } from '../../src/domain/webhooks/webhooks-testing.ts';
import { createLaunchyardClient, OPERATIONS, PROBLEM_CODES, ProblemError, unwrap, type LaunchyardClient, type ProblemCode } from './src/index.ts';

// The typed client against the real service listening on a loopback port: every operation of the
// registry once, each answer read through its generated type. The registry, not this file, says
// which operations exist: one without a call here fails the last test by name.

const t = await createTestApp();
await loadDemoData(t.db, { now: new Date() });
const baseUrl = await t.url();

/** "GET /listings/{slug}" → operation id, from the registry. */
const byRoute = new Map(operations.map((op) => [`${op.method} ${op.path}`, op.id]));
/** Operations answered with their success status through a client of this file. */
const called = new Set<string>();
function tracked(client: LaunchyardClient): LaunchyardClient {
  client.use({
    onResponse({ request, schemaPath, response }) {
      const id = byRoute.get(`${request.method} ${schemaPath}`);
      if (id && response.ok) called.add(id);
    },
  });
  return client;
}

const anonymous = tracked(createLaunchyardClient({ baseUrl }));
// A key with every scope an operation of the registry needs.
const owner = await t.apiKey([...new Set(operations.map((op) => op.scope).filter((scope): scope is Scope => scope !== 'public'))]);
await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', owner.userId).execute();
const api = tracked(createLaunchyardClient({ baseUrl, apiKey: owner.key, headers: { 'user-agent': 'launchyard-client-test/1.0' } }));

const live = await t.db.selectFrom('listings').select(['id', 'slug']).where('status', '=', 'live').orderBy('id').limit(2).execute();
const [first, second] = live.map((l) => l.slug);

test('the generated operation table is the registry', () => {
  assert.deepEqual(
    Object.entries(OPERATIONS).map(([id, op]) => [id, op.method, op.path, op.idempotencyKey]),
    operations.map((op) => [op.id, op.method, op.path, op.idempotent]),
    'clients/typescript/src/generated/operations.ts is stale: npm run client',
  );
});

test('public reads: site, listings, categories, launches, founders, blog, catalogue, discussion', async () => {
  const site = await unwrap(anonymous.GET('/site'));
  const siteName: string = site.name;
  assert.ok(siteName.length > 0);
  assert.ok(site.counts.live_listings > 0);

  const search = await unwrap(anonymous.GET('/listings', { params: { query: { q: '', sort: 'newest', per_page: 5 } } }));
  assert.equal(search.per_page, 5);
  assert.ok(search.items.length > 0 && typeof search.items[0].slug === 'string');

  const listing = await unwrap(anonymous.GET('/listings/{slug}', { params: { path: { slug: first } } }));
  assert.equal(listing.slug, first);
  const alternatives = await unwrap(anonymous.GET('/listings/{slug}/alternatives', { params: { path: { slug: first } } }));
  assert.ok(Array.isArray(alternatives.items));
  const badges = await unwrap(anonymous.GET('/listings/{slug}/badges', { params: { path: { slug: first }, query: { shape: 'pill' } } }));
  assert.equal(badges.slug, first);
  assert.equal(badges.shape, 'pill');
  const comparison = await unwrap(anonymous.GET('/compare', { params: { query: { a: first, b: second } } }));
  assert.deepEqual([comparison.a.slug, comparison.b.slug], [first, second]);

  const categories = await unwrap(anonymous.GET('/categories', { params: { query: { per_page: 10 } } }));
  assert.ok(categories.items.length > 0);
  const category = await unwrap(anonymous.GET('/categories/{slug}', { params: { path: { slug: categories.items[0].slug } } }));
  assert.equal(category.slug, categories.items[0].slug);

  const week = await unwrap(anonymous.GET('/launches/weeks/{week}', { params: { path: { week: 'this' } } }));
  assert.match(week.week.start, /^\d{4}-\d{2}-\d{2}$/);
  const launches = await unwrap(anonymous.GET('/launches'));
  assert.ok(Array.isArray(launches.items));
  const board = await unwrap(anonymous.GET('/leaderboards/{board}', { params: { path: { board: 'community-all-time' } } }));
  assert.equal(board.board, 'community-all-time');

  const founders = await unwrap(anonymous.GET('/founders', { params: { query: { per_page: 3 } } }));
  const founder = await unwrap(anonymous.GET('/founders/{slug}', { params: { path: { slug: founders.items[0].slug } } }));
  assert.equal(founder.slug, founders.items[0].slug);
  const posts = await unwrap(anonymous.GET('/blog'));
  const post = await unwrap(anonymous.GET('/blog/{slug}', { params: { path: { slug: posts.items[0].slug } } }));
  assert.ok(post.body_markdown.length > 0);

  const awards = await unwrap(anonymous.GET('/awards'));
  assert.ok(Array.isArray(awards.items));
  const questions = await unwrap(anonymous.GET('/interview-questions'));
  assert.ok(questions.items.length > 0 && typeof questions.items[0].id === 'number');
  const products = await unwrap(anonymous.GET('/products'));
  assert.ok(products.items.some((p) => p.code === 'unlock-story'));

  const discussed = await sql<{ slug: string }>`select l.slug from listings l join comments c on c.listing_id = l.id where l.status = 'live' group by l.slug order by count(*) desc limit 1`.execute(t.db);
  const comments = await unwrap(anonymous.GET('/listings/{slug}/comments', { params: { path: { slug: discussed.rows[0].slug }, query: { sort: 'top' } } }));
  assert.ok(comments.total > 0 && typeof comments.items[0].id === 'number');
});

test('the account, by API key and by an OAuth access token', async () => {
  const account = await unwrap(api.GET('/me'));
  assert.equal(account.user.id, Number(owner.userId));
  const oauth = await t.oauthToken(['account:read'], { resource: '/api/v1' });
  const viaOAuth = createLaunchyardClient({ baseUrl, accessToken: async () => oauth.accessToken });
  const theirs = await unwrap(viaOAuth.GET('/me'));
  assert.equal(theirs.user.id, Number(oauth.userId));
});

/** The listing the drafts test submits; the owner's listing test works on it. */
let listingId = 0;

test('drafts: submit a site, read, edit, invite a co-founder, submit', async () => {
  const submitted = await api.POST('/drafts', { body: { url: 'https://typed-client.invalid/' } });
  assert.equal(submitted.response.status, 201);
  assert.equal(submitted.data?.status, 'crawling');
  await t.jobsIdle();

  const id = await insertDraft(t, owner.userId, {
    fields: { name: aiField('Typed Client Invoicing'), tagline: aiField('Invoices typed end to end') },
    founders: [{ name: 'Tess Typed', title: 'CEO', bio: 'Writes clients.', evidence: [] }],
  });
  const mine = await unwrap(api.GET('/drafts', { params: { query: { per_page: 50 } } }));
  assert.ok(mine.items.some((d) => d.id === id));
  const draft = await unwrap(api.GET('/drafts/{id}', { params: { path: { id } } }));
  assert.equal(draft.fields.name.value, 'Typed Client Invoicing');
  const edited = await unwrap(api.PATCH('/drafts/{id}', { params: { path: { id } }, body: { fields: { tagline: 'Edited through the typed client' } } }));
  assert.equal(edited.fields.tagline.value, 'Edited through the typed client');
  const invite = await api.POST('/drafts/{id}/invites', { params: { path: { id } }, body: { email: 'cofounder@typed-client.test' } });
  assert.equal(invite.response.status, 201);
  assert.equal(invite.data?.email, 'cofounder@typed-client.test');
  const done = await unwrap(api.POST('/drafts/{id}/submit', { params: { path: { id } } }));
  assert.equal(typeof done.listing_id, 'number');
  listingId = done.listing_id;
});

test("the owner's listing: read, edit, updates, milestones, story, interview, free week", async () => {
  const mine = await unwrap(api.GET('/me/listings'));
  assert.ok(mine.items.some((l) => l.id === listingId));
  const path = { listing_id: listingId };
  const listing = await unwrap(api.GET('/me/listings/{listing_id}', { params: { path } }));
  assert.equal(listing.name, 'Typed Client Invoicing');
  const edited = await unwrap(api.PATCH('/me/listings/{listing_id}', { params: { path }, body: { fields: { tagline: 'Typed from the listing' } } }));
  assert.equal(edited.tagline, 'Typed from the listing');
  const update = await api.POST('/me/listings/{listing_id}/updates', { params: { path }, body: { title: 'Now typed', body: 'Every call of the API has types.' } });
  assert.equal(update.response.status, 201);
  assert.equal(update.data?.listing_id, listingId);
  const milestone = await api.POST('/me/listings/{listing_id}/milestones', { params: { path }, body: { date: '2026-01-05', title: 'First typed call' } });
  assert.equal(milestone.response.status, 201);
  const deleted = await unwrap(api.DELETE('/me/listings/{listing_id}/milestones/{milestone_id}', { params: { path: { listing_id: listingId, milestone_id: milestone.data!.id } } }));
  assert.equal(deleted.deleted, true);
  const story = await unwrap(api.PUT('/me/listings/{listing_id}/story', { params: { path }, body: { title: 'Why', story: 'Hand-written requests drift.' } }));
  assert.equal(story.id, listingId);
  const questions = await unwrap(anonymous.GET('/interview-questions'));
  const answers = await unwrap(api.PUT('/me/interview', { body: { answers: [{ question_id: questions.items[0].id, answer: 'Types first.' }] } }));
  assert.equal(answers.answers[0].answer, 'Types first.');
  const queued = await unwrap(api.POST('/me/listings/{listing_id}/free', { params: { path } }));
  assert.equal(queued.id, listingId);
  assert.equal(queued.plan, 'free');
});

test('orders: quote, checkout (with an Idempotency-Key of its own), list, read', async () => {
  const own = Number(await t.fx.listing({ slug: 'typed-client-order', name: 'Typed Order', owner_id: owner.userId, status: 'draft' }));
  const body = { items: [{ product: 'unlock-story', listing_id: own }], billing_country: 'US' };
  const quote = await unwrap(api.POST('/orders/quote', { body }));
  assert.equal(quote.total_cents, quote.subtotal_cents + quote.vat.amount_cents);
  const key = `typed-client-${Date.now()}`;
  const order = await api.POST('/orders/checkout', { body, headers: { 'Idempotency-Key': key } });
  assert.equal(order.response.status, 201);
  const again = await api.POST('/orders/checkout', { body, headers: { 'Idempotency-Key': key } });
  assert.equal(again.response.headers.get('idempotent-replayed'), 'true', 'the same key answers the first order again');
  assert.equal(again.data?.number, order.data?.number);
  const orders = await unwrap(api.GET('/orders'));
  assert.ok(orders.items.some((o) => o.number === order.data!.number));
  const read = await unwrap(api.GET('/orders/{number}', { params: { path: { number: order.data!.number } } }));
  assert.equal(read.status, 'pending');
});

test('claims: claim a listing, check it, list them', async () => {
  // Its homepage is a loopback address: the check answers at once (could not check) without leaving the machine.
  await t.fx.listing({ slug: 'typed-client-claimable', url: 'http://127.0.0.1:9/' });
  const claim = await api.POST('/claims', { body: { slug: 'typed-client-claimable', method: 'meta' } });
  assert.equal(claim.response.status, 201);
  assert.equal(claim.data?.method, 'meta');
  const checked = await unwrap(api.POST('/claims/{claim_id}/verify', { params: { path: { claim_id: claim.data!.id } } }));
  assert.equal(checked.id, claim.data!.id);
  assert.notEqual(checked.status, 'verified');
  const claims = await unwrap(api.GET('/claims'));
  assert.ok(claims.items.some((c) => c.id === claim.data!.id));
});

test('webhooks: register (the secret once), list, read the deliveries, send one again, delete', async () => {
  const made = await api.POST('/me/webhooks', { body: { url: 'https://93.184.215.14/typed-client', events: ['award.won', 'awards.decided'] } });
  assert.equal(made.response.status, 201);
  const secret: string = made.data!.secret;
  assert.match(secret, /^whsec_/);
  const hooks = await unwrap(api.GET('/me/webhooks'));
  assert.ok(hooks.items.some((h) => h.id === made.data!.id && h.state === 'active'));
  // A delivery to send again (its endpoint refused at delivery: nothing leaves the machine).
  const { endpointId, deliveryId } = await endpointWithDelivery(t.app.services, t.db, owner.userId);
  const deliveries = await unwrap(api.GET('/me/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: endpointId } } }));
  assert.equal(deliveries.items[0].id, deliveryId);
  const again = await unwrap(api.POST('/me/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', { params: { path: { webhook_id: endpointId, delivery_id: deliveryId } } }));
  assert.equal(again.resent, true);
  await t.jobsIdle();
  const gone = await unwrap(api.DELETE('/me/webhooks/{webhook_id}', { params: { path: { webhook_id: made.data!.id } } }));
  assert.equal(gone.deleted, true);
});

test('a write that takes an Idempotency-Key gets one: a repeat with it replays, not a second draft', async () => {
  const keys: string[] = [];
  const keyed = createLaunchyardClient({ baseUrl, apiKey: owner.key, idempotencyKey: () => `typed-${keys.push('k')}-${owner.userId}` });
  const a = await keyed.POST('/drafts', { body: { url: 'https://keyed-client.invalid/' } });
  assert.equal(a.response.status, 201);
  assert.equal(a.response.headers.get('idempotent-replayed'), null);
  const replay = await keyed.POST('/drafts', { body: { url: 'https://keyed-client.invalid/' }, headers: { 'Idempotency-Key': `typed-1-${owner.userId}` } });
  assert.equal(replay.response.headers.get('idempotent-replayed'), 'true');
  assert.equal(replay.data?.id, a.data?.id);
  await t.jobsIdle();
});

test('errors are typed problems: an unknown slug is 404 listing_not_found', async () => {
  const { data, error, response } = await anonymous.GET('/listings/{slug}', { params: { path: { slug: 'no-such-listing-anywhere' } } });
  assert.equal(data, undefined);
  assert.equal(response.status, 404);
  assert.ok(error);
  const code: ProblemCode = error.code;
  assert.equal(code, 'listing_not_found');
  // @ts-expect-error a code the service never answers with is not a ProblemCode (tsc checks this file)
  const notACode: ProblemCode = 'no_such_code';
  assert.equal(PROBLEM_CODES.includes(notACode), false);
  await assert.rejects(unwrap(api.GET('/orders/{number}', { params: { path: { number: 'LY-2099-000001' } } })), (err: unknown) => {
    assert.ok(err instanceof ProblemError);
    assert.equal(err.status, 404);
    assert.equal(err.code, 'order_not_found');
    return true;
  });
  const unsigned = await anonymous.GET('/me');
  assert.equal(unsigned.response.status, 401);
  assert.equal(unsigned.error?.code, 'unauthenticated');
});

test('every operation of the registry was called through the client', () => {
  const missing = operations.map((op) => op.id).filter((id) => !called.has(id));
  assert.deepEqual(missing, [], `operations with no successful call in clients/typescript/client.test.ts: ${missing.join(', ')}`);
});
