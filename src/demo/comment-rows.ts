import { sql, type Kysely } from 'kysely';
import { readCommentText, type CommentText } from '../domain/community/comment-text.ts';
import { RANK } from '../store/comments-store.ts';
import { bulkInsert } from './bulk-insert.ts';

export interface CommentInput {
  listingId: string;
  parentId: string | null;
  userId: string | null;
  body: string;
  createdAt: Date;
  /** The count of the comment_upvotes rows the caller writes for it. */
  upvotes: number;
  pinnedAt?: Date | null;
}

const CHUNK = 5000;

/**
 * Writes visible comments in bulk, as the service would have written them one by one: the HTML
 * and hash from the same renderer (readCommentText), the links the spam rules count, and the
 * "top" rank from the store's one definition (inserted as 0, then set over the new rows). The
 * counts follow by trigger, so a reply must come after its comment (a later call). Returns the
 * ids in the order of `rows`.
 */
export async function insertComments(conn: Kysely<any>, rows: readonly CommentInput[]): Promise<string[]> {
  // Bodies repeat (the demo's and the seed's come from word lists): render each text once.
  const rendered = new Map<string, CommentText>();
  const text = (body: string) => {
    let t = rendered.get(body);
    if (!t) rendered.set(body, (t = readCommentText(body)));
    return t;
  };
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const texts = chunk.map((c) => text(c.body));
    // Inserted in the array's order, so the identity ids ascend with it: sorted, they are the rows in order.
    const r = await sql<{ id: string }>`
      insert into comments (listing_id, parent_id, user_id, body, body_html, body_hash, upvotes, pinned_at, created_at, rank)
      select u.listing_id, u.parent_id, u.user_id, u.body, u.body_html, u.body_hash, u.upvotes, u.pinned_at, u.created_at, 0
      from unnest(${chunk.map((c) => c.listingId)}::bigint[], ${chunk.map((c) => c.parentId)}::bigint[],
        ${chunk.map((c) => c.userId)}::bigint[], ${texts.map((t) => t.body)}::text[], ${texts.map((t) => t.html)}::text[],
        ${texts.map((t) => t.hash)}::text[], ${chunk.map((c) => c.upvotes)}::integer[],
        ${chunk.map((c) => c.pinnedAt ?? null)}::timestamptz[], ${chunk.map((c) => c.createdAt)}::timestamptz[])
        with ordinality as u(listing_id, parent_id, user_id, body, body_html, body_hash, upvotes, pinned_at, created_at, n)
      order by u.n
      returning id`.execute(conn);
    const inserted = r.rows.map((x) => x.id).sort((a, b) => Number(a) - Number(b));
    if (inserted.length !== chunk.length) throw new Error(`inserted ${inserted.length} of ${chunk.length} comments`);
    await sql`update comments set rank = ${RANK(sql`upvotes`, sql`created_at`)} where id = any(${inserted}::bigint[])`.execute(conn);
    const links = chunk.flatMap((c, k) => texts[k].links.map((link) => ({ comment_id: inserted[k], link, user_id: c.userId, created_at: c.createdAt })));
    await bulkInsert(
      conn,
      'comment_links',
      [
        { name: 'comment_id', type: 'bigint' },
        { name: 'link', type: 'text' },
        { name: 'user_id', type: 'bigint' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      links,
      { onConflict: 'on conflict do nothing' },
    );
    ids.push(...inserted);
  }
  return ids;
}

/** comment_upvotes rows; the comments' upvotes columns were written with their counts. */
export async function insertUpvotes(conn: Kysely<any>, rows: readonly { commentId: string; userId: string; at: Date }[]) {
  await bulkInsert(
    conn,
    'comment_upvotes',
    [
      { name: 'comment_id', type: 'bigint' },
      { name: 'user_id', type: 'bigint' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    rows.map((u) => ({ comment_id: u.commentId, user_id: u.userId, created_at: u.at })),
    { chunkSize: 20_000 },
  );
}
