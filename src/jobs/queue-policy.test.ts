import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { startJobs, type JobsDeps } from './queue.ts';
import { manualProvider } from './domain-rating-provider.ts';

// The queues as this version makes them, and an older installation's brought up to it.
const t = await createTestApp();
const deps = (errors: unknown[]): JobsDeps => ({
  db: t.db,
  engine: t.app.database.engine,
  databaseUrl: t.app.config.databaseUrl,
  timezone: 'UTC',
  provider: manualProvider,
  now: () => new Date(),
  onError: (err) => errors.push(err),
  onDemand: Object.fromEntries(['draft-pipeline', 'draft-competitor', 'listing-update-mail', 'badge-check', 'trending-refresh', 'vote-weighing', 'media-sweep', 'follow-mail', 'newsletter-build', 'data-export', 'data-export-sweep', 'account-erasure', 'listing-logo', 'listing-logo-sweep', 'listing-documents', 'webhook-fanout', 'webhook-deliver', 'webhook-sweep'].map((name) => [name, async () => ({})])),
  trendingEveryMinutes: 5,
  heartbeatSeconds: 12,
});
const queues = async () =>
  Object.fromEntries(
    (await sql<{ name: string; policy: string; heartbeat_seconds: number | null; retry_limit: number; retry_delay: number }>`
      select name, policy, heartbeat_seconds, retry_limit, retry_delay from pgboss.queue where name not like '\\_\\_%'`.execute(t.db)).rows.map((q) => [q.name, q]),
  );

test('keyed queues are stately, scheduled ones singleton, the rest standard; all with heartbeats and the retry policy', async () => {
  const jobs = await startJobs(deps([]));
  await jobs.stop(1000);
  const q = await queues();
  assert.deepEqual(
    [q['draft-pipeline'].policy, q['listing-update-mail'].policy, q['follow-mail'].policy, q['newsletter-build'].policy, q['account-erasure'].policy, q['draft-competitor'].policy, q['week-start'].policy, q['order-expiry'].policy],
    ['stately', 'stately', 'stately', 'stately', 'stately', 'standard', 'singleton', 'singleton'],
  );
  for (const queue of Object.values(q)) assert.deepEqual([queue.heartbeat_seconds, queue.retry_limit, queue.retry_delay], [12, 8, 5], queue.name);
});

test('a queue an older version made with another policy is made again when it holds no unfinished job, and kept until then', async () => {
  // As before this version: standard, no heartbeat, the old retries.
  await sql`update pgboss.queue set policy = 'standard', heartbeat_seconds = null, retry_delay = 30 where name in ('draft-pipeline', 'listing-update-mail')`.execute(t.db);
  await sql`insert into pgboss.job (name, data, policy) values ('listing-update-mail', '{"updateId":"1"}', 'standard')`.execute(t.db);
  const errors: unknown[] = [];
  const jobs = await startJobs(deps(errors));
  await jobs.stop(1000);
  const q = await queues();
  assert.equal(q['draft-pipeline'].policy, 'stately', 'empty: made again');
  assert.equal(q['listing-update-mail'].policy, 'standard', 'an unfinished job: kept for now');
  assert.deepEqual([q['listing-update-mail'].heartbeat_seconds, q['listing-update-mail'].retry_delay], [12, 5], 'its settings are brought up to date all the same');
  assert.match(String((errors[0] as Error)?.message), /job queue listing-update-mail keeps its standard policy while it holds unfinished jobs/);
});
