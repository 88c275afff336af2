/**
 * When a table of the embedded database is due for VACUUM or ANALYZE. PGlite runs PostgreSQL in
 * one process without its background workers, so nothing vacuums or analyses on its own: dead
 * row versions stay (tables and indexes grow, index-only scans visit the heap because no page is
 * ever marked all-visible) and the planner keeps the statistics of the last ANALYZE, which once
 * made settling votes quadratic (docs/decisions.md#embedded-maintenance). The service does what
 * autovacuum would, with autovacuum's own default thresholds, so a table is treated as a
 * PostgreSQL server would treat it.
 */
export const VACUUM_THRESHOLD = 50;
export const VACUUM_SCALE_FACTOR = 0.2;
/** Tables that only grow (votes, job runs) still need their pages marked all-visible (PostgreSQL 13's insert-driven vacuum). */
export const VACUUM_INSERT_THRESHOLD = 1000;
export const VACUUM_INSERT_SCALE_FACTOR = 0.2;
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE_FACTOR = 0.1;

/** A table's counters as PostgreSQL's statistics keep them (pg_stat_user_tables) and its estimated size. */
export interface TableActivity {
  schema: string;
  table: string;
  /** pg_class.reltuples: −1 (never vacuumed or analysed) counts as 0. */
  estimatedRows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export interface MaintenanceStep {
  schema: string;
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** How far past each threshold a table is: above 1 is due. */
function pressure(t: TableActivity) {
  const rows = Math.max(0, t.estimatedRows);
  return {
    dead: t.deadRows / (VACUUM_THRESHOLD + VACUUM_SCALE_FACTOR * rows),
    inserted: t.insertedSinceVacuum / (VACUUM_INSERT_THRESHOLD + VACUUM_INSERT_SCALE_FACTOR * rows),
    modified: t.modifiedSinceAnalyze / (ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * rows),
  };
}

/** What one table needs now, or undefined when nothing. */
export function maintenanceOf(t: TableActivity): MaintenanceStep | undefined {
  const p = pressure(t);
  const vacuum = p.dead > 1 || p.inserted > 1;
  const analyze = p.modified > 1;
  return vacuum || analyze ? { schema: t.schema, table: t.table, vacuum, analyze } : undefined;
}

/** The due steps, the tables furthest past their threshold first: a run cut short by its budget did the most needed. */
export function maintenancePlan(tables: readonly TableActivity[]): MaintenanceStep[] {
  const urgency = (t: TableActivity) => Math.max(...Object.values(pressure(t)));
  return [...tables]
    .sort((a, b) => urgency(b) - urgency(a))
    .map(maintenanceOf)
    .filter((s): s is MaintenanceStep => s !== undefined);
}
