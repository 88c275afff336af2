import pg from 'pg';
import type { Kysely, QueryResult, RawBuilder } from 'kysely';

/**
 * Hot statements run as named prepared statements: each connection parses and plans them once,
 * and PostgreSQL may then keep a generic plan. For the common-word search that is a third of
 * its cost on both engines (docs/decisions.md#prepared-statements).
 *
 * Only statements whose best plan does not depend on their parameter values belong here: a
 * generic plan is chosen once for every value. A value that must be computed once per statement
 * (a tsquery) goes in a one-row CTE read through scalar sub-selects, so a generic plan evaluates it
 * once, not per row.
 */
const names = new Map<string, string>();

/** Distinct texts are few (one per statement shape); the bound only guards against a misuse. */
const MAX_PREPARED = 500;

/** Runs `query` as a named prepared statement on whichever connection (or transaction) `db` is. */
export function executePrepared<R>(db: Kysely<any>, query: RawBuilder<R>): Promise<QueryResult<R>> {
  const compiled = query.compile(db);
  if (!names.has(compiled.sql) && names.size < MAX_PREPARED) names.set(compiled.sql, `ly_${names.size + 1}`);
  return db.executeQuery(compiled);
}

/** The name a statement text is prepared under, if it is one of ours. */
export const preparedName = (text: string) => names.get(text);

/**
 * node-postgres client that sends our prepared texts by name (pg parses a name once per
 * connection and binds it afterwards); every other query is untouched. Used by both pools,
 * PGlite's adapter included.
 */
export class PreparingClient extends pg.Client {
  // pg's overloads are not worth restating: Kysely calls query(text, values) and nothing else here.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name === undefined) return super.query(config, values, callback);
    return super.query({ name, text: config, values }, callback);
  }
}
