import { sql, type Kysely } from 'kysely';
import type { FaqRow } from '../store/schema.ts';
import { bulkInsert } from './bulk-insert.ts';
import type { FlatCategory } from './category-tree.ts';

/**
 * Writes the category tree and its attributes, parents before children, keeping any category
 * or attribute that already exists under the same slug or key (a fresh directory has the
 * default tree of migration 0015, which shares many slugs): such a category keeps its name,
 * place and attributes, and only gains the demo's FAQs when it has none. Returns ids by slug and
 * by "categorySlug/attributeKey".
 */
export async function insertCategoryTree(
  conn: Kysely<any>,
  categories: readonly (FlatCategory & { faqs?: FaqRow[] })[],
): Promise<{ categoryIds: Map<string, string>; attributeIds: Map<string, string> }> {
  const categoryIds = new Map<string, string>();
  const slugs = categories.map((c) => c.spec.slug);
  const maxDepth = Math.max(...categories.map((c) => c.depth));
  for (let depth = 0; depth <= maxDepth; depth++) {
    await bulkInsert(
      conn,
      'categories',
      [
        { name: 'slug', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'description', type: 'text' },
        { name: 'parent_id', type: 'bigint' },
        { name: 'position', type: 'integer' },
        { name: 'faqs', type: 'jsonb' },
      ],
      categories
        .filter((c) => c.depth === depth)
        .map((c) => ({
          slug: c.spec.slug,
          name: c.spec.name,
          description: c.spec.description,
          parent_id: c.parentSlug ? categoryIds.get(c.parentSlug) : null,
          position: c.position,
          faqs: c.faqs ?? [],
        })),
      { onConflict: "on conflict (slug) do update set faqs = excluded.faqs where categories.faqs = '[]'::jsonb" },
    );
    const rows = await sql<{ id: string; slug: string }>`select id, slug from categories where slug = any(${slugs}::text[])`.execute(conn);
    for (const r of rows.rows) categoryIds.set(r.slug, r.id);
  }

  const attributes = categories.flatMap((c) =>
    (c.spec.attributes ?? []).map((a, position) => ({
      category_id: categoryIds.get(c.spec.slug),
      key: a.key,
      label: a.label,
      kind: a.kind,
      position,
    })),
  );
  await bulkInsert(
    conn,
    'category_attributes',
    [
      { name: 'category_id', type: 'bigint' },
      { name: 'key', type: 'text' },
      { name: 'label', type: 'text' },
      { name: 'kind', type: 'text' },
      { name: 'position', type: 'integer' },
    ],
    attributes,
    { onConflict: 'on conflict (category_id, key) do nothing' },
  );
  const slugById = new Map([...categoryIds].map(([slug, id]) => [id, slug]));
  const attrRows = await sql<{ id: string; category_id: string; key: string }>`
    select id, category_id, key from category_attributes where category_id = any(${[...categoryIds.values()]}::bigint[])`.execute(conn);
  const attributeIds = new Map(attrRows.rows.map((r) => [`${slugById.get(r.category_id)}/${r.key}`, r.id]));
  return { categoryIds, attributeIds };
}
