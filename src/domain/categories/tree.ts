import type { CategoryNode } from '../../contract/category.ts';
import type { CategoryNodeRow } from '../../store/categories-store.ts';

/** Nests flat category rows under their parents; empty categories dropped when asked. */
export function buildCategoryTree(rows: CategoryNodeRow[], includeEmpty: boolean): CategoryNode[] {
  const nodes = new Map<string, CategoryNode & { parent: string | null }>();
  for (const r of rows) {
    nodes.set(r.id, { slug: r.slug, name: r.name, description: r.description, live_listings: r.live_listings, subcategories: [], parent: r.parent_id });
  }
  const roots: CategoryNode[] = [];
  // rows arrive ordered by position, so children keep that order.
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    if (!includeEmpty && node.live_listings === 0) continue;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) parent.subcategories.push(node);
    else roots.push(node);
  }
  const strip = (n: CategoryNode & { parent?: string | null }): CategoryNode => ({
    slug: n.slug,
    name: n.name,
    description: n.description,
    live_listings: n.live_listings,
    subcategories: n.subcategories.map(strip),
  });
  return roots.map(strip);
}
