import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import type { Services } from '../services.ts';
import type { Config } from '../config.ts';
import type { JobHandler } from './dispatch.ts';

export interface JobContext {
  db: Kysely<DB>;
  services: Services;
  config: Config;
}

/**
 * Jobs sent on demand through services.jobs (not on a schedule), by name. pg-boss works them in a
 * running service; the test harness runs them inline. One entry per job; each is idempotent.
 */
export function onDemandHandlers(_ctx: JobContext): Record<string, JobHandler> {
  return {};
}
