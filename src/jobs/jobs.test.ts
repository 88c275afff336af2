import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { refreshDomainRatings } from './domain-rating-refresh.ts';
import { httpProvider, manualProvider } from './domain-rating-provider.ts';
import { recentRuns, recordRun } from './runs.ts';
import { EMBEDDED_MAINTENANCE_JOB } from './embedded-maintenance.ts';
import { createSafeFetch } from '../outbound/safe-fetch.ts';

const NOW = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({ now: () => NOW });

/** A loopback stand-in for a Domain Rating API: answers by domain. */
async function fakeProvider(answers: Record<string, { status: number; body?: unknown }>) {
  const seen: { url: string; auth?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url!, auth: req.headers.authorization });
    const domain = new URL(req.url!, 'http://x').searchParams.get('target')!;
    const a = answers[domain] ?? { status: 404 };
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/dr?target={domain}`;
  return { url, seen, close: () => new Promise((r) => server.close(r)) };
}

test('Domain Rating refresh: values recorded with history; failures and unknowns keep the last good value', async () => {
  const ok = await t.fx.listing({ slug: 'dr-ok', domain: 'ok.example' });
  const down = await t.fx.listing({ slug: 'dr-down', domain: 'down.example' });
  await t.fx.listing({ slug: 'dr-unknown', domain: 'unknown.example' });
  await t.fx.listing({ slug: 'dr-silly', domain: 'silly.example' });
  const fresh = await t.fx.listing({ slug: 'dr-fresh', domain: 'fresh.example' });
  await t.fx.domainRating(ok, 30, '2026-11-01T00:00:00Z');
  await t.fx.domainRating(down, 44, '2026-11-01T00:00:00Z');
  await t.fx.domainRating(fresh, 70, '2027-01-05T00:00:00Z'); // measured yesterday: not due
  const api = await fakeProvider({
    'ok.example': { status: 200, body: { data: { dr: 41.6 } } },
    'down.example': { status: 503 },
    'silly.example': { status: 200, body: { data: { dr: 150 } } },
    'fresh.example': { status: 200, body: { data: { dr: 1 } } },
  });
  try {
    const safe = createSafeFetch({ allowHosts: ['127.0.0.1'], timeoutMs: 5000, maxBodyBytes: 64 * 1024 });
    after(() => safe.close());
    const provider = httpProvider({ url: api.url, apiKey: 'secret', field: 'data.dr', name: 'fake-dr', fetch: safe });
    const result = await refreshDomainRatings(t.db, provider, NOW);
    assert.deepEqual({ ...result, checked: undefined }, { provider: 'fake-dr', checked: undefined, updated: 1, failed: 2 });
    assert.ok(api.seen.every((s) => s.auth === 'Bearer secret'));
    assert.ok(!api.seen.some((s) => s.url.includes('fresh.example')), 'fresh ratings are not asked again');
  } finally {
    await api.close();
  }
  const rows = await t.db.selectFrom('listings').select(['slug', 'dr_value', 'dr_previous', 'dr_source']).where('slug', 'like', 'dr-%').orderBy('slug').execute();
  assert.deepEqual(rows, [
    { slug: 'dr-down', dr_value: 44, dr_previous: null, dr_source: 'manual' },
    { slug: 'dr-fresh', dr_value: 70, dr_previous: null, dr_source: 'manual' },
    { slug: 'dr-ok', dr_value: 42, dr_previous: 30, dr_source: 'fake-dr' },
    { slug: 'dr-silly', dr_value: null, dr_previous: null, dr_source: null },
    { slug: 'dr-unknown', dr_value: null, dr_previous: null, dr_source: null },
  ]);
  const profile = (await t.get('/api/v1/listings/dr-ok')).body;
  assert.deepEqual([profile.domain_rating.value, profile.domain_rating.trend, profile.domain_rating.change], [42, 'up', 12]);
});

test('the offline default provider never calls out and changes nothing', async () => {
  const before = await sql<{ n: number }>`select count(*)::int as n from domain_rating_snapshots`.execute(t.db);
  const result = await refreshDomainRatings(t.db, manualProvider, NOW);
  assert.equal(result.updated, 0);
  assert.equal(result.skipped, 'manual provider');
  const after = await sql<{ n: number }>`select count(*)::int as n from domain_rating_snapshots`.execute(t.db);
  assert.equal(after.rows[0].n, before.rows[0].n);
});

test('job runs are recorded with their outcome, failures included', async () => {
  await recordRun(t.db, 'test-ok', { jobId: 'j1' }, async () => ({ done: 3 }));
  await assert.rejects(() => recordRun(t.db, 'test-fail', { jobId: 'j2', attempt: 2 }, async () => {
    throw new Error('provider unreachable');
  }), /provider unreachable/);
  const runs = await recentRuns(t.db, 10);
  const byJob = Object.fromEntries(runs.map((r) => [r.job, r]));
  assert.equal(byJob['test-ok'].status, 'succeeded');
  assert.equal(byJob['test-ok'].detail, '{"done":3}');
  assert.equal(byJob['test-fail'].status, 'failed');
  assert.equal(byJob['test-fail'].attempt, 2);
  assert.equal(byJob['test-fail'].detail, 'provider unreachable');
  assert.ok(byJob['test-fail'].finished_at);
});

test('with jobs on, pg-boss runs the week-start job at start-up: scheduled launches of this week go live', async () => {
  const app = await createTestApp({ now: () => NOW, env: { JOBS: 'on' } });
  await app.fx.listing({ slug: 'due-now', status: 'scheduled', launch_week: '2027-01-04' });
  await app.app.jobs!.boss.send('week-start', null);
  // The listing goes live at the run's commit; the run is recorded as succeeded once it returns
  // (after it has sent the follow mails' job): both are waited for.
  const deadline = Date.now() + 20_000;
  let status = '';
  let succeeded = false;
  while (Date.now() < deadline) {
    status = (await app.db.selectFrom('listings').select('status').where('slug', '=', 'due-now').executeTakeFirstOrThrow()).status;
    succeeded = (await recentRuns(app.db, 10, 'week-start')).some((r) => r.status === 'succeeded');
    if (status === 'live' && succeeded) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(status, 'live');
  assert.ok(succeeded, 'a succeeded week-start run is recorded');
});

test('the embedded database vacuums itself: the maintenance job is scheduled on PGlite only, and a run sent to it succeeds', async () => {
  const app = await createTestApp({ now: () => NOW, env: { JOBS: 'on' } });
  try {
    const boss = app.app.jobs!.boss;
    const scheduled = (await boss.getSchedules()).map((s) => s.name);
    if (app.app.database.engine === 'postgres') {
      // PostgreSQL servers run their own autovacuum.
      assert.ok(!scheduled.includes(EMBEDDED_MAINTENANCE_JOB), scheduled.join(', '));
      return;
    }
    assert.ok(scheduled.includes(EMBEDDED_MAINTENANCE_JOB), scheduled.join(', '));
    await boss.send(EMBEDDED_MAINTENANCE_JOB, null);
    const deadline = Date.now() + 20_000;
    let run: Awaited<ReturnType<typeof recentRuns>>[number] | undefined;
    while (Date.now() < deadline && run?.status !== 'succeeded') {
      run = (await recentRuns(app.db, 5, EMBEDDED_MAINTENANCE_JOB))[0];
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(run?.status, 'succeeded', JSON.stringify(run));
    assert.match(run!.detail ?? '', /"due":\d+,"done":\[/);
  } finally {
    await app.close();
  }
});
