import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { stockShop, submittedListing } from '../../../operations/orders/orders-testing.ts';
import { fieldError, has, keyOf } from './testing.ts';

// "Launch it" (/my/listings/{id}/launch): the free plan (choose_free_listing, the badge code, the
// badge checks and "check now") and the paid plan (quote_order with VAT on a GET, create_checkout
// on a post, then the checkout page). The real crawler reads a loopback homepage; the clock moves by hand.
let clock = new Date('2027-01-06T12:00:00Z'); // Wednesday of the week of 2027-01-04
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const t = await createTestApp({ now: () => clock, env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1', SELLER_COUNTRY: 'IE' } });
const shop = await stockShop(t, 'ws-');
const owner = await t.signIn({ name: 'Fay Founder' });
const other = await t.signIn();

/** A homepage on loopback whose answer can be held back (a check under way) and changed (the badge put on). */
const home = { body: '<!doctype html><html><head><title>Acme</title></head><body><p>Welcome</p></body></html>', held: false, release: () => {} };
const server = http.createServer(async (req, res) => {
  if (req.url === '/robots.txt') return res.writeHead(404).end();
  if (home.held) await new Promise<void>((r) => (home.release = r));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(home.body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
after(() => new Promise<void>((r) => server.close(() => r())));
const homepage = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const freeListing = await t.fx.listing({ owner_id: owner.userId, slug: 'acme-free', name: 'Acme Free', status: 'draft', url: homepage, domain: '127.0.0.1', category: shop.category('invoicing') });
const paidListing = Number(await submittedListing(t, owner.userId, { name: 'Acme Paid', category: shop.category('invoicing') }));
const launchOf = (id: string | number) => `/my/listings/${id}/launch`;
const statusOf = async (id: string | number) => t.db.selectFrom('listings').select(['status', 'plan', 'launch_week']).where('id', '=', String(id)).executeTakeFirstOrThrow();

test('a submitted listing offers both plans: the free one with its window, the paid one with the week, extras and billing', async () => {
  const page = await owner.browser.get(launchOf(freeListing));
  assert.equal(page.status, 200);
  has(page.body, /<h2 id="free">The free plan<\/h2>/);
  has(page.body, /6 to 8 weeks from now/);
  has(page.body, /<h2 id="paid">Or: the paid plan<\/h2>/);
  has(page.body, /<select id="f-week" name="week"[^>]*><option value="" selected>Choose a week<\/option><option value="2027-01-04">4 Jan 2027 \(this week: live once paid\)<\/option><option value="2027-01-11">11 Jan 2027 \(next week\)/);
  has(page.body, /<option value="2028-01-03">3 Jan 2028<\/option><\/select>/, 'a year ahead, as quote_order allows');
  has(page.body, /<legend>Extra categories <span class="muted">\$19 each<\/span><\/legend>/);
  has(page.body, /name="sections" value="ws-unlock-story"> Founder story section <span class="muted">\$29<\/span>/);
  has(page.body, /<label for="f-billboard">Billboard amount in US dollars/);
  has(page.body, /Featured placement: not on sale through orders yet/);
  has(page.body, /<select id="f-billing_country" name="billing_country"/);
  has(page.body, /<label for="f-vat_number">EU VAT number/);
});

test('the free plan: chosen with PRG and an Idempotency-Key; the week, the badge code and when it is checked', async () => {
  const page = await owner.browser.get(launchOf(freeListing));
  const form = { csrf: owner.csrf, idempotency_key: keyOf(page.body, `${launchOf(freeListing)}/free`) };
  const first = await owner.browser.post(`${launchOf(freeListing)}/free`, form);
  assert.deepEqual([first.status, first.location], [303, `${launchOf(freeListing)}?notice=free-chosen#free`]);
  const again = await owner.browser.post(`${launchOf(freeListing)}/free`, form);
  assert.equal(again.status, 303, 'the same key replays the first answer');
  assert.deepEqual(await statusOf(freeListing), { status: 'awaiting_badge', plan: 'free', launch_week: '2027-02-15' });

  const queued = await owner.browser.get(`${launchOf(freeListing)}?notice=free-chosen`);
  has(queued.body, /role="status">Your listing is queued for a free launch week/);
  has(queued.body, /<h2 id="free">The free plan: launch week of 15 Feb 2027<\/h2>/);
  const embed = (await t.app.services.ownerListings.get(owner.userId, Number(freeListing))).badge.embed_html;
  assert.ok(queued.body.includes(`<textarea id="badge-code" class="embed" readonly data-copy="badge code">${embed.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</textarea>`), 'the embed code, escaped, to copy');
  has(queued.body, /<img src="\/badges\/acme-free\/listed\.svg\?[^"]*" alt="The badge to place \(preview\)">/);
  has(queued.body, /Not checked yet\./);
  // The sweep runs at minute 40 of every sixth hour (site timezone, UTC here).
  has(queued.body, /Next scheduled check: around <time datetime="2027-01-06T12:40:00.000Z">/);
  has(queued.body, /<button type="submit">Check now<\/button>/);
  has(queued.body, /<script src="\/assets\/enhance\.[^"]+\.js" defer><\/script>/, 'the copy button');
});

test('check now: under way (the page refreshes itself), absent with the next check, too soon, then verified and scheduled', async () => {
  const url = launchOf(freeListing);
  home.held = true;
  const pressed = await owner.browser.post(`${url}/check`, { csrf: owner.csrf, idempotency_key: crypto.randomUUID() });
  assert.deepEqual([pressed.status, pressed.location], [303, `${url}?notice=checking#badge-check`]);
  const checking = await owner.browser.get(`${url}?notice=checking`);
  has(checking.body, new RegExp(`<meta http-equiv="refresh" content="3; url=${url}">`));
  has(checking.body, /Checking your homepage now \(asked <time datetime="2027-01-06T12:00:00\.000Z">/);
  assert.doesNotMatch(checking.body, /Check now<\/button>/, 'no second check while one is under way');
  // A second press (another tab) is the same check, not a refusal and not a second job.
  assert.equal((await owner.browser.post(`${url}/check`, { csrf: owner.csrf })).status, 303);
  home.held = false;
  home.release();
  await t.jobsIdle();

  const absent = await owner.browser.get(url);
  assert.doesNotMatch(absent.body, /http-equiv="refresh"/);
  has(absent.body, /<strong>Not found: we read your homepage, and the badge was not on it\.<\/strong> Last checked <time datetime="2027-01-06T12:00:00\.000Z">/);
  has(absent.body, /No badge linking to http:\/\/localhost:3000\/listings\/acme-free was found/);
  // Checked at 12:00: due again after 17:00, so the 18:40 sweep.
  has(absent.body, /Next scheduled check: around <time datetime="2027-01-06T18:40:00\.000Z">/);
  has(absent.body, /you can check again from <time datetime="2027-01-06T12:01:00\.000Z">/);
  assert.equal((await t.db.selectFrom('badge_checks').select('id').where('listing_id', '=', freeListing).execute()).length, 1);

  later(20_000);
  const soon = await owner.browser.post(`${url}/check`, { csrf: owner.csrf });
  assert.equal(soon.status, 429);
  assert.equal(soon.headers['retry-after'], '40');
  has(soon.body, /role="alert"><p>Your homepage was checked \(or a check was asked for\) less than a minute ago/);

  later(60_000);
  const embed = (await t.app.services.ownerListings.get(owner.userId, Number(freeListing))).badge.embed_html;
  home.body = `<!doctype html><html><head><title>Acme</title></head><body><footer>${embed}</footer></body></html>`;
  assert.equal((await owner.browser.post(`${url}/check`, { csrf: owner.csrf })).status, 303);
  await t.jobsIdle();
  const verified = await owner.browser.get(url);
  has(verified.body, /<strong>Verified: the badge is on your homepage\.<\/strong>/);
  has(verified.body, /<strong>Scheduled<\/strong>: the badge was found <time datetime="2027-01-06T12:01:20\.000Z">/);
  has(verified.body, /the listing goes live on Monday 15 Feb 2027/);
  has(verified.body, /<span class="pill">Scheduled<\/span>/);
  has(verified.body, /<summary>Earlier checks<\/summary>/);
  assert.doesNotMatch(verified.body, /Check now<\/button>|Next scheduled check/);
  assert.deepEqual(await statusOf(freeListing), { status: 'scheduled', plan: 'free', launch_week: '2027-02-15' });
  // Once scheduled, there is nothing left to check.
  const done = await owner.browser.post(`${url}/check`, { csrf: owner.csrf });
  assert.equal(done.status, 409);
  has(done.body, /not waiting for its badge \(its badge was already found\)/);
});

test('check now: refused for a listing not on the free queue, past the owner\'s hourly budget, and for another person', async () => {
  const notQueued = await owner.browser.post(`${launchOf(paidListing)}/check`, { csrf: owner.csrf });
  assert.equal(notQueued.status, 409);
  has(notQueued.body, /its status is draft: choose the free plan first/);

  const busy = await t.fx.listing({ owner_id: owner.userId, slug: 'acme-busy', status: 'awaiting_badge', url: homepage, domain: '127.0.0.1', launch_week: '2027-02-15' });
  for (let i = 0; i < 30; i++) {
    await t.db.insertInto('badge_checks').values({ listing_id: busy, outcome: 'absent', url: homepage, detail: '', checked_at: new Date(clock.getTime() - 3_000_000 + i * 1000) }).execute();
  }
  await t.db.updateTable('listings').set({ badge_checked_at: new Date(clock.getTime() - 600_000) }).where('id', '=', busy).execute();
  const spent = await owner.browser.post(`${launchOf(busy)}/check`, { csrf: owner.csrf });
  assert.equal(spent.status, 429);
  assert.equal(spent.headers['retry-after'], '600', 'until the oldest check of the hour drops out');
  has(spent.body, /Your homepages were checked 3\d times in the last hour, the most we do/);

  assert.equal((await other.browser.post(`${launchOf(busy)}/check`, { csrf: other.csrf })).status, 404);
});

test('the free plan when every week of the window is full: 409 with the reason on the page', async () => {
  const full = await submittedListing(t, owner.userId, { name: 'Acme Full' });
  await sql`update site_settings set free_week_capacity = 0`.execute(t.db);
  try {
    const res = await owner.browser.post(`${launchOf(full)}/free`, { csrf: owner.csrf, idempotency_key: crypto.randomUUID() });
    assert.equal(res.status, 409);
    has(res.body, /role="alert"><p>Every free launch week from 2027-02-15 to 2027-03-01 is full/);
    assert.equal((await statusOf(full)).status, 'draft');
  } finally {
    await sql`update site_settings set free_week_capacity = 25`.execute(t.db);
  }
});

const quoteUrl = (q: Record<string, string | string[]>) => {
  const p = new URLSearchParams({ quote: '1' });
  for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) p.append(k, one);
  return `${launchOf(paidListing)}?${p}`;
};
const ALL = { week: '2027-01-18', categories: [shop.category('analytics'), shop.category('crm')], sections: shop.code('unlock-story'), billboard: '25' };

test('the paid plan\'s quote (a GET: nothing saved): lines, German VAT for a consumer, the checkout button with the same choices', async () => {
  const orders = async () => (await sql<{ n: number }>`select count(*)::int as n from orders`.execute(t.db)).rows[0].n;
  const before = await orders();
  const res = await owner.browser.get(quoteUrl({ ...ALL, billing_country: 'DE' }));
  assert.equal(res.status, 200);
  has(res.body, /<caption>What you are buying<\/caption>/);
  has(res.body, /Paid launch of Acme Paid in the week of 2027-01-18<\/td><td class="num">\$49<\/td>/);
  has(res.body, /2 extra categories for Acme Paid: [^<]+ <span class="muted">\(2 × \$19\)<\/span><\/td><td class="num">\$38<\/td>/);
  has(res.body, /Billboard contribution for Acme Paid \(paid placement\)<\/td><td class="num">\$25<\/td>/);
  has(res.body, /Subtotal \(excluding VAT\)<\/th><td class="num">\$141<\/td>/);
  has(res.body, /VAT 19 %<\/th><td class="num">\$26\.79<\/td>/);
  has(res.body, /Total<\/th><td class="num"><strong>\$167\.79<\/strong>/);
  has(res.body, /Billed in Germany\./);
  // The form keeps the choices; the checkout post carries them as they were quoted.
  has(res.body, /<option value="2027-01-18" selected>/);
  has(res.body, /<option value="DE" selected>Germany<\/option>/);
  has(res.body, new RegExp(`name="categories" value="${shop.category('analytics')}" checked>`));
  const checkout = res.body.slice(res.body.indexOf(`action="${launchOf(paidListing)}/checkout"`));
  for (const hidden of ['name="week" value="2027-01-18"', `name="categories" value="${shop.category('crm')}"`, `name="sections" value="${shop.code('unlock-story')}"`, 'name="billboard" value="25"', 'name="billing_country" value="DE"']) {
    assert.ok(checkout.includes(`<input type="hidden" ${hidden}>`), hidden);
  }
  assert.equal(await orders(), before);
});

test('the quote of an EU business with a VAT number from another member state: reverse charge, no VAT', async () => {
  const res = await owner.browser.get(quoteUrl({ week: '2027-01-18', billing_country: 'FR', vat_number: 'FR40303265045' }));
  assert.equal(res.status, 200);
  has(res.body, /VAT 0 % \(reverse charge\)<\/th><td class="num">\$0<\/td>/);
  has(res.body, /Total<\/th><td class="num"><strong>\$49<\/strong>/);
  has(res.body, /Billed in France, VAT number FR40303265045\. Reverse charge: VAT to be accounted for by the recipient/);
});

/** Paid-form refusals: the choices, the field the message must sit beside, and the message. */
const QUOTE_ERRORS: [string, Record<string, string | string[]>, string, RegExp][] = [
  ['nothing chosen', { billing_country: 'DE' }, 'week', /Choose the launch week/],
  ['a billboard amount that is not dollars', { ...ALL, billboard: 'ten', billing_country: 'DE' }, 'billboard', /US dollars/],
  ['a billboard amount under the minimum', { week: '2027-01-18', billboard: '5', billing_country: 'DE' }, 'billboard', /at least 1000 cents/],
  ['a week that is not a Monday', { week: '2027-01-19', billing_country: 'DE' }, 'week', /not a Monday/],
  ['a week that is over', { week: '2026-12-28', billing_country: 'DE' }, 'week', /is over/],
  ['no billing country', { week: '2027-01-18', billing_country: '' }, 'billing_country', /Choose the country you are billed in/],
  ['a VAT number of another country', { week: '2027-01-18', billing_country: 'DE', vat_number: 'FR40303265045' }, 'vat_number', /not a VAT number of Germany/],
  ['a VAT number outside the EU', { week: '2027-01-18', billing_country: 'US', vat_number: 'FR40303265045' }, 'vat_number', /outside the EU/],
  ['four extra categories', { week: '2027-01-18', categories: ['analytics', 'crm', 'payments', 'tax'].map(shop.category), billing_country: 'DE' }, 'categories', /3/],
  ['an unknown category', { week: '2027-01-18', categories: 'no-such-category', billing_country: 'DE' }, 'categories', /no category has the slug no-such-category/],
];

for (const [name, query, fieldName, message] of QUOTE_ERRORS) {
  test(`the paid form refuses ${name}: 400, the message beside the field, the choices kept`, async () => {
    const res = await owner.browser.get(quoteUrl(query));
    assert.equal(res.status, 400);
    assert.match(fieldError(res.body, fieldName), message);
    has(res.body, /role="alert"><p>Please correct the fields marked below\./);
    assert.doesNotMatch(res.body, /<caption>What you are buying<\/caption>|Continue to payment/);
    // A week outside the choices (typed into the URL) cannot be shown selected; the others are kept.
    if (query.week === '2027-01-18') has(res.body, new RegExp(`<option value="${query.week}" selected>|name="week" value="${query.week}"`), 'the week kept');
    if (query.billing_country) has(res.body, new RegExp(`<option value="${query.billing_country}" selected>`), 'the country kept');
  });
}

test('checkout: 303 to the checkout page; the same Idempotency-Key never makes a second order; a week that filled meanwhile is refused beside the week', async () => {
  const quoted = await owner.browser.get(quoteUrl({ week: '2027-01-18', billing_country: 'DE' }));
  const action = `${launchOf(paidListing)}/checkout`;
  const form = { csrf: owner.csrf, idempotency_key: keyOf(quoted.body, action), week: '2027-01-18', billing_country: 'DE' };
  const first = await owner.browser.post(action, form);
  assert.equal(first.status, 303);
  assert.match(first.location!, /^http:\/\/localhost:3000\/checkout\/LY-2027-\d{6}\?token=[A-Za-z0-9_-]{43}$/);
  const second = await owner.browser.post(action, form);
  assert.equal(second.location, first.location);
  const orders = await t.db.selectFrom('orders').select('number').where('user_id', '=', owner.userId).execute();
  assert.equal(orders.length, 1);
  const checkout = await owner.browser.get(first.location!.replace('http://localhost:3000', ''));
  assert.equal(checkout.status, 200);
  has(checkout.body, /Paid launch of Acme Paid in the week of 2027-01-18/);

  await sql`update site_settings set paid_week_capacity = 0`.execute(t.db);
  try {
    const full = await owner.browser.post(action, { ...form, idempotency_key: crypto.randomUUID(), week: '2027-01-25' });
    assert.equal(full.status, 400);
    assert.match(fieldError(full.body, 'week'), /the week of 2027-01-25 is full/);
    has(full.body, /<option value="2027-01-25" selected>/);
  } finally {
    await sql`update site_settings set paid_week_capacity = 10`.execute(t.db);
  }
  assert.equal((await t.db.selectFrom('orders').select('number').where('user_id', '=', owner.userId).execute()).length, 1);
  assert.equal((await other.browser.post(action, { ...form, csrf: other.csrf, idempotency_key: crypto.randomUUID() })).status, 404);
});

test('after launch: a live listing on the free plan is offered the extras it can still buy, without a week or extra categories', async () => {
  const live = await t.fx.listing({ owner_id: owner.userId, slug: 'acme-live-extras', name: 'Acme Live', status: 'live', launch_week: '2026-12-28' });
  const page = await owner.browser.get(launchOf(live));
  has(page.body, /<h2 id="paid">Extras<\/h2>/);
  assert.doesNotMatch(page.body, /name="week"|Extra categories/);
  has(page.body, /Founder story section/);
  const paidLive = await t.fx.listing({ owner_id: owner.userId, slug: 'acme-paid-live', name: 'Acme Paid Live', status: 'live', plan: 'paid', launch_week: '2026-12-28' });
  has((await owner.browser.get(launchOf(paidLive))).body, /Extra categories/, 'a paid listing may add categories');
});
