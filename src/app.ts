import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { createServices, type Services } from './services.ts';
import { operations } from './operations/index.ts';
import type { AnyOperation } from './operations/define.ts';
import { buildHttpServer } from './transports/http.ts';
import type { FastifyInstance } from 'fastify';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { httpProvider, manualProvider } from './jobs/domain-rating-provider.ts';
import { onDemandHandlers } from './jobs/handlers.ts';
import { inlineDispatcher } from './jobs/dispatch.ts';

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
  close(): Promise<void>;
}

/** Opens the database, applies migrations and builds every transport. Nothing listens yet. */
export async function createApp(
  config: Config,
  opts: { now?: () => Date; viewFlushMs?: number; profileCacheMs?: number; mcpFastPath?: boolean; /** Test-only operations served beside the real ones. */ extraOperations?: AnyOperation[]; /** Tests only: see ServiceDeps.oauthFetch. */ oauthFetch?: typeof fetch; /** Tests only: run sent jobs in this process instead of pg-boss. */ inlineJobs?: boolean } = {},
): Promise<App> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let redis: Redis | undefined;
  try {
    await migrate(database.db);
    let log: FastifyInstance['log'] | undefined; // the HTTP server's, once it exists
    const services = createServices({
      db: database.db,
      publicUrl: config.publicUrl,
      now: opts.now,
      viewFlushMs: opts.viewFlushMs,
      profileCacheMs: opts.profileCacheMs,
      oauthFetch: opts.oauthFetch,
      mail: config.mail,
      llm: config.llm,
      log: (level, entry, message) => log?.[level](entry, message),
    });
    const settings = await services.site.info();
    redis = config.redisUrl
      ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    const http = await buildHttpServer([...operations, ...(opts.extraOperations ?? [])], services, {
      mcpFastPath: opts.mcpFastPath,
      publicUrl: config.publicUrl,
      version: VERSION,
      siteName: settings.name,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      rateLimit: config.rateLimit,
      redis,
      ready: async () => {
        await sql`select 1`.execute(database.db);
      },
    });
    log = http.log;
    const { handlers: onDemand, close: closeHandlers } = onDemandHandlers({ db: database.db, services, config });
    const inline = opts.inlineJobs
      ? inlineDispatcher(() => onDemand, (name, err) => http.log.error({ err, job: name }, 'background job error'))
      : undefined;
    const jobs = inline
      ? undefined
      : await startJobs({
          db: database.db,
          engine: database.engine,
          databaseUrl: config.databaseUrl,
          timezone: settings.timezone,
          provider: config.domainRatingProvider ? httpProvider(config.domainRatingProvider) : manualProvider,
          now: services.now,
          onError: (err) => http.log.error({ err }, 'background job error'),
          onDemand,
          sendOnly: !config.jobs,
        });
    services.jobs.attach(inline ?? jobs!.dispatcher);
    return {
      config,
      database,
      services,
      http,
      jobs,
      jobsIdle: inline?.idle,
      async close() {
        await http.close();
        await jobs?.stop();
        await inline?.idle();
        await closeHandlers();
        await services.listings.views.stop();
        services.mailer.close();
        redis?.disconnect();
        await database.close();
      },
    };
  } catch (err) {
    redis?.disconnect();
    await database.close();
    throw err;
  }
}
