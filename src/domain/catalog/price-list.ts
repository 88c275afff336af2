import type { NewProduct } from '../../contract/price-list.ts';
import type { ProductsStore } from '../../store/products-store.ts';
import { DomainError } from '../errors.ts';
import { MAX_EXTRA_CATEGORIES } from '../orders/items.ts';

const productNotFound = (code: string) => new DomainError('not_found', 'product_not_found', `No product has the code ${code}.`);

/** The options a kind's orders read: the section unlocked, the billboard minimum, the extra-category bound. */
function optionsOf(p: NewProduct): Record<string, unknown> {
  switch (p.kind) {
    case 'section_unlock':
      return { section: p.section };
    case 'billboard':
      return { minimum_cents: p.minimum_cents ?? p.price_cents };
    case 'extra_category':
      return { max_per_listing: p.max_per_listing ?? MAX_EXTRA_CATEGORIES };
    default:
      return {};
  }
}

/**
 * The operator's price list (CLI products:*, /admin/products); input arrives checked against
 * contract/price-list.ts. Prices are USD cents excluding VAT. A new price applies to quotes and
 * checkouts from then on; orders keep the price they were created with. Retiring takes a product
 * off sale; its code stays taken, since old orders name it.
 */
export function createPriceList(deps: { store: ProductsStore; now: () => Date }) {
  const { store, now } = deps;
  return {
    all: () => store.all(),

    async setPrice(code: string, priceCents: number) {
      if (!(await store.setPrice(code, priceCents, now()))) throw productNotFound(code);
    },

    async add(p: NewProduct) {
      const added = await store.add({ code: p.code, name: p.name, description: p.description, kind: p.kind, priceCents: p.price_cents, options: optionsOf(p), at: now() });
      if (!added) throw new DomainError('conflict', 'product_exists', `A product with the code ${p.code} exists already (retired products keep their code).`);
    },

    async retire(code: string) {
      if (!(await store.retire(code, now()))) throw productNotFound(code);
    },
  };
}
export type PriceList = ReturnType<typeof createPriceList>;
