import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../../testing/harness.ts';

// One app (and database) for the file: list_products, list_interview_questions and get_site_info.
// Each test works with its own codes and slugs and compares counts before and after.
const t = await createTestApp();
const { fx } = t;
const legacy = await t.mcp('legacy');
const modern = await t.mcp('modern');

const codes = (body: any) => body.items.map((i: any) => i.code);
const mine = (body: any, prefix: string) => codes(body).filter((c: string) => c.startsWith(prefix));

test('list_products: active products in position order, with the price set in the database, USD ex VAT (REST and MCP)', async () => {
  await fx.product({ code: 'pr-extra-category', kind: 'extra_category', price_cents: 4900, position: 2 });
  await fx.product({ code: 'pr-paid-launch', kind: 'paid_launch', price_cents: 19900, position: 1 });
  await fx.product({ code: 'pr-retired', kind: 'featured', price_cents: 100, position: 0, active: false });
  await fx.product({
    code: 'pr-billboard', kind: 'billboard', price_cents: 0, position: 3, needs_listing: false,
    options: { min_cents: 1000 },
  });
  await sql`update products set name = 'Paid launch', description = 'Launch on a week of your choice.' where code = 'pr-paid-launch'`.execute(t.db);

  const check = (body: any, via: string) => {
    assert.deepEqual(mine(body, 'pr-'), ['pr-paid-launch', 'pr-extra-category', 'pr-billboard'], `${via}: active only, by position`);
    const launch = body.items.find((p: any) => p.code === 'pr-paid-launch');
    assert.equal(launch.name, 'Paid launch');
    assert.equal(launch.description, 'Launch on a week of your choice.');
    assert.equal(launch.kind, 'paid_launch');
    assert.equal(launch.price_cents, 19900);
    assert.equal(launch.currency, 'USD');
    assert.equal(launch.vat_included, false);
    assert.equal(launch.needs_listing, true);
    assert.deepEqual(launch.options, {});
    assert.ok(!Number.isNaN(Date.parse(launch.price_updated_at)), `${via}: price_updated_at is a timestamp`);
    const billboard = body.items.find((p: any) => p.code === 'pr-billboard');
    assert.equal(billboard.needs_listing, false);
    assert.equal(billboard.price_cents, 0);
    assert.deepEqual(billboard.options, { min_cents: 1000 });
    assert.equal(body.items.find((p: any) => p.code === 'pr-extra-category').price_cents, 4900);
    for (const p of body.items) {
      assert.equal(p.currency, 'USD');
      assert.equal(p.vat_included, false);
    }
  };
  const rest = await t.get('/api/v1/products');
  assert.equal(rest.status, 200);
  check(rest.body, 'REST');
  assert.equal(rest.body.total, rest.body.items.length);
  const mcp = await callTool(legacy, 'list_products');
  assert.equal(mcp.isError, false);
  check(mcp.data, 'MCP legacy');
  assert.deepEqual(mcp.data, rest.body);
});

test('list_products: a price changed in the database is served at once, never a hard-coded one (REST and MCP)', async () => {
  await fx.product({ code: 'pc-section-unlock', kind: 'section_unlock', price_cents: 2900, position: 10 });
  const price = async () => (await t.get('/api/v1/products?per_page=100')).body.items.find((p: any) => p.code === 'pc-section-unlock').price_cents;
  assert.equal(await price(), 2900);

  await sql`update products set price_cents = 3450 where code = 'pc-section-unlock'`.execute(t.db);
  assert.equal(await price(), 3450);
  const mcp = await callTool(modern, 'list_products', { per_page: 100 });
  assert.equal(mcp.isError, false);
  assert.equal(mcp.data.items.find((p: any) => p.code === 'pc-section-unlock').price_cents, 3450);

  // Deactivating removes it; reactivating brings it back with its current price.
  await sql`update products set active = false where code = 'pc-section-unlock'`.execute(t.db);
  assert.deepEqual(mine((await t.get('/api/v1/products?per_page=100')).body, 'pc-'), []);
  await sql`update products set active = true, price_cents = 0 where code = 'pc-section-unlock'`.execute(t.db);
  assert.equal(await price(), 0);
});

test('list_products: paginated with total', async () => {
  const before = (await t.get('/api/v1/products?per_page=1')).body.total as number;
  await fx.product({ code: 'pp-one', price_cents: 1, position: 100 });
  await fx.product({ code: 'pp-two', price_cents: 2, position: 101 });
  await fx.product({ code: 'pp-off', price_cents: 3, position: 102, active: false });
  const total = before + 2;
  const last = await t.get(`/api/v1/products?per_page=1&page=${total}`);
  assert.equal(last.status, 200);
  assert.equal(last.body.total, total);
  assert.deepEqual(codes(last.body), ['pp-two']);
  const beyond = await callTool(legacy, 'list_products', { per_page: 1, page: total + 1 });
  assert.equal(beyond.isError, false);
  assert.deepEqual(beyond.data.items, []);
  assert.equal(beyond.data.total, total);
  assert.equal((await t.get('/api/v1/products?per_page=101')).status, 400);
  const unknown = await t.get('/api/v1/products?currency=EUR');
  assert.equal(unknown.status, 400, 'unknown query keys are rejected');
  assert.equal(unknown.body.code, 'validation_failed');
});

test('list_interview_questions: active questions only, in position order, with their ids (REST and MCP in both eras)', async () => {
  const before = (await t.get('/api/v1/interview-questions?per_page=1')).body.total as number;
  const second = await fx.question('What problem do you solve?', 20);
  const first = await fx.question('Why did you start?', 10);
  await fx.question('A retired question', 15, false);
  const third = await fx.question('What is next?', 30);

  const expected = [
    { id: Number(first), question: 'Why did you start?', position: 10 },
    { id: Number(second), question: 'What problem do you solve?', position: 20 },
    { id: Number(third), question: 'What is next?', position: 30 },
  ];
  const rest = await t.get('/api/v1/interview-questions?per_page=100');
  assert.equal(rest.status, 200);
  assert.deepEqual(rest.body.items.slice(-3), expected);
  assert.equal(rest.body.total, before + 3);
  assert.ok(rest.body.items.every((q: any) => q.question !== 'A retired question'));
  for (const q of rest.body.items) assert.ok(Number.isInteger(q.id) && q.id >= 1);

  for (const [era, client] of [['legacy', legacy], ['modern', modern]] as const) {
    const mcp = await callTool(client, 'list_interview_questions', { per_page: 100 });
    assert.equal(mcp.isError, false, era);
    assert.deepEqual(mcp.data, rest.body, `MCP ${era} answers as REST`);
  }

  const paged = await t.get(`/api/v1/interview-questions?per_page=2&page=${Math.ceil((before + 3) / 2)}`);
  assert.equal(paged.body.items.at(-1)?.id, Number(third));

  // Retiring a question removes it.
  await sql`update interview_questions set active = false where id = ${second}`.execute(t.db);
  const after = await t.get('/api/v1/interview-questions?per_page=100');
  assert.deepEqual(after.body.items.slice(-2).map((q: any) => q.id), [Number(first), Number(third)]);
  assert.equal(after.body.total, before + 2);
});

test('get_site_info: name, purpose, URLs built from PUBLIC_URL and live counts that follow the data (REST and MCP in both eras)', async () => {
  const before = (await t.get('/api/v1/site')).body;

  await fx.category({ slug: 'si-cat' });
  await fx.category({ slug: 'si-sub', parent: 'si-cat' });
  await fx.listing({ slug: 'si-live-1', category: 'si-cat' });
  await fx.listing({ slug: 'si-live-2', category: 'si-sub' });
  await fx.listing({ slug: 'si-scheduled', status: 'scheduled', launch_week: '2027-04-05' });
  await fx.listing({ slug: 'si-draft', status: 'draft' });
  await fx.listing({ slug: 'si-archived', status: 'archived' });

  const res = await t.get('/api/v1/site');
  assert.equal(res.status, 200);
  const site = res.body;
  assert.equal(site.name, 'Launchyard');
  assert.equal(site.purpose, 'A directory of products and a weekly launch calendar.');
  assert.equal(site.timezone, 'UTC');
  assert.deepEqual(site.urls, {
    site: 'http://localhost:3000',
    api: 'http://localhost:3000/api/v1',
    docs: 'http://localhost:3000/docs',
    openapi: 'http://localhost:3000/api/v1/openapi.json',
    mcp: 'http://localhost:3000/mcp',
    problems: 'http://localhost:3000/docs/problems',
  });
  assert.deepEqual(site.counts, {
    live_listings: before.counts.live_listings + 2,
    categories: before.counts.categories + 2,
    upcoming_listings: before.counts.upcoming_listings + 1,
  });
  assert.deepEqual(site.free_launch_queue_weeks, { min: 6, max: 8 });
  assert.ok(site.mcp_protocol_versions.includes('2026-07-28'));
  assert.ok(site.mcp_protocol_versions.includes('2025-03-26'));

  for (const [era, client] of [['legacy', legacy], ['modern', modern]] as const) {
    const mcp = await callTool(client, 'get_site_info');
    assert.equal(mcp.isError, false, era);
    assert.deepEqual(mcp.data, site, `MCP ${era} answers as REST`);
  }

  // Counts follow the data: a listing going live, a site setting changing.
  await sql`update listings set status = 'live', published_at = now() where slug = 'si-scheduled'`.execute(t.db);
  await sql`update site_settings set name = 'Launchyard Test', free_queue_min_weeks = 5 where id = 1`.execute(t.db);
  const later = await callTool(modern, 'get_site_info', {});
  assert.equal(later.data.counts.live_listings, site.counts.live_listings + 1);
  assert.equal(later.data.counts.upcoming_listings, site.counts.upcoming_listings - 1);
  assert.equal(later.data.name, 'Launchyard Test');
  assert.deepEqual(later.data.free_launch_queue_weeks, { min: 5, max: 8 });
  await sql`update site_settings set name = 'Launchyard', free_queue_min_weeks = 6 where id = 1`.execute(t.db);
});

test('get_site_info: an unknown argument is rejected the same way over MCP and REST', async () => {
  const mcp = await callTool(legacy, 'get_site_info', { verbose: true });
  assert.equal(mcp.isError, true);
  assert.equal(mcp.data.code, 'validation_failed');
  assert.deepEqual(mcp.data.errors, [{ field: 'verbose', message: 'unknown key' }]);

  // The operation's input is a strict empty object: REST must not silently accept what MCP rejects
  // (list operations such as list_products already answer 400 to an unknown query key).
  const rest = await t.get('/api/v1/site?verbose=true');
  assert.equal(rest.status, 400, 'REST ignores an unknown query key that MCP rejects');
  assert.equal(rest.body.code, 'validation_failed');
});

test('get_site_info: the URLs it gives are served: OpenAPI 3.1 document, docs, problems', async () => {
  const { urls } = (await t.get('/api/v1/site')).body;
  const path = (u: string) => new URL(u).pathname;

  const openapi = await t.get(path(urls.openapi));
  assert.equal(openapi.status, 200);
  assert.match(openapi.type, /application\/json/);
  assert.match(openapi.body.openapi, /^3\.1\./);
  assert.equal(openapi.body.info.version, '1.0.0');
  assert.deepEqual(openapi.body.servers, [{ url: urls.api }]);
  for (const [p, id] of [['/site', 'get_site_info'], ['/products', 'list_products'], ['/interview-questions', 'list_interview_questions']]) {
    assert.equal(openapi.body.paths[p]?.get?.operationId, id, p);
  }

  const docs = await t.get(path(urls.docs));
  assert.equal(docs.status, 200);
  assert.match(docs.type, /text\/html/);
  const problems = await t.get(path(urls.problems));
  assert.equal(problems.status, 200);
});

test('GET /healthz and GET /readyz answer 200', async () => {
  const health = await t.get('/healthz');
  assert.equal(health.status, 200);
  assert.deepEqual(health.body, { status: 'ok' });
  const ready = await t.get('/readyz');
  assert.equal(ready.status, 200);
  assert.deepEqual(ready.body, { status: 'ready', database: 'up', redis: 'not_configured' });
});
