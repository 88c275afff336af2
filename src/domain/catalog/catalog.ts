import type { CatalogStore } from '../../store/catalog-store.ts';
import { limitOffset, pageOf, type PageRequest } from '../pagination.ts';

export function createCatalog(deps: { store: CatalogStore }) {
  const { store } = deps;
  return {
    async products(page: PageRequest) {
      const { rows, total } = await store.products(limitOffset(page).limit, limitOffset(page).offset);
      return pageOf(
        rows.map((p) => ({
          code: p.code,
          name: p.name,
          description: p.description,
          kind: p.kind,
          price_cents: p.price_cents,
          currency: 'USD' as const,
          vat_included: false as const,
          needs_listing: p.needs_listing,
          options: p.options,
          price_updated_at: new Date(p.updated_at).toISOString(),
        })),
        page,
        total,
      );
    },

    async interviewQuestions(page: PageRequest) {
      const { rows, total } = await store.interviewQuestions(limitOffset(page).limit, limitOffset(page).offset);
      return pageOf(
        rows.map((q) => ({ id: Number(q.id), question: q.question, position: q.position })),
        page,
        total,
      );
    },
  };
}
