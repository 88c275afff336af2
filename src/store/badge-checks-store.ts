import { sql, type Kysely } from 'kysely';
import type { BadgeCheckOutcome, DB } from './schema.ts';
import { transactional } from './transactional.ts';

export interface BadgeCheckSubject {
  id: string;
  slug: string;
  url: string;
  status: string;
  plan: string;
  launch_week: string | null;
}

/** The free plan's homepage checks: which listings are due, and each check's outcome. */
export function badgeChecksStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type BadgeChecksStore = ReturnType<typeof badgeChecksStore>;
/** Inside a transaction: the same queries bound to it. */
export type BadgeChecksTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {

    /** Listings awaiting their badge not checked since `checkedBefore`, least recently checked first. */
    async due(checkedBefore: Date, limit: number): Promise<string[]> {
      const r = await sql<{ id: string }>`
        select id from listings
        where status = 'awaiting_badge' and (badge_checked_at is null or badge_checked_at < ${checkedBefore})
        order by badge_checked_at nulls first, id
        limit ${limit}`.execute(db);
      return r.rows.map((row) => row.id);
    },

    async subject(listingId: string): Promise<BadgeCheckSubject | undefined> {
      return db
        .selectFrom('listings')
        .select(['id', 'slug', 'url', 'status', 'plan', 'launch_week'])
        .where('id', '=', listingId)
        .executeTakeFirst();
    },

    /** The listing row-locked for the rest of the transaction. */
    async lock(listingId: string): Promise<BadgeCheckSubject | undefined> {
      return db
        .selectFrom('listings')
        .select(['id', 'slug', 'url', 'status', 'plan', 'launch_week'])
        .where('id', '=', listingId)
        .forUpdate()
        .executeTakeFirst();
    },

    async record(p: { listingId: string; outcome: BadgeCheckOutcome; url: string; detail: string; at: Date }) {
      await db
        .insertInto('badge_checks')
        .values({ listing_id: p.listingId, outcome: p.outcome, url: p.url, detail: p.detail.slice(0, 1000), checked_at: p.at })
        .execute();
      await db.updateTable('listings').set({ badge_checked_at: p.at }).where('id', '=', p.listingId).execute();
    },

    /** The badge was found: the listing is scheduled for its launch week (the week-start job makes it live). */
    async schedule(listingId: string, week: string, at: Date) {
      await db
        .updateTable('listings')
        .set({ status: 'scheduled', launch_week: week, badge_verified_at: at, updated_at: at })
        .where('id', '=', listingId)
        .where('status', '=', 'awaiting_badge')
        .execute();
    },

    async checks(listingId: string) {
      return db
        .selectFrom('badge_checks')
        .select(['outcome', 'url', 'detail', 'checked_at'])
        .where('listing_id', '=', listingId)
        .orderBy('checked_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
