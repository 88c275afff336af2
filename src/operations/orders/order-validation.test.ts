import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';
import { stockShop, submittedListing } from './orders-testing.ts';

// quote_order and create_checkout check the same body the same way: every option, with errors
// naming the item and key (items.1.options.week). The schema's own rules are 400
// validation_failed; what needs the database (products, listings, weeks, categories, VAT number)
// is 400 order_invalid. A refused checkout creates nothing.

const NOW = new Date('2027-01-06T12:00:00Z'); // Wednesday; this week is Monday 2027-01-04
const t = await createTestApp({ now: () => NOW, env: { SELLER_COUNTRY: 'IE' } });
await stockShop(t);
const buyer = await t.apiKey(['account:read', 'orders:write']);
const other = await t.apiKey(['account:read', 'orders:write']);
const draft = Number(await submittedListing(t, buyer.userId, { category: 'invoicing' }));
const paid = Number(await submittedListing(t, buyer.userId, { category: 'invoicing', status: 'live', plan: 'paid' }));
const live = Number(await submittedListing(t, buyer.userId, { status: 'live' }));
const archived = Number(await submittedListing(t, buyer.userId, { status: 'archived' }));
const theirs = Number(await submittedListing(t, other.userId));
// The paid listing already has two extra categories and its story unlocked.
for (const [i, slug] of ['analytics', 'crm'].entries()) {
  const c = await t.db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  await t.db.insertInto('listing_categories').values({ listing_id: String(paid), category_id: c.id, is_primary: false, position: i + 1 }).execute();
}
await sql`update listings set unlocked_sections = '{story}' where id = ${paid}`.execute(t.db);
// A week already holding its one paid launch.
const FULL_WEEK = '2027-03-01';
await sql`update site_settings set paid_week_capacity = 1`.execute(t.db);
await t.fx.listing({ status: 'scheduled', plan: 'paid', launch_week: FULL_WEEK });

const launch = (week: string, listing = draft) => ({ product: 'paid-launch', listing_id: listing, options: { week } });
const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({ items, billing_country: 'US', ...extra });

/** [what, body, code, the field errors must include, a word of its message] */
const CASES: [string, Record<string, unknown>, string, string, RegExp][] = [
  ['a week that is not a date', body([launch('2027-13-01')]), 'order_invalid', 'items.0.options.week', /not a date/],
  ['a week that is not a Monday', body([launch('2027-01-20')]), 'order_invalid', 'items.0.options.week', /not a Monday.*2027-01-18/],
  ['a past week', body([launch('2026-12-28')]), 'order_invalid', 'items.0.options.week', /is over; the earliest is this week, 2027-01-04/],
  ['a week more than 52 weeks ahead', body([launch('2028-01-10')]), 'order_invalid', 'items.0.options.week', /more than 52 weeks ahead/],
  ['a full week', body([launch(FULL_WEEK)]), 'order_invalid', 'items.0.options.week', /full/],
  ['a bad week in the second item', body([{ product: 'unlock-story', listing_id: draft }, launch('2027-02-03')]), 'order_invalid', 'items.1.options.week', /not a Monday/],
  ['a paid launch without its week', body([{ product: 'paid-launch', listing_id: draft }]), 'order_invalid', 'items.0.options.week', /required/],
  ['a week longer than 10 characters', body([launch('2027-01-18T00')]), 'validation_failed', 'items.0.options.week', /10/],
  ['an unknown product', body([{ product: 'gold-plan', listing_id: draft }]), 'order_invalid', 'items.0.product', /no product with code gold-plan/],
  ['a retired product', body([{ product: 'retired-thing', listing_id: draft }]), 'order_invalid', 'items.0.product', /no product with code retired-thing/],
  ['a product that is not sold through orders', body([{ product: 'featured', listing_id: draft }]), 'order_invalid', 'items.0.product', /cannot be bought/],
  ['a product code that breaks the pattern', body([{ product: 'Paid Launch', listing_id: draft }]), 'validation_failed', 'items.0.product', /product code/],
  ["another user's listing", body([launch('2027-01-18', theirs)]), 'order_invalid', 'items.0.listing_id', new RegExp(`you have no listing with id ${theirs}`)],
  ['an unknown listing', body([launch('2027-01-18', 987654321)]), 'order_invalid', 'items.0.listing_id', /you have no listing with id 987654321/],
  ['a product bought without a listing', body([{ product: 'unlock-story' }]), 'order_invalid', 'items.0.listing_id', /give its listing_id/],
  ['an archived listing', body([{ product: 'unlock-story', listing_id: archived }]), 'order_invalid', 'items.0.listing_id', /archived/],
  ['a paid launch of a live listing', body([launch('2027-01-18', live)]), 'order_invalid', 'items.0.listing_id', /is live: a paid launch is for a submitted listing/],
  ['a paid launch of a paid listing', body([launch('2027-01-18', paid)]), 'order_invalid', 'items.0.listing_id', /already on the paid plan/],
  ['the same launch twice', body([launch('2027-01-18'), launch('2027-01-25')]), 'order_invalid', 'items.1.product', /items\.0 already buys paid-launch/],
  ['too many categories in all', body([{ product: 'extra-category', listing_id: paid, options: { categories: ['payments', 'tax'] } }]), 'order_invalid', 'items.0.options.categories', /would have 4 extra categories; at most 3/],
  ['too many categories across items', body([launch('2027-01-18'), { product: 'extra-category', listing_id: draft, options: { categories: ['analytics', 'crm'] } }, { product: 'extra-category', listing_id: draft, options: { categories: ['payments', 'tax'] } }]), 'order_invalid', 'items.2.options.categories', /would have 4/],
  ['four categories in one item', body([{ product: 'extra-category', listing_id: paid, options: { categories: ['a', 'b', 'c', 'd'] } }]), 'validation_failed', 'items.0.options.categories', /3/],
  ['an unknown category', body([{ product: 'extra-category', listing_id: paid, options: { categories: ['payments', 'astrology'] } }]), 'order_invalid', 'items.0.options.categories.1', /no category has the slug astrology/],
  ['the primary category as an extra', body([{ product: 'extra-category', listing_id: paid, options: { categories: ['invoicing'] } }]), 'order_invalid', 'items.0.options.categories.0', /primary category/],
  ['a category the listing has', body([{ product: 'extra-category', listing_id: paid, options: { categories: ['crm'] } }]), 'order_invalid', 'items.0.options.categories.0', /already has/],
  ['extra categories for a free listing', body([{ product: 'extra-category', listing_id: draft, options: { categories: ['crm'] } }]), 'order_invalid', 'items.0.listing_id', /extra categories are for paid listings/],
  ['a section already unlocked', body([{ product: 'unlock-story', listing_id: paid }]), 'order_invalid', 'items.0.product', /story section of listing \d+ is already unlocked/],
  ['a billboard amount under the minimum', body([{ product: 'billboard', listing_id: live, options: { amount_cents: 999 } }]), 'order_invalid', 'items.0.options.amount_cents', /at least 1000 cents/],
  ['a billboard without an amount', body([{ product: 'billboard', listing_id: live }]), 'order_invalid', 'items.0.options.amount_cents', /required/],
  ['a billboard amount that is not whole cents', body([{ product: 'billboard', listing_id: live, options: { amount_cents: 10.5 } }]), 'validation_failed', 'items.0.options.amount_cents', /int/],
  ["an option of another kind", body([{ product: 'billboard', listing_id: live, options: { amount_cents: 1000, week: '2027-01-18' } }]), 'order_invalid', 'items.0.options.week', /not an option of billboard/],
  ['a country that does not exist', body([launch('2027-01-18')], { billing_country: 'ZZ' }), 'order_invalid', 'billing_country', /not an ISO 3166-1/],
  ['a country of three letters', body([launch('2027-01-18')], { billing_country: 'DEU' }), 'validation_failed', 'billing_country', /two letters/],
  ['no country', { items: [launch('2027-01-18')] }, 'validation_failed', 'billing_country', /./],
  ['a malformed VAT number', body([launch('2027-01-18')], { billing_country: 'FR', vat_number: 'FR123' }), 'order_invalid', 'vat_number', /not a valid VAT number format for France/],
  ["another country's VAT number", body([launch('2027-01-18')], { billing_country: 'FR', vat_number: 'DE129273398' }), 'order_invalid', 'vat_number', /not a VAT number of France/],
  ['a VAT number outside the EU', body([launch('2027-01-18')], { billing_country: 'US', vat_number: 'DE129273398' }), 'order_invalid', 'vat_number', /outside the EU/],
  ['an unknown key in the body', body([launch('2027-01-18')], { coupon: 'FREE' }), 'validation_failed', 'coupon', /unknown key/],
  ['an unknown key in an item', body([{ ...launch('2027-01-18'), qty: 2 }]), 'validation_failed', 'items.0.qty', /unknown key/],
  ['an unknown option', body([{ product: 'paid-launch', listing_id: draft, options: { week: '2027-01-18', colour: 'gold' } }]), 'validation_failed', 'items.0.options.colour', /unknown key/],
  ['no items', body([]), 'validation_failed', 'items', /1/],
  ['21 items', body(Array.from({ length: 21 }, () => ({ product: 'unlock-story', listing_id: draft }))), 'validation_failed', 'items', /20/],
];

const orderCount = async () => (await sql<{ n: number }>`select count(*)::int as n from orders`.execute(t.db)).rows[0].n;

for (const path of ['/api/v1/orders/quote', '/api/v1/orders/checkout']) {
  for (const [what, input, code, field, message] of CASES) {
    test(`${path.split('/').pop()}: ${what} → 400 ${code} naming ${field}`, async () => {
      const before = await orderCount();
      const res = await t.rest('POST', path, input, buyer.auth);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(res.type, /^application\/problem\+json/);
      assert.equal(res.body.code, code, JSON.stringify(res.body));
      const hit = res.body.errors.find((e: { field: string }) => e.field === field);
      assert.ok(hit, `${field} not among ${JSON.stringify(res.body.errors)}`);
      assert.match(hit.message, message);
      assert.equal(await orderCount(), before, 'a refused checkout created an order');
    });
  }
}

test('every problem at once: the errors list names each field, in the body\'s order', async () => {
  const res = await t.rest('POST', '/api/v1/orders/quote', body([launch('2026-12-28'), { product: 'gold-plan', listing_id: draft }], { billing_country: 'FR', vat_number: 'FR1' }), buyer.auth);
  assert.equal(res.body.code, 'order_invalid');
  assert.deepEqual(res.body.errors.map((e: { field: string }) => e.field), ['vat_number', 'items.0.options.week', 'items.1.product']);
  assert.match(res.body.detail, /3 problems/);
});

test('MCP answers the same problem as REST, as a tool error', async () => {
  const input = body([launch('2027-01-20')]);
  const rest = await t.rest('POST', '/api/v1/orders/checkout', input, buyer.auth);
  const client = await t.mcp('legacy', buyer.auth);
  const tool = await callTool(client, 'create_checkout', input);
  assert.equal(tool.isError, true);
  assert.deepEqual(tool.data, rest.body);
});

test('two buyers for the last place of a week: one order holds it, the other is told the week is full', async () => {
  const week = '2027-04-05';
  const a = Number(await submittedListing(t, buyer.userId));
  const b = Number(await submittedListing(t, other.userId));
  const [ra, rb] = await Promise.all([
    t.rest('POST', '/api/v1/orders/checkout', body([launch(week, a)]), buyer.auth),
    t.rest('POST', '/api/v1/orders/checkout', body([launch(week, b)]), other.auth),
  ]);
  assert.deepEqual([ra.status, rb.status].sort(), [201, 400]);
  const refused = [ra, rb].find((r) => r.status === 400)!;
  assert.equal(refused.body.errors[0].field, 'items.0.options.week');
  const held = await sql<{ n: number }>`select count(*)::int as n from order_lines where launch_week = ${week}::date`.execute(t.db);
  assert.equal(held.rows[0].n, 1);
});
