import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { tableMaintenanceStore } from '../store/table-maintenance-store.ts';
import { maintenancePlan } from '../domain/maintenance/vacuum-policy.ts';

export const EMBEDDED_MAINTENANCE_JOB = 'embedded-maintenance';
/** Every ten minutes: a busy table is seen soon after it passes its threshold, and an idle run reads one view. */
export const EMBEDDED_MAINTENANCE_CRON = '*/10 * * * *';
/**
 * No step starts after this long: each holds PGlite's one session while it runs (requests wait
 * for it), so a run does the most urgent tables and leaves the rest to the next.
 */
export const EMBEDDED_MAINTENANCE_BUDGET_MS = 20_000;

/**
 * Autovacuum for the embedded database (domain/maintenance/vacuum-policy.ts): the tables past
 * autovacuum's thresholds, most urgent first, one statement each. PostgreSQL servers run their
 * own autovacuum; this job is scheduled on PGlite only (jobs/queue.ts).
 */
export async function runEmbeddedMaintenance(db: Kysely<DB>, opts: { budgetMs?: number; clock?: () => number } = {}) {
  const clock = opts.clock ?? (() => performance.now());
  const budgetMs = opts.budgetMs ?? EMBEDDED_MAINTENANCE_BUDGET_MS;
  const store = tableMaintenanceStore(db);
  const started = clock();
  const plan = maintenancePlan(await store.activity());
  const done: string[] = [];
  for (const step of plan) {
    if (done.length && clock() - started >= budgetMs) break;
    await store.run(step);
    done.push(`${step.vacuum ? 'vacuum' : 'analyze'} ${step.schema}.${step.table}`);
  }
  return { due: plan.length, done, left: plan.length - done.length, ms: Math.round(clock() - started) };
}
