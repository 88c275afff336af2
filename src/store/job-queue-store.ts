import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** What the app asks of pg-boss's own tables (schema pgboss) that its API does not answer exactly. */
export function jobQueueStore(db: Kysely<DB>) {
  return {
    /** Jobs of a queue not yet done: waiting, waiting to retry, or running. */
    async unfinished(name: string): Promise<number> {
      const r = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`.execute(db);
      return r.rows[0].n;
    },
  };
}
