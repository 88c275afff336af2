import { sql, type Kysely } from 'kysely';
import type { DB, FaqRow } from './schema.ts';
import { transactional } from './transactional.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';

export interface AttributeRow {
  id: string;
  key: string;
  label: string;
  kind: 'text' | 'boolean' | 'number' | 'list';
  /** Listings that state a value for it. */
  values: number;
}

export interface CategoryRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  parent_id: string | null;
  position: number;
  keywords: string[];
  faqs: FaqRow[];
  attributes: AttributeRow[];
  /** Listings filed here (any status), primary or extra. */
  listings: number;
}

/** Serialises edits of the tree: two imports at once would each plan against a tree the other changes. */
const TREE_LOCK = 7317003;

function writer(db: Kysely<DB>) {
  /** After the last of a parent's children (or the last top-level category). */
  const nextPosition = async (parentId: string | null): Promise<number> => {
    const r = await sql<{ n: number }>`select coalesce(max(position), 0) + 1 as n from categories
      where parent_id is not distinct from ${parentId}::bigint`.execute(db);
    return r.rows[0].n;
  };
  return {
    /** The whole tree, siblings in the order the site shows them (position, then name). */
    async snapshot(): Promise<CategoryRow[]> {
      const r = await sql<CategoryRow>`
        select c.id, c.slug, c.name, c.description, c.parent_id, c.position, c.keywords, c.faqs,
          coalesce((select json_agg(json_build_object('id', a.id::text, 'key', a.key, 'label', a.label, 'kind', a.kind,
              'values', (select count(*)::int from listing_attribute_values v where v.attribute_id = a.id))
            order by a.position, a.key) from category_attributes a where a.category_id = c.id), '[]') as attributes,
          (select count(*)::int from listing_categories lc where lc.category_id = c.id) as listings
        from categories c
        order by c.position, c.name, c.id`.execute(db);
      return r.rows;
    },

    async lock() {
      await sql`select pg_advisory_xact_lock(${TREE_LOCK})`.execute(db);
    },

    /** Parks slugs that change hands, so a slug can move from one category to another in one import. */
    async parkSlugs(ids: string[]) {
      if (ids.length) await sql`update categories set slug = 'ly-renaming-' || id::text where id = any(${ids}::bigint[])`.execute(db);
    },

    async insert(c: { slug: string; name: string; description: string; keywords: string[]; faqs: FaqRow[]; parentId: string | null; position: number }) {
      const r = await sql<{ id: string }>`
        insert into categories (slug, name, description, keywords, faqs, parent_id, position)
        values (${c.slug}, ${c.name}, ${c.description}, ${c.keywords}::text[], ${JSON.stringify(c.faqs)}::jsonb, ${c.parentId}, ${c.position})
        returning id`.execute(db);
      return r.rows[0].id;
    },

    async update(id: string, c: { slug: string; name: string; description: string; keywords: string[]; faqs: FaqRow[] }) {
      await sql`update categories set slug = ${c.slug}, name = ${c.name}, description = ${c.description},
        keywords = ${c.keywords}::text[], faqs = ${JSON.stringify(c.faqs)}::jsonb where id = ${id}`.execute(db);
    },

    /** New parents in one statement, so the tree is never seen half-moved (the cover trigger runs once, on the end state). */
    async setParents(moves: { id: string; parentId: string | null }[]) {
      if (!moves.length) return;
      await sql`update categories c set parent_id = m.parent_id
        from unnest(${moves.map((m) => m.id)}::bigint[], ${moves.map((m) => m.parentId)}::bigint[]) as m (id, parent_id)
        where c.id = m.id and c.parent_id is distinct from m.parent_id`.execute(db);
    },

    async setPositions(places: { id: string; position: number }[]) {
      if (!places.length) return;
      await sql`update categories c set position = p.position
        from unnest(${places.map((p) => p.id)}::bigint[], ${places.map((p) => p.position)}::int[]) as p (id, position)
        where c.id = p.id and c.position <> p.position`.execute(db);
    },

    nextPosition,

    /** The action log entry of an administrator's change, in the change's transaction (/admin/categories). */
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),

    /** The category's attributes become exactly these, in this order; a removed one takes its values with it. */
    async setAttributes(categoryId: string, attributes: { key: string; label: string; kind: string }[]) {
      await sql`delete from category_attributes where category_id = ${categoryId}
        and key <> all(${attributes.map((a) => a.key)}::text[])`.execute(db);
      if (!attributes.length) return;
      await sql`insert into category_attributes (category_id, key, label, kind, position)
        select ${categoryId}, a.key, a.label, a.kind, a.position
        from unnest(${attributes.map((a) => a.key)}::text[], ${attributes.map((a) => a.label)}::text[],
                    ${attributes.map((a) => a.kind)}::text[], ${attributes.map((_, i) => i + 1)}::int[]) as a (key, label, kind, position)
        on conflict (category_id, key) do update set label = excluded.label, kind = excluded.kind, position = excluded.position
        where (category_attributes.label, category_attributes.kind, category_attributes.position)
          is distinct from (excluded.label, excluded.kind, excluded.position)`.execute(db);
    },

    /**
     * Files every listing of `fromId` under `toId` instead (a listing in both keeps one row, primary
     * if either was), and moves the listings' stated values onto the heir's attribute of the same
     * key. With `adoptAttributes`, attributes the heir lacks move to it, values and all. Returns the
     * slugs of the listings that moved. The kept counts follow through the listing_categories triggers.
     */
    async handOver(fromId: string, toId: string, opts: { adoptAttributes: boolean }): Promise<string[]> {
      const moved = await sql<{ slug: string }>`
        select l.slug from listing_categories lc join listings l on l.id = lc.listing_id
        where lc.category_id = ${fromId} order by l.slug`.execute(db);
      await sql`update listing_categories h set is_primary = true, position = 0
        from listing_categories f
        where f.category_id = ${fromId} and f.is_primary and h.listing_id = f.listing_id and h.category_id = ${toId} and not h.is_primary`.execute(db);
      await sql`delete from listing_categories f using listing_categories h
        where f.category_id = ${fromId} and h.listing_id = f.listing_id and h.category_id = ${toId}`.execute(db);
      await sql`update listing_categories set category_id = ${toId} where category_id = ${fromId}`.execute(db);
      await sql`update listings set primary_category_id = ${toId} where primary_category_id = ${fromId}`.execute(db);
      if (opts.adoptAttributes) {
        await sql`update category_attributes fa set category_id = ${toId}
          where fa.category_id = ${fromId}
            and not exists (select 1 from category_attributes ha where ha.category_id = ${toId} and ha.key = fa.key)`.execute(db);
      }
      await sql`update listing_attribute_values v set attribute_id = ha.id
        from category_attributes fa join category_attributes ha on ha.category_id = ${toId} and ha.key = fa.key
        where fa.category_id = ${fromId} and v.attribute_id = fa.id
          and not exists (select 1 from listing_attribute_values x where x.listing_id = v.listing_id and x.attribute_id = ha.id)`.execute(db);
      return moved.rows.map((r) => r.slug);
    },

    /** Children of `fromId` become children of `toId` (null: top-level), after its own children. */
    async adoptChildren(fromId: string, toId: string | null) {
      const start = await nextPosition(toId);
      await sql`update categories c set parent_id = ${toId}, position = ${start} + o.n
        from (select id, row_number() over (order by position, name, id) - 1 as n from categories where parent_id = ${fromId}) o
        where c.id = o.id`.execute(db);
    },

    /** Deletes a category that no listing and no category refers to any more (handOver and adoptChildren first). */
    async delete(id: string) {
      await sql`delete from categories where id = ${id}`.execute(db);
    },

    /** Listings filed in these categories, for forgetting their cached profiles. */
    async listingSlugsIn(categoryIds: string[]): Promise<string[]> {
      if (!categoryIds.length) return [];
      const r = await sql<{ slug: string }>`select distinct l.slug from listing_categories lc join listings l on l.id = lc.listing_id
        where lc.category_id = any(${categoryIds}::bigint[])`.execute(db);
      return r.rows.map((x) => x.slug);
    },
  };
}

/** The operator's edits of the category tree (domain/categories/tree-admin.ts); every write in one transaction. */
export function categoryTreeStore(db: Kysely<DB>) {
  return transactional(db, writer);
}
export type CategoryTreeStore = ReturnType<typeof categoryTreeStore>;
export type CategoryTreeWriter = ReturnType<typeof writer>;
