import { sql, type Kysely } from 'kysely';
import type { DB, FaqRow } from './schema.ts';
import { browse } from './browse.ts';

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
    /** Every category with its live listings (subcategories included), as kept in category_counts. */
    async allWithCounts(): Promise<CategoryNodeRow[]> {
      const result = await sql<CategoryNodeRow>`
        select c.id, c.slug, c.name, c.description, c.parent_id, c.position, coalesce(cc.live, 0) as live_listings
        from categories c left join category_counts cc on cc.category_id = c.id
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
    async liveListings(slug: string, limit: number, offset: number) {
      return browse(db, { status: 'live', sort: 'votes', categorySlug: slug, limit, offset });
    },
  };
}
export type CategoriesStore = ReturnType<typeof categoriesStore>;
