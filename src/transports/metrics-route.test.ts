import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';

// GET /metrics: the Prometheus text of the node, for loopback scrapers or with METRICS_TOKEN.
const open = await createTestApp();
const guarded = await createTestApp({ env: { METRICS_TOKEN: 'a-long-metrics-token-0123456789' } });

const scrape = (t: typeof open, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.http.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

const cases: Array<{ name: string; t: typeof open; headers?: Record<string, string>; from?: string; status: number }> = [
  { name: 'loopback without a token configured', t: open, status: 200 },
  { name: 'IPv6 loopback', t: open, from: '::1', status: 200 },
  { name: 'another address without a token configured', t: open, from: '203.0.113.9', status: 403 },
  { name: 'any address with the right token', t: guarded, from: '203.0.113.9', headers: { authorization: 'Bearer a-long-metrics-token-0123456789' }, status: 200 },
  { name: 'a wrong token', t: guarded, headers: { authorization: 'Bearer a-long-metrics-token-0123456780' }, status: 403 },
  { name: 'loopback without the token once one is configured', t: guarded, status: 403 },
  { name: 'an API key is no metrics token', t: guarded, headers: { authorization: 'Bearer lyk_not_a_metrics_token' }, status: 403 },
];

for (const c of cases) {
  test(`/metrics: ${c.name} → ${c.status}`, async () => {
    const res = await scrape(c.t, c.headers, c.from);
    assert.equal(res.statusCode, c.status, res.body);
    if (c.status === 200) {
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      for (const name of ['launchyard_event_loop_delay_seconds{quantile="0.99"}', 'launchyard_event_loop_delay_max_seconds', 'launchyard_worker_pool_queued_tasks', 'launchyard_worker_pool_over_budget_tasks_total', 'process_resident_memory_bytes']) {
        assert.match(res.body, new RegExp(`^${name.replace(/[{}".]/g, '\\$&')} \\d`, 'm'), name);
      }
    } else {
      assert.equal(res.json().code, 'metrics_restricted');
    }
  });
}

test('/metrics tells whether searches are answered by the in-memory index, and what it holds', async () => {
  const t = guarded;
  await t.fx.listing({ name: 'Metered', tagline: 'Counted in the search index' });
  assert.ok(await t.app.services.listings.searchEngine!.caughtUp());
  const body = (await scrape(t, { authorization: 'Bearer a-long-metrics-token-0123456789' })).body;
  assert.match(body, /^launchyard_search_index_ready 1$/m);
  const listings = Number(/^launchyard_search_index_listings (\d+)$/m.exec(body)?.[1]);
  assert.ok(listings >= 1, body);
  assert.ok(Number(/^launchyard_search_index_bytes (\d+)$/m.exec(body)?.[1]) > 0);
  assert.match(body, /^launchyard_search_index_builds_total [1-9]/m);
});

test('/metrics is rate limited like any other route (a scraper needs a few requests a minute)', async () => {
  const limited = await createTestApp({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '2' } });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await scrape(limited)).statusCode);
  assert.deepEqual(statuses, [200, 200, 429]);
});

test('/metrics shows the embedded database\'s WebAssembly memory on PGlite, and nothing for it on PostgreSQL', async () => {
  const body = (await scrape(open)).body;
  const bytes = Number(/^launchyard_embedded_database_memory_bytes (\d+)$/m.exec(body)?.[1]);
  if (open.app.database.engine === 'pglite') assert.ok(bytes >= 64 * 1024 * 1024, body); // PGlite starts at 128 MiB
  else assert.ok(Number.isNaN(bytes), body);
  assert.match(body, /^nodejs_external_memory_bytes \d+$/m);
});
