import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';
import { BILLING, checkoutForm, stockShop, submittedListing } from '../../../operations/orders/orders-testing.ts';
import { runOrderExpiry } from '../../../jobs/order-expiry.ts';
import { has } from './testing.ts';

// The founder's orders on the site: /my/orders (list_my_orders) and /my/orders/{number}
// (get_order): lines, VAT, total, status, what each line delivered, and the way to pay a pending
// order. Another person's order, or no order, is the 404 page.
let clock = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({ now: () => clock, env: { SELLER_COUNTRY: 'IE' } });
const shop = await stockShop(t, 'op-');
const buyer = await t.signIn({ name: 'Bea Buyer' });
const other = await t.signIn();
const listing = Number(await submittedListing(t, buyer.userId, { name: 'Acme Orders', category: shop.category('invoicing') }));
const second = Number(await submittedListing(t, buyer.userId, { name: 'Acme Second', category: shop.category('invoicing') }));

const { number: paidNumber } = await t.app.services.orders.createCheckout(buyer.userId, {
  items: [
    { product: shop.code('paid-launch'), listing_id: listing, options: { week: '2027-01-18' } },
    { product: shop.code('unlock-story'), listing_id: listing },
    { product: shop.code('billboard'), listing_id: listing, options: { amount_cents: 2500 } },
  ],
  billing_country: 'FR',
  vat_number: 'FR40303265045',
});
clock = new Date(clock.getTime() + 60_000);
const { number: pendingNumber } = await t.app.services.orders.createCheckout(buyer.userId, {
  items: [{ product: shop.code('paid-launch'), listing_id: second, options: { week: '2027-01-25' } }],
  billing_country: 'DE',
});

test('/my/orders: the person\'s orders, newest first, with status, total and how many lines are delivered', async () => {
  const page = await buyer.browser.get('/my/orders');
  assert.equal(page.status, 200);
  has(page.body, /<caption>2 orders, newest first<\/caption>/);
  has(page.body, new RegExp(`<a href="/my/orders/${pendingNumber}">${pendingNumber}</a>[\\s\\S]*<a href="/my/orders/${paidNumber}">${paidNumber}</a>`));
  has(page.body, /Waiting for payment<\/td><td class="num">\$58\.31<\/td><td>0 of 1<\/td>/);
  const none = await other.browser.get('/my/orders');
  has(none.body, /No orders yet\./);
  assert.ok(!none.body.includes(paidNumber));
});

test('a pending order: its lines, VAT and total, not delivered yet, and a link that pays it on the checkout page', async () => {
  const page = await buyer.browser.get(`/my/orders/${pendingNumber}`);
  assert.equal(page.status, 200);
  has(page.body, /<strong>Waiting for payment<\/strong>/);
  has(page.body, /Paid launch of Acme Second in the week of 2027-01-25<\/td><td class="num">\$49<\/td><td>Not yet: delivered once paid\.<\/td>/);
  has(page.body, /VAT 19 %<\/th><td class="num">\$9\.31<\/td>/);
  has(page.body, /Total<\/th><td class="num"><strong>\$58\.31<\/strong>/);
  has(page.body, /class="paid-label">Test mode:/);
  const pay = /<a class="button" href="([^"]+)">Pay \$58\.31<\/a>/.exec(page.body);
  assert.ok(pay, 'a pay link');
  assert.match(pay[1], new RegExp(`^http://localhost:3000/checkout/${pendingNumber}\\?token=`));
  const checkout = await t.siteBrowser().get(pay[1].replace('http://localhost:3000', ''));
  assert.equal(checkout.status, 200);
  has(checkout.body, /Pay \(test\) \$58\.31/);
});

test('after paying on the checkout page the order shows paid, reverse charge, and what each line delivered', async () => {
  const url = await t.app.services.orders.checkoutUrlOf(paidNumber);
  const browser = t.siteBrowser();
  const form = await checkoutForm(browser, url.replace('http://localhost:3000', ''));
  assert.equal((await browser.post(form.action, { csrf: form.csrf, token: form.token, ...BILLING })).status, 303);

  const page = await buyer.browser.get(`/my/orders/${paidNumber}`);
  has(page.body, /<strong>Paid<\/strong>\. Ordered <time[^>]*>[^<]*<\/time>, paid <time datetime="2027-01-06T12:01:00\.000Z">/);
  has(page.body, /Test mode: paid with a test payment; no money moved\./);
  has(page.body, /Scheduled for the launch week of 2027-01-18; it goes live that Monday\.<br><span class="muted"><time/);
  has(page.body, /The story section is unlocked\./);
  has(page.body, /2500 cents added to the billboard ranking \(paid placement\)\./);
  has(page.body, /VAT 0 % \(reverse charge\)<\/th><td class="num">\$0<\/td>/);
  has(page.body, /Billed in France, VAT number FR40303265045\. Reverse charge/);
  assert.doesNotMatch(page.body, /class="button"[^>]*>Pay/);
  has((await buyer.browser.get('/my/orders')).body, /Paid<\/td><td class="num">\$103<\/td><td>3 of 3<\/td>/);
});

test('an order that expired unpaid says so and offers no way to pay', async () => {
  clock = new Date(clock.getTime() + 25 * 3_600_000);
  await runOrderExpiry(t.db, clock);
  const page = await buyer.browser.get(`/my/orders/${pendingNumber}`);
  has(page.body, /<strong>Expired \(not paid in time\)<\/strong>/);
  assert.doesNotMatch(page.body, /Pay \$/);
});

test('another person\'s order, an unknown one and a malformed number are the 404 page; signed out goes to sign in', async () => {
  for (const url of [`/my/orders/${paidNumber}`, '/my/orders/LY-2027-999999', '/my/orders/nonsense', '/my/orders/LY-2027-1']) {
    const res = await other.browser.get(url);
    assert.equal(res.status, 404, url);
    has(res.body, /<h1>Not found<\/h1>/);
    assert.ok(!res.body.includes('Acme Orders'));
  }
  for (const url of ['/my/orders', `/my/orders/${paidNumber}`]) {
    const res = await t.siteBrowser().get(url);
    assert.deepEqual([res.status, res.location], [303, `/sign-in?return_to=${encodeURIComponent(url)}`]);
  }
});
