import { PgBoss, fromKysely } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import type { Engine } from '../store/database.ts';
import { recordRun } from './runs.ts';
import { runWeekStart } from './week-start.ts';
import { refreshDomainRatings } from './domain-rating-refresh.ts';
import { idempotencyStore } from '../store/idempotency-store.ts';
import { BADGE_CHECK_JOB, BADGE_SWEEP_CRON, BADGE_SWEEP_JOB, sweepBadgeChecks } from './badge-check.ts';
import { sweepDrafts } from './draft-pipeline.ts';
import { draftStores } from '../store/drafts-store.ts';
import type { DomainRatingProvider } from './domain-rating-provider.ts';
import type { JobDispatcher, JobHandler } from './dispatch.ts';
import { DRAFT_COMPETITOR_JOB, DRAFT_PIPELINE_JOB } from '../domain/drafts/drafts.ts';
import { TRENDING_REFRESH_JOB } from '../domain/listings/directory.ts';
import { VOTE_WEIGHING_JOB } from './vote-weighing.ts';
import { MEDIA_SWEEP_JOB } from './media-sweep.ts';
import { ORDER_EXPIRY_JOB, runOrderExpiry } from './order-expiry.ts';
import { EMBEDDED_MAINTENANCE_CRON, EMBEDDED_MAINTENANCE_JOB, runEmbeddedMaintenance } from './embedded-maintenance.ts';
import { LISTING_UPDATE_MAIL_JOB } from './listing-update-mail.ts';
import { COMMENT_MAIL_JOB } from '../domain/community/discussions.ts';
import { FOLLOW_MAIL_JOB } from './follow-mail.ts';
import { NEWSLETTER_BUILD_CRON, NEWSLETTER_BUILD_JOB } from './newsletter-build.ts';
import { jobQueueStore } from '../store/job-queue-store.ts';
import { NEWSLETTER_SEND_JOB } from '../domain/newsletter/sending.ts';
import { DATA_EXPORT_JOB, DATA_EXPORT_SWEEP_CRON, DATA_EXPORT_SWEEP_JOB } from '../domain/privacy/data-exports.ts';
import { BACKUP_JOB } from './backup.ts';
import { ACCOUNT_ERASURE_CRON, ACCOUNT_ERASURE_JOB } from './account-erasure.ts';
import { LISTING_LOGO_JOB } from './listing-logo.ts';
import { LISTING_LOGO_SWEEP_CRON, LISTING_LOGO_SWEEP_JOB } from './listing-logo-sweep.ts';
import { LISTING_DOCUMENTS_CRON, LISTING_DOCUMENTS_JOB } from './listing-documents.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_FANOUT_JOB } from '../domain/webhooks/webhooks.ts';
import { WEBHOOK_SWEEP_CRON, WEBHOOK_SWEEP_JOB } from './webhook-sweep.ts';

export interface JobsDeps {
  db: Kysely<DB>;
  engine: Engine;
  databaseUrl?: string;
  timezone: string;
  provider: DomainRatingProvider;
  now: () => Date;
  onError: (err: unknown) => void;
  /** Jobs sent through services.jobs (jobs/handlers.ts), worked here beside the scheduled ones. */
  onDemand: Record<string, JobHandler>;
  /** Only send jobs (JOBS=off on a web node): no workers, no schedules; other nodes work the queue. */
  sendOnly?: boolean;
  /** Minutes between trending score refreshes (TRENDING_REFRESH_MINUTES). */
  trendingEveryMinutes: number;
  /** JOB_HEARTBEAT_SECONDS: how long a running job's node may stay silent before the job is retried. */
  heartbeatSeconds?: number;
  /** Scheduled backups (BACKUP_DIR, embedded mode): when (cron, UTC) and the run; without it any earlier schedule is removed. */
  backup?: { cron: string; run: () => Promise<unknown> };
}

/**
 * How on-demand jobs are worked on each node. A founder waits for a draft, so drafts are picked
 * up within a second and several run at once (their crawls overlap; their CPU work queues in the
 * worker pool). Everything else polls at pg-boss's default pace, one at a time. Every on-demand
 * worker takes the next job at once while its queue has a backlog (pg-boss counts it on each
 * supervisor pass): polling alone works one job per interval, so a backlog left by a restart, a
 * badge sweep or a busy day of updates drained at one job every 2 seconds per node.
 */
const BACKLOG_WORK = { burstWhenReadyExceeds: 1 };
const ON_DEMAND_WORK: Record<string, { localConcurrency: number; pollingIntervalSeconds: number }> = {
  [DRAFT_PIPELINE_JOB]: { localConcurrency: 4, pollingIntervalSeconds: 1 },
  [DRAFT_COMPETITOR_JOB]: { localConcurrency: 2, pollingIntervalSeconds: 1 },
  // A receiver waits for its event: picked up within a second; endpoints are delivered to side by side (one job per endpoint at a time: stately).
  [WEBHOOK_FANOUT_JOB]: { localConcurrency: 1, pollingIntervalSeconds: 1 },
  [WEBHOOK_DELIVER_JOB]: { localConcurrency: 4, pollingIntervalSeconds: 1 },
};

type QueuePolicy = 'standard' | 'singleton' | 'stately';

/**
 * On-demand queues whose every send names a key (a draft, a listing, an update): at most one
 * queued and one running job per key (pg-boss 'stately'; on a 'standard' queue a singletonKey
 * does nothing). A duplicate sent meanwhile, by this node or another (the drafts' sweeper, a
 * second vote, a second "check now"), is dropped, and one key's work never runs twice at once.
 * Scheduled queues are 'singleton': one run at a time, the next waiting its turn.
 */
const KEYED_QUEUES: ReadonlySet<string> = new Set([DRAFT_PIPELINE_JOB, BADGE_CHECK_JOB, TRENDING_REFRESH_JOB, LISTING_UPDATE_MAIL_JOB, COMMENT_MAIL_JOB, VOTE_WEIGHING_JOB, FOLLOW_MAIL_JOB, NEWSLETTER_BUILD_JOB, NEWSLETTER_SEND_JOB, ACCOUNT_ERASURE_JOB, DATA_EXPORT_JOB, DATA_EXPORT_SWEEP_JOB, LISTING_LOGO_JOB, LISTING_LOGO_SWEEP_JOB, LISTING_DOCUMENTS_JOB, WEBHOOK_FANOUT_JOB, WEBHOOK_DELIVER_JOB, WEBHOOK_SWEEP_JOB]);
const policyOf = (name: string): QueuePolicy => (KEYED_QUEUES.has(name) ? 'stately' : 'standard');

/**
 * Retries back off exponentially from 5 s up to 5 minutes, 8 times (10 to 20 minutes in all); a
 * run that hangs is expired after 10 minutes. A run whose node stops sending heartbeats (killed,
 * frozen, cut off) is failed once JOB_HEARTBEAT_SECONDS pass and retried like any failure: by
 * another node when its own is gone, by its own on restart with a single node.
 */
const RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 600 };

/**
 * Background jobs on pg-boss, in the same database (PGlite or PostgreSQL). Cron schedules are
 * coordinated through the database, so with several app nodes each fires once; the jobs are
 * idempotent besides, so a retry or a duplicate changes nothing.
 */
export async function startJobs(deps: JobsDeps) {
  const heartbeatSeconds = deps.heartbeatSeconds ?? 30;
  // The supervisor, which fails silent runs, looks as often as a heartbeat is due: a dead node's
  // job is retried within about two heartbeats plus the first retry delay. The queue counts a
  // worker reads to notice a backlog (BACKLOG_WORK) are refreshed as often.
  // A node that only sends (JOBS=off) leaves supervision and cron to the nodes that work the
  // queues: its monitor would rewrite the queues' counts every heartbeat for nothing.
  const supervision = {
    superviseIntervalSeconds: heartbeatSeconds,
    monitorIntervalSeconds: heartbeatSeconds,
    queueCacheIntervalSeconds: heartbeatSeconds,
    ...(deps.sendOnly ? { supervise: false, schedule: false } : {}),
  };
  const boss =
    deps.engine === 'pglite'
      ? new PgBoss({ db: fromKysely(deps.db), backend: 'pglite', ...supervision })
      : new PgBoss({ connectionString: deps.databaseUrl!, max: 3, ...supervision });
  boss.on('error', deps.onError);
  await boss.start();
  try {
    return await wireJobs(boss, deps, heartbeatSeconds);
  } catch (err) {
    // Its timers would keep a failed start-up's process alive.
    await boss.stop({ graceful: false }).catch(() => {});
    throw err;
  }
}
export type Jobs = Awaited<ReturnType<typeof startJobs>>;

/** Queues, workers and schedules on a started pg-boss. */
async function wireJobs(boss: PgBoss, deps: JobsDeps, heartbeatSeconds: number) {
  const queueOptions = { ...RETRY, heartbeatSeconds };
  /**
   * Creates the queue, or brings an existing one's retry and heartbeat settings up to this
   * version's. pg-boss cannot change a queue's policy: a queue made with another one (by an older
   * version) is made again, by a node that works the queues (and so schedules them again), once it
   * holds no unfinished job; until then it is left as it is.
   */
  const ensureQueue = async (name: string, policy: QueuePolicy) => {
    const existing = await boss.getQueue(name);
    if (existing && existing.policy !== policy && !deps.sendOnly) {
      if ((await jobQueueStore(deps.db).unfinished(name)) === 0) await boss.deleteQueue(name);
      else deps.onError(new Error(`job queue ${name} keeps its ${existing.policy} policy while it holds unfinished jobs; restart a node once they are done to make it ${policy}`));
    }
    await boss.createQueue(name, { ...queueOptions, policy });
    await boss.updateQueue(name, queueOptions);
  };
  const dispatcher: JobDispatcher = {
    async send(name, data, opts) {
      await boss.send(name, data, { singletonKey: opts?.singletonKey, startAfter: opts?.startAfterSeconds });
    },
  };
  if (deps.sendOnly) {
    for (const name of Object.keys(deps.onDemand)) await ensureQueue(name, policyOf(name));
    return { boss, dispatcher, stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }) };
  }

  const scheduled: Record<string, () => Promise<unknown>> = {
    // Then the follow mails it owes, as jobs (jobs/follow-mail.ts).
    'week-start': () => runWeekStart(deps.db, deps.now(), dispatcher),
    'domain-rating-refresh': () => refreshDomainRatings(deps.db, deps.provider, deps.now()),
    'idempotency-purge': async () => ({ purged: await idempotencyStore(deps.db).purgeExpired(deps.now()) }),
    // Fan-out: one badge-check job per free listing awaiting its badge (worked by the on-demand handler).
    [BADGE_SWEEP_JOB]: () => sweepBadgeChecks(deps.db, dispatcher, deps.now()),
    // Drafts whose pipeline job was lost (a crash between commit and send, a dead worker) are
    // re-sent a few times, then failed with a reason: no draft stays in crawling forever.
    'draft-sweep': () => sweepDrafts({ stores: draftStores(deps.db), jobs: dispatcher, now: deps.now }),
    // Unpaid orders past ORDER_EXPIRY_HOURS become expired (their launch week room is already free).
    [ORDER_EXPIRY_JOB]: () => runOrderExpiry(deps.db, deps.now()),
    ...(deps.backup ? { [BACKUP_JOB]: deps.backup.run } : {}),
    // PGlite has no autovacuum worker: the tables past its thresholds, within a budget (jobs/embedded-maintenance.ts).
    ...(deps.engine === 'pglite' ? { [EMBEDDED_MAINTENANCE_JOB]: () => runEmbeddedMaintenance(deps.db) } : {}),
  };
  for (const [name, run] of Object.entries(scheduled)) {
    await ensureQueue(name, 'singleton');
    await boss.work(name, async ([job]) =>
      recordRun(deps.db, name, { jobId: job.id, attempt: job.retryCount + 1 }, run),
    );
  }
  for (const [name, run] of Object.entries(deps.onDemand)) {
    await ensureQueue(name, policyOf(name));
    await boss.work(name, { ...BACKLOG_WORK, ...ON_DEMAND_WORK[name] }, async ([job]) =>
      recordRun(deps.db, name, { jobId: job.id, attempt: job.retryCount + 1 }, () => run((job.data ?? {}) as Record<string, unknown>, job.signal)),
    );
  }
  // Hourly rather than only Monday 00:00: a node that was down at the week boundary catches up.
  await boss.schedule('week-start', '0 * * * *', null, { tz: deps.timezone });
  await boss.schedule('domain-rating-refresh', '30 3 * * *', null, { tz: deps.timezone });
  await boss.schedule('idempotency-purge', '15 * * * *', null, { tz: deps.timezone });
  await boss.schedule(BADGE_SWEEP_JOB, BADGE_SWEEP_CRON, null, { tz: deps.timezone });
  await boss.schedule('draft-sweep', '*/2 * * * *', null, { tz: deps.timezone });
  await boss.schedule(ORDER_EXPIRY_JOB, '*/10 * * * *', null, { tz: deps.timezone });
  // An on-demand queue with a schedule too: votes send it as well (domain/community).
  await boss.schedule(TRENDING_REFRESH_JOB, `*/${deps.trendingEveryMinutes} * * * *`, null, { tz: deps.timezone });
  // Another: every 10 minutes, so a closed week's awards (waiting for a look after its close) follow within 10 minutes.
  await boss.schedule(VOTE_WEIGHING_JOB, '*/10 * * * *', null, { tz: deps.timezone });
  // Pictures nothing uses (jobs/media-sweep.ts): an on-demand handler, since it needs the media storage.
  await boss.schedule(MEDIA_SWEEP_JOB, '45 4 * * *', null, { tz: deps.timezone });
  // The weekly digest (jobs/newsletter-build.ts): an on-demand handler (it needs the services), once across nodes (stately).
  await boss.schedule(NEWSLETTER_BUILD_JOB, NEWSLETTER_BUILD_CRON, null, { tz: deps.timezone });
  // Accounts whose deletion is due (jobs/account-erasure.ts): an on-demand handler (it needs the services), once across nodes (stately).
  await boss.schedule(ACCOUNT_ERASURE_JOB, ACCOUNT_ERASURE_CRON, null, { tz: deps.timezone });
  // BACKUP_TIME is UTC whatever the site's timezone; a schedule left by an earlier start with BACKUP_DIR goes when it is unset.
  if (deps.backup) await boss.schedule(BACKUP_JOB, deps.backup.cron, null, { tz: 'UTC' });
  else await boss.unschedule(BACKUP_JOB);
  // Data exports past their link's end and lost export jobs (domain/privacy/data-exports.ts): an on-demand handler (it needs the media storage).
  await boss.schedule(DATA_EXPORT_SWEEP_JOB, DATA_EXPORT_SWEEP_CRON, null, { tz: deps.timezone });
  // Listings whose logo is on another site (jobs/listing-logo-sweep.ts): an on-demand handler (it sends its next batch), one pass at a time (stately).
  await boss.schedule(LISTING_LOGO_SWEEP_JOB, LISTING_LOGO_SWEEP_CRON, null, { tz: deps.timezone });
  // Public profiles' documents that changes emptied (jobs/listing-documents.ts; the change feed sends it too): one pass at a time (stately).
  await boss.schedule(LISTING_DOCUMENTS_JOB, LISTING_DOCUMENTS_CRON, null, { tz: deps.timezone });
  // Webhooks' safety net (jobs/webhook-sweep.ts): lost fan-outs and due deliveries, the log's retention; one run at a time (stately).
  await boss.schedule(WEBHOOK_SWEEP_JOB, WEBHOOK_SWEEP_CRON, null, { tz: deps.timezone });
  if (deps.engine === 'pglite') await boss.schedule(EMBEDDED_MAINTENANCE_JOB, EMBEDDED_MAINTENANCE_CRON, null, { tz: 'UTC' });
  await boss.send('week-start', null, { singletonKey: 'start-up' });
  await boss.send(TRENDING_REFRESH_JOB, null, { singletonKey: 'start-up' });

  return {
    boss,
    dispatcher,
    /** Waits up to timeoutMs for running jobs; those still running are failed (retried later) and their signals aborted. */
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
