import { sql, type Kysely } from 'kysely';
import { executePrepared } from './prepared.ts';
import type { DB, ListingStatus } from './schema.ts';
import type { Provenance } from '../domain/community/vote-trust.ts';

/** The provenance columns of a signal: salted hashes and the session's sign-in method. */
const provenanceValues = (p: Provenance) =>
  sql`${p.networkHash}, ${p.agentHash}, (select s.method from sessions s where s.id = ${p.sessionId}::bigint)`;

export interface CommunityTarget {
  id: string;
  slug: string;
  name: string;
  tagline: string | null;
  url: string;
  status: ListingStatus;
  votes_count: number;
  follows_count: number;
  /** The user owns the listing or is one of its founders. */
  is_team: boolean;
  /** The week ('YYYY-MM-DD', its Monday) of the user's vote, if they voted. */
  my_vote_week: string | null;
  following: boolean;
  my_review: { rating: number; body: string } | null;
  /** The user's address is verified (false without a user). */
  verified: boolean;
}

export interface GenuineReview {
  id: string;
  rating: number;
  body: string;
  created_at: Date;
  author: string;
}

/**
 * Votes, follows and reviews. Each change and the listing's counter move in one transaction, so
 * votes_count and follows_count always equal the rows behind them.
 */
export function communityStore(db: Kysely<DB>) {
  return {
    async timezone() {
      return (await db.selectFrom('site_settings').select('timezone').executeTakeFirst())?.timezone ?? 'UTC';
    },

    /** A listing by slug, with the given user's standing towards it. */
    async target(slug: string, userId: string | null) {
      const uid = userId ?? null;
      const r = await sql<CommunityTarget>`
        select l.id, l.slug, l.name, l.tagline, l.url, l.status, l.votes_count, l.follows_count,
          coalesce(${uid}::bigint = l.owner_id, false) or exists (
            select 1 from listing_founders lf join founders f on f.id = lf.founder_id
            where lf.listing_id = l.id and f.user_id = ${uid}::bigint) as is_team,
          (select v.week from votes v where v.listing_id = l.id and v.user_id = ${uid}::bigint) as my_vote_week,
          exists (select 1 from follows fo where fo.listing_id = l.id and fo.user_id = ${uid}::bigint) as following,
          (select json_build_object('rating', rv.rating, 'body', rv.body) from reviews rv
            where rv.listing_id = l.id and rv.user_id = ${uid}::bigint) as my_review,
          coalesce((select u.email_verified_at is not null from users u where u.id = ${uid}::bigint), false) as verified
        from listings l where l.slug = ${slug}`.execute(db);
      return r.rows[0];
    },

    /** Adds a vote with its provenance and first weight; false when the user had already voted. */
    async addVote(p: { listingId: string; userId: string; week: string; provenance: Provenance; seenOn: 'listing' | 'list' | null; points: number; at: Date }) {
      return db.transaction().execute(async (trx) => {
        const added = await sql<{ id: string }>`
          insert into votes (listing_id, user_id, week, source, network_hash, agent_hash, sign_in_method, seen_on, points, created_at, network_hash_next)
          values (${p.listingId}, ${p.userId}, ${p.week}, 'site', ${provenanceValues(p.provenance)}, ${p.seenOn}, ${p.points}, ${p.at}, ${p.provenance.networkHashNext ?? null})
          on conflict (listing_id, user_id) do nothing returning id`.execute(trx);
        if (!added.rows.length) return false;
        await sql`update listings set votes_count = votes_count + 1 where id = ${p.listingId}`.execute(trx);
        return true;
      });
    },

    /** Removes the user's vote if it was cast in `week`; false when there was no such vote. */
    async removeVote(p: { listingId: string; userId: string; week: string }) {
      return db.transaction().execute(async (trx) => {
        const removed = await sql`delete from votes where listing_id = ${p.listingId} and user_id = ${p.userId} and week = ${p.week} returning id`.execute(trx);
        if (!removed.rows.length) return false;
        await sql`update listings set votes_count = greatest(votes_count - 1, 0) where id = ${p.listingId}`.execute(trx);
        return true;
      });
    },

    async follow(p: { listingId: string; userId: string; provenance: Provenance; at: Date }) {
      return db.transaction().execute(async (trx) => {
        const added = await sql`insert into follows (listing_id, user_id, network_hash, agent_hash, sign_in_method, created_at)
          values (${p.listingId}, ${p.userId}, ${provenanceValues(p.provenance)}, ${p.at})
          on conflict do nothing returning user_id`.execute(trx);
        if (!added.rows.length) return false;
        await sql`update listings set follows_count = follows_count + 1 where id = ${p.listingId}`.execute(trx);
        return true;
      });
    },

    async unfollow(p: { listingId: string; userId: string }) {
      return db.transaction().execute(async (trx) => {
        const removed = await sql`delete from follows where listing_id = ${p.listingId} and user_id = ${p.userId} returning user_id`.execute(trx);
        if (!removed.rows.length) return false;
        await sql`update listings set follows_count = greatest(follows_count - 1, 0) where id = ${p.listingId}`.execute(trx);
        return true;
      });
    },

    /**
     * The newest genuine reviews of a public listing: published, and written by neither its owner
     * nor one of its founders (the same rule as the profile's community rating).
     */
    async genuineReviews(slug: string, limit: number) {
      const r = await executePrepared(db, sql<GenuineReview>`
        select r.id, r.rating, r.body, r.created_at, u.name as author
        from listings l
        join reviews r on r.listing_id = l.id and r.status = 'published'
        join users u on u.id = r.user_id
        where l.slug = ${slug} and l.status in ('live', 'scheduled')
          and r.user_id is distinct from l.owner_id
          and not exists (select 1 from listing_founders lf join founders f on f.id = lf.founder_id
                          where lf.listing_id = l.id and f.user_id = r.user_id)
        order by r.created_at desc, r.id desc
        limit ${limit}`);
      return r.rows;
    },

    /** Writes the user's one review of a listing (a second one replaces the first); true when new. */
    async saveReview(p: { listingId: string; userId: string; rating: number; body: string; provenance: Provenance; at: Date }) {
      const r = await sql<{ created: boolean }>`
        insert into reviews (listing_id, user_id, rating, body, network_hash, agent_hash, sign_in_method, created_at)
        values (${p.listingId}, ${p.userId}, ${p.rating}, ${p.body}, ${provenanceValues(p.provenance)}, ${p.at})
        on conflict (listing_id, user_id) do update set rating = excluded.rating, body = excluded.body
        returning (xmax = 0) as created`.execute(db);
      return r.rows[0].created;
    },
  };
}
export type CommunityStore = ReturnType<typeof communityStore>;
