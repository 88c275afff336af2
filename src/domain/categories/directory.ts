import type { CategoriesStore } from '../../store/categories-store.ts';
import { descendantCategoryIds } from '../../store/categories-store.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../store/schema.ts';
import { notFound } from '../errors.ts';
import { toSummary } from '../listings/present.ts';
import { limitOffset, pageOf, type PageRequest } from '../pagination.ts';
import { buildCategoryTree } from './tree.ts';

export function createCategoryDirectory(deps: { store: CategoriesStore; db: Kysely<DB>; publicUrl: string }) {
  const { store, publicUrl } = deps;
  return {
    async tree(input: PageRequest & { include_empty: boolean }) {
      const roots = buildCategoryTree(await store.allWithCounts(), input.include_empty);
      const { limit, offset } = limitOffset(input);
      return pageOf(roots.slice(offset, offset + limit), input, roots.length);
    },

    async detail(slug: string, page: PageRequest) {
      const category = await store.bySlug(slug);
      if (!category) throw notFound('category_not_found', `No category with slug "${slug}".`);
      const ids = await descendantCategoryIds(deps.db, slug);
      const { limit, offset } = limitOffset(page);
      const all = await store.allWithCounts();
      const self = all.find((c) => c.id === category.id)!;
      const rows = await store.liveListings(ids, limit, offset);
      return {
        slug: category.slug,
        name: category.name,
        description: category.description,
        faqs: category.faqs,
        parent: category.parent_slug ? { slug: category.parent_slug, name: category.parent_name! } : null,
        subcategories: all
          .filter((c) => c.parent_id === category.id)
          .map((c) => ({ slug: c.slug, name: c.name, live_listings: c.live_listings })),
        live_listings: self.live_listings,
        listings: pageOf(rows.map((r) => toSummary(r, publicUrl)), page, self.live_listings),
      };
    },
  };
}
