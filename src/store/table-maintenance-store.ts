import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { MaintenanceStep, TableActivity } from '../domain/maintenance/vacuum-policy.ts';

/** VACUUM and ANALYZE of the embedded database's tables (jobs/embedded-maintenance.ts), and the counters that decide them. */
export function tableMaintenanceStore(db: Kysely<DB>) {
  return {
    /** Every user table's counters (pg_stat_user_tables), as of the statement before: the first statement asks for them to be written out. */
    async activity(): Promise<TableActivity[]> {
      // A backend writes its counters out when it goes idle, at most once a second; PGlite's one
      // backend is idle between statements, so a forced flush after this one makes the next read current.
      await sql`select pg_stat_force_next_flush()`.execute(db);
      const r = await sql<{ schema: string; table: string; reltuples: number; dead: string; inserted: string; modified: string }>`
        select s.schemaname as schema, s.relname as "table", c.reltuples,
               s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid`.execute(db);
      return r.rows.map((row) => ({
        schema: row.schema,
        table: row.table,
        estimatedRows: Number(row.reltuples),
        deadRows: Number(row.dead),
        insertedSinceVacuum: Number(row.inserted),
        modifiedSinceAnalyze: Number(row.modified),
      }));
    },

    /** One step, its own statement (VACUUM cannot run in a transaction; requests run between steps). */
    async run(step: MaintenanceStep): Promise<void> {
      const table = sql.id(step.schema, step.table);
      if (step.vacuum) await sql`vacuum (analyze ${sql.raw(step.analyze ? 'true' : 'false')}) ${table}`.execute(db);
      else await sql`analyze ${table}`.execute(db);
    },
  };
}
