import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../testing/harness.ts';
import { operations } from './index.ts';
import { SCOPES, type Scope } from '../domain/actor.ts';
import type { AnyOperation } from './define.ts';
import { aiField, insertDraft } from './drafts/drafts-testing.ts';
import { endpointWithDelivery } from '../domain/webhooks/webhooks-testing.ts';

// Access scenarios for every signed-in operation that exists, over REST and MCP: anonymous → 401
// with a challenge, a credential without the scope → 403, the right scope → success.
const t = await createTestApp();
/**
 * Operations whose access scenarios sit beside them (owner-listings/owner-listings.test.ts: 401,
 * 403 and success with exactly the scope, for a listing the caller owns).
 */
const ACCESS_TESTED_BESIDE = new Set([
  'get_my_listing', 'update_my_listing', 'post_listing_update', 'add_milestone', 'delete_milestone', 'set_founder_story', 'choose_free_listing',
  'answer_interview',
]);
const signedIn = operations.filter((op) => op.scope !== 'public' && !ACCESS_TESTED_BESIDE.has(op.id));
const publicOps = operations.filter((op) => op.scope === 'public');

type Args = Record<string, unknown>;
/** A draft of this user's, ready and with a name (so it can be submitted). */
const draftOf = async (userId: string) => ({ id: await insertDraft(t, userId, { fields: { name: aiField('Acme') } }) });
const SOME_DRAFT = { id: '00000000-0000-4000-8000-000000000000' };
await t.fx.product({ code: 'access-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } });
let orderable = 0;
/** An order body for a new submitted listing of this user (a section unlock: no week to fill up). */
const orderOf = async (userId: string) => ({
  items: [{ product: 'access-story', listing_id: Number(await t.fx.listing({ owner_id: userId, status: 'draft', slug: `access-order-${++orderable}` })) }],
  billing_country: 'US',
});
const SOME_ORDER_BODY = { items: [{ product: 'access-story', listing_id: 1 }], billing_country: 'US' };
let claimable = 0;
/** A live listing anyone may claim; its homepage is a private address, so a check answers at once (could not check) without leaving the machine. */
const claimableSlug = async () => {
  const slug = `access-claimable-${++claimable}`;
  await t.fx.listing({ slug, url: 'http://127.0.0.1:9/' });
  return slug;
};
const claimOf = async (userId: string) => ({ claim_id: (await t.app.services.claims.claim(userId, { slug: await claimableSlug(), method: 'meta' })).id });

/**
 * Arguments that make each signed-in operation succeed for the given user (who owns what they
 * need), and arguments good enough to reach the access check for everyone else.
 */
const VALID_ARGS: Record<string, { forUser: (userId: string) => Promise<Args>; anyone: Args }> = {
  get_account: { forUser: async () => ({}), anyone: {} },
  list_my_listings: { forUser: async () => ({}), anyone: {} },
  list_my_drafts: { forUser: async () => ({}), anyone: {} },
  submit_listing: { forUser: async () => ({ url: 'https://acme.invalid/' }), anyone: { url: 'https://acme.invalid/' } },
  get_draft: { forUser: draftOf, anyone: SOME_DRAFT },
  update_draft: { forUser: async (u) => ({ ...(await draftOf(u)), fields: { tagline: 'Invoices in one click' } }), anyone: { ...SOME_DRAFT, fields: {} } },
  submit_draft: { forUser: draftOf, anyone: SOME_DRAFT },
  invite_cofounder: { forUser: async (u) => ({ ...(await draftOf(u)), email: 'cofounder@acme.test' }), anyone: { ...SOME_DRAFT, email: 'cofounder@acme.test' } },
  claim_listing: { forUser: async () => ({ slug: await claimableSlug(), method: 'meta' }), anyone: { slug: 'acme', method: 'meta' } },
  verify_claim: { forUser: claimOf, anyone: { claim_id: 1 } },
  list_my_claims: { forUser: async () => ({}), anyone: {} },
  quote_order: { forUser: orderOf, anyone: SOME_ORDER_BODY },
  create_checkout: { forUser: orderOf, anyone: SOME_ORDER_BODY },
  list_my_orders: { forUser: async () => ({}), anyone: {} },
  get_order: { forUser: async (u) => ({ number: (await t.app.services.orders.createCheckout(u, await orderOf(u))).number }), anyone: { number: 'LY-2026-000001' } },
  create_webhook: { forUser: async () => ({ url: 'https://93.184.215.14/hook', events: ['award.won'] }), anyone: { url: 'https://93.184.215.14/hook', events: ['award.won'] } },
  list_webhooks: { forUser: async () => ({}), anyone: {} },
  delete_webhook: { forUser: async (u) => ({ webhook_id: (await endpointWithDelivery(t.app.services, t.db, u)).endpointId }), anyone: { webhook_id: 1 } },
  list_webhook_deliveries: { forUser: async (u) => ({ webhook_id: (await endpointWithDelivery(t.app.services, t.db, u)).endpointId }), anyone: { webhook_id: 1 } },
  redeliver_webhook: {
    forUser: async (u) => {
      const e = await endpointWithDelivery(t.app.services, t.db, u);
      return { webhook_id: e.endpointId, delivery_id: e.deliveryId };
    },
    anyone: { webhook_id: 1, delivery_id: 1 },
  },
};

/** REST request parts for an operation: the path with its params filled, and the body of a write. */
function restCall(op: AnyOperation, args: Args): [string, unknown] {
  const rest = { ...args };
  const path = '/api/v1' + op.path.replace(/\{(\w+)\}/g, (_m, k) => {
    const v = rest[k];
    delete rest[k];
    return String(v);
  });
  return [path, op.method === 'GET' || op.method === 'DELETE' ? undefined : rest];
}
const restPath = (op: AnyOperation, args: Args) => restCall(op, args)[0];

const mcpRaw = (tool: string, args: Record<string, unknown>, headers: Record<string, string> = {}) => t.mcpCall(tool, args, headers);

test('every signed-in operation has access scenarios here', () => {
  assert.deepEqual(Object.keys(VALID_ARGS).sort(), signedIn.map((op) => op.id).sort());
});

for (const op of signedIn) {
  const args = VALID_ARGS[op.id].anyone;
  const reads = op.method === 'GET';
  const otherScopes = SCOPES.filter((s) => s !== op.scope) as Scope[];

  test(`${op.id}: anonymous → 401 with a challenge naming the scope (REST and MCP)`, async () => {
    const rest = await t.rest(op.method, ...restCall(op, args));
    assert.equal(rest.status, 401);
    assert.equal(rest.body.code, 'unauthenticated');
    assert.equal(
      rest.headers['www-authenticate'],
      `Bearer scope="${op.scope}", resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/api/v1"`,
    );
    const mcp = await mcpRaw(op.id, args);
    assert.equal(mcp.status, 401);
    assert.equal(mcp.challenge, `Bearer scope="${op.scope}", resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp"`);
  });

  test(`${op.id}: an API key without ${op.scope} → 403 insufficient_scope (REST and MCP)`, async () => {
    const { auth } = await t.apiKey(otherScopes);
    const rest = await t.rest(op.method, ...restCall(op, args), auth);
    assert.equal(rest.status, 403);
    assert.equal(rest.body.code, 'insufficient_scope');
    assert.match(String(rest.headers['www-authenticate']), new RegExp(`^Bearer error="insufficient_scope", scope="${op.scope}"`));
    const mcp = await mcpRaw(op.id, args, auth);
    assert.equal(mcp.status, 403);
    assert.match(String(mcp.challenge), /error="insufficient_scope"/);
  });

  for (const era of ['legacy', 'modern'] as const) {
    test(`${op.id}: an API key with ${op.scope} succeeds (REST and MCP ${era})`, async () => {
      const { auth, userId } = await t.apiKey([op.scope as Scope]);
      const own = await VALID_ARGS[op.id].forUser(userId);
      const rest = await t.rest(op.method, ...restCall(op, own), auth);
      assert.equal(rest.status, op.status, JSON.stringify(rest.body));
      const client = await t.mcp(era, auth);
      // A write creates or changes something: the MCP call gets its own record to act on.
      const result = await callTool(client, op.id, reads ? own : await VALID_ARGS[op.id].forUser(userId));
      assert.equal(result.isError, false, JSON.stringify(result.data));
      if (reads) assert.deepEqual(result.data, rest.body);
    });
  }

  // The same table with OAuth access tokens (src/oauth): one grant, a token per resource.
  test(`${op.id}: an OAuth token without ${op.scope} → 403 insufficient_scope (REST and MCP)`, async () => {
    const tokens = await t.oauthTokens(otherScopes);
    const rest = await t.rest(op.method, ...restCall(op, args), tokens.rest);
    assert.equal(rest.status, 403);
    assert.equal(rest.body.code, 'insufficient_scope');
    assert.match(String(rest.headers['www-authenticate']), new RegExp(`^Bearer error="insufficient_scope", scope="${op.scope}"`));
    const mcp = await mcpRaw(op.id, args, tokens.mcp);
    assert.equal(mcp.status, 403);
    assert.match(String(mcp.challenge), /error="insufficient_scope"/);
  });

  for (const era of ['legacy', 'modern'] as const) {
    test(`${op.id}: an OAuth token with ${op.scope} succeeds (REST and MCP ${era})`, async () => {
      const tokens = await t.oauthTokens([op.scope as Scope]);
      const own = await VALID_ARGS[op.id].forUser(tokens.userId);
      const rest = await t.rest(op.method, ...restCall(op, own), tokens.rest);
      assert.equal(rest.status, op.status, JSON.stringify(rest.body));
      const client = await t.mcp(era, tokens.mcp);
      const result = await callTool(client, op.id, reads ? own : await VALID_ARGS[op.id].forUser(tokens.userId));
      assert.equal(result.isError, false, JSON.stringify(result.data));
      if (!reads) return;
      // Two tokens of one grant: the same answer but for the token's own expiry.
      const withoutExpiry = (body: any) => (body?.access ? { ...body, access: { ...body.access, expires_at: null } } : body);
      assert.deepEqual(withoutExpiry(result.data), withoutExpiry(rest.body));
    });
  }
}

test('get_account says who the caller is and what the key allows', async () => {
  const { auth, userId, keyId } = await t.apiKey(['account:read', 'orders:write'], { email: 'who@test.example', expiresAt: new Date('2030-01-01T00:00:00Z') });
  const me = (await t.get('/api/v1/me', auth)).body;
  assert.deepEqual(me.user.id, Number(userId));
  assert.equal(me.user.email, 'who@test.example');
  assert.equal(me.access.credential, 'api_key');
  assert.equal(me.access.credential_id, keyId);
  assert.equal(me.access.name, 'test key');
  assert.deepEqual(me.access.scopes, ['account:read', 'orders:write']);
  assert.equal(me.access.expires_at, '2030-01-01T00:00:00.000Z');
  assert.deepEqual(me.access.allows.map((a: any) => [a.scope, a.granted]), [
    ['account:read', true],
    ['listings:write', false],
    ['orders:write', true],
    ['webhooks:write', false],
  ]);
});

test('public operations accept anonymous and API-key callers alike', async () => {
  const { auth } = await t.apiKey(['account:read']);
  for (const op of publicOps.filter((o) => o.input.safeParse({}).success)) {
    const anon = await t.rest(op.method, restPath(op, {}));
    const keyed = await t.rest(op.method, restPath(op, {}), undefined, auth);
    assert.equal(anon.status, 200, op.id);
    assert.equal(keyed.status, 200, op.id);
  }
});

const badCredentials: [string, () => Promise<Record<string, string>>, RegExp][] = [
  ['an unknown key', async () => ({ authorization: 'Bearer lyk_' + 'x'.repeat(43) }), /Unknown API key/],
  ['a malformed token', async () => ({ authorization: 'Bearer not-a-key' }), /not a valid API key/],
  ['another scheme', async () => ({ authorization: 'Basic dXNlcjpwYXNz' }), /Authorization: Bearer/],
  [
    'a revoked key',
    async () => {
      const k = await t.apiKey(['account:read']);
      await t.app.services.accounts.revokeApiKey(k.userId, k.keyId);
      return k.auth;
    },
    /revoked/,
  ],
  ['an expired key', async () => (await t.apiKey(['account:read'], { expiresAt: new Date(Date.now() - 1000) })).auth, /expired/],
];
for (const [name, credential, detail] of badCredentials) {
  test(`${name} is 401 invalid_token, on public and signed-in operations, REST and MCP`, async () => {
    const headers = await credential();
    for (const url of ['/api/v1/me', '/api/v1/site']) {
      const res = await t.get(url, headers);
      assert.equal(res.status, 401, url);
      assert.equal(res.body.code, 'invalid_token', url);
      assert.match(res.body.detail, detail);
      assert.match(String(res.headers['www-authenticate']), /^Bearer error="invalid_token"/);
    }
    const mcp = await mcpRaw('get_site_info', {}, headers);
    assert.equal(mcp.status, 401);
    assert.match(String(mcp.challenge), /error="invalid_token".*resource_metadata=".*\/oauth-protected-resource\/mcp"/);
  });
}

test('protected resource metadata for the MCP server and the REST API', async () => {
  for (const [path, resource] of [
    ['/mcp', 'http://localhost:3000/mcp'],
    ['/api/v1', 'http://localhost:3000/api/v1'],
  ]) {
    const res = await t.get(`/.well-known/oauth-protected-resource${path}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.resource, resource);
    assert.deepEqual(res.body.authorization_servers, ['http://localhost:3000']);
    assert.deepEqual(res.body.scopes_supported, ['account:read', 'listings:write', 'orders:write', 'webhooks:write']);
  }
});

test('API keys are stored hashed: the plain key appears nowhere in the database', async () => {
  const { key } = await t.apiKey(['account:read']);
  const dump = JSON.stringify(await t.db.selectFrom('api_keys').selectAll().execute());
  assert.equal(dump.includes(key), false);
  assert.equal(dump.includes(key.slice(12)), false);
});
