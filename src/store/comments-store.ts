import { sql, type Kysely } from 'kysely';
import { executePrepared } from './prepared.ts';
import type { Provenance } from '../domain/community/vote-trust.ts';
import type { CommentStatus, DB } from './schema.ts';
import { webhookEventsStore } from './webhook-events-store.ts';

/**
 * The "top" order with time decay, as one number per comment: log10(upvotes + 1) plus the age in
 * steps of 12.5 hours from a fixed epoch. A comment written 12.5 hours later counts as one with ten
 * times the upvotes. Comparing two comments never needs the current time, so one index serves the
 * order and only an upvote rewrites it.
 */
export const RANK = (upvotes: ReturnType<typeof sql>, createdAt: ReturnType<typeof sql>) =>
  sql`(log(${upvotes} + 1) + (extract(epoch from ${createdAt}) - 1700000000) / 45000.0)`;

export type CommentOrder = 'top' | 'newest';

export interface CommentRow {
  id: string;
  parent_id: string | null;
  user_id: string | null;
  author: string | null;
  maker: boolean;
  body: string;
  body_html: string;
  status: CommentStatus;
  upvotes: number;
  replies_count: number;
  pinned: boolean;
  created_at: Date;
  edited_at: Date | null;
}

export interface ThreadRow extends CommentRow {
  replies: CommentRow[];
}

/** A comment with what the rules about it need: its listing, its thread, its author. */
export interface CommentFacts {
  id: string;
  listing_id: string;
  listing_slug: string;
  listing_name: string;
  listing_status: string;
  listing_owner_id: string | null;
  parent_id: string | null;
  parent_status: CommentStatus | null;
  user_id: string | null;
  author_email: string | null;
  author_name: string | null;
  body: string;
  status: CommentStatus;
  status_reason: string | null;
  pinned: boolean;
  created_at: Date;
  /** The author is the listing's owner or one of its accepted founders. */
  author_is_maker: boolean;
}

export interface PosterFacts {
  verified: boolean;
  created_at: Date;
  disabled: boolean;
  /** Their comments since the times asked for (bounded counts). */
  last_minute: number;
  last_hour: number;
  same_text_last_hour: boolean;
}

/**
 * Is the user the listing's owner or an accepted co-founder (a founder profile of theirs on it)?
 * A scalar subquery, not exists(): an exists() beside an or may be planned as a hashed subplan
 * that reads every listing_founders and founders row on each thread read.
 */
const isMaker = (listing: ReturnType<typeof sql>, user: ReturnType<typeof sql>) => sql`(
  ${user} = ${listing}.owner_id or coalesce((select true from listing_founders lf join founders f on f.id = lf.founder_id
    where lf.listing_id = ${listing}.id and f.user_id = ${user} limit 1), false))`;

const commentColumns = sql`c.id, c.parent_id, c.user_id, u.name as author,
  coalesce(${isMaker(sql`l`, sql`c.user_id`)}, false) as maker,
  case when c.status = 'visible' then c.body else '' end as body,
  case when c.status = 'visible' then c.body_html else '' end as body_html,
  c.status, c.upvotes, c.replies_count, c.pinned_at is not null as pinned, c.created_at, c.edited_at`;

/** Replies a thread carries in a list; more are counted in replies_count (docs/decisions.md#discussions). */
export const REPLIES_PER_THREAD = 50;

/**
 * Comments, replies, upvotes and pins. Counts (a listing's comments and threads, a comment's
 * replies) are kept by the database's trigger (migration 0024), so every read is an index walk.
 */
export function commentsStore(db: Kysely<DB>) {
  return {
    /** A listing by slug with its kept comment counts. */
    async listing(slug: string) {
      const r = await executePrepared(db, sql<{ id: string; slug: string; name: string; status: string; owner_id: string | null; comments_count: number; comment_threads_count: number }>`
        select id, slug, name, status, owner_id, comments_count, comment_threads_count from listings where slug = ${slug}`);
      return r.rows[0];
    },

    /**
     * One page of a listing's threads (visible comments, and deleted, hidden or held ones that still
     * have visible replies), the pinned one first, each with its first replies. Read from the thread indexes:
     * the same cost for a listing with 5 comments or 5,000.
     */
    async threads(p: { listingId: string; order: CommentOrder; limit: number; offset: number }): Promise<ThreadRow[]> {
      const order = p.order === 'top' ? sql`c.rank desc, c.id desc` : sql`c.created_at desc, c.id desc`;
      const shown = sql`(c.status = 'visible' or c.replies_count > 0)`;
      // The pinned thread leads page 1 and is left out of the ordered walk, so it is shown once and
      // the later pages start where page 1's walk stopped.
      const pinned = (await sql<{ id: string }>`select c.id from comments c where c.listing_id = ${p.listingId}
        and c.pinned_at is not null and ${shown}`.execute(db)).rows[0]?.id;
      const head = pinned && p.offset === 0 ? [pinned] : [];
      const walkOffset = pinned && p.offset > 0 ? p.offset - 1 : p.offset;
      const walkLimit = p.limit - head.length;
      const r = await sql<ThreadRow>`
        with page as (
          select c.id, 0 as part from comments c where c.id = any(${head}::bigint[])
          union all
          (select c.id, 1 from comments c where c.listing_id = ${p.listingId} and c.parent_id is null
             and c.pinned_at is null and ${shown}
           order by ${order} limit ${walkLimit} offset ${walkOffset})
        )
        select ${commentColumns},
          coalesce((select json_agg(rp order by rp.created_at, rp.id) from (
              select ${commentColumns}
              from comments c join listings l on l.id = c.listing_id left join users u on u.id = c.user_id
              where c.parent_id = t.id and c.status = 'visible'
              order by c.created_at, c.id limit ${REPLIES_PER_THREAD}) rp), '[]') as replies
        from page t
        join comments c on c.id = t.id
        join listings l on l.id = c.listing_id
        left join users u on u.id = c.user_id
        order by t.part, ${order}`.execute(db);
      return r.rows;
    },

    async facts(commentId: string): Promise<CommentFacts | undefined> {
      const r = await sql<CommentFacts>`
        select c.id, c.listing_id, l.slug as listing_slug, l.name as listing_name, l.status as listing_status,
          l.owner_id as listing_owner_id, c.parent_id, p.status as parent_status, c.user_id,
          u.email as author_email, u.name as author_name, c.body, c.status, c.status_reason,
          c.pinned_at is not null as pinned, c.created_at,
          coalesce(${isMaker(sql`l`, sql`c.user_id`)}, false) as author_is_maker
        from comments c join listings l on l.id = c.listing_id
        left join comments p on p.id = c.parent_id
        left join users u on u.id = c.user_id
        where c.id = ${commentId}`.execute(db);
      return r.rows[0];
    },

    /** What the posting rules need about a person, in one round trip. */
    async poster(userId: string, p: { hash: string; now: Date }): Promise<PosterFacts | undefined> {
      const minute = new Date(p.now.getTime() - 60_000);
      const hour = new Date(p.now.getTime() - 3_600_000);
      const r = await sql<PosterFacts>`
        select u.email_verified_at is not null as verified, u.created_at, u.disabled_at is not null as disabled,
          (select count(*)::int from (select 1 from comments c where c.user_id = u.id and c.created_at > ${minute} limit 100) m) as last_minute,
          (select count(*)::int from (select 1 from comments c where c.user_id = u.id and c.created_at > ${hour} limit 100) h) as last_hour,
          exists (select 1 from comments c where c.user_id = u.id and c.created_at > ${hour} and c.body_hash = ${p.hash}) as same_text_last_hour
        from users u where u.id = ${userId}`.execute(db);
      return r.rows[0];
    },

    /** The oldest of the person's comments since `since` (when the hour's budget frees up). */
    async oldestSince(userId: string, since: Date) {
      const r = await sql<{ created_at: Date }>`select created_at from comments where user_id = ${userId} and created_at > ${since}
        order by created_at limit 1`.execute(db);
      return r.rows[0]?.created_at;
    },

    /** Distinct accounts younger than `youngerThan` that posted this link since `since` (up to 10). */
    async newAccountsWithLink(link: string, p: { since: Date; accountsBornAfter: Date }) {
      const r = await sql<{ n: number }>`
        select count(distinct cl.user_id)::int as n from (
          select cl.user_id from comment_links cl join users u on u.id = cl.user_id
          where cl.link = ${link} and cl.created_at > ${p.since} and u.created_at > ${p.accountsBornAfter}
          limit 50) cl`.execute(db);
      return r.rows[0].n;
    },

    /** Writes a comment and its links in one transaction; its counts follow by trigger. */
    async insert(c: { listingId: string; parentId: string | null; userId: string; body: string; html: string; hash: string; links: string[]; status: CommentStatus; reason: string | null; at: Date }) {
      return db.transaction().execute(async (trx) => {
        const r = await sql<{ id: string }>`
          insert into comments (listing_id, parent_id, user_id, body, body_html, body_hash, status, status_reason, rank, created_at)
          values (${c.listingId}, ${c.parentId}, ${c.userId}, ${c.body}, ${c.html}, ${c.hash}, ${c.status}, ${c.reason},
            ${RANK(sql`0`, sql`${c.at}::timestamptz`)}, ${c.at})
          returning id`.execute(trx);
        const id = r.rows[0].id;
        for (const link of c.links) {
          await sql`insert into comment_links (comment_id, link, user_id, created_at) values (${id}, ${link}, ${c.userId}, ${c.at})
            on conflict do nothing`.execute(trx);
        }
        // The listing owner's webhooks hear of a visible comment in the transaction that wrote it.
        if (c.status === 'visible') await webhookEventsStore(trx).commentPosted(id, c.at);
        return id;
      });
    },

    /** Replaces the text of a visible comment; false when it is no longer visible. */
    async edit(p: { id: string; body: string; html: string; hash: string; links: string[]; userId: string; at: Date }) {
      return db.transaction().execute(async (trx) => {
        const r = await sql`update comments set body = ${p.body}, body_html = ${p.html}, body_hash = ${p.hash}, edited_at = ${p.at}
          where id = ${p.id} and status = 'visible' returning id`.execute(trx);
        if (!r.rows.length) return false;
        await sql`delete from comment_links where comment_id = ${p.id}`.execute(trx);
        for (const link of p.links) {
          await sql`insert into comment_links (comment_id, link, user_id, created_at) values (${p.id}, ${link}, ${p.userId}, ${p.at})
            on conflict do nothing`.execute(trx);
        }
        return true;
      });
    },

    /**
     * The author's delete: a comment with visible replies keeps its place as "deleted" (text
     * erased), one without goes. Its upvotes and links go with the text.
     */
    async remove(id: string) {
      return db.transaction().execute(async (trx) => {
        const row = (await sql<{ replies_count: number; parent_id: string | null }>`select replies_count, parent_id from comments where id = ${id} for update`.execute(trx)).rows[0];
        if (!row) return false;
        if (row.parent_id === null && row.replies_count > 0) {
          await sql`update comments set status = 'deleted', body = '', body_html = '', pinned_at = null where id = ${id}`.execute(trx);
          await sql`delete from comment_links where comment_id = ${id}`.execute(trx);
        } else {
          await sql`delete from comments where id = ${id}`.execute(trx);
        }
        return true;
      });
    },

    /** Pins one top-level comment of the listing (unpinning any other), or none. */
    async pin(listingId: string, commentId: string | null, at: Date) {
      await db.transaction().execute(async (trx) => {
        await sql`update comments set pinned_at = null where listing_id = ${listingId} and pinned_at is not null`.execute(trx);
        if (commentId) await sql`update comments set pinned_at = ${at} where id = ${commentId} and listing_id = ${listingId}`.execute(trx);
      });
    },

    /** Adds or removes the user's upvote; the count and the rank move with it. False when nothing changed. */
    async upvote(p: { commentId: string; userId: string; add: boolean; provenance?: Provenance; at: Date }) {
      const from = p.provenance ?? { networkHash: null, agentHash: null, sessionId: null };
      return db.transaction().execute(async (trx) => {
        const changed = p.add
          ? await sql`insert into comment_upvotes (comment_id, user_id, network_hash, agent_hash, sign_in_method, created_at)
              values (${p.commentId}, ${p.userId}, ${from.networkHash}, ${from.agentHash}, (select s.method from sessions s where s.id = ${from.sessionId}::bigint), ${p.at})
              on conflict do nothing returning comment_id`.execute(trx)
          : await sql`delete from comment_upvotes where comment_id = ${p.commentId} and user_id = ${p.userId} returning comment_id`.execute(trx);
        if (!changed.rows.length) return false;
        const step = p.add ? 1 : -1;
        await sql`update comments set upvotes = greatest(upvotes + ${step}, 0),
            rank = ${RANK(sql`greatest(upvotes + ${step}, 0)`, sql`created_at`)} where id = ${p.commentId}`.execute(trx);
        return true;
      });
    },

    /**
     * What one person's buttons on a page of threads need, in one round trip: which of these
     * comments are theirs, which they upvoted, and whether they own the listing (pinning).
     */
    async viewer(listingId: string, userId: string, ids: string[]) {
      const r = await sql<{ owner: boolean; authored: string[]; upvoted: string[] }>`select
          exists (select 1 from listings where id = ${listingId} and owner_id = ${userId}) as owner,
          coalesce((select json_agg(id::text) from comments where id = any(${ids}::bigint[]) and user_id = ${userId}), '[]') as authored,
          coalesce((select json_agg(comment_id::text) from comment_upvotes where user_id = ${userId}
            and comment_id = any(${ids}::bigint[])), '[]') as upvoted`.execute(db);
      const row = r.rows[0];
      return { owner: row.owner, authored: new Set(row.authored), upvoted: new Set(row.upvoted) };
    },
  };
}
export type CommentsStore = ReturnType<typeof commentsStore>;
