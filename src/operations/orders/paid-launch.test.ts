import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { BILLING, checkoutForm, stockShop, submittedListing } from './orders-testing.ts';
import { runOrderExpiry } from '../../jobs/order-expiry.ts';

// The paid launch end to end in test mode (a fresh install has no Stripe keys): list_products →
// quote_order (DE consumer 19 %, FR business reverse charge, US 0 %) → create_checkout → the
// checkout page → "Pay (test)" → paid → listing scheduled, extras applied → get_order fulfilled.

// Wednesday of the launch week of Monday 2027-01-04.
let clock = new Date('2027-01-06T12:00:00Z');
const THIS_WEEK = '2027-01-04';
const IN_TWO_WEEKS = '2027-01-18';
const t = await createTestApp({ now: () => clock, env: { SELLER_COUNTRY: 'IE' } });
await stockShop(t);
const buyer = await t.apiKey(['account:read', 'listings:write', 'orders:write'], { email: 'buyer@acme.test' });
const auth = buyer.auth;
const listingId = Number(await submittedListing(t, buyer.userId, { name: 'Acme Invoicing', category: 'invoicing' }));

const items = [
  { product: 'paid-launch', listing_id: listingId, options: { week: IN_TWO_WEEKS } },
  { product: 'extra-category', listing_id: listingId, options: { categories: ['analytics', 'crm'] } },
  { product: 'unlock-story', listing_id: listingId },
  { product: 'billboard', listing_id: listingId, options: { amount_cents: 2500 } },
];
// 4900 + 2 × 1900 + 2900 + 2500
const SUBTOTAL = 14_100;

test('list_products: the administrator\'s prices, in USD cents excluding VAT', async () => {
  const res = await t.get('/api/v1/products');
  assert.equal(res.status, 200);
  const byCode = new Map(res.body.items.map((p: any) => [p.code, p]));
  assert.deepEqual([(byCode.get('paid-launch') as any).price_cents, (byCode.get('billboard') as any).options.minimum_cents], [4900, 1000]);
  assert.equal(byCode.has('retired-thing'), false);
  assert.ok(res.body.items.every((p: any) => p.currency === 'USD' && p.vat_included === false));
});

test('quote_order: a German consumer pays 19 % German VAT; nothing is saved', async () => {
  const before = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(t.db);
  const res = await t.rest('POST', '/api/v1/orders/quote', { items, billing_country: 'de' }, auth);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const q = res.body;
  assert.deepEqual(
    q.lines.map((l: any) => [l.position, l.product, l.quantity, l.unit_price_cents, l.amount_cents]),
    [
      [1, 'paid-launch', 1, 4900, 4900],
      [2, 'extra-category', 2, 1900, 3800],
      [3, 'unlock-story', 1, 2900, 2900],
      [4, 'billboard', 1, 2500, 2500],
    ],
  );
  assert.equal(q.lines[0].description, `Paid launch of Acme Invoicing in the week of ${IN_TWO_WEEKS}`);
  assert.deepEqual(q.lines[1].options, { categories: ['analytics', 'crm'] });
  assert.equal(q.subtotal_cents, SUBTOTAL);
  assert.deepEqual([q.vat.treatment, q.vat.rate_percent, q.vat.amount_cents, q.vat.billing_country], ['eu_consumer', 19, 2679, 'DE']);
  assert.match(q.vat.note, /standard rate of 19 %.*Article 58/);
  assert.equal(q.total_cents, SUBTOTAL + 2679);
  assert.equal(q.currency, 'USD');
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from orders`.execute(t.db)).rows[0].n, before.rows[0].n);

  // MCP gives the same quote.
  const client = await t.mcp('modern', auth);
  const viaMcp = await callTool(client, 'quote_order', { items, billing_country: 'DE' });
  assert.equal(viaMcp.isError, false, JSON.stringify(viaMcp.data));
  assert.deepEqual({ ...viaMcp.data, quoted_at: null }, { ...q, quoted_at: null });
});

test('quote_order: a French business with a VAT number is reverse-charged at 0 % with the legal note', async () => {
  const res = await t.rest('POST', '/api/v1/orders/quote', { items, billing_country: 'FR', vat_number: 'fr 40 303 265 045' }, auth);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual([res.body.vat.treatment, res.body.vat.rate_percent, res.body.vat.amount_cents, res.body.vat.vat_number], ['reverse_charge', 0, 0, 'FR40303265045']);
  assert.match(res.body.vat.note, /^Reverse charge: VAT to be accounted for by the recipient \(Article 196 of Council Directive 2006\/112\/EC\)/);
  assert.equal(res.body.total_cents, SUBTOTAL);
});

test('quote_order: outside the EU there is no VAT; in the seller\'s own country its rate applies, VAT number or not', async () => {
  const us = await t.rest('POST', '/api/v1/orders/quote', { items, billing_country: 'US' }, auth);
  assert.deepEqual([us.status, us.body.vat.treatment, us.body.vat.rate_percent, us.body.total_cents], [200, 'outside_eu', 0, SUBTOTAL]);
  const ie = await t.rest('POST', '/api/v1/orders/quote', { items, billing_country: 'IE', vat_number: 'IE6388047V' }, auth);
  assert.deepEqual([ie.status, ie.body.vat.treatment, ie.body.vat.rate_percent, ie.body.vat.amount_cents], [200, 'domestic', 23, 3243]);
});

let checkoutUrl = '';
let number = '';

test('create_checkout: a pending order with a number and a checkout link on this service; the link\'s token is stored nowhere', async () => {
  const headers = { ...auth, 'idempotency-key': 'checkout-1' };
  const res = await t.rest('POST', '/api/v1/orders/checkout', { items, billing_country: 'DE' }, headers);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  number = res.body.number;
  checkoutUrl = res.body.checkout_url;
  assert.match(number, /^LY-2027-\d{6}$/);
  assert.match(checkoutUrl, new RegExp(`^http://localhost:3000/checkout/${number}\\?token=[A-Za-z0-9_-]{43}$`));
  assert.deepEqual([res.body.status, res.body.payment, res.body.total_cents, res.body.vat.amount_cents], ['pending', 'test', SUBTOTAL + 2679, 2679]);
  assert.ok(res.body.lines.every((l: any) => l.fulfilled === false && l.fulfilled_at === null));
  assert.equal(new Date(res.body.expires_at).getTime() - clock.getTime(), 24 * 3_600_000);

  // A retry with the same Idempotency-Key answers the same order and the same link.
  const again = await t.rest('POST', '/api/v1/orders/checkout', { items, billing_country: 'DE' }, headers);
  assert.equal(again.status, 201);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, res.body);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from orders where user_id = ${buyer.userId}`.execute(t.db)).rows[0].n, 1);

  const token = new URL(checkoutUrl).searchParams.get('token')!;
  const stored = JSON.stringify([
    await t.db.selectFrom('orders').selectAll().execute(),
    await t.db.selectFrom('idempotency_keys').selectAll().execute(),
    await t.db.selectFrom('payment_events').selectAll().execute(),
  ]);
  assert.equal(stored.includes(token), false, 'the checkout token is in the database');
});

test('an order keeps its quoted prices: a later price change alters only new quotes', async () => {
  await t.app.services.priceList.setPrice('paid-launch', 9900);
  const order = await t.get(`/api/v1/orders/${number}`, auth);
  assert.equal(order.body.lines[0].unit_price_cents, 4900);
  assert.equal(order.body.subtotal_cents, SUBTOTAL);
  const quote = await t.rest('POST', '/api/v1/orders/quote', { items: [items[0]], billing_country: 'US' }, auth);
  assert.equal(quote.body.lines[0].unit_price_cents, 9900);
  await t.app.services.priceList.setPrice('paid-launch', 4900);
});

test('the checkout page: the lines and VAT, a loud test-mode notice, billing details; a wrong token is the unknown-order 404', async () => {
  const browser = t.siteBrowser();
  const path = checkoutUrl.replace('http://localhost:3000', '');
  const { page } = await checkoutForm(browser, path);
  assert.equal(page.status, 200);
  assert.match(page.body, /role="alert"><p><strong>TEST MODE: this is a test payment\.<\/strong>/);
  assert.match(page.body, /Pay \(test\) \$167\.79/);
  assert.match(page.body, /Paid launch of Acme Invoicing in the week of 2027-01-18/);
  assert.match(page.body, /VAT 19 %<\/th><td>\$26\.79/);
  assert.match(page.body, /<label for="name">Name or company<\/label>/);
  assert.match(String(page.headers['referrer-policy']), /same-origin/);
  assert.equal(page.headers['cache-control'], 'no-store');
  for (const bad of [`/checkout/${number}?token=${'A'.repeat(43)}`, `/checkout/${number}`, `/checkout/LY-2099-999999?token=${new URL(checkoutUrl).searchParams.get('token')}`]) {
    const res = await browser.get(bad);
    assert.equal(res.status, 404, bad);
    assert.ok(!res.body.includes('Acme Invoicing'));
  }
});

test('billing details are required; a bad form is shown again with the fields marked, and nothing is paid', async () => {
  const browser = t.siteBrowser();
  const form = await checkoutForm(browser, checkoutUrl.replace('http://localhost:3000', ''));
  const res = await browser.post(form.action, { csrf: form.csrf, token: form.token, name: '', address: '', postal_code: '', city: 'Berlin' });
  assert.equal(res.status, 400);
  assert.match(res.body, /id="name"[^>]*aria-invalid="true" aria-describedby="name-error"/);
  assert.match(res.body, /Enter the billing address\./);
  assert.equal((await t.get(`/api/v1/orders/${number}`, auth)).body.status, 'pending');
});

test('pay (test): the order is paid and every line fulfilled: listing scheduled on the paid plan, categories, story, billboard', async () => {
  const browser = t.siteBrowser();
  const form = await checkoutForm(browser, checkoutUrl.replace('http://localhost:3000', ''));
  assert.equal(form.action, `/checkout/${number}/pay`);
  const res = await browser.post(form.action, { csrf: form.csrf, token: form.token, ...BILLING });
  assert.equal(res.status, 303, res.body.slice(0, 400));
  assert.equal(res.location, checkoutUrl.replace('http://localhost:3000', ''));
  const after = await browser.get(res.location!);
  assert.match(after.body, /Paid\. Thank you!/);
  assert.match(after.body, /TEST MODE: this order was paid with a test payment\./);
  assert.match(after.body, /<h2>Delivered<\/h2>/);
  assert.doesNotMatch(after.body, /Billing details/);

  const order = (await t.get(`/api/v1/orders/${number}`, auth)).body;
  assert.equal(order.status, 'paid');
  assert.equal(order.paid_at, clock.toISOString());
  assert.ok(order.lines.every((l: any) => l.fulfilled === true && l.fulfilled_at === clock.toISOString()), JSON.stringify(order.lines));
  assert.deepEqual(order.lines.map((l: any) => l.fulfilment), [
    `Scheduled for the launch week of ${IN_TWO_WEEKS}; it goes live that Monday.`,
    'Added to analytics, crm.',
    'The story section is unlocked.',
    '2500 cents added to the billboard ranking (paid placement).',
  ]);

  const mine = (await t.get(`/api/v1/me/listings/${listingId}`, auth)).body;
  assert.deepEqual([mine.status, mine.plan, mine.launch_week], ['scheduled', 'paid', IN_TWO_WEEKS]);
  assert.deepEqual(mine.categories.map((c: any) => c.slug).sort(), ['analytics', 'crm', 'invoicing']);
  assert.ok(mine.unlocked_sections.includes('story'));
  const row = await t.db.selectFrom('orders').select(['billing']).where('number', '=', number).executeTakeFirstOrThrow();
  assert.deepEqual(row.billing, BILLING);
  const money = await sql<{ cents: string; lines: number }>`select sum(amount_cents)::text as cents, count(order_line_id)::int as lines from billboard_contributions where listing_id = ${listingId}`.execute(t.db);
  assert.deepEqual(money.rows[0], { cents: '2500', lines: 1 });
  // Scheduled, so public: it shows in its launch week as an upcoming launch.
  const week = await t.get(`/api/v1/launches/weeks/${IN_TWO_WEEKS}`);
  assert.ok(week.body.items.some((i: any) => i.listing.slug === mine.slug));

  // Paying twice is refused and delivers nothing again.
  const twice = await browser.post(form.action, { csrf: form.csrf, token: form.token, ...BILLING });
  assert.equal(twice.status, 409);
  assert.equal((await sql<{ n: number }>`select count(*)::int as n from billboard_contributions where listing_id = ${listingId}`.execute(t.db)).rows[0].n, 1);
});

test('a paid launch for the current week goes live at once; its billboard money ranks on the paid board, never on community boards', async () => {
  const other = Number(await submittedListing(t, buyer.userId, { name: 'Beta Books', category: 'invoicing' }));
  const created = await t.rest('POST', '/api/v1/orders/checkout', {
    items: [{ product: 'paid-launch', listing_id: other, options: { week: THIS_WEEK } }, { product: 'billboard', listing_id: other, options: { amount_cents: 99_900 } }],
    billing_country: 'US',
  }, auth);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const browser = t.siteBrowser();
  const form = await checkoutForm(browser, created.body.checkout_url.replace('http://localhost:3000', ''));
  assert.equal((await browser.post(form.action, { csrf: form.csrf, token: form.token, ...BILLING })).status, 303);
  const mine = (await t.get(`/api/v1/me/listings/${other}`, auth)).body;
  assert.deepEqual([mine.status, mine.plan, mine.launch_week], ['live', 'paid', THIS_WEEK]);
  const order = (await t.get(`/api/v1/orders/${created.body.number}`, auth)).body;
  assert.equal(order.lines[0].fulfilment, `Live now, in the launch week of ${THIS_WEEK}.`);
  const billboard = (await t.get('/api/v1/leaderboards/billboard')).body;
  assert.equal(billboard.paid, true);
  assert.deepEqual([billboard.items[0].listing.slug, billboard.items[0].paid, billboard.items[0].metric.value], [mine.slug, true, 99_900]);
  const community = (await t.get('/api/v1/leaderboards/community-weekly')).body;
  assert.ok(community.items.every((i: any) => i.paid === false && i.metric.name !== 'billboard'));
});

test('list_my_orders: newest first with status; another user sees none of them and gets 404 for the number', async () => {
  const list = (await t.get('/api/v1/orders', auth)).body;
  assert.equal(list.total, 2);
  assert.deepEqual(list.items.map((o: any) => [o.status, o.lines, o.lines_fulfilled]), [['paid', 2, 2], ['paid', 4, 4]]);
  assert.equal(list.items[1].number, number);
  const stranger = await t.apiKey(['account:read', 'orders:write']);
  assert.deepEqual((await t.get('/api/v1/orders', stranger.auth)).body.items, []);
  const theirs = await t.get(`/api/v1/orders/${number}`, stranger.auth);
  const unknown = await t.get('/api/v1/orders/LY-2099-999999', stranger.auth);
  assert.deepEqual([theirs.status, theirs.body.code], [404, 'order_not_found']);
  assert.deepEqual({ ...theirs.body, detail: null }, { ...unknown.body, detail: null });
});

test('unpaid orders expire: the job marks them, their week room is released, and the page no longer takes payment', async () => {
  await sql`update site_settings set paid_week_capacity = 1`.execute(t.db);
  const week = '2027-02-01';
  const first = Number(await submittedListing(t, buyer.userId, { name: 'Gamma' }));
  const second = Number(await submittedListing(t, buyer.userId, { name: 'Delta' }));
  const launch = (id: number) => ({ items: [{ product: 'paid-launch', listing_id: id, options: { week } }], billing_country: 'US' });
  const held = await t.rest('POST', '/api/v1/orders/checkout', launch(first), auth);
  assert.equal(held.status, 201);
  const full = await t.rest('POST', '/api/v1/orders/checkout', launch(second), auth);
  assert.deepEqual([full.status, full.body.code, full.body.errors[0].field], [400, 'order_invalid', 'items.0.options.week']);
  assert.match(full.body.errors[0].message, /full \(1 paid launches a week\)/);

  clock = new Date(clock.getTime() + 24 * 3_600_000 + 1000);
  // Room is free as soon as the order has ended, before the job runs.
  const freed = await t.rest('POST', '/api/v1/orders/quote', launch(second), auth);
  assert.equal(freed.status, 200, JSON.stringify(freed.body));
  const run = await runOrderExpiry(t.db, clock);
  assert.deepEqual([run.expired, run.orders], [1, [held.body.number]]);
  assert.equal((await t.get(`/api/v1/orders/${held.body.number}`, auth)).body.status, 'expired');
  const browser = t.siteBrowser();
  const page = await browser.get(held.body.checkout_url.replace('http://localhost:3000', ''));
  assert.match(page.body, /Expired: it was not paid in time/);
  assert.doesNotMatch(page.body, /<form method="post"|<button type="submit">Pay/);
  const token = new URL(held.body.checkout_url).searchParams.get('token')!;
  const late = await browser.post(`/checkout/${held.body.number}/pay`, { csrf: await browser.csrf('/sign-in'), token, ...BILLING });
  assert.equal(late.status, 409);
  assert.match(late.body, /expired unpaid; create a new checkout/);
  assert.equal((await runOrderExpiry(t.db, clock)).expired, 0, 'expiring is done once');
  await sql`update site_settings set paid_week_capacity = 10`.execute(t.db);
});

test('the Stripe webhook route answers 404 in test mode, and a fresh install pays in test mode only', async () => {
  const res = await t.rest('POST', '/webhooks/stripe', { id: 'evt_1', type: 'checkout.session.completed' }, { 'stripe-signature': 't=1,v1=00' });
  assert.deepEqual([res.status, res.body.code], [404, 'webhook_not_configured']);
  assert.equal(t.app.config.orders.stripe, undefined);
});
