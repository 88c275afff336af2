import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export function siteStore(db: Kysely<DB>) {
  return {
    settings() {
      return db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    },
    async counts() {
      const row = await db
        .selectNoFrom([
          // Kept counts (listing_search_counts), not a count of the listings table per request.
          sql<number>`(select listings::int from listing_search_counts where status = 'live')`.as('live_listings'),
          sql<number>`(select count(*)::int from categories)`.as('categories'),
          sql<number>`(select listings::int from listing_search_counts where status = 'scheduled')`.as('upcoming_listings'),
        ])
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}
export type SiteStore = ReturnType<typeof siteStore>;
