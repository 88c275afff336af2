import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { provideConnectedApps } from './connected-apps.ts';
import { aiField, insertDraft } from '../../operations/drafts/drafts-testing.ts';

// CSRF: every form of the site refuses a post without its token, with a wrong token, or sent from
// another origin (even with the right token), and changes nothing; the right token works.
const t = await createTestApp();
await t.fx.listing({ slug: 'csrf-target' });
const revokedApps: string[] = [];
provideConnectedApps(t.app.services, {
  list: async () => [{ id: 'grant-1', name: 'Test App', scopes: ['account:read'], connectedAt: new Date() }],
  revoke: async (_userId, id) => (revokedApps.push(id), id === 'grant-1'),
});

type Browser = ReturnType<typeof t.siteBrowser>;
interface FormCase {
  /** A browser ready to post, the form's other fields, its good token, and what the post changes. */
  setup(): Promise<{ browser: Browser; url: string; form: Record<string, string | string[]>; csrf: string; effect: () => Promise<unknown> }>;
}
const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.db)).rows[0].n;
const live = (userId: string) => count(sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null`);

/** The product the checkout form's orders buy, made once. */
let orderProduct: Promise<void> | undefined;
const FORMS: Record<string, FormCase> = {
  '/sign-in': {
    async setup() {
      const email = `in-${Math.random()}@test.example`;
      const userId = await t.app.services.accounts.createUser({ email, name: 'In', password: 'sign in password' });
      const browser = t.siteBrowser();
      return { browser, url: '/sign-in', form: { email, password: 'sign in password' }, csrf: await browser.csrf('/sign-in'), effect: () => live(userId) };
    },
  },
  '/sign-up': {
    async setup() {
      const email = `up-${Math.random()}@test.example`;
      const browser = t.siteBrowser();
      return {
        browser,
        url: '/sign-up',
        form: { name: 'Up', email, password: 'sign up password' },
        csrf: await browser.csrf('/sign-up'),
        effect: () => count(sql`select count(*)::int as n from users where email = ${email}`),
      };
    },
  },
  '/sign-out': {
    async setup() {
      const s = await t.signIn();
      return { browser: s.browser, url: '/sign-out', form: {}, csrf: s.csrf, effect: () => live(s.userId) };
    },
  },
  '/account/verify-email': {
    async setup() {
      const s = await t.signIn({ verified: false });
      return { browser: s.browser, url: '/account/verify-email', form: {}, csrf: s.csrf, effect: () => count(sql`select count(*)::int as n from email_tokens where user_id = ${s.userId}`) };
    },
  },
  '/account/sign-out-everywhere': {
    async setup() {
      const s = await t.signIn();
      return { browser: s.browser, url: '/account/sign-out-everywhere', form: {}, csrf: s.csrf, effect: () => live(s.userId) };
    },
  },
  '/account/api-keys': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/account/api-keys',
        form: { name: 'csrf', scopes: ['account:read'], expires: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from api_keys where user_id = ${s.userId}`),
      };
    },
  },
  '/account/api-keys/:id/revoke': {
    async setup() {
      const s = await t.signIn();
      const { record } = await t.app.services.accounts.createApiKey(s.userId, { name: 'k', scopes: ['account:read'] });
      return {
        browser: s.browser,
        url: `/account/api-keys/${record.id}/revoke`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from api_keys where id = ${record.id} and revoked_at is null`),
      };
    },
  },
  '/account/apps/:id/revoke': {
    async setup() {
      const s = await t.signIn();
      revokedApps.length = 0;
      return { browser: s.browser, url: '/account/apps/grant-1/revoke', form: {}, csrf: s.csrf, effect: async () => revokedApps.length };
    },
  },
  '/listings/:slug/vote': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/vote',
        form: { intent: 'add' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from votes where user_id = ${s.userId}`),
      };
    },
  },
  '/listings/:slug/follow': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/follow',
        form: { intent: 'add' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from follows where user_id = ${s.userId}`),
      };
    },
  },
  '/invites/:token': {
    async setup() {
      const owner = await t.apiKey(['listings:write']);
      const draftId = await insertDraft(t, owner.userId, { fields: { name: aiField('Acme') }, founders: [{ name: 'Ada', title: null, bio: null, evidence: [] }] });
      const email = `invitee-${Math.random().toString(36).slice(2)}@test.example`;
      await t.rest('POST', `/api/v1/drafts/${draftId}/invites`, { email }, owner.auth);
      const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
      const token = /\/invites\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: `/invites/${token}`,
        form: { name: 'Grace', title: 'CTO', bio: '' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from draft_invites where accepted_by = ${s.userId}`),
      };
    },
  },
  '/listings/:slug/reviews': {
    async setup() {
      const s = await t.signIn();
      return {
        browser: s.browser,
        url: '/listings/csrf-target/reviews',
        form: { rating: '4', body: 'Good.' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from reviews where user_id = ${s.userId}`),
      };
    },
  },
  '/checkout/:number/pay': {
    async setup() {
      await (orderProduct ??= t.fx.product({ code: 'csrf-story', price_cents: 2900, kind: 'section_unlock', options: { section: 'story' } }));
      const buyer = await t.fx.user();
      const listingId = Number(await t.fx.listing({ owner_id: buyer, status: 'draft' }));
      const order = await t.app.services.orders.createCheckout(buyer, { items: [{ product: 'csrf-story', listing_id: listingId }], billing_country: 'US' });
      const page = order.checkout_url.replace('http://localhost:3000', '');
      const browser = t.siteBrowser();
      return {
        browser,
        url: `/checkout/${order.number}/pay`,
        form: { token: new URL(order.checkout_url).searchParams.get('token')!, name: 'Acme', address: '1 Main St', postal_code: '', city: 'Springfield' },
        csrf: await browser.csrf(page),
        effect: async () => (await t.db.selectFrom('orders').select('status').where('number', '=', order.number).executeTakeFirstOrThrow()).status,
      };
    },
  },
  '/admin/products': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-new-${Math.random().toString(36).slice(2, 8)}`;
      return {
        browser: s.browser,
        url: '/admin/products',
        form: { code, name: 'New', kind: 'paid_launch', price_cents: '100' },
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from products where code = ${code}`),
      };
    },
  },
  '/admin/products/:code/price': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-price-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.product({ code, price_cents: 100 });
      return {
        browser: s.browser,
        url: `/admin/products/${code}/price`,
        form: { price_cents: '4321' },
        csrf: s.csrf,
        effect: () => count(sql`select price_cents as n from products where code = ${code}`),
      };
    },
  },
  '/admin/products/:code/retire': {
    async setup() {
      const s = await t.signIn({ admin: true });
      const code = `csrf-retire-${Math.random().toString(36).slice(2, 8)}`;
      await t.fx.product({ code, price_cents: 100 });
      return {
        browser: s.browser,
        url: `/admin/products/${code}/retire`,
        form: {},
        csrf: s.csrf,
        effect: () => count(sql`select count(*)::int as n from products where code = ${code} and active`),
      };
    },
  },
};

/** The POST routes of the site, read from Fastify's route tree (OAuth, MCP and API routes aside). */
function sitePostRoutes() {
  const tree = t.app.http.printRoutes({ commonPrefix: false, method: 'POST' } as never);
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack[depth] = (depth ? stack[depth - 1] : '') + m[2];
    stack.length = depth + 1;
    if (m[3]) routes.push(stack[depth]);
  }
  // Payment webhooks are the provider's calls, signed by it (payment-webhooks.ts), not forms of the site.
  return routes.filter((r) => !/^(\/oauth\/|\/\.well-known\/|\/mcp$|\/api\/|\/webhooks\/|\*)/.test(r));
}

test('every form of the site has CSRF scenarios here', () => {
  assert.deepEqual(sitePostRoutes().sort(), Object.keys(FORMS).sort());
});

const attacks: [string, (good: string, other: string) => { csrf?: string; headers?: Record<string, string | undefined> }][] = [
  ['no token', () => ({})],
  ['an empty token', () => ({ csrf: '' })],
  ['a wrong token', () => ({ csrf: 'x'.repeat(32) })],
  ["another browser's token", (_good, other) => ({ csrf: other })],
  ['the right token from another origin', (good) => ({ csrf: good, headers: { origin: 'https://evil.example' } })],
  ['the right token with Origin: null', (good) => ({ csrf: good, headers: { origin: 'null' } })],
  ['the right token, Sec-Fetch-Site: cross-site', (good) => ({ csrf: good, headers: { origin: undefined, 'sec-fetch-site': 'cross-site' } })],
  ['the right token, Sec-Fetch-Site: same-site (a sibling subdomain)', (good) => ({ csrf: good, headers: { origin: undefined, 'sec-fetch-site': 'same-site' } })],
];

for (const [route, c] of Object.entries(FORMS)) {
  for (const [name, attack] of attacks) {
    test(`POST ${route} with ${name} → 403, nothing changes`, async () => {
      const { browser, url, form, csrf, effect } = await c.setup();
      const other = route === '/sign-in' || route === '/sign-up' ? await t.siteBrowser().csrf('/sign-in') : (await t.signIn()).csrf;
      const before = await effect();
      const a = attack(csrf, other);
      const res = await browser.post(url, { ...form, ...(a.csrf === undefined ? {} : { csrf: a.csrf }) }, a.headers);
      assert.equal(res.status, 403, res.body.slice(0, 300));
      assert.match(res.body, /This form has expired or was sent from another site/);
      assert.deepEqual(await effect(), before);
    });
  }

  test(`POST ${route} with the right token (no Origin header, or our own) works`, async () => {
    for (const headers of [{ origin: undefined }, { 'sec-fetch-site': 'same-origin' }]) {
      const { browser, url, form, csrf, effect } = await c.setup();
      const before = await effect();
      const res = await browser.post(url, { ...form, csrf }, headers);
      assert.ok(res.status < 400, `${res.status}: ${res.body.slice(0, 300)}`);
      assert.notDeepEqual(await effect(), before, 'the post took effect');
    }
  });
}

test('the pre-session token needs its signed cookie: the field alone, or an unsigned cookie, is refused', async () => {
  const donor = t.siteBrowser();
  const token = await donor.csrf('/sign-in');
  const fresh = t.siteBrowser();
  const noCookie = await fresh.post('/sign-in', { email: 'a@test.example', password: 'whatever whatever', csrf: token });
  assert.equal(noCookie.status, 403);
  const unsigned = await fresh.post('/sign-in', { email: 'a@test.example', password: 'whatever whatever', csrf: token }, { cookie: `ly_csrf=${token}` });
  assert.equal(unsigned.status, 403);
});
