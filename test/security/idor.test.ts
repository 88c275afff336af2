import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/client';
import { callTool, createTestApp } from '../../src/testing/harness.ts';
import { authorizeUrl, obtainTokens, pkce, refreshFor, registerClient, TestBrowser, tokenRequest, TEST_REDIRECT_URI } from '../../src/testing/oauth.ts';
import { aiField, insertDraft } from '../../src/operations/drafts/drafts-testing.ts';
import { endpointWithDelivery } from '../../src/domain/webhooks/webhooks-testing.ts';
import { operations } from '../../src/operations/index.ts';
import { SCOPES } from '../../src/domain/actor.ts';
import sharp from 'sharp';
import { sql } from 'kysely';

// Insecure direct object references, from an attacker's seat. Alice owns things; Bob is another
// fully authorized user (every scope, on every kind of credential) who knows or guesses their ids
// and slugs — listing, milestone and API key ids are small sequential integers, so guessing is
// free. Whatever Bob tries must answer exactly as for an id that does not exist (spec 7 and
// docs/decisions.md: another user's object is the same 404 as an unknown one, so existence does
// not leak), must change nothing of Alice's, and the very same request by Alice must work: that
// positive control is what makes each row fail if an ownership check went missing.

const t = await createTestApp();

type Args = Record<string, unknown>;
type Headers = Record<string, string>;
/** One answer, whichever transport gave it: HTTP status (or the problem's, for an MCP tool error) and body. */
interface Answer {
  status: number;
  body: any;
  replayed: boolean;
}

const byId = new Map(operations.map((op) => [op.id, op]));
const opOf = (id: string) => {
  const op = byId.get(id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
};

// ---------------------------------------------------------------------------------------------
// The two people, each with a site session, an API key and an OAuth grant for both resources.

interface Person {
  userId: string;
  email: string;
  password: string;
  site: Awaited<ReturnType<typeof t.signIn>>;
  /** Bearer headers per credential kind and resource. */
  creds: { api_key: { rest: Headers; mcp: Headers }; oauth: { rest: Headers; mcp: Headers } };
}

async function person(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}@idor.test`;
  const site = await t.signIn({ email, name, password: `${name} has a long password` });
  const { key } = await t.app.services.accounts.createApiKey(site.userId, { name: `${name}'s everything key`, scopes: [...SCOPES] });
  const apiKey = { authorization: `Bearer ${key}` };
  const first = await obtainTokens(t.app, { userId: site.userId, scopes: [...SCOPES], resource: '/api/v1', also: '/mcp' });
  const mcp = await refreshFor(t.app, { refreshToken: first.refreshToken!, clientId: first.clientId, resource: '/mcp' });
  return {
    userId: site.userId,
    email,
    password: site.password,
    site,
    creds: { api_key: { rest: apiKey, mcp: apiKey }, oauth: { rest: first.auth, mcp: { authorization: `Bearer ${mcp.access_token}` } } },
  };
}

const alice = await person('Alice');
const bob = await person('Bob');
const admin = await t.signIn({ email: 'admin@idor.test', admin: true });

// ---------------------------------------------------------------------------------------------
// One way to call an operation on every surface. MCP is tried twice because its two eras reach the
// handler by separate code: 2026-07-28 tools/call by the fast path (raw, over the socket), and
// 2025-11-25 through the SDK's own server (the official client).

const SURFACES = ['rest', 'mcp', 'mcp-legacy'] as const;
type Surface = (typeof SURFACES)[number];
const CREDENTIALS = ['api_key', 'oauth'] as const;
type Credential = (typeof CREDENTIALS)[number];

function restRequest(opId: string, args: Args) {
  const op = opOf(opId);
  const rest = { ...args };
  const path = '/api/v1' + op.path.replace(/\{(\w+)\}/g, (_m, k) => {
    const v = rest[k];
    delete rest[k];
    return encodeURIComponent(String(v));
  });
  const reads = op.method === 'GET' || op.method === 'DELETE';
  const query = reads && Object.keys(rest).length ? `?${new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]))}` : '';
  return { method: op.method, url: path + query, body: reads ? undefined : rest };
}

const legacyClients = new Map<string, Client>();
async function legacyClient(auth: Headers) {
  const key = auth.authorization;
  let client = legacyClients.get(key);
  if (!client) legacyClients.set(key, (client = await t.mcp('legacy', auth)));
  return client;
}

function fromTool(opId: string, result: { isError?: boolean; structuredContent?: any; _meta?: Record<string, unknown> }): Answer {
  const body = result.structuredContent;
  return {
    status: result.isError ? Number(body?.status) : opOf(opId).status,
    body,
    replayed: result._meta?.['idempotency-key/replayed'] === true,
  };
}

async function call(surface: Surface, auth: Headers | undefined, opId: string, args: Args, idempotencyKey?: string): Promise<Answer> {
  if (surface === 'rest') {
    const r = restRequest(opId, args);
    const res = await t.rest(r.method, r.url, r.body, { ...auth, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
    return { status: res.status, body: res.body, replayed: res.headers['idempotent-replayed'] === 'true' };
  }
  if (surface === 'mcp') {
    const res = await t.mcpCall(opId, args, auth ?? {}, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    if (res.status !== 200) return { status: res.status, body: res.body, replayed: false };
    return fromTool(opId, res.body.result);
  }
  if (!auth) throw new Error('the SDK client is only used with a credential');
  const { result } = await callTool(await legacyClient(auth), opId, args);
  return fromTool(opId, result as never);
}

const credentialFor = (p: Person, cred: Credential, surface: Surface) => p.creds[cred][surface === 'rest' ? 'rest' : 'mcp'];

/**
 * A problem body with the ids and slugs in its detail blanked: the answer for someone else's
 * object must be the answer for an unknown one, up to the id the caller sent.
 */
const blank = (text: unknown) =>
  String(text)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\b\d+\b/g, '<n>')
    .replace(/\b[a-z0-9]+(?:-[a-z0-9]+)+\b/g, '<slug>');
const blanked = (body: any) => ({
  ...body,
  detail: blank(body?.detail),
  ...(body?.errors ? { errors: body.errors.map((e: any) => ({ ...e, message: blank(e.message) })) } : {}),
});

const count = async (table: 'draft_invites' | 'listing_updates' | 'listing_versions' | 'milestones' | 'outbox_emails' | 'listings', where?: [string, string]) => {
  let q = t.db.selectFrom(table as 'listings').select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) q = q.where(where[0] as 'id', '=', where[1]);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

// ---------------------------------------------------------------------------------------------
// Alice's objects, made fresh for each scenario, and everything about them an attack could touch.

let serial = 0;
const UNKNOWN_DRAFT = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_ID = 987_654_321;

interface Owned {
  /** A word that appears in Alice's object and must never reach Bob. */
  secret: string;
  draftId: string;
  listingId: number;
  milestoneId: number;
  claimId?: number;
  orderNumber?: string;
  webhookId?: number;
  deliveryId?: number;
}

/** A ready draft of Alice's (with a name and a founder, so submit and invite work). */
async function aliceDraft(opts: { submitted?: boolean } = {}): Promise<Owned> {
  const secret = `Alicesecret${++serial}`;
  const draftId = await insertDraft(t, alice.userId, {
    fields: { name: aiField(`${secret} Invoicing`), tagline: aiField(`${secret} tagline`) },
    founders: [{ name: 'Alice Founder', title: 'CEO', bio: `${secret} bio`, evidence: [] }],
  });
  let listingId = 0;
  if (opts.submitted) {
    const res = await t.rest('POST', `/api/v1/drafts/${draftId}/submit`, undefined, alice.creds.api_key.rest);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    listingId = res.body.listing_id;
  }
  return { secret, draftId, listingId, milestoneId: 0 };
}

/** A submitted, not yet published listing of Alice's, with one milestone. */
async function aliceListing(): Promise<Owned> {
  const secret = `Alicesecret${++serial}`;
  const listingId = Number(await t.fx.listing({ slug: `alice-listing-${serial}`, name: `${secret} Listing`, tagline: `${secret} tagline`, owner_id: alice.userId, status: 'draft' }));
  await t.fx.milestone(String(listingId), '2026-01-01', `${secret} milestone`);
  const m = await t.db.selectFrom('milestones').select('id').where('listing_id', '=', String(listingId)).executeTakeFirstOrThrow();
  return { secret, draftId: '', listingId, milestoneId: Number(m.id) };
}

/**
 * A pending meta claim of Alice's on someone's public listing. Its homepage is a private address,
 * so a check answers at once (could not check) without leaving the machine, and still records it.
 * The secret is the claim's token.
 */
async function aliceClaim(): Promise<Owned> {
  const slug = `claimable-${++serial}`;
  const listingId = Number(await t.fx.listing({ slug, url: 'http://127.0.0.1:9/' }));
  const claim = await t.app.services.claims.claim(alice.userId, { slug, method: 'meta' });
  const { token } = await t.db.selectFrom('listing_claims').select('token').where('id', '=', String(claim.id)).executeTakeFirstOrThrow();
  return { secret: token!, draftId: '', listingId, milestoneId: 0, claimId: claim.id };
}

let orderProduct: Promise<void> | undefined;
/** A pending order of Alice's for her own listing; the secret is the listing's name, which the order's line names. */
async function aliceOrder(): Promise<Owned> {
  await (orderProduct ??= t.fx.product({ code: 'idor-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } }));
  const secret = `Alicesecret${++serial}`;
  const listingId = Number(await t.fx.listing({ slug: `alice-order-${serial}`, name: `${secret} Listing`, owner_id: alice.userId, status: 'draft' }));
  const order = await t.app.services.orders.createCheckout(alice.userId, { items: [{ product: 'idor-story', listing_id: listingId }], billing_country: 'US' });
  return { secret, draftId: '', listingId, milestoneId: 0, orderNumber: order.number };
}

/** A webhook endpoint of Alice's with one delivery; the secret is the delivery's message id (its webhook-id). */
async function aliceWebhook(): Promise<Owned> {
  const hook = await endpointWithDelivery(t.app.services, t.db, alice.userId);
  const { rows } = await sql<{ msg_id: string }>`select e.msg_id from webhook_deliveries d join webhook_events e on e.id = d.event_id where d.id = ${hook.deliveryId}`.execute(t.db);
  return { secret: rows[0].msg_id, draftId: '', listingId: 0, milestoneId: 0, webhookId: hook.endpointId, deliveryId: hook.deliveryId };
}

/** What Alice sees of the object and what the database holds around it, to compare before and after. */
async function footprint(kind: 'draft' | 'listing' | 'claim' | 'order' | 'webhook', o: Owned) {
  const asAlice = alice.creds.api_key.rest;
  if (kind === 'webhook') {
    const endpoint = await sql`select id, url, events, disabled_at, failing_since from webhook_endpoints where id = ${o.webhookId}`.execute(t.db);
    const deliveries = await sql`select id, state, attempts from webhook_deliveries where endpoint_id = ${o.webhookId} order by id`.execute(t.db);
    return { endpoint: endpoint.rows, deliveries: deliveries.rows };
  }
  if (kind === 'order') {
    const mine = await t.get(`/api/v1/orders/${o.orderNumber}`, asAlice);
    assert.equal(mine.status, 200);
    return { order: mine.body, row: await t.db.selectFrom('orders').selectAll().where('number', '=', o.orderNumber!).executeTakeFirstOrThrow() };
  }
  if (kind === 'claim') {
    const mine = await t.get('/api/v1/claims?per_page=100', asAlice);
    assert.equal(mine.status, 200);
    return {
      claim: mine.body.items.find((c: any) => c.id === o.claimId),
      row: await t.db.selectFrom('listing_claims').selectAll().where('id', '=', String(o.claimId)).executeTakeFirstOrThrow(),
      listing: await t.db.selectFrom('listings').select(['owner_id', 'verified_at', 'updated_at']).where('id', '=', String(o.listingId)).executeTakeFirstOrThrow(),
      mails: await count('outbox_emails'),
    };
  }
  if (kind === 'draft') {
    const draft = await t.get(`/api/v1/drafts/${o.draftId}`, asAlice);
    assert.equal(draft.status, 200);
    return {
      draft: draft.body,
      listing: o.listingId ? (await t.get(`/api/v1/me/listings/${o.listingId}`, asAlice)).body : null,
      invites: await count('draft_invites', ['draft_id', o.draftId]),
      listings: await count('listings'),
      mails: await count('outbox_emails'),
    };
  }
  const listing = await t.get(`/api/v1/me/listings/${o.listingId}`, asAlice);
  assert.equal(listing.status, 200);
  return {
    listing: listing.body,
    row: await t.db.selectFrom('listings').select(['owner_id', 'status', 'launch_week', 'tagline', 'story', 'updated_at']).where('id', '=', String(o.listingId)).executeTakeFirstOrThrow(),
    updates: await count('listing_updates', ['listing_id', String(o.listingId)]),
    versions: await count('listing_versions', ['listing_id', String(o.listingId)]),
    milestones: await t.db.selectFrom('milestones').selectAll().where('listing_id', '=', String(o.listingId)).orderBy('id').execute(),
  };
}

// ---------------------------------------------------------------------------------------------
// The table: every operation that acts on an object by its id, the object it acts on, the input
// naming Alice's object, and the not-found code prescribed for it.

interface OwnedScenario {
  name: string;
  op: string;
  kind: 'draft' | 'listing' | 'claim' | 'order' | 'webhook';
  make: () => Promise<Owned>;
  args: (o: Owned) => Args;
  code: string;
}

const listingArgs = (extra: Args) => (o: Owned) => ({ listing_id: o.listingId, ...extra });
const OWNED: OwnedScenario[] = [
  { name: 'a draft', op: 'get_draft', kind: 'draft', make: aliceDraft, args: (o) => ({ id: o.draftId }), code: 'draft_not_found' },
  { name: 'a draft', op: 'update_draft', kind: 'draft', make: aliceDraft, args: (o) => ({ id: o.draftId, fields: { tagline: 'Bob was here' }, lock_fields: ['name'] }), code: 'draft_not_found' },
  {
    name: 'a submitted draft (its listing follows every draft edit)',
    op: 'update_draft',
    kind: 'draft',
    make: () => aliceDraft({ submitted: true }),
    args: (o) => ({ id: o.draftId, fields: { name: 'Bob Owns This', tagline: 'Bob was here' } }),
    code: 'draft_not_found',
  },
  { name: 'a draft', op: 'submit_draft', kind: 'draft', make: aliceDraft, args: (o) => ({ id: o.draftId }), code: 'draft_not_found' },
  { name: 'a submitted draft', op: 'submit_draft', kind: 'draft', make: () => aliceDraft({ submitted: true }), args: (o) => ({ id: o.draftId }), code: 'draft_not_found' },
  { name: 'a draft', op: 'invite_cofounder', kind: 'draft', make: aliceDraft, args: (o) => ({ id: o.draftId, email: 'bob-sidekick@idor.test' }), code: 'draft_not_found' },
  { name: 'a listing', op: 'get_my_listing', kind: 'listing', make: aliceListing, args: listingArgs({}), code: 'listing_not_found' },
  {
    name: 'a listing',
    op: 'update_my_listing',
    kind: 'listing',
    make: aliceListing,
    args: listingArgs({ fields: { tagline: 'Bob was here' }, socials: { x: 'https://x.com/bob' }, faqs: [{ question: 'Who?', answer: 'Bob.' }] }),
    code: 'listing_not_found',
  },
  { name: 'a listing', op: 'post_listing_update', kind: 'listing', make: aliceListing, args: listingArgs({ title: 'Bob was here', body: 'Follow Bob instead.' }), code: 'listing_not_found' },
  { name: 'a listing', op: 'add_milestone', kind: 'listing', make: aliceListing, args: listingArgs({ date: '2026-02-02', title: 'Bob was here' }), code: 'listing_not_found' },
  { name: "a listing's milestone", op: 'delete_milestone', kind: 'listing', make: aliceListing, args: (o) => ({ listing_id: o.listingId, milestone_id: o.milestoneId }), code: 'listing_not_found' },
  { name: 'a listing', op: 'set_founder_story', kind: 'listing', make: aliceListing, args: listingArgs({ title: 'Bob was here', story: 'Bob wrote this.' }), code: 'listing_not_found' },
  { name: 'a listing', op: 'choose_free_listing', kind: 'listing', make: aliceListing, args: listingArgs({}), code: 'listing_not_found' },
  { name: 'a claim', op: 'verify_claim', kind: 'claim', make: aliceClaim, args: (o) => ({ claim_id: o.claimId }), code: 'claim_not_found' },
  { name: 'an order', op: 'get_order', kind: 'order', make: aliceOrder, args: (o) => ({ number: o.orderNumber }), code: 'order_not_found' },
  { name: 'a webhook endpoint', op: 'delete_webhook', kind: 'webhook', make: aliceWebhook, args: (o) => ({ webhook_id: o.webhookId }), code: 'webhook_not_found' },
  { name: 'a webhook endpoint', op: 'list_webhook_deliveries', kind: 'webhook', make: aliceWebhook, args: (o) => ({ webhook_id: o.webhookId }), code: 'webhook_not_found' },
  { name: "a webhook endpoint's delivery", op: 'redeliver_webhook', kind: 'webhook', make: aliceWebhook, args: (o) => ({ webhook_id: o.webhookId, delivery_id: o.deliveryId }), code: 'webhook_not_found' },
];

/** The same input with every id of Alice's replaced by one nobody has. */
const unknownOf = (o: Owned): Owned => ({ ...o, draftId: UNKNOWN_DRAFT, listingId: UNKNOWN_ID, claimId: UNKNOWN_ID, orderNumber: 'LY-2099-987654', webhookId: UNKNOWN_ID, deliveryId: UNKNOWN_ID });

test('the table covers every operation that takes the id of something its caller owns', () => {
  const idOps = operations.filter((op) => op.scope !== 'public' && /\{/.test(op.path)).map((op) => op.id);
  assert.deepEqual([...new Set(OWNED.map((s) => s.op))].sort(), idOps.sort());
});

for (const s of OWNED) {
  const op = opOf(s.op);
  const reads = op.method === 'GET';

  for (const surface of SURFACES) {
    for (const cred of CREDENTIALS) {
      test(`${s.op} on Alice's ${s.name}: Bob's ${cred} over ${surface} gets the unknown-id 404 and changes nothing; Alice's own call works`, async () => {
        const o = await s.make();
        const before = await footprint(s.kind, o);
        const asBob = credentialFor(bob, cred, surface);

        const theirs = await call(surface, asBob, s.op, s.args(o));
        assert.equal(theirs.status, 404, JSON.stringify(theirs.body));
        assert.equal(theirs.body.code, s.code);
        const unknown = await call(surface, asBob, s.op, s.args(unknownOf(o)));
        assert.deepEqual(blanked(theirs.body), blanked(unknown.body), 'the answer tells an existing object of someone else from an unknown id');
        assert.ok(!JSON.stringify(theirs.body).includes(o.secret), "the answer carries Alice's data");
        assert.deepEqual(await footprint(s.kind, o), before, "Bob's call changed Alice's object");

        // The control: the same request, from Alice on the same surface with the same kind of credential.
        const mine = await call(surface, credentialFor(alice, cred, surface), s.op, s.args(o));
        assert.equal(mine.status, op.status, JSON.stringify(mine.body));
        if (reads) assert.ok(JSON.stringify(mine.body).includes(o.secret));
        else assert.notDeepEqual(await footprint(s.kind, o), before, "the owner's call had no visible effect, so the check above proves nothing");
      });
    }
  }

  test(`${s.op} on Alice's ${s.name}: anonymous callers get 401 on REST and MCP, and nothing changes`, async () => {
    const o = await s.make();
    const before = await footprint(s.kind, o);
    for (const surface of ['rest', 'mcp'] as const) {
      const anon = await call(surface, undefined, s.op, s.args(o));
      assert.equal(anon.status, 401, surface);
      if (surface === 'rest') assert.equal(anon.body.code, 'unauthenticated');
      assert.ok(!JSON.stringify(anon.body).includes(o.secret));
    }
    assert.deepEqual(await footprint(s.kind, o), before);
    const mine = await call('rest', alice.creds.api_key.rest, s.op, s.args(o));
    assert.equal(mine.status, op.status, JSON.stringify(mine.body));
  });
}

// A child object reached through a parent the attacker does own: Bob's own listing id gets him
// past the listing check, so only the milestone's own ownership stands between him and Alice's.
for (const surface of SURFACES) {
  for (const cred of CREDENTIALS) {
    test(`delete_milestone of Alice's milestone through Bob's own listing (${cred}, ${surface}): 404 milestone_not_found, the milestone stays`, async () => {
      const o = await aliceListing();
      const before = await footprint('listing', o);
      const bobs = Number(await t.fx.listing({ slug: `bob-listing-${++serial}`, owner_id: bob.userId, status: 'draft' }));
      await t.fx.milestone(String(bobs), '2026-01-01', 'Bob milestone');
      const bobsMilestone = Number((await t.db.selectFrom('milestones').select('id').where('listing_id', '=', String(bobs)).executeTakeFirstOrThrow()).id);
      const asBob = credentialFor(bob, cred, surface);

      const theirs = await call(surface, asBob, 'delete_milestone', { listing_id: bobs, milestone_id: o.milestoneId });
      assert.equal(theirs.status, 404, JSON.stringify(theirs.body));
      assert.equal(theirs.body.code, 'milestone_not_found');
      const unknown = await call(surface, asBob, 'delete_milestone', { listing_id: bobs, milestone_id: UNKNOWN_ID });
      assert.deepEqual(blanked(theirs.body), blanked(unknown.body));
      assert.deepEqual(await footprint('listing', o), before);
      // Bob may delete his own milestone with the same request shape.
      const own = await call(surface, asBob, 'delete_milestone', { listing_id: bobs, milestone_id: bobsMilestone });
      assert.equal(own.status, 200, JSON.stringify(own.body));
    });
  }
}

// The lists of one's own things: Bob's never show Alice's, and their totals do not count them.
for (const [op, kind] of [['list_my_drafts', 'draft'], ['list_my_listings', 'listing']] as const) {
  for (const surface of SURFACES) {
    for (const cred of CREDENTIALS) {
      test(`${op} (${cred}, ${surface}): Bob sees only his own, Alice sees hers`, async () => {
        const o = kind === 'draft' ? await aliceDraft() : await aliceListing();
        const aliceId = kind === 'draft' ? o.draftId : o.listingId;
        const bobsId =
          kind === 'draft'
            ? await insertDraft(t, bob.userId, { fields: { name: aiField('Bob Draft') } })
            : Number(await t.fx.listing({ slug: `bob-listing-${++serial}`, owner_id: bob.userId, status: 'draft' }));
        const bobOwns = await t.db.selectFrom(kind === 'draft' ? 'drafts' : 'listings').select('id').where('owner_id', '=', bob.userId).execute();

        const bobs = await call(surface, credentialFor(bob, cred, surface), op, { per_page: 100 });
        assert.equal(bobs.status, 200, JSON.stringify(bobs.body));
        const ids = bobs.body.items.map((i: any) => String(i.id));
        assert.ok(ids.includes(String(bobsId)), 'his own is listed');
        assert.ok(!ids.includes(String(aliceId)), "Alice's is listed to Bob");
        assert.ok(!JSON.stringify(bobs.body).includes(o.secret));
        assert.equal(bobs.body.total, bobOwns.length, "the total counts other people's");

        const hers = await call(surface, credentialFor(alice, cred, surface), op, { per_page: 100 });
        assert.ok(hers.body.items.some((i: any) => String(i.id) === String(aliceId)));
      });
    }
  }
}

test('get_account answers for the caller only, whichever of Bob\'s credentials is used', async () => {
  for (const surface of SURFACES) {
    for (const cred of CREDENTIALS) {
      const me = await call(surface, credentialFor(bob, cred, surface), 'get_account', {});
      assert.equal(me.status, 200, `${cred} ${surface}`);
      assert.equal(String(me.body.user.id), bob.userId);
      assert.ok(!JSON.stringify(me.body).includes(alice.email));
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Idempotency-Key: the stored response of a request is a copy of its result. Were keys shared
// between callers, Bob sending Alice's key and payload would be handed Alice's stored result.

for (const surface of ['rest', 'mcp'] as const) {
  test(`Idempotency-Key (${surface}): Bob replaying Alice's key and payload on her listing runs as Bob (404), not as a replay of her 201`, async () => {
    const o = await aliceListing();
    const key = `idor-shared-${surface}-${serial}`;
    const args = { listing_id: o.listingId, title: `${o.secret} news`, body: 'Shipped.' };
    const hers = await call(surface, credentialFor(alice, 'api_key', surface), 'post_listing_update', args, key);
    assert.equal(hers.status, 201, JSON.stringify(hers.body));
    const before = await footprint('listing', o);

    const his = await call(surface, credentialFor(bob, 'api_key', surface), 'post_listing_update', args, key);
    assert.equal(his.status, 404, JSON.stringify(his.body));
    assert.equal(his.body.code, 'listing_not_found');
    assert.equal(his.replayed, false);
    assert.deepEqual(await footprint('listing', o), before);
    // Control: the key does replay for Alice, so a shared key would have replayed for Bob.
    const again = await call(surface, credentialFor(alice, 'api_key', surface), 'post_listing_update', args, key);
    assert.equal(again.replayed, true);
    assert.deepEqual(again.body, hers.body);
  });

  test(`Idempotency-Key (${surface}): Bob sending Alice's key and payload to submit_listing gets his own draft, never hers`, async () => {
    const key = `idor-submit-${surface}-${++serial}`;
    const args = { url: `https://alice-${serial}.invalid/` };
    const hers = await call(surface, credentialFor(alice, 'api_key', surface), 'submit_listing', args, key);
    assert.equal(hers.status, 201, JSON.stringify(hers.body));
    const his = await call(surface, credentialFor(bob, 'api_key', surface), 'submit_listing', args, key);
    assert.equal(his.status, 201, JSON.stringify(his.body));
    assert.equal(his.replayed, false);
    assert.notEqual(his.body.id, hers.body.id);
    const owners = await t.db.selectFrom('drafts').select(['id', 'owner_id']).where('id', 'in', [hers.body.id, his.body.id]).execute();
    assert.deepEqual(Object.fromEntries(owners.map((r) => [r.id, r.owner_id])), { [hers.body.id]: alice.userId, [his.body.id]: bob.userId });
    const again = await call(surface, credentialFor(alice, 'api_key', surface), 'submit_listing', args, key);
    assert.equal(again.replayed, true);
    assert.equal(again.body.id, hers.body.id);
    await t.jobsIdle();
  });
}

for (const surface of SURFACES) {
  for (const cred of CREDENTIALS) {
    test(`list_my_claims (${cred}, ${surface}): Bob sees only his own claims, Alice sees hers`, async () => {
      const o = await aliceClaim();
      const bobs = await t.app.services.claims.claim(bob.userId, { slug: `claimable-${serial}`, method: 'meta' });
      const bobOwns = await t.db.selectFrom('listing_claims').select('id').where('user_id', '=', bob.userId).execute();
      const his = await call(surface, credentialFor(bob, cred, surface), 'list_my_claims', { per_page: 100 });
      assert.equal(his.status, 200, JSON.stringify(his.body));
      const ids = his.body.items.map((c: any) => c.id);
      assert.ok(ids.includes(bobs.id) && !ids.includes(o.claimId), "Alice's claim is listed to Bob");
      assert.ok(!JSON.stringify(his.body).includes(o.secret), "Alice's token reached Bob");
      assert.equal(his.body.total, bobOwns.length);
      const hers = await call(surface, credentialFor(alice, cred, surface), 'list_my_claims', { per_page: 100 });
      assert.ok(hers.body.items.some((c: any) => c.id === o.claimId && JSON.stringify(c).includes(o.secret)));
    });
  }
}

for (const surface of SURFACES) {
  for (const cred of CREDENTIALS) {
    test(`list_my_orders (${cred}, ${surface}): Bob sees only his own orders, Alice sees hers`, async () => {
      const o = await aliceOrder();
      const his = await call(surface, credentialFor(bob, cred, surface), 'list_my_orders', { per_page: 100 });
      assert.equal(his.status, 200, JSON.stringify(his.body));
      assert.ok(!his.body.items.some((x: any) => x.number === o.orderNumber), "Alice's order is listed to Bob");
      assert.equal(his.body.total, Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', bob.userId).executeTakeFirstOrThrow()).n));
      const hers = await call(surface, credentialFor(alice, cred, surface), 'list_my_orders', { per_page: 100 });
      assert.ok(hers.body.items.some((x: any) => x.number === o.orderNumber));
    });
  }
}

// A checkout of Alice's lent to Bob by its Idempotency-Key buys Bob nothing of hers: keys are per user.
test("Idempotency-Key: Bob replaying Alice's create_checkout key and body gets a refusal for her listing, not her order", async () => {
  const o = await aliceOrder();
  const body = { items: [{ product: 'idor-story', listing_id: o.listingId }], billing_country: 'US' };
  const key = `idor-checkout-${serial}`;
  const hers = await call('rest', alice.creds.api_key.rest, 'create_checkout', body, key);
  assert.equal(hers.status, 201, JSON.stringify(hers.body));
  const his = await call('rest', bob.creds.api_key.rest, 'create_checkout', body, key);
  assert.deepEqual([his.status, his.body.code, his.replayed], [400, 'order_invalid', false]);
  assert.ok(!JSON.stringify(his.body).includes(o.secret) && !JSON.stringify(his.body).includes(hers.body.number));
  assert.equal((await call('rest', alice.creds.api_key.rest, 'create_checkout', body, key)).body.checkout_url, hers.body.checkout_url);
});

// answer_interview has no id: each caller writes only their own answers.
test("answer_interview: Bob answering the same question leaves Alice's answer as it was", async () => {
  const question = Number(await t.fx.question(`What drives you? ${++serial}`));
  const aliceSays = `Alicesecret${serial} answer`;
  const set = await call('rest', alice.creds.api_key.rest, 'answer_interview', { answers: [{ question_id: question, answer: aliceSays }] });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  for (const surface of SURFACES) {
    for (const cred of CREDENTIALS) {
      const his = await call(surface, credentialFor(bob, cred, surface), 'answer_interview', { answers: [{ question_id: question, answer: '' }] });
      assert.equal(his.status, 200, JSON.stringify(his.body));
      assert.ok(!JSON.stringify(his.body).includes(aliceSays));
    }
  }
  const rows = await t.db.selectFrom('interview_answers').select(['user_id', 'answer']).where('question_id', '=', String(question)).execute();
  assert.deepEqual(rows, [{ user_id: alice.userId, answer: aliceSays }]);
  // Control: an empty answer does remove one, when it is the caller's own.
  await call('rest', alice.creds.api_key.rest, 'answer_interview', { answers: [{ question_id: question, answer: '' }] });
  assert.equal((await t.db.selectFrom('interview_answers').select('user_id').where('question_id', '=', String(question)).execute()).length, 0);
});

// ---------------------------------------------------------------------------------------------
// Public reads by slug: a listing Alice has not published yet (and its founders) is as unknown to
// Bob and to anonymous callers as a slug nobody has, on the API, MCP and the website.

const PUBLIC_READS: [string, (slug: string) => string][] = [
  ['get_listing', (slug) => `/api/v1/listings/${slug}`],
  ['get_badges', (slug) => `/api/v1/listings/${slug}/badges`],
  ['get_alternatives', (slug) => `/api/v1/listings/${slug}/alternatives`],
  ['list_comments', (slug) => `/api/v1/listings/${slug}/comments`],
];

for (const status of ['draft', 'awaiting_badge', 'archived'] as const) {
  test(`Alice's ${status} listing is unknown to Bob and to anonymous callers on public reads (REST, MCP, site); a live one shows`, async () => {
    await t.fx.category({ slug: `idor-cat-${++serial}` });
    const cat = `idor-cat-${serial}`;
    const secret = `Alicesecret${serial}`;
    const hidden = `alice-hidden-${serial}`;
    const shown = `alice-shown-${serial}`;
    const hiddenId = await t.fx.listing({ slug: hidden, name: `${secret} Hidden`, owner_id: alice.userId, status, category: cat });
    await t.fx.listing({ slug: shown, name: `${secret} Shown`, owner_id: alice.userId, status: 'live', category: cat });
    const founder = await t.fx.founder({ slug: `alice-founder-${serial}`, name: `${secret} Founder` });
    await t.fx.founderOf(hiddenId, founder);
    const callers: [string, Headers | undefined][] = [['anonymous', undefined], ["Bob's API key", bob.creds.api_key.rest], ["Bob's OAuth token", bob.creds.oauth.rest]];

    for (const [who, auth] of callers) {
      for (const [opId, url] of PUBLIC_READS) {
        const theirs = await t.get(url(hidden), auth);
        const unknown = await t.get(url(`nobody-has-${serial}`), auth);
        assert.equal(theirs.status, 404, `${who} ${opId}`);
        assert.deepEqual(blanked(theirs.body), blanked(unknown.body), `${who} ${opId}`);
        assert.equal((await t.get(url(shown), auth)).status, 200, `${who} ${opId} control`);
      }
      const compare = await t.get(`/api/v1/compare?a=${shown}&b=${hidden}`, auth);
      const compareUnknown = await t.get(`/api/v1/compare?a=${shown}&b=nobody-has-${serial}`, auth);
      assert.equal(compare.status, 400, who);
      assert.equal(compare.body.code, 'unknown_listing');
      assert.deepEqual(blanked(compare.body), blanked(compareUnknown.body));
      const founderRead = await t.get(`/api/v1/founders/alice-founder-${serial}`, auth);
      assert.equal(founderRead.status, 404, `${who} get_founder`);
      const search = await t.get(`/api/v1/listings?q=${secret}&per_page=100`, auth);
      const found = search.body.items.map((i: any) => i.slug);
      assert.ok(found.includes(shown) && !found.includes(hidden), `${who} search_listings: ${found}`);
      const founders = await t.get(`/api/v1/founders?q=${secret}`, auth);
      assert.equal(JSON.stringify(founders.body).includes(secret), false, `${who} list_founders`);
    }
    for (const auth of [undefined, bob.creds.api_key.mcp, bob.creds.oauth.mcp]) {
      const mcp = await call('mcp', auth, 'get_listing', { slug: hidden });
      assert.equal(mcp.status, 404);
      assert.equal(mcp.body.code, 'listing_not_found');
      assert.equal((await call('mcp', auth, 'get_listing', { slug: shown })).status, 200);
    }
    // The website: the listing page and its community forms.
    for (const browser of [bob.site.browser, t.siteBrowser()]) {
      const page = await browser.get(`/listings/${hidden}`);
      assert.equal(page.status, 404);
      assert.ok(!page.body.includes(secret));
      assert.equal((await browser.get(`/listings/${shown}`)).status, 200);
    }
    const follow = await bob.site.browser.post(`/listings/${hidden}/follow`, { csrf: bob.site.csrf, intent: 'add' });
    assert.equal(follow.status, 404);
    assert.equal(Number((await t.db.selectFrom('listings').select('follows_count').where('id', '=', hiddenId).executeTakeFirstOrThrow()).follows_count), 0);
    // The owner does see it, through her own operations.
    const mine = await t.get(`/api/v1/me/listings/${hiddenId}`, alice.creds.api_key.rest);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.slug, hidden);
  });
}

// ---------------------------------------------------------------------------------------------
// Website forms that post an id.

const bobsPage = () => bob.site.browser;
/**
 * Callers without a site session, with what a signed-in form and a signed-in page answer them:
 * the site takes no API key (403 on forms, sign-in on pages), and an OAuth access token is
 * refused outright anywhere but its resource (401 invalid_token).
 */
const webAttackers = () =>
  [
    ['anonymous', t.siteBrowser(), {}, 401, 303],
    ["Bob's API key (no site session)", t.siteBrowser(), bob.creds.api_key.rest, 403, 303],
    ["Bob's OAuth token (no site session)", t.siteBrowser(), bob.creds.oauth.rest, 401, 401],
  ] as const;

test("API keys: Bob cannot see or revoke Alice's key from his keys page (same 404 as an unknown id); Alice can", async () => {
  const { key, record } = await t.app.services.accounts.createApiKey(alice.userId, { name: `Alicesecret${++serial} laptop`, scopes: ['account:read'] });
  const aliceKey = { authorization: `Bearer ${key}` };
  const list = await bobsPage().get('/account/api-keys');
  assert.equal(list.status, 200);
  assert.ok(!list.body.includes(record.name) && !list.body.includes(record.prefix), "Alice's key is listed on Bob's page");
  assert.ok(!list.body.includes(`/account/api-keys/${record.id}/revoke`));

  const theirs = await bobsPage().post(`/account/api-keys/${record.id}/revoke`, { csrf: bob.site.csrf });
  const unknown = await bobsPage().post(`/account/api-keys/${UNKNOWN_ID}/revoke`, { csrf: bob.site.csrf });
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body, unknown.body, 'the page tells an existing key of someone else from an unknown one');
  for (const [who, browser, headers, status] of webAttackers()) {
    const res = await browser.post(`/account/api-keys/${record.id}/revoke`, { csrf: bob.site.csrf }, headers);
    assert.equal(res.status, status, who);
  }
  const row = await t.db.selectFrom('api_keys').select('revoked_at').where('id', '=', record.id).executeTakeFirstOrThrow();
  assert.equal(row.revoked_at, null);
  assert.equal((await t.get('/api/v1/me', aliceKey)).status, 200, "Alice's key stopped working");

  const mine = await alice.site.browser.post(`/account/api-keys/${record.id}/revoke`, { csrf: alice.site.csrf });
  assert.equal(mine.status, 303);
  assert.equal((await t.get('/api/v1/me', aliceKey)).status, 401);
});

test("Webhooks: Bob's own endpoint id does not reach Alice's delivery, and his pages neither show nor touch her endpoint (the same 404 as an unknown id)", async () => {
  const o = await aliceWebhook();
  const bobs = await endpointWithDelivery(t.app.services, t.db, bob.userId);
  const before = await footprint('webhook', o);
  const theirs = await call('rest', bob.creds.api_key.rest, 'redeliver_webhook', { webhook_id: bobs.endpointId, delivery_id: o.deliveryId });
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body.code, 'webhook_delivery_not_found');
  const list = await bobsPage().get('/account/webhooks');
  assert.ok(!list.body.includes(`/account/webhooks/${o.webhookId}`));
  for (const [method, url] of [
    ['GET', `/account/webhooks/${o.webhookId}`],
    ['POST', `/account/webhooks/${o.webhookId}/delete`],
    ['POST', `/account/webhooks/${o.webhookId}/enable`],
    ['POST', `/account/webhooks/${o.webhookId}/deliveries/${o.deliveryId}/redeliver`],
  ] as const) {
    const res = method === 'GET' ? await bobsPage().get(url) : await bobsPage().post(url, { csrf: bob.site.csrf });
    const unknown = method === 'GET' ? await bobsPage().get(url.replace(String(o.webhookId), String(UNKNOWN_ID))) : await bobsPage().post(url.replace(String(o.webhookId), String(UNKNOWN_ID)), { csrf: bob.site.csrf });
    assert.equal(res.status, 404, url);
    assert.equal(unknown.status, 404, url);
    assert.ok(!res.body.includes(o.secret));
  }
  assert.deepEqual(await footprint('webhook', o), before);
  const mine = await alice.site.browser.get(`/account/webhooks/${o.webhookId}`);
  assert.equal(mine.status, 200);
  assert.ok(mine.body.includes(o.secret));
});

test("Connected apps: Bob cannot see or disconnect Alice's app (same 404 as an unknown id); her tokens keep working; Alice can", async () => {
  const clientName = `Alicesecret${++serial} Assistant`;
  const { client_id } = await registerClient(t.app, { client_name: clientName });
  const tokens = await obtainTokens(t.app, { userId: alice.userId, scopes: ['account:read'], resource: '/mcp', clientId: client_id });
  const grant = (await t.app.services.oauth.listGrants(alice.userId)).find((g) => g.clientId === client_id)!;
  assert.ok(grant);

  const list = await bobsPage().get('/account/apps');
  assert.equal(list.status, 200);
  assert.ok(!list.body.includes(clientName) && !list.body.includes(grant.grantId), "Alice's app is listed on Bob's page");

  const theirs = await bobsPage().post(`/account/apps/${encodeURIComponent(grant.grantId)}/revoke`, { csrf: bob.site.csrf });
  const unknown = await bobsPage().post('/account/apps/no-such-grant-id/revoke', { csrf: bob.site.csrf });
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body, unknown.body);
  for (const [who, browser, headers, status] of webAttackers()) {
    const res = await browser.post(`/account/apps/${encodeURIComponent(grant.grantId)}/revoke`, { csrf: bob.site.csrf }, headers);
    assert.equal(res.status, status, who);
  }
  assert.ok((await t.app.services.oauth.listGrants(alice.userId)).some((g) => g.grantId === grant.grantId), "Alice's grant is gone");
  assert.equal((await t.mcpCall('get_account', {}, tokens.auth)).status, 200, "Alice's token stopped working");
  const refreshed = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken!, client_id });
  assert.equal(refreshed.status, 200, "Alice's refresh token stopped working");

  const mine = await alice.site.browser.post(`/account/apps/${encodeURIComponent(grant.grantId)}/revoke`, { csrf: alice.site.csrf });
  assert.equal(mine.status, 303);
  assert.equal((await t.mcpCall('get_account', {}, { authorization: `Bearer ${refreshed.body.access_token}` })).status, 401);
});

test("OAuth consent: Bob's browser cannot open or approve Alice's pending authorization request; Alice then completes it as herself", async () => {
  const { client_id } = await registerClient(t.app, { client_name: 'Alice pending app' });
  const aliceBrowser = new TestBrowser(t.app);
  await aliceBrowser.signIn(t.app, alice.userId);
  const { verifier, challenge } = pkce();
  const step = await aliceBrowser.visit(authorizeUrl({ clientId: client_id, scope: 'account:read listings:write', resource: 'http://localhost:3000/mcp', challenge, method: 'S256' }));
  assert.ok(step.kind === 'page' && step.status === 200);
  const uid = /action="\/oauth\/interaction\/([^"]+)"/.exec(step.body)![1];

  const look = await bobsPage().get(`/oauth/interaction/${uid}`);
  assert.equal(look.status, 400);
  assert.ok(!look.body.includes('Alice pending app'));
  const approve = await bobsPage().post(`/oauth/interaction/${uid}`, { csrf: bob.site.csrf, decision: 'approve' });
  assert.equal(approve.status, 400);
  assert.equal(approve.location, undefined, 'no code was sent anywhere');
  assert.ok(!(await t.app.services.oauth.listGrants(bob.userId)).some((g) => g.clientId === client_id));
  assert.ok(!(await t.app.services.oauth.listGrants(alice.userId)).some((g) => g.clientId === client_id));

  const done = await aliceBrowser.decide(step, 'approve');
  assert.ok(done.kind === 'left');
  const code = done.url.searchParams.get('code')!;
  const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT_URI, code_verifier: verifier, client_id, resource: 'http://localhost:3000/mcp' });
  assert.equal(token.status, 200);
  const me = await t.mcpCall('get_account', {}, { authorization: `Bearer ${token.body.access_token}` });
  assert.equal(String(me.body.result.structuredContent.user.id), alice.userId);
});

test("Votes, follows and reviews: Bob's withdraw and unfollow touch only his own; his review never replaces Alice's", async () => {
  const carol = await t.fx.user({ email: `carol-${++serial}@idor.test` });
  const slug = `carols-live-${serial}`;
  const id = await t.fx.listing({ slug, owner_id: carol, status: 'live' });
  const aliceReview = `Alicesecret${serial} loves it`;
  const a = alice.site;
  assert.equal((await a.browser.post(`/listings/${slug}/vote`, { csrf: a.csrf, intent: 'add' })).status, 303);
  assert.equal((await a.browser.post(`/listings/${slug}/follow`, { csrf: a.csrf, intent: 'add' })).status, 303);
  assert.equal((await a.browser.post(`/listings/${slug}/reviews`, { csrf: a.csrf, rating: '5', body: aliceReview })).status, 303);
  const state = async () => ({
    counts: await t.db.selectFrom('listings').select(['votes_count', 'follows_count']).where('id', '=', id).executeTakeFirstOrThrow(),
    votes: await t.db.selectFrom('votes').select('user_id').where('listing_id', '=', id).orderBy('user_id').execute(),
    follows: await t.db.selectFrom('follows').select('user_id').where('listing_id', '=', id).orderBy('user_id').execute(),
    aliceReview: await t.db.selectFrom('reviews').select(['rating', 'body']).where('listing_id', '=', id).where('user_id', '=', alice.userId).executeTakeFirst(),
  });
  const before = await state();

  const b = bob.site;
  assert.equal((await b.browser.post(`/listings/${slug}/vote`, { csrf: b.csrf, intent: 'remove' })).status, 303);
  assert.equal((await b.browser.post(`/listings/${slug}/follow`, { csrf: b.csrf, intent: 'remove' })).status, 303);
  assert.equal((await b.browser.post(`/listings/${slug}/reviews`, { csrf: b.csrf, rating: '1', body: 'Bob hates it' })).status, 303);
  assert.deepEqual(await state(), before);
  const page = await b.browser.get(`/listings/${slug}`);
  // Her review is public on the page; it must never be offered to Bob as his own to edit.
  const bobsForm = [...page.body.matchAll(/<textarea[^>]*>([^<]*)<\/textarea>/g)].map((m) => m[1]).join('\n');
  assert.ok(!bobsForm.includes('Alicesecret'), `Bob's page shows Alice's review as his: ${bobsForm}`);
  assert.ok(!page.body.includes('Withdraw my vote'), "Bob's page shows Alice's vote as his");

  // Control: the same posts from Alice do withdraw her vote and unfollow.
  await a.browser.post(`/listings/${slug}/vote`, { csrf: a.csrf, intent: 'remove' });
  await a.browser.post(`/listings/${slug}/follow`, { csrf: a.csrf, intent: 'remove' });
  const after = await state();
  assert.deepEqual([after.votes, after.follows, Number(after.counts.votes_count), Number(after.counts.follows_count)], [[], [], 0, 0]);
});

test("Comments: Bob cannot edit, delete or pin Alice's comment, nor pin on her listing; his upvote is his own; Alice's posts work", async () => {
  const slug = `alices-talk-${++serial}`;
  const id = await t.fx.listing({ slug, owner_id: alice.userId, status: 'live' });
  const a = alice.site;
  const b = bob.site;
  const secret = `Alicesecret${serial} says hello`;
  assert.equal((await a.browser.post(`/listings/${slug}/comments`, { csrf: a.csrf, body: secret })).status, 303);
  const mine = (await t.db.selectFrom('comments').select('id').where('listing_id', '=', id).executeTakeFirstOrThrow()).id;
  assert.equal((await b.browser.post(`/listings/${slug}/comments`, { csrf: b.csrf, body: 'Bob asks a question' })).status, 303);
  const bobs = (await t.db.selectFrom('comments').select('id').where('listing_id', '=', id).where('user_id', '=', bob.userId).executeTakeFirstOrThrow()).id;
  const state = async () => ({
    comments: await t.db.selectFrom('comments').select(['id', 'body', 'status', 'edited_at', 'pinned_at', 'upvotes']).where('listing_id', '=', id).orderBy('id').execute(),
    upvotes: await t.db.selectFrom('comment_upvotes').select(['comment_id', 'user_id']).orderBy('comment_id').execute(),
  });
  const before = await state();
  // Bob, signed in with every right a visitor has, against Alice's comment and listing.
  const attempts: [string, Record<string, string>][] = [
    [`/comments/${mine}/edit`, { body: 'Bob rewrote this', slug }],
    [`/comments/${mine}/delete`, {}],
    [`/comments/${mine}/pin`, { intent: 'add' }],
    [`/comments/${bobs}/pin`, { intent: 'add' }],
  ];
  for (const [url, form] of attempts) {
    const res = await b.browser.post(url, { csrf: b.csrf, ...form });
    assert.ok(res.status === 403 || res.status === 404, `${url}: ${res.status}`);
  }
  assert.deepEqual(await state(), before, 'nothing of Alice\'s changed');
  // His upvote of her comment is his; removing it later removes only his.
  assert.equal((await b.browser.post(`/comments/${mine}/upvote`, { csrf: b.csrf, intent: 'add' })).status, 303);
  assert.deepEqual((await state()).upvotes.filter((u) => u.comment_id === mine).map((u) => u.user_id), [bob.userId]);
  // Control: Alice can edit, and pin a maker's (her own) comment on her listing.
  assert.equal((await a.browser.post(`/comments/${mine}/edit`, { csrf: a.csrf, body: `${secret}, edited`, slug })).status, 303);
  assert.equal((await a.browser.post(`/comments/${mine}/pin`, { csrf: a.csrf, intent: 'add' })).status, 303);
  const after = await t.db.selectFrom('comments').select(['body', 'pinned_at']).where('id', '=', mine).executeTakeFirstOrThrow();
  assert.equal(after.body, `${secret}, edited`);
  assert.ok(after.pinned_at);
  // Bob's reports and e-mail switches are his own: his preferences page never shows or changes Alice's.
  assert.equal((await b.browser.post('/account/email', { csrf: b.csrf, on: [] })).status, 303);
  const prefs = await t.db.selectFrom('email_preferences').select(['user_id']).distinct().execute();
  assert.deepEqual(prefs.map((p) => p.user_id), [bob.userId]);
});

test("Pictures: Bob cannot see, upload to, reorder, describe or delete Alice's logo and gallery (the same 404 as an unknown listing); Alice can", async () => {
  const id = await t.fx.listing({ slug: `alices-pictures-${++serial}`, owner_id: alice.userId, status: 'live' });
  const a = alice.site;
  const b = bob.site;
  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#336699' } }).png().toBuffer();
  await t.app.services.pictures.setLogo(alice.userId, Number(id), png);
  const item = await t.app.services.pictures.addVideo(alice.userId, Number(id), { url: 'https://vimeo.com/76979871', caption: 'Alice\'s tour' });
  const state = async () => ({
    listing: await t.db.selectFrom('listings').select(['logo_url', 'logo_hash']).where('id', '=', id).executeTakeFirstOrThrow(),
    gallery: await t.db.selectFrom('listing_media').select(['id', 'caption', 'position']).where('listing_id', '=', id).orderBy('id').execute(),
    files: (await t.db.selectFrom('media_files').select('source_hash').execute()).length,
  });
  const before = await state();
  const base = `/my/listings/${id}/pictures`;
  const unknown = `/my/listings/99999999/pictures`;
  assert.equal((await b.browser.get(base)).status, 404);
  assert.equal((await b.browser.get(unknown)).status, 404);
  const posts: [string, Record<string, string>][] = [
    [`${base}/logo/remove`, {}],
    [`${base}/videos`, { video_url: 'https://vimeo.com/1', caption: 'Bob' }],
    [`${base}/items/${item}`, { action: 'save', caption: 'Bob was here' }],
    [`${base}/items/${item}`, { action: 'delete' }],
    [`${base}/items/${item}`, { action: 'up' }],
  ];
  for (const [url, form] of posts) assert.equal((await b.browser.post(url, { csrf: b.csrf, ...form })).status, 404, url);
  for (const [path, field, extra] of [['logo', 'logo', {}], ['images', 'image', { alt: 'Bob' }]] as const) {
    const res = await b.browser.upload(`${base}/${path}`, { csrf: b.csrf, ...extra }, { field, name: 'b.png', type: 'image/png', bytes: png });
    assert.equal(res.status, 404, path);
  }
  // Bob's own listing cannot take Alice's gallery item either.
  const bobs = await t.fx.listing({ slug: `bobs-pictures-${serial}`, owner_id: bob.userId, status: 'live' });
  assert.equal((await b.browser.post(`/my/listings/${bobs}/pictures/items/${item}`, { csrf: b.csrf, action: 'delete' })).status, 404);
  assert.deepEqual(await state(), before, 'nothing of Alice\'s changed, nothing of Bob\'s stored');
  // Control: Alice can.
  assert.equal((await a.browser.post(`${base}/items/${item}`, { csrf: a.csrf, action: 'save', caption: 'Edited' })).status, 303);
  assert.equal((await a.browser.post(`${base}/logo/remove`, { csrf: a.csrf })).status, 303);
  assert.equal((await t.db.selectFrom('listings').select('logo_url').where('id', '=', id).executeTakeFirstOrThrow()).logo_url, null);
});

test("Data exports: Bob cannot download Alice's export (the same 404 as an unknown id) nor see it on his page; Alice can", async () => {
  await t.app.services.dataExports.start(alice.userId);
  await t.jobsIdle();
  const mine = (await t.app.services.dataExports.page(alice.userId)).latest!;
  assert.equal(mine.state, 'ready');
  const path = mine.downloadPath!;
  const unknown = '/account/data/00000000-0000-4000-8000-000000000000/launchyard-export.zip';
  assert.ok(!(await bobsPage().get('/account/data')).body.includes(mine.id), "Alice's export is on Bob's page");
  const theirs = await bobsPage().get(path);
  assert.equal(theirs.status, 404);
  assert.equal(theirs.body, (await bobsPage().get(unknown)).body, 'the page tells an existing export of someone else from an unknown one');
  for (const [who, browser, headers, , pageStatus] of webAttackers()) {
    const res = await browser.get(path, headers);
    assert.equal(res.status, pageStatus, who);
    assert.ok(!String(res.headers['content-type']).includes('zip'), who);
  }
  // Control: Alice downloads it.
  const hers = await alice.site.browser.get(path);
  assert.equal(hers.status, 200);
  assert.equal(hers.headers['content-type'], 'application/zip');
});

test("Sessions: Bob's 'sign out everywhere' ends his sessions only; Alice's own does end hers", async () => {
  const bobElsewhere = await t.signIn({ email: bob.email, password: bob.password });
  const res = await bobElsewhere.browser.post('/account/sign-out-everywhere', { csrf: bobElsewhere.csrf });
  assert.equal(res.status, 303);
  const hers = await alice.site.browser.get('/account');
  assert.equal(hers.status, 200, "Alice's session ended");
  assert.ok(hers.body.includes(alice.email));
  assert.equal((await bob.site.browser.get('/account')).status, 303, 'control: Bob signed out everywhere, this browser too');
  bob.site = await t.signIn({ email: bob.email, password: bob.password });
  const bobAccount = await bob.site.browser.get('/account');
  assert.ok(bobAccount.body.includes(bob.email) && !bobAccount.body.includes(alice.email));

  const aliceElsewhere = await t.signIn({ email: alice.email, password: alice.password });
  await aliceElsewhere.browser.post('/account/sign-out-everywhere', { csrf: aliceElsewhere.csrf });
  assert.equal((await alice.site.browser.get('/account')).status, 303);
  alice.site = await t.signIn({ email: alice.email, password: alice.password });
});

test("Administrators' pages (every mail, with Alice's invite links; every listing edit) are refused to Bob; an administrator sees them", async () => {
  const o = await aliceDraft();
  const invitee = `alice-cofounder-${serial}@idor.test`;
  assert.equal((await t.rest('POST', `/api/v1/drafts/${o.draftId}/invites`, { email: invitee }, alice.creds.api_key.rest)).status, 201);
  for (const path of ['/admin/outbox', '/admin/listing-versions']) {
    const his = await bobsPage().get(path);
    assert.equal(his.status, 403, path);
    assert.ok(!his.body.includes(invitee));
    for (const [who, browser, headers, , pageStatus] of webAttackers()) {
      const res = await browser.get(path, headers);
      assert.equal(res.status, pageStatus, `${who} ${path}`);
      assert.ok(!res.body.includes(invitee));
    }
    assert.equal((await admin.browser.get(path)).status, 200, path);
  }
  assert.ok((await admin.browser.get('/admin/outbox')).body.includes(invitee));
});

test("Delete my account: Bob's post, even with Alice's password and id, never touches her account; her erasure page is refused to him; the owner's own request works", async () => {
  const aliceState = async () => ({
    account: await t.db.selectFrom('users').select(['email', 'deletion_due_at', 'erased_at']).where('id', '=', alice.userId).executeTakeFirstOrThrow(),
    signedIn: (await alice.site.browser.get('/account')).status,
    apiKey: (await t.get('/api/v1/me', alice.creds.api_key.rest)).status,
  });
  const before = await aliceState();
  assert.deepEqual([before.signedIn, before.apiKey], [200, 200]);
  // The form has no id: whatever Bob adds, it is about the session's own account, checked against his password.
  const his = await bobsPage().post('/account/delete', { csrf: bob.site.csrf, password: alice.password, user_id: alice.userId, id: alice.userId, email: alice.email });
  assert.equal(his.status, 400);
  assert.match(his.body, /This is not your current password/);
  for (const [who, browser, headers, formStatus] of webAttackers()) {
    const res = await browser.post('/account/delete', { password: alice.password, user_id: alice.userId }, headers);
    assert.equal(res.status, formStatus, who);
  }
  // The administrators' erasure of her account, by Bob (no administrator).
  const erase = `/admin/users/${alice.userId}/erase`;
  assert.equal((await bobsPage().get(erase)).status, 403);
  assert.equal((await bobsPage().post(erase, { csrf: bob.site.csrf, when: 'now' })).status, 403);
  assert.deepEqual(await aliceState(), before, "Bob's posts changed Alice's account");

  // The control: the same post by an account's owner, with its own password, schedules the deletion.
  const owner = await t.signIn({ email: `deleting-${++serial}@idor.test`, password: 'The owner has a long password' });
  assert.equal((await owner.browser.post('/account/delete', { csrf: owner.csrf, password: 'The owner has a long password' })).status, 200);
  const theirs = await t.db.selectFrom('users').select('deletion_due_at').where('id', '=', owner.userId).executeTakeFirstOrThrow();
  assert.ok(theirs.deletion_due_at);
});
