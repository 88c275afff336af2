import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { insertDraft } from '../../../operations/drafts/drafts-testing.ts';
import { stockShop, submittedListing } from '../../../operations/orders/orders-testing.ts';

// Scenario 5 of the founder workspace, in a real browser: everything Alice owns — her draft, her
// listing (and its sub-pages), her claim and her order — is a plain 404 page for Bob, the same page
// as for an id that does not exist, and none of it shows her data. Alice herself gets 200.
const skip = chromiumSkip;

const clock = new Date('2027-01-06T12:00:00Z');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => clock, port, env: { PUBLIC_URL: base } });
const shop = await stockShop(t, 'iso-');
await t.url();

async function account(name: string) {
  const email = `${name.toLowerCase()}@isolation.test`;
  const password = 'correct horse battery staple';
  const userId = await t.app.services.accounts.createUser({ email, name, password });
  await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', userId).execute();
  const { key } = await t.app.services.accounts.createApiKey(userId, { name: 'setup', scopes: ['listings:write', 'orders:write', 'account:read'] });
  return { userId, email, password, auth: { authorization: `Bearer ${key}` } };
}

const alice = await account('Alice');
const bob = await account('Bob');

// Alice's objects, made through the same operations the site calls.
const draftId = await insertDraft(t, alice.userId, { url: 'https://alice-secret.test/' });
const listingId = await submittedListing(t, alice.userId, { name: 'Alice Secret Ledger', category: shop.category('invoicing') });
await t.fx.listing({ slug: 'someone-elses', name: 'Someone Else', url: 'https://someone-else.test/', status: 'live' });
const claim = await t.rest('POST', '/api/v1/claims', { slug: 'someone-elses', method: 'meta' }, alice.auth);
assert.equal(claim.status, 201, JSON.stringify(claim.body));
const order = await t.rest('POST', '/api/v1/orders/checkout', { items: [{ product: shop.code('paid-launch'), listing_id: Number(listingId), options: { week: '2027-01-18' } }], billing_country: 'DE' }, alice.auth);
assert.equal(order.status, 201, JSON.stringify(order.body));

const OWNED = [
  `/drafts/${draftId}`,
  `/my/listings/${listingId}`,
  `/my/listings/${listingId}/launch`,
  `/my/claims/${claim.body.id}`,
  `/my/orders/${order.body.number}`,
];
/** The same kinds of page for ids nobody has: Bob's 404 must be this page, not a different one. */
const UNKNOWN = ['/drafts/00000000-0000-4000-8000-000000000000', '/my/listings/999999', '/my/claims/999999', '/my/orders/LY-2027-999999'];

let browser: Browser;
before(async () => {
  if (skip) return;
  browser = await launchChromium();
});
after(async () => browser?.close());

async function signedIn(who: { email: string; password: string }): Promise<Page> {
  const ctx = await localContext(browser, base, { viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await signInThroughForm(page, base, who);
  return page;
}

test('another person gets the 404 page for a draft, a listing, a claim and an order that are not theirs; the owner opens them', { skip }, async () => {
  const owner = await signedIn(alice);
  for (const path of OWNED) {
    const res = await owner.goto(base + path);
    assert.equal(res?.status(), 200, `Alice opens ${path}`);
  }

  const stranger = await signedIn(bob);
  const unknownHeadings = new Set<string>();
  for (const path of UNKNOWN) {
    const res = await stranger.goto(base + path);
    assert.equal(res?.status(), 404, `unknown ${path}`);
    unknownHeadings.add(await stranger.locator('h1').innerText());
  }
  for (const path of OWNED) {
    const res = await stranger.goto(base + path);
    assert.equal(res?.status(), 404, `Bob opening ${path}`);
    assert.equal(res?.headers()['content-type']?.split(';')[0], 'text/html', path);
    const heading = await stranger.locator('h1').innerText();
    assert.ok(unknownHeadings.has(heading), `${path}: "${heading}" is the page an unknown id gets (${[...unknownHeadings].join(' / ')})`);
    const text = await stranger.locator('main').innerText();
    for (const secret of ['Alice', 'alice-secret', 'Alice Secret Ledger', 'Someone Else', order.body.number]) {
      assert.ok(!text.includes(secret) || path.endsWith(secret), `${path} shows "${secret}" to Bob`);
    }
  }

  // And his own lists do not show them either.
  for (const path of ['/drafts', '/my/listings', '/my/claims', '/my/orders']) {
    const res = await stranger.goto(base + path);
    assert.equal(res?.status(), 200, path);
    const text = await stranger.locator('main').innerText();
    assert.ok(!text.includes('Alice Secret Ledger') && !text.includes('alice-secret') && !text.includes(order.body.number) && !text.includes('Someone Else'), `${path} lists Alice's things`);
  }
});
