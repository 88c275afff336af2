import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';
import { productsStore } from './products-store.ts';
import { transactional } from './transactional.ts';

/** The price list as administrators change it: each change and its log entry in one transaction. */
export function adminPricesStore(db: Kysely<DB>) {
  return transactional(db, (db) => ({
    products: productsStore(db),
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),
    /** A product's price and state, row-locked: the log's "before" is the price that was replaced. */
    async lockProduct(code: string) {
      const r = await sql<{ code: string; name: string; price_cents: number; active: boolean }>`
        select code, name, price_cents::int as price_cents, active from products where code = ${code} for update`.execute(db);
      return r.rows[0];
    },
  }));
}
export type AdminPricesStore = ReturnType<typeof adminPricesStore>;
