import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';

/** This process as job_runs names it (host:pid): with several nodes, which one ran a job. */
export const NODE_NAME = `${hostname()}:${process.pid}`;

/**
 * Records a job run in job_runs around `fn`, so operators can see what ran, where, when, and why
 * it failed (npm run cli -- jobs:runs). The error is rethrown so the queue retries with backoff.
 * A retry that finds an earlier attempt of its job still "running" knows that attempt's node
 * stopped mid-run (killed, or cut off until its heartbeat lapsed): that run is closed as failed.
 */
export async function recordRun<T>(db: Kysely<DB>, job: string, meta: { jobId?: string; attempt?: number }, fn: () => Promise<T>): Promise<T> {
  const attempt = meta.attempt ?? 1;
  if (meta.jobId && attempt > 1) {
    await db
      .updateTable('job_runs')
      .set({ status: 'failed', finished_at: sql`now()`, detail: `interrupted: its node stopped before the run ended; retried as attempt ${attempt} on ${NODE_NAME}` })
      .where('job_id', '=', meta.jobId)
      .where('status', '=', 'running')
      .execute();
  }
  const run = await db
    .insertInto('job_runs')
    .values({ job, job_id: meta.jobId ?? null, status: 'running', attempt, node: NODE_NAME })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const result = await fn();
    await db
      .updateTable('job_runs')
      .set({ status: 'succeeded', finished_at: sql`now()`, detail: JSON.stringify(result ?? null).slice(0, 2000) })
      .where('id', '=', run.id)
      .execute();
    return result;
  } catch (err) {
    await db
      .updateTable('job_runs')
      .set({ status: 'failed', finished_at: sql`now()`, detail: String((err as Error)?.message ?? err).slice(0, 2000) })
      .where('id', '=', run.id)
      .execute();
    throw err;
  }
}

export function recentRuns(db: Kysely<DB>, limit = 50, job?: string) {
  let q = db.selectFrom('job_runs').selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit);
  if (job) q = q.where('job', '=', job);
  return q.execute();
}
