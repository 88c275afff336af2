/**
 * seed:scale's discussions, for the bench: one busy listing (the most voted live one) with 5,000
 * comments (4,000 threads, 1,000 replies, spread from its launch to now, some upvoted so "top"
 * differs from "newest") and the next 2,000 live listings in the same order with 5 comments each.
 * The order is the API's sort=votes, so the bench finds both through the API.
 */
import { sql, type Kysely } from 'kysely';
import { makerReply, visitorComment, visitorReply, type Said } from './comment-bodies.ts';
import { insertComments, insertUpvotes, type CommentInput } from './comment-rows.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

export const BUSY_THREADS = 4000;
export const BUSY_REPLIES = 1000;
export const SMALL_LISTINGS = 2000;
export const SMALL_COMMENTS = 5;

const MIN = 60_000;
const TRANSACTION_ROWS = 250;

interface Listing {
  id: string;
  slug: string;
  name: string;
  domain: string;
  owner_id: string | null;
  published_at: Date;
}

interface Planned {
  comment: Omit<CommentInput, 'parentId' | 'upvotes'>;
  upvoters: string[];
}

/** The listings in the bench's order: the API's sort=votes (browse.ts) over live listings. */
async function byVotes(db: Kysely<any>, limit: number): Promise<Listing[]> {
  const r = await sql<Listing>`select id, slug, name, domain, owner_id, published_at from listings
    where status = 'live' and published_at is not null
    order by votes_count desc, published_at asc nulls last, id limit ${limit}`.execute(db);
  return r.rows;
}

export async function busyListing(db: Kysely<any>) {
  const r = await sql<{ slug: string; comments_count: number; comment_threads_count: number }>`
    select slug, comments_count, comment_threads_count from listings where status = 'live'
    order by comments_count desc, id limit 1`.execute(db);
  return r.rows[0];
}

/**
 * Writes the discussions when the directory has no comments yet (a re-run keeps what is there;
 * after an interrupted run, start from a fresh database). Returns null when it wrote nothing.
 */
export async function seedScaleComments(db: Kysely<any>, now: Date): Promise<{ comments: number; upvotes: number } | null> {
  const { any } = (await sql<{ any: boolean }>`select exists (select 1 from comments) as any`.execute(db)).rows[0];
  if (any) return null;
  const listings = await byVotes(db, 1 + SMALL_LISTINGS);
  if (!listings.length) return null;
  // The seed's own accounts (a year older than any launch), or any confirmed account in another directory.
  let people = (await sql<{ id: string; name: string }>`select id, name from users where email like 'scale%@demo.example' and email_verified_at is not null order by id`.execute(db)).rows;
  if (people.length < 100) people = (await sql<{ id: string; name: string }>`select id, name from users where email_verified_at is not null order by id limit 20000`.execute(db)).rows;
  if (people.length < 100) throw new Error('seed:scale needs at least 100 confirmed accounts to write comments');
  const users = people.map((u) => u.id);
  const names = new Map(people.map((u) => [u.id, u.name]));

  const r = createRandom(hashSeed('scale-comments'));
  const nowMs = now.getTime();
  const threads: (Planned & { listing: Listing; said: Said })[] = [];
  const replies: (Planned & { thread: number })[] = [];
  const someone = (rr: Random, except: string | null) => {
    for (;;) {
      const u = users[rr.int(0, users.length - 1)];
      if (u !== except) return u;
    }
  };
  const upvoters = (rr: Random, n: number, author: string | null) => {
    const out = new Set<string>();
    for (let tries = 0; out.size < n && tries < n * 4; tries++) out.add(someone(rr, author));
    return [...out];
  };
  const at = (rr: Random, from: number, skew: number) => new Date(from + Math.floor(Math.max(0, nowMs - MIN - from) * Math.pow(rr.next(), skew)));

  const plan = (l: Listing, threadCount: number, replyCount: number, upvoted: number, most: number) => {
    const first = threads.length;
    const body = { name: l.name, domain: l.domain };
    const from = new Date(l.published_at).getTime() + 10 * MIN;
    for (let k = 0; k < threadCount; k++) {
      const user = someone(r, l.owner_id);
      const n = r.chance(upvoted) ? 1 + Math.floor(Math.pow(r.next(), 3) * most) : 0;
      const said = visitorComment(r, body);
      threads.push({ listing: l, said, comment: { listingId: l.id, userId: user, body: said.text, createdAt: at(r, from, 1) }, upvoters: upvoters(r, n, user) });
    }
    // Replies go to older threads more often (they have been there longer), a few by the maker.
    const range = threads.slice(first).map((t, k) => ({ t, k: first + k })).sort((a, b) => a.t.comment.createdAt.getTime() - b.t.comment.createdAt.getTime());
    for (let k = 0; k < replyCount; k++) {
      const parent = range[Math.floor(range.length * Math.pow(r.next(), 2))];
      const byMaker = l.owner_id !== null && r.chance(0.15);
      const user = byMaker ? l.owner_id! : someone(r, parent.t.comment.userId);
      const to = { ...body, to: names.get(parent.t.comment.userId!) ?? 'there', said: parent.t.said, makerAnswered: false };
      replies.push({
        thread: parent.k,
        comment: { listingId: l.id, userId: user, body: byMaker ? makerReply(r, to) : visitorReply(r, to), createdAt: at(r, parent.t.comment.createdAt.getTime() + MIN, 2) },
        upvoters: r.chance(0.2) ? upvoters(r, r.int(1, 5), user) : [],
      });
    }
  };
  plan(listings[0], BUSY_THREADS, BUSY_REPLIES, 0.3, 40);
  for (const l of listings.slice(1)) {
    const threadCount = r.int(3, SMALL_COMMENTS);
    plan(l, threadCount, SMALL_COMMENTS - threadCount, 0.3, 8);
  }

  // Comments before their replies: the trigger counts a reply into its comment's replies_count.
  const threadIds = await inTransactions(db, threads.map((t) => ({ ...t.comment, parentId: null, upvotes: t.upvoters.length })));
  const replyIds = await inTransactions(db, replies.map((x) => ({ ...x.comment, parentId: threadIds[x.thread], upvotes: x.upvoters.length })));
  const votes = [
    ...threads.flatMap((t, k) => t.upvoters.map((userId) => ({ commentId: threadIds[k], userId, at: at(r, t.comment.createdAt.getTime(), 2) }))),
    ...replies.flatMap((x, k) => x.upvoters.map((userId) => ({ commentId: replyIds[k], userId, at: at(r, x.comment.createdAt.getTime(), 2) }))),
  ];
  await db.transaction().execute((trx) => insertUpvotes(trx, votes));
  return { comments: threadIds.length + replyIds.length, upvotes: votes.length };
}

/**
 * A few hundred comments per transaction. The trigger updates the listing's row once per comment,
 * and within one transaction each update walks every version the earlier ones left: 5,000
 * comments of one listing in one transaction cost seconds (quadratic); committed versions are
 * pruned, so in small transactions it stays linear.
 */
async function inTransactions(db: Kysely<any>, rows: CommentInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += TRANSACTION_ROWS) {
    ids.push(...(await db.transaction().execute((trx) => insertComments(trx, rows.slice(start, start + TRANSACTION_ROWS)))));
  }
  return ids;
}
