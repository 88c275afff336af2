import { sql, type Kysely } from 'kysely';
import type { DB, ProductKind } from './schema.ts';

export interface ProductRow {
  id: string;
  code: string;
  name: string;
  description: string;
  kind: ProductKind;
  price_cents: number;
  needs_listing: boolean;
  active: boolean;
  position: number;
  options: Record<string, unknown>;
  updated_at: Date;
}

/**
 * The administrator's price list: every product, retired ones included, and its writes. Orders
 * copy a product's name and price into their lines, so nothing here changes an existing order.
 */
export function productsStore(db: Kysely<DB>) {
  return {
    async all(): Promise<ProductRow[]> {
      const r = await sql<ProductRow>`
        select id, code, name, description, kind, price_cents, needs_listing, active, position, options, updated_at
        from products order by active desc, position, id`.execute(db);
      return r.rows;
    },

    async setPrice(code: string, priceCents: number, at: Date) {
      const r = await sql<{ code: string }>`update products set price_cents = ${priceCents}, updated_at = ${at}
        where code = ${code} returning code`.execute(db);
      return r.rows.length === 1;
    },

    /** False when the code is taken (retired products keep theirs: old orders name them). */
    async add(p: { code: string; name: string; description: string; kind: ProductKind; priceCents: number; options: Record<string, unknown>; at: Date }) {
      const r = await sql<{ code: string }>`
        insert into products (code, name, description, kind, price_cents, needs_listing, options, position, updated_at)
        values (${p.code}, ${p.name}, ${p.description}, ${p.kind}, ${p.priceCents}, true, ${JSON.stringify(p.options)}::jsonb,
                (select coalesce(max(position), 0) + 1 from products), ${p.at})
        on conflict (code) do nothing returning code`.execute(db);
      return r.rows.length === 1;
    },

    async retire(code: string, at: Date) {
      const r = await sql<{ code: string }>`update products set active = false, updated_at = ${at} where code = ${code} and active returning code`.execute(db);
      return r.rows.length === 1;
    },
  };
}
export type ProductsStore = ReturnType<typeof productsStore>;
