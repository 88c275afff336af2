import type { NewProduct } from '../../contract/price-list.ts';
import type { AdminPricesStore } from '../../store/admin-prices-store.ts';
import { createPriceList } from '../catalog/price-list.ts';
import { notFound } from '../errors.ts';
import { mustBeAdmin, type AdminId } from './acting-admin.ts';

const productNotFound = (code: string) => notFound('product_not_found', `No product has the code ${code}.`);

/**
 * The price list's rules (catalog/price-list.ts) run inside a transaction with the log entry of
 * the change: the price before and after, the product added, the product retired.
 */
export function createPriceAdmin(deps: { store: AdminPricesStore; now: () => Date }) {
  const { store, now } = deps;
  const rules = (tx: Parameters<Parameters<AdminPricesStore['transaction']>[0]>[0]) => createPriceList({ store: tx.products, now });
  return {
    async setPrice(adminId: AdminId, code: string, priceCents: number) {
      await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const before = await tx.lockProduct(code);
        if (!before) throw productNotFound(code);
        await rules(tx).setPrice(code, priceCents);
        if (before.price_cents === priceCents) return;
        await tx.record({
          adminId,
          action: 'price_changed',
          subjectType: 'product',
          subjectId: code,
          summary: `${code}: ${before.price_cents} → ${priceCents} cents (USD, excluding VAT) for quotes and checkouts from now on`,
          details: { before: before.price_cents, after: priceCents },
          at: now(),
        });
      });
    },

    async add(adminId: AdminId, p: NewProduct) {
      await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        await rules(tx).add(p);
        await tx.record({ adminId, action: 'product_added', subjectType: 'product', subjectId: p.code, summary: `Added ${p.code} (${p.kind}) at ${p.price_cents} cents`, details: { ...p }, at: now() });
      });
    },

    async retire(adminId: AdminId, code: string) {
      await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        await rules(tx).retire(code);
        await tx.record({ adminId, action: 'product_retired', subjectType: 'product', subjectId: code, summary: `Retired ${code}: off sale, existing orders keep it`, at: now() });
      });
    },
  };
}
export type PriceAdmin = ReturnType<typeof createPriceAdmin>;
