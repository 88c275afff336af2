import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export function domainRatingStore(db: Kysely<DB>) {
  return {
    /** Live listings whose rating is missing or older than the cutoff, stalest first. */
    async stale(before: Date, limit: number) {
      const r = await sql<{ id: string; domain: string }>`
        select id, domain from listings
        where status = 'live' and (dr_measured_at is null or dr_measured_at < ${before})
        order by dr_measured_at nulls first, id limit ${limit}`.execute(db);
      return r.rows;
    },

    /** Appends to the history; the trigger updates the listing's current value and trend. */
    async record(listingId: string, value: number, source: string, at: Date) {
      await db.insertInto('domain_rating_snapshots').values({ listing_id: listingId, value, source, measured_at: at }).execute();
    },

    async idBySlug(slug: string) {
      return (await db.selectFrom('listings').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
    },
  };
}
