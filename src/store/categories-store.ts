import { sql, type Kysely } from 'kysely';
import type { DB, FaqRow } from './schema.ts';
import { summaryColumns, type SummaryRow } from './listings-store.ts';

/** The category with this slug and all categories below it; empty when the slug is unknown. */
export async function descendantCategoryIds(db: Kysely<DB>, slug: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with recursive tree as (
      select id from categories where slug = ${slug}
      union all
      select c.id from categories c join tree t on c.parent_id = t.id
    ) select id from tree`.execute(db);
  return result.rows.map((r) => r.id);
}

export interface CategoryNodeRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  parent_id: string | null;
  position: number;
  /** Distinct live listings in this category or any below it. */
  live_listings: number;
}

export function categoriesStore(db: Kysely<DB>) {
  return {
    async allWithCounts(): Promise<CategoryNodeRow[]> {
      const result = await sql<CategoryNodeRow>`
        with recursive anc as (
          select id as category_id, id as ancestor_id from categories
          union all
          select anc.category_id, c.parent_id from anc join categories c on c.id = anc.ancestor_id
          where c.parent_id is not null
        ), counts as (
          select anc.ancestor_id as id, count(distinct lc.listing_id)::int as n
          from anc
          join listing_categories lc on lc.category_id = anc.category_id
          join listings l on l.id = lc.listing_id and l.status = 'live'
          group by anc.ancestor_id
        )
        select c.id, c.slug, c.name, c.description, c.parent_id, c.position, coalesce(n.n, 0) as live_listings
        from categories c left join counts n on n.id = c.id
        order by c.position, c.name`.execute(db);
      return result.rows;
    },

    bySlug(slug: string) {
      return db
        .selectFrom('categories as c')
        .leftJoin('categories as p', 'p.id', 'c.parent_id')
        .select([
          'c.id',
          'c.slug',
          'c.name',
          'c.description',
          'c.faqs',
          'p.slug as parent_slug',
          'p.name as parent_name',
        ])
        .where('c.slug', '=', slug)
        .executeTakeFirst() as Promise<
        | {
            id: string;
            slug: string;
            name: string;
            description: string;
            faqs: FaqRow[];
            parent_slug: string | null;
            parent_name: string | null;
          }
        | undefined
      >;
    },

    /** Live listings of a category and its subcategories, most voted first. */
    async liveListings(categoryIds: string[], limit: number, offset: number) {
      const result = await sql<SummaryRow & { total: number }>`
        select ${summaryColumns}, count(*) over ()::int as total
        from listings l
        left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live' and exists (
          select 1 from listing_categories lc where lc.listing_id = l.id and lc.category_id = any(${categoryIds}::bigint[]))
        order by l.votes_count desc, l.published_at desc nulls last, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return result.rows;
    },

  };
}
export type CategoriesStore = ReturnType<typeof categoriesStore>;
