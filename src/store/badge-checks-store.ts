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

/** What "check now" reads of an owner's listing. */
export interface BadgeRequestState extends BadgeCheckSubject {
  badge_checked_at: Date | null;
  badge_check_requested_at: Date | null;
  badge_verified_at: Date | null;
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

    /** A listing's checks, newest first (the newest `limit` when given). */
    async checks(listingId: string, limit?: number) {
      let q = db
        .selectFrom('badge_checks')
        .select(['outcome', 'url', 'detail', 'checked_at'])
        .where('listing_id', '=', listingId)
        .orderBy('checked_at', 'desc')
        .orderBy('id', 'desc');
      if (limit !== undefined) q = q.limit(limit);
      return q.execute();
    },

    // ---- "check now" on the owner's launch page ----

    /** The owner's listing as "check now" sees it (row-locked with `lock`); undefined when not theirs. */
    async ownerState(listingId: string, ownerId: string, lock = false): Promise<BadgeRequestState | undefined> {
      let q = db
        .selectFrom('listings')
        .select(['id', 'slug', 'url', 'status', 'plan', 'launch_week', 'badge_checked_at', 'badge_check_requested_at', 'badge_verified_at'])
        .where('id', '=', listingId)
        .where('owner_id', '=', ownerId);
      if (lock) q = q.forUpdate();
      return q.executeTakeFirst();
    },

    async markRequested(listingId: string, at: Date) {
      await db.updateTable('listings').set({ badge_check_requested_at: at }).where('id', '=', listingId).execute();
    },

    /** Checks of this owner's listings since `since`: how many, and the oldest (when the budget frees up). */
    async ownerChecksSince(ownerId: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
      const r = await sql<{ n: number; oldest: Date | null }>`
        select count(*)::int as n, min(c.checked_at) as oldest
        from listings l join badge_checks c on c.listing_id = l.id
        where l.owner_id = ${ownerId} and c.checked_at > ${since}`.execute(db);
      return r.rows[0];
    },

    async timezone(): Promise<string> {
      const r = await db.selectFrom('site_settings').select('timezone').where('id', '=', 1).executeTakeFirstOrThrow();
      return r.timezone;
    },
  };
}
