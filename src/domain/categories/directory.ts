import type { CategoriesStore } from '../../store/categories-store.ts';
import { notFound } from '../errors.ts';
import { toSummary } from '../listings/present.ts';
import { limitOffset, pageOf, type PageRequest } from '../pagination.ts';
import { buildCategoryTree } from './tree.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';

export function createCategoryDirectory(deps: { store: CategoriesStore; publicUrl: string; cache: CacheFactory; cacheMs: number }) {
  const { store, publicUrl } = deps;
  // The tree and the category pages are read on every visit of the site's navigation.
  const pages = deps.cache<unknown>('categories', deps.cacheMs, 1000);
  // Bumped when the tree changes: every cached page of the old tree is passed over at once (on
  // this node; other nodes sharing Redis catch up within the TTL, as after any write).
  let generation = 0;
  const cached = <T>(key: string, load: () => Promise<T>) => pages.through(`${generation}:${key}`, load) as Promise<T>;
  const fresh = {
    async tree(input: PageRequest & { include_empty: boolean }) {
      const roots = buildCategoryTree(await store.allWithCounts(), input.include_empty);
      const { limit, offset } = limitOffset(input);
      return pageOf(roots.slice(offset, offset + limit), input, roots.length);
    },

    async detail(slug: string, page: PageRequest) {
      const category = await store.bySlug(slug);
      if (!category) throw notFound('category_not_found', `No category with slug "${slug}".`);
      const { limit, offset } = limitOffset(page);
      const all = await store.allWithCounts();
      const self = all.find((c) => c.id === category.id)!;
      const { rows } = await store.liveListings(slug, limit, offset);
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
  return {
    /** Forgets every cached tree and category page (categories:* and the admin's tree edits). */
    forget: () => {
      generation++;
    },
    tree: (input: PageRequest & { include_empty: boolean }) =>
      cached(`tree:${input.include_empty}:${input.page}:${input.per_page}`, () => fresh.tree(input)),
    detail: (slug: string, page: PageRequest) => cached(`category:${slug}:${page.page}:${page.per_page}`, () => fresh.detail(slug, page)),
  };
}
