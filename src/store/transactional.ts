import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Stores bound to the database, plus `transaction(fn)` that hands `fn` the same stores bound to
 * one transaction (and the transaction itself). PGlite is a single session: code inside must use
 * these, never a second connection.
 */
export function transactional<S extends object>(db: Kysely<DB>, bind: (db: Kysely<DB>) => S) {
  return {
    ...bind(db),
    transaction<T>(fn: (stores: S, trx: Kysely<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => fn(bind(trx), trx));
    },
  };
}
