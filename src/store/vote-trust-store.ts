import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { SALT_PREFIX } from '../domain/community/vote-provenance.ts';
import type { HoldReason } from '../domain/community/vote-detection.ts';

/** What the weight of a voter's votes is computed from (vote-weighting.ts VoteFacts, per voter). */
export interface VoterRow {
  user_id: string;
  created_at: Date;
  verified: boolean;
  activity: number;
  votes_ever: number;
  identity: 'none' | 'linked' | 'aged';
}

export interface UnsettledVote {
  id: string;
  listing_id: string;
  user_id: string;
  week: string;
  created_at: Date;
  network_hash: string | null;
  network_hash_next: string | null;
  seen_on: 'listing' | 'list' | 'unrecorded' | null;
  points: number;
  held_reason: HoldReason | null;
  held_group: string | null;
  review: 'released' | 'confirmed' | null;
}

export interface WeighedVote {
  id: string;
  listing_id: string;
  points: number;
  held_reason: HoldReason | null;
  held_group: string | null;
}

/** Rows per statement: on PGlite one statement holds the event loop. */
const BATCH = 1000;
/** Votes settled per statement (the same reason). */
export const SETTLE_CHUNK = 5000;

/** The voter's standing, as one scalar row per voter; every part index-served (migration 0025). */
const voterColumns = (identityBefore: Date) => sql`
  u.id as user_id, u.created_at, u.email_verified_at is not null as verified,
  ((select count(*) from follows f where f.user_id = u.id)
   + (select count(*) from reviews r where r.user_id = u.id and r.status = 'published')
   + (select count(*) from comments c where c.user_id = u.id and c.status = 'visible'))::int as activity,
  (select count(*) from votes v where v.user_id = u.id)::int as votes_ever,
  (select case when count(*) = 0 then 'none' when bool_or(i.provider_created_at < ${identityBefore}) then 'aged' else 'linked' end
   from user_identities i where i.user_id = u.id) as identity`;

/**
 * The provenance and weights of votes: the facts a cast vote is weighed by, the job's reads and
 * writes, the held votes' review queue, and the daily network salts' end.
 */
export function voteTrustStore(db: Kysely<DB>) {
  return {
    /** The voter's standing and the network's recent votes for the listing, for a vote being cast. */
    async castFacts(p: { userId: string; listingId: string; networkHash: string | null; since: Date; identityBefore: Date }) {
      const r = await sql<VoterRow & { same_network: number }>`
        select ${voterColumns(p.identityBefore)},
          (select count(*)::int from votes v where v.listing_id = ${p.listingId} and v.created_at > ${p.since}
             and (v.network_hash = ${p.networkHash} or v.network_hash_next = ${p.networkHash})) as same_network
        from users u where u.id = ${p.userId}`.execute(db);
      return r.rows[0];
    },

    /** Votes not settled yet (the job's whole input), oldest first. */
    async unsettled() {
      const r = await sql<UnsettledVote>`
        select id, listing_id, user_id, week, created_at, network_hash, network_hash_next, seen_on, points, held_reason, held_group, review
        from votes where settled_at is null order by created_at, id`.execute(db);
      return r.rows;
    },

    /** The standing of these voters. */
    async voters(userIds: string[], identityBefore: Date) {
      const out: VoterRow[] = [];
      for (let i = 0; i < userIds.length; i += BATCH) {
        const r = await sql<VoterRow>`select ${voterColumns(identityBefore)} from users u where u.id = any(${userIds.slice(i, i + BATCH)}::bigint[])`.execute(db);
        out.push(...r.rows);
      }
      return out;
    },

    /** Writes changed weights and holds; the points trigger moves the listings' counted points. */
    async applyWeights(rows: WeighedVote[], now: Date) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const b = rows.slice(i, i + BATCH);
        await sql`
          update votes v set points = c.points, held_reason = c.held_reason, held_group = c.held_group,
            held_at = case when c.held_reason is null then null else coalesce(v.held_at, ${now}) end
          from unnest(${b.map((r) => r.id)}::bigint[], ${b.map((r) => r.points)}::smallint[], ${b.map((r) => r.held_reason)}::text[], ${b.map((r) => r.held_group)}::text[])
            as c(id, points, held_reason, held_group)
          where v.id = c.id`.execute(db);
      }
    },

    /**
     * Votes past the settle age keep their weight and lose the rest of their provenance. A held
     * vote waits for its review first: the moderator needs its evidence, and a released one its weighing.
     */
    async settle(before: Date, now: Date, chunk = SETTLE_CHUNK) {
      // In chunks, each its own statement, oldest first (votes_unsettled_idx): on PGlite one statement
      // holds the one session, and settling seed:scale's 242,622 votes at once kept every request
      // waiting for most of 18 s.
      // Each chunk starts where the last ended: with statistics that still count every vote
      // unsettled (PGlite never analyses by itself), PostgreSQL walks votes_created_idx rather
      // than the partial index, and without the lower bound every chunk stepped over all the
      // votes the chunks before it had settled (1,000,000 listings: 5 s a chunk and growing).
      let settled = 0;
      let from: Date | undefined;
      for (;;) {
        const r = await sql<{ created_at: Date }>`update votes set settled_at = ${now}, network_hash = null, network_hash_next = null, agent_hash = null, sign_in_method = null, seen_on = null
          where id in (select id from votes where settled_at is null and created_at < ${before} ${from ? sql`and created_at >= ${from}` : sql``}
                         and not (held_reason is not null and review is null)
                       order by created_at limit ${chunk})
          returning created_at`.execute(db);
        settled += r.rows.length;
        if (r.rows.length < chunk) break;
        from = new Date(Math.max(...r.rows.map((row) => new Date(row.created_at).getTime())));
      }
      for (const table of ['follows', 'reviews', 'comment_upvotes'] as const) {
        await sql`update ${sql.table(table)} set network_hash = null, agent_hash = null, sign_in_method = null
          where network_hash is not null and created_at < ${before}`.execute(db);
      }
      return settled;
    },

    async recordRun(now: Date, votes: number, held: number) {
      await sql`insert into vote_detection_runs (id, ran_at, votes, held) values (1, ${now}, ${votes}, ${held})
        on conflict (id) do update set ran_at = excluded.ran_at, votes = excluded.votes, held = excluded.held`.execute(db);
    },

    async lastRun() {
      return (await sql<{ ran_at: Date; votes: number; held: number }>`select ran_at, votes, held from vote_detection_runs where id = 1`.execute(db)).rows[0];
    },

    /** Network salts of days before `day`: nobody may hash an address into those days' hashes again. */
    async dropSaltsBefore(day: string) {
      const r = await sql`delete from installation_secrets where name like ${SALT_PREFIX + '%'} and name < ${SALT_PREFIX + day}`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },
  };
}
export type VoteTrustStore = ReturnType<typeof voteTrustStore>;
