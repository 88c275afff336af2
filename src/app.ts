import { PROFILE_CACHE_BYTES } from './domain/listings/directory.ts';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { RedisLink } from './store/redis.ts';
import { readinessProbe } from './transports/readiness.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { createServices, type Services } from './services.ts';
import { listingChanges, type ListingChanges } from './store/listing-changes.ts';
import { kickListingDocuments } from './jobs/listing-documents-feed.ts';
import { operations } from './operations/index.ts';
import type { AnyOperation } from './operations/define.ts';
import { buildHttpServer } from './transports/http.ts';
import type { FastifyInstance } from 'fastify';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { httpProvider, manualProvider } from './jobs/domain-rating-provider.ts';
import { onDemandHandlers } from './jobs/handlers.ts';
import { inlineDispatcher } from './jobs/dispatch.ts';
import { listenForWebhookEvents } from './jobs/webhook-fanout.ts';
import { createWorkPool } from './workers/pool.ts';
import { configuredMediaStorage } from './media/storage/configured-storage.ts';
import { outboundFetches } from './outbound/fetches.ts';
import { signInProvidersFor } from './sign-in-providers/choose.ts';
import { paymentProviderFor } from './payments/choose.ts';
import { privacyNoticeOf } from './domain/privacy/privacy-notice.ts';
import { proofReaders } from './proof-readers.ts';
import { watchEventLoop } from './observability/event-loop.ts';
import { renderMetrics } from './observability/metrics.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedBackups } from './store/backup/embedded-backups.ts';
import { serveControlSocket } from './store/backup/control-socket.ts';
import { backupCron, runScheduledBackup } from './jobs/backup.ts';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

export interface App {
  config: Config;
  database: Database;
  services: Services;
  http: FastifyInstance;
  jobs?: Jobs;
  /** Tests only (inlineJobs): resolves when every job sent so far has finished. */
  jobsIdle?: () => Promise<void>;
  /**
   * Stops the node: no new requests, running ones finish, jobs stop (one still running at the
   * deadline is failed and retried later, by pg-boss), workers stop, connections close. Within
   * config.shutdownTimeoutMs unless `deadlineMs` says otherwise.
   */
  close(opts?: { deadlineMs?: number }): Promise<void>;
}

/** Opens the database, applies migrations and builds every transport. Nothing listens yet. */
export async function createApp(
  config: Config,
  opts: { now?: () => Date; viewFlushMs?: number; profileCacheMs?: number; mcpFastPath?: boolean; /** Test-only operations served beside the real ones. */ extraOperations?: AnyOperation[]; /** Tests only: run sent jobs in this process instead of pg-boss. */ inlineJobs?: boolean; /** Tests only: PGlite starts from this dump of a migrated database (testing/database.ts). */ loadDataDir?: Blob } = {},
): Promise<App> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, loadDataDir: opts.loadDataDir });
  let redis: RedisLink | undefined;
  let changes: ListingChanges | undefined;
  const pool = createWorkPool({ size: config.workers.threads });
  const outbound = outboundFetches(config);
  const media = configuredMediaStorage(config);
  const proofs = proofReaders({ ...config.crawler, dnsServers: config.claims.dnsServers, pageBudgetMs: config.workers.pageBudgetMs }, pool);
  let log: FastifyInstance['log'] | undefined; // the HTTP server's, once it exists
  const loop = watchEventLoop({
    windowMs: config.metrics.windowMs,
    warn: (delay, message) => log?.warn({ event_loop_delay_ms: delay.maxMs, p99_ms: delay.p99Ms }, message),
  });
  try {
    await migrate(database.db);
    // ioredis is loaded only by a node that has a Redis to talk to.
    if (config.redisUrl) {
      const { connectRedis } = await import('./store/redis.ts');
      redis = connectRedis(config.redisUrl, (level, entry, message) => log?.[level](entry, message));
    }
    changes = listingChanges(database.listen);
    const services = createServices({
      db: database.db,
      publicUrl: config.publicUrl,
      now: opts.now,
      viewFlushMs: opts.viewFlushMs,
      profileCacheMs: opts.profileCacheMs,
      profileCacheBytes: PROFILE_CACHE_BYTES[database.engine],
      cimdFetch: outbound.cimd,
      mail: config.mail,
      llm: config.llm && outbound.model ? { ...config.llm, fetch: outbound.model } : undefined,
      log: (level, entry, message) => log?.[level](entry, message),
      pool,
      budgets: config.workers,
      redis,
      changes,
      secretsKey: config.secretsKey,
      failedCredentialsLimit: config.rateLimit.failedCredentials,
      oauthUnusedClientMs: config.oauthUnusedClientDays * 86_400_000,
      orders: { payments: await paymentProviderFor(config.orders.stripe), sellerCountry: config.orders.sellerCountry, expiryMs: config.orders.expiryMs },
      claimProofs: proofs.readers,
      claimPendingMs: config.claims.pendingMs,
      signInProviders: signInProvidersFor(config.signInProviders, outbound.signIn, `Launchyard (+${config.publicUrl})`),
      votes: config.votes,
      mediaStorage: media.storage,
      shareImages: config.shareImages,
      privacy: privacyNoticeOf(config),
      webhooks: { allowHosts: config.webhooks.allowHosts },
    });
    const settings = await services.site.info();
    const http = await buildHttpServer([...operations, ...(opts.extraOperations ?? [])], services, {
      mcpFastPath: opts.mcpFastPath,
      publicUrl: config.publicUrl,
      version: VERSION,
      siteName: settings.name,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      rateLimit: config.rateLimit,
      redis,
      ready: readinessProbe({ database: () => sql`select 1`.execute(database.db), redis: redis?.ping }),
      metrics: { token: config.metrics.token, render: () =>
          renderMetrics({
            loop: loop.delay,
            pool: pool.stats,
            search: services.listings.searchEngine && (() => ({ ready: services.listings.searchEngine!.ready(), ...services.listings.searchEngine!.stats() })),
            embeddedDatabaseBytes: database.embeddedMemoryBytes,
          }),
      },
      mcpAllowedOrigins: config.mcpAllowedOrigins,
    });
    log = http.log;
    await redis?.start(); // now that its outages can be logged
    const { handlers: onDemand, close: closeHandlers } = onDemandHandlers({ db: database.db, services, config });
    const inline = opts.inlineJobs
      ? inlineDispatcher(() => onDemand, (name, err) => http.log.error({ err, job: name }, 'background job error'))
      : undefined;
    // The embedded database's backups: asked for over DATA_DIR/control.sock (the CLI), and daily with BACKUP_DIR.
    const backups = database.dumpDataDir && config.dataDir !== 'memory://' ? embeddedBackups({ database, mediaStorage: media.storage, s3: config.media.s3, launchyardVersion: VERSION, now: () => new Date() }) : undefined;
    const backupDir = config.backup.dir;
    const jobs = inline
      ? undefined
      : await startJobs({
          db: database.db,
          engine: database.engine,
          databaseUrl: config.databaseUrl,
          timezone: settings.timezone,
          provider: config.domainRatingProvider && outbound.domainRating ? httpProvider({ ...config.domainRatingProvider, fetch: outbound.domainRating }) : manualProvider,
          now: services.now,
          onError: (err) => http.log.error({ err }, 'background job error'),
          onDemand,
          sendOnly: !config.jobs,
          heartbeatSeconds: config.jobHeartbeatSeconds,
          trendingEveryMinutes: config.trendingEveryMinutes,
          backup: backups && backupDir ? { cron: backupCron(config.backup), run: () => runScheduledBackup({ dir: backupDir, keep: config.backup.keep, backups, now: () => new Date() }) } : undefined,
        });
    services.jobs.attach(inline ?? jobs!.dispatcher);
    const control = backups ? await serveControlSocket({ dataDir: config.dataDir, backup: backups.stream, log: (level, entry, message) => http.log[level](entry, message) }) : undefined;
    // A committed webhook event (migration 0037's NOTIFY) is fanned out at once (jobs/webhook-fanout.ts).
    const stopWebhookEvents = listenForWebhookEvents(database.listen, services.jobs, (err) => http.log.error({ err }, 'webhook fan-out not sent'));
    // A change heard on the feed: its emptied profile document is computed again soon (jobs/listing-documents-feed.ts); tests' inline jobs leave it to reads.
    const stopDocumentKicks = jobs ? kickListingDocuments(changes, services.jobs, (err) => http.log.error({ err }, 'listing documents job not sent')) : undefined;
    return {
      config,
      database,
      services,
      http,
      jobs,
      jobsIdle: inline?.idle,
      async close(closeOpts = {}) {
        const deadline = Date.now() + (closeOpts.deadlineMs ?? config.shutdownTimeoutMs);
        await control?.close();
        stopDocumentKicks?.();
        const left = () => Math.max(0, deadline - Date.now());
        // Requests in flight may finish until the deadline; then their connections are cut.
        let drained = false;
        const draining = http.close().then(() => void (drained = true));
        await Promise.race([draining, sleep(left(), undefined, { ref: false })]);
        if (!drained) {
          http.server.closeAllConnections();
          await draining;
        }
        // A job still running a second before the deadline is failed (and retried later), and
        // its signal aborts the crawl or the worker task it waits for.
        await jobs?.stop(Math.max(1000, left() - 1000));
        await inline?.idle();
        await pool.close();
        await closeHandlers();
        await services.listings.searchEngine?.stop();
        await services.listings.views.stop();
        services.mailer.close();
        redis?.close();
        // After the requests, jobs and index reads that might run a statement meanwhile: on PGlite an
        // UNLISTEN beside a statement in flight could leave that statement unanswered.
        await stopWebhookEvents();
        await changes?.close();
        loop.stop();
        await outbound.close();
        await proofs.close();
        await media.close();
        await database.close();
      },
    };
  } catch (err) {
    redis?.close();
    await changes?.close();
    loop.stop();
    await outbound.close();
    await proofs.close();
    await pool.close();
    await media.close();
    await database.close();
    throw err;
  }
}
