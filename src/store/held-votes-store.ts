import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { HoldReason } from '../domain/community/vote-detection.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';

/** One held vote as the review queue shows it: the voter's standing at the vote and its provenance. */
export interface HeldVoteRow {
  id: string;
  listing_id: string;
  held_group: string;
  held_reason: HoldReason;
  created_at: Date;
  held_at: Date | null;
  user_id: string;
  user_name: string;
  user_email: string;
  /** Seconds between the account's creation and the vote. */
  account_age_seconds: number;
  verified: boolean;
  disabled: boolean;
  /** Follows, published reviews and visible comments of the voter (the weighting's activity). */
  activity: number;
  sign_in_method: string | null;
  seen_on: 'listing' | 'list' | null;
  /** The first 8 characters of the salted network hash: enough to compare, nothing to reverse. */
  network: string | null;
  /** The group's votes from the same network hash (itself included); 0 when the hash is gone. */
  same_network: number;
  /** The group's undecided votes in all (rows past the shown cap included). */
  group_votes: number;
}

export interface HeldListingRow {
  id: string;
  slug: string;
  name: string;
  status: string;
  launch_week: string | null;
  votes_count: number;
  vote_points: number;
  week_points: number;
  first_held_at: Date;
  held: number;
}

/** Votes for a listing per time bucket from `since`: the held (undecided) ones apart from the rest. */
export interface ChartBucketRow {
  listing_id: string;
  held_group: string;
  bucket: number;
  counted: number;
  held: number;
}

export type VoteDecision = 'released' | 'confirmed';

export interface HeldVotesTx {
  isActingAdmin(userId: string): Promise<boolean>;
  /** The group's undecided votes for the listing decided; how many, and the reason they were held for. */
  decide(p: { group: string; listingId: string; decision: VoteDecision; at: Date }): Promise<{ votes: number; reason: HoldReason | null }>;
  /** Whether the listing has (or had) votes held in this group, decided or not. */
  known(group: string, listingId: string): Promise<boolean>;
  listing(id: string): Promise<{ name: string; slug: string } | undefined>;
  record(a: AdminActionInput): Promise<void>;
}

/** Undecided holds: the predicate of votes_held_open_idx (migration 0025), so each read below is served by it. */
const OPEN = sql`v.held_reason is not null and v.review is null`;

/**
 * The review queue of held votes (/admin/votes): listings with undecided holds, each hold group's
 * votes with the evidence, the votes around them for the timing chart, and a moderator's
 * decision (the votes, their points and the log entry in one transaction).
 */
export function heldVotesStore(db: Kysely<DB>) {
  const listingCount = async () => (await sql<{ n: number }>`select count(distinct v.listing_id)::int as n from votes v where ${OPEN}`.execute(db)).rows[0].n;
  return {
    /** A page of listings with undecided held votes, the longest waiting first; `total` counts them all. */
    async listings(p: { limit: number; offset: number }) {
      const r = await sql<HeldListingRow & { total: number }>`
        select l.id, l.slug, l.name, l.status, l.launch_week::text as launch_week, l.votes_count, l.vote_points::float8 as vote_points,
          l.week_points::float8 as week_points, h.first_held_at, h.held, h.total
        from (select v.listing_id, min(coalesce(v.held_at, v.created_at)) as first_held_at, count(*)::int as held, (count(*) over ())::int as total
              from votes v where ${OPEN} group by v.listing_id
              order by first_held_at, v.listing_id limit ${p.limit} offset ${p.offset}) h
        join listings l on l.id = h.listing_id
        order by h.first_held_at, h.listing_id`.execute(db);
      // A page past the last one still says how many there are.
      return { items: r.rows.map(({ total: _, ...l }) => l), total: r.rows[0]?.total ?? (p.offset > 0 ? await listingCount() : 0) };
    },

    /** Undecided held votes (bounded: past `cap` the dashboard says there are more). */
    async openCount(cap = 101) {
      return (await sql<{ n: number }>`select count(*)::int as n from (select 1 from votes v where ${OPEN} limit ${cap}) h`.execute(db)).rows[0].n;
    },

    /**
     * The undecided held votes of these listings, by listing, group and time, at most `perGroup`
     * of each group (the earliest), with each voter's standing. The voter's activity is the same
     * three index-served counts the weighting job reads (vote-trust-store.ts).
     */
    async votes(listingIds: string[], perGroup: number) {
      if (!listingIds.length) return [];
      const r = await sql<HeldVoteRow>`
        select h.id, h.listing_id, h.held_group, h.held_reason, h.created_at, h.held_at, h.user_id,
          u.name as user_name, u.email as user_email, extract(epoch from h.created_at - u.created_at)::float8 as account_age_seconds,
          u.email_verified_at is not null as verified, u.disabled_at is not null as disabled,
          ((select count(*) from follows f where f.user_id = u.id)
           + (select count(*) from reviews r where r.user_id = u.id and r.status = 'published')
           + (select count(*) from comments c where c.user_id = u.id and c.status = 'visible'))::int as activity,
          h.sign_in_method, h.seen_on, left(h.network_hash, 8) as network,
          case when h.network_hash is null then 0 else h.same_network end as same_network, h.group_votes
        from (
          select v.id, v.listing_id, v.held_group, v.held_reason, v.created_at, v.held_at, v.user_id, v.sign_in_method, v.seen_on,
            -- Just before midnight a vote's network is shown by its next day's hash: a burst straddling midnight reads as one network.
            coalesce(v.network_hash_next, v.network_hash) as network_hash,
            (count(*) over (partition by v.listing_id, v.held_group, coalesce(v.network_hash_next, v.network_hash)))::int as same_network,
            (count(*) over (partition by v.listing_id, v.held_group))::int as group_votes,
            row_number() over (partition by v.listing_id, v.held_group order by v.created_at, v.id) as n
          from votes v where v.listing_id = any(${listingIds}::bigint[]) and ${OPEN}) h
        join users u on u.id = h.user_id
        where h.n <= ${perGroup}
        order by h.listing_id, h.held_group, h.created_at, h.id`.execute(db);
      return r.rows;
    },

    /**
     * Every vote for each listing from `since` for `spanMs`, counted per `bucketMs`, held
     * (undecided) ones apart; one statement for all groups, each window read from
     * votes_listing_created_idx.
     */
    async chart(windows: { listingId: string; group: string; since: Date }[], spanMs: number, bucketMs: number) {
      if (!windows.length) return [];
      const r = await sql<ChartBucketRow>`
        select w.listing_id::text as listing_id, w.held_group, floor(extract(epoch from v.created_at - w.since)::float8 * 1000 / ${bucketMs}::float8)::int as bucket,
          (count(*) filter (where not (${OPEN})))::int as counted, (count(*) filter (where ${OPEN}))::int as held
        from unnest(${windows.map((w) => w.listingId)}::bigint[], ${windows.map((w) => w.group)}::text[], ${windows.map((w) => w.since.toISOString())}::timestamptz[])
          as w(listing_id, held_group, since)
        join votes v on v.listing_id = w.listing_id and v.created_at >= w.since and v.created_at < w.since + ${spanMs / 1000}::float8 * interval '1 second'
        group by 1, 2, 3
        order by 1, 2, 3`.execute(db);
      return r.rows;
    },

    /** A moderator's decision: the votes, the listings' points (by trigger) and the log entry in one transaction. */
    transaction<T>(fn: (tx: HeldVotesTx) => Promise<T>) {
      return db.transaction().execute((trx) =>
        fn({
          isActingAdmin: (userId) => isActingAdmin(trx, userId),
          async decide(p) {
            // Only undecided votes: a second decision of the same group finds none and changes nothing.
            // A confirmed vote counts 0 for good; a released one keeps 0 until the weighting job weighs it.
            const r = await sql<{ held_reason: HoldReason }>`
              update votes v set review = ${p.decision}, reviewed_at = ${p.at},
                points = case when ${p.decision} = 'confirmed' then 0 else v.points end
              where v.listing_id = ${p.listingId} and v.held_group = ${p.group} and ${OPEN}
              returning v.held_reason`.execute(trx);
            return { votes: r.rows.length, reason: r.rows[0]?.held_reason ?? null };
          },
          async known(group, listingId) {
            const r = await sql`select 1 from votes v where v.listing_id = ${listingId} and v.held_group = ${group} limit 1`.execute(trx);
            return r.rows.length > 0;
          },
          async listing(id) {
            return (await sql<{ name: string; slug: string }>`select name, slug from listings where id = ${id}`.execute(trx)).rows[0];
          },
          record: (a) => recordAdminAction(trx, a),
        }),
      );
    },
  };
}
export type HeldVotesStore = ReturnType<typeof heldVotesStore>;
