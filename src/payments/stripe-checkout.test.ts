import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { createApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { BILLING, checkoutForm, stockShop, submittedListing } from '../operations/orders/orders-testing.ts';

// The Stripe path: the checkout page hands over to a Checkout Session (made on a loopback server
// that answers as Stripe's API does, reached through the client's host/port/protocol options),
// and the order is paid only by signed webhooks, delivered twice, out of order and at once:
// one fulfilment. A tampered webhook is refused with 400 and changes nothing.

const WEBHOOK_SECRET = 'whsec_test_launchyard';

/** Stripe's API, as far as the service uses it: create and retrieve Checkout Sessions. */
const sessions = new Map<string, Record<string, unknown>>();
const created: { idempotencyKey: string | undefined; form: URLSearchParams; authorization: string | undefined }[] = [];
const byKey = new Map<string, string>();
const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' }).end(JSON.stringify(body));
    const url = new URL(req.url!, 'http://stripe.test');
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key'] as string | undefined;
      const form = new URLSearchParams(raw);
      created.push({ idempotencyKey: key, form, authorization: req.headers.authorization });
      if (key && byKey.has(key)) return send(200, sessions.get(byKey.get(key)!));
      const id = `cs_test_${sessions.size + 1}`;
      let total = 0;
      for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) total += Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: total,
        currency: 'usd',
        client_reference_id: form.get('client_reference_id'),
        metadata: { order_number: form.get('metadata[order_number]') },
      };
      sessions.set(id, session);
      if (key) byKey.set(key, id);
      return send(200, session);
    }
    const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m && sessions.has(m[1])) return send(200, sessions.get(m[1]));
    send(404, { error: { type: 'invalid_request_error', message: `No such route ${req.method} ${url.pathname}` } });
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const clock = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({
  now: () => clock,
  env: {
    SELLER_COUNTRY: 'IE',
    STRIPE_SECRET_KEY: 'sk_test_launchyard',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  },
});
await stockShop(t);
const buyer = await t.apiKey(['account:read', 'orders:write']);
const WEEK = '2027-01-25';

/** A pending order of the buyer: a paid launch and billboard money for a new listing. */
async function order() {
  const listingId = Number(await submittedListing(t, buyer.userId));
  const res = await t.rest('POST', '/api/v1/orders/checkout', {
    items: [{ product: 'paid-launch', listing_id: listingId, options: { week: WEEK } }, { product: 'billboard', listing_id: listingId, options: { amount_cents: 1500 } }],
    billing_country: 'DE',
  }, buyer.auth);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { listingId, number: res.body.number as string, url: (res.body.checkout_url as string).replace('http://localhost:3000', ''), total: res.body.total_cents as number };
}

/** Pays on the checkout page: the browser is sent to the Stripe session; returns its id. */
async function handOver(o: { url: string }) {
  const browser = t.siteBrowser();
  const form = await checkoutForm(browser, o.url);
  const res = await browser.post(form.action, { csrf: form.csrf, token: form.token, ...BILLING });
  assert.equal(res.status, 303, res.body.slice(0, 300));
  assert.match(res.location!, /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
  return res.location!.split('/').pop()!;
}

const event = (id: string, type: string, object: Record<string, unknown>) => JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: 1, livemode: false, data: { object } });
const sessionObject = (o: { number: string; total: number }, sessionId: string, paymentStatus: 'paid' | 'unpaid') => ({
  id: sessionId,
  object: 'checkout.session',
  client_reference_id: o.number,
  metadata: { order_number: o.number },
  payment_status: paymentStatus,
  payment_intent: `pi_${sessionId}`,
  amount_total: o.total,
  currency: 'usd',
  status: 'complete',
});
const signed = (payload: string, secret = WEBHOOK_SECRET) => ({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' });
async function deliver(payload: string, headers: Record<string, string> = signed(payload), node = t.app) {
  const res = await node.http.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers });
  return { status: res.statusCode, body: res.json() };
}
const fulfilment = async (number: string) =>
  (await sql<{ position: number; fulfilled_at: Date | null }>`select l.position, l.fulfilled_at from order_lines l join orders o on o.id = l.order_id where o.number = ${number} order by l.position`.execute(t.db)).rows;
const billboardRows = async (listingId: number) => (await sql<{ n: number }>`select count(*)::int as n from billboard_contributions where listing_id = ${listingId}`.execute(t.db)).rows[0].n;

test('the checkout page hands over to a Stripe Checkout Session for exactly the order, keyed by the order; no test payment here', async () => {
  const o = await order();
  const browser = t.siteBrowser();
  const { page } = await checkoutForm(browser, o.url);
  assert.doesNotMatch(page.body, /TEST MODE|Pay \(test\)/);
  assert.match(page.body, /Pay \$\d+\.\d\d with Stripe/);
  const sessionId = await handOver(o);
  const call = created.at(-1)!;
  assert.equal(call.idempotencyKey, `order-${o.number}`);
  assert.equal(call.authorization, 'Bearer sk_test_launchyard');
  assert.equal(call.form.get('mode'), 'payment');
  assert.equal(call.form.get('client_reference_id'), o.number);
  assert.deepEqual(
    [0, 1, 2].map((i) => [call.form.get(`line_items[${i}][price_data][unit_amount]`), call.form.get(`line_items[${i}][price_data][currency]`)]),
    [['4900', 'usd'], ['1500', 'usd'], [String(o.total - 6400), 'usd']],
  );
  assert.match(call.form.get('line_items[2][price_data][product_data][name]')!, /^VAT 19 % \(DE\)$/);
  assert.match(call.form.get('success_url')!, new RegExp(`^http://localhost:3000/checkout/${o.number}\\?token=[\\w-]+&payment=returned$`));
  assert.equal(Number(call.form.get('expires_at')), Math.floor(clock.getTime() / 1000) + 24 * 3600);
  // The way back from Stripe proves nothing: the order waits for the webhook.
  const back = await browser.get(`${o.url}&payment=returned`);
  assert.match(back.body, /Stripe is confirming your payment/);
  assert.equal((await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body.status, 'pending');
  // Paying again hands over the same session rather than a second one.
  const calls = created.length;
  assert.equal(await handOver(o), sessionId);
  assert.equal(created.length, calls);
});

test('signed webhooks delivered twice, out of order and at once: the order is paid and each line fulfilled exactly once', async () => {
  const o = await order();
  const sessionId = await handOver(o);
  const completedUnpaid = event('evt_completed', 'checkout.session.completed', sessionObject(o, sessionId, 'unpaid'));
  const asyncPaid = event('evt_async_paid', 'checkout.session.async_payment_succeeded', sessionObject(o, sessionId, 'paid'));
  const completedPaid = event('evt_completed_paid', 'checkout.session.completed', sessionObject(o, sessionId, 'paid'));

  // Completed first, but its money is still on the way: nothing is delivered yet.
  assert.deepEqual(await deliver(completedUnpaid), { status: 200, body: { received: true, outcome: 'awaiting_payment' } });
  assert.equal((await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body.status, 'pending');
  // The same success arriving on two nodes at once, twice each.
  const burst = await Promise.all([deliver(asyncPaid), deliver(asyncPaid), deliver(completedPaid), deliver(completedPaid)]);
  assert.ok(burst.every((r) => r.status === 200));
  assert.deepEqual(burst.map((r) => r.body.outcome).sort(), ['already_paid', 'duplicate', 'duplicate', 'paid']);
  const fulfilled = await fulfilment(o.number);
  assert.ok(fulfilled.every((l) => l.fulfilled_at !== null));
  // Late and repeated deliveries change nothing.
  for (const payload of [completedUnpaid, asyncPaid, completedPaid]) assert.equal((await deliver(payload)).body.outcome, 'duplicate');
  assert.deepEqual(await fulfilment(o.number), fulfilled);
  assert.equal(await billboardRows(o.listingId), 1);

  const got = (await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body;
  assert.equal(got.status, 'paid');
  assert.equal(got.payment, 'stripe');
  assert.ok(got.lines.every((l: any) => l.fulfilled));
  const mine = (await t.get(`/api/v1/me/listings/${o.listingId}`, buyer.auth)).body;
  assert.deepEqual([mine.status, mine.plan, mine.launch_week], ['scheduled', 'paid', WEEK]);
  const events = await t.db.selectFrom('payment_events').select(['event_id', 'outcome']).where('event_id', 'in', ['evt_completed', 'evt_async_paid', 'evt_completed_paid']).orderBy('event_id').execute();
  assert.equal(events.length, 3);
});

test('two app nodes on one PostgreSQL database get the same events at once: the order is fulfilled once', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL: PGlite is one process' }, async () => {
  const second = await createApp(t.app.config, { now: () => clock, inlineJobs: true, profileCacheMs: 0 });
  try {
    const o = await order();
    const sessionId = await handOver(o);
    const completed = event('evt_two_nodes', 'checkout.session.completed', sessionObject(o, sessionId, 'paid'));
    const asyncPaid = event('evt_two_nodes_async', 'checkout.session.async_payment_succeeded', sessionObject(o, sessionId, 'paid'));
    const results = await Promise.all([
      deliver(completed), deliver(completed, signed(completed), second), deliver(asyncPaid), deliver(asyncPaid, signed(asyncPaid), second),
    ]);
    assert.deepEqual(results.map((r) => r.body.outcome).sort(), ['already_paid', 'duplicate', 'duplicate', 'paid']);
    assert.equal(await billboardRows(o.listingId), 1);
    assert.ok((await fulfilment(o.number)).every((l) => l.fulfilled_at !== null));
  } finally {
    await second.close();
  }
});

test('a tampered, unsigned or wrongly signed webhook is refused with 400 and changes nothing', async () => {
  const o = await order();
  const sessionId = await handOver(o);
  const genuine = event('evt_tamper', 'checkout.session.completed', sessionObject(o, sessionId, 'paid'));
  const headers = signed(genuine);
  const tampered = genuine.replace(`"amount_total":${o.total}`, '"amount_total":1');
  assert.notEqual(tampered, genuine);
  for (const [what, res] of [
    ['tampered body', await deliver(tampered, headers)],
    ['no signature', await deliver(genuine, { 'content-type': 'application/json' })],
    ['another secret', await deliver(genuine, signed(genuine, 'whsec_someone_else'))],
    ['re-serialised JSON', await deliver(JSON.stringify(JSON.parse(genuine), null, 2), headers)],
  ] as const) {
    assert.equal(res.status, 400, what);
    assert.equal(res.body.code, 'invalid_signature', what);
  }
  assert.equal((await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body.status, 'pending');
  assert.equal(await t.db.selectFrom('payment_events').select('event_id').where('event_id', '=', 'evt_tamper').executeTakeFirst(), undefined);
  // The genuine one still works afterwards.
  assert.equal((await deliver(genuine, headers)).body.outcome, 'paid');
});

test('a signed event whose amount is not the order\'s total is recorded but does not pay the order', async () => {
  const o = await order();
  const sessionId = await handOver(o);
  const wrong = event('evt_wrong_amount', 'checkout.session.completed', { ...sessionObject(o, sessionId, 'paid'), amount_total: o.total - 100 });
  assert.deepEqual(await deliver(wrong), { status: 200, body: { received: true, outcome: 'amount_mismatch' } });
  assert.equal((await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body.status, 'pending');
  assert.ok((await fulfilment(o.number)).every((l) => l.fulfilled_at === null));
});

test('a refund marks the order refunded, takes its billboard money back and unschedules a launch that has not gone live', async () => {
  const o = await order();
  const sessionId = await handOver(o);
  await deliver(event('evt_refund_paid', 'checkout.session.completed', sessionObject(o, sessionId, 'paid')));
  assert.equal(await billboardRows(o.listingId), 1);
  const partial = event('evt_partial', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: `pi_${sessionId}`, refunded: false, amount_refunded: 100 });
  assert.equal((await deliver(partial)).body.outcome, 'partially_refunded');
  assert.equal((await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body.status, 'paid');
  const full = event('evt_full_refund', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: `pi_${sessionId}`, refunded: true, amount_refunded: o.total });
  assert.equal((await deliver(full)).body.outcome, 'refunded');
  assert.equal((await deliver(full)).body.outcome, 'duplicate');
  const got = (await t.get(`/api/v1/orders/${o.number}`, buyer.auth)).body;
  assert.deepEqual([got.status, got.refunded_at], ['refunded', clock.toISOString()]);
  assert.equal(await billboardRows(o.listingId), 0);
  const mine = (await t.get(`/api/v1/me/listings/${o.listingId}`, buyer.auth)).body;
  assert.deepEqual([mine.status, mine.plan, mine.launch_week], ['draft', 'free', null]);
  // A refund of a payment this site never took is acknowledged and ignored.
  assert.equal((await deliver(event('evt_foreign', 'charge.refunded', { id: 'ch_x', object: 'charge', payment_intent: 'pi_elsewhere', refunded: true }))).body.outcome, 'unknown_payment');
  assert.equal((await deliver(event('evt_other', 'customer.created', { id: 'cus_1', object: 'customer' }))).body.outcome, 'ignored');
});

test('test mode cannot be had with Stripe keys: one key alone is a config error, and Stripe needs the seller\'s country', () => {
  const base = { DATA_DIR: 'memory://' };
  assert.throws(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', SELLER_COUNTRY: 'IE' }), (e: Error) => e instanceof ConfigError && /go together/.test(e.message));
  assert.throws(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_x', SELLER_COUNTRY: 'IE' }), ConfigError);
  assert.throws(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }), /SELLER_COUNTRY is required/);
  assert.equal(loadConfig(base).orders.stripe, undefined);
  assert.equal(t.app.config.orders.stripe?.webhookSecret, WEBHOOK_SECRET);
});
