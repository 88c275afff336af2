import { sql, type Kysely } from 'kysely';
import { bulkInsert } from './bulk-insert.ts';
import { insertComments, insertUpvotes } from './comment-rows.ts';
import type { DemoComment, DemoDiscussions } from './discussions.ts';

export interface DiscussionIds {
  userId(index: number): string | null;
  listingId(index: number): string;
  /** The review at this index of the demo's activity.reviews. */
  reviewId(index: number): Promise<string | undefined>;
}

/**
 * Writes the demo's discussions in the order the counting trigger needs: comments (visible), then
 * replies, then what happened later (two comments deleted by their authors, one held by a spam
 * rule) as updates, so comments_count, comment_threads_count and replies_count come out as the
 * site keeps them. Then the upvotes and the open reports.
 */
export async function insertDemoDiscussions(trx: Kysely<any>, d: DemoDiscussions, ids: DiscussionIds) {
  const input = (c: DemoComment, parentId: string | null) => ({
    listingId: ids.listingId(c.listing),
    parentId,
    userId: ids.userId(c.user),
    body: c.body,
    createdAt: c.createdAt,
    upvotes: c.upvotes.length,
    pinnedAt: c.pinnedAt,
  });
  const threadIds = await insertComments(trx, d.threads.map((c) => input(c, null)));
  const replyIds = await insertComments(trx, d.replies.map((c) => input(c, threadIds[c.thread])));

  const all = [...d.threads.map((c, i) => [c, threadIds[i]] as const), ...d.replies.map((c, i) => [c, replyIds[i]] as const)];
  await insertUpvotes(
    trx,
    all.flatMap(([c, commentId]) => c.upvotes.map((u) => ({ commentId, userId: ids.userId(u.user)!, at: u.at }))),
  );

  const deleted = all.filter(([c]) => c.fate === 'deleted').map(([, id]) => id);
  await sql`update comments set status = 'deleted', body = '', body_html = '' where id = any(${deleted}::bigint[])`.execute(trx);
  await sql`delete from comment_links where comment_id = any(${deleted}::bigint[])`.execute(trx);
  for (const [c, id] of all.filter(([x]) => x.fate === 'held')) {
    await sql`update comments set status = 'held', status_reason = ${c.reason} where id = ${id}`.execute(trx);
  }

  const reports = [];
  for (const rep of d.reports) {
    const subjectId = rep.subject.type === 'comment' ? threadIds[rep.subject.thread] : await ids.reviewId(rep.subject.review);
    if (subjectId === undefined) continue;
    reports.push({
      subject_type: rep.subject.type,
      subject_id: subjectId,
      reporter_id: ids.userId(rep.reporter),
      reason: rep.reason,
      details: rep.details,
      created_at: rep.createdAt,
    });
  }
  await bulkInsert(
    trx,
    'reports',
    [
      { name: 'subject_type', type: 'text' },
      { name: 'subject_id', type: 'bigint' },
      { name: 'reporter_id', type: 'bigint' },
      { name: 'reason', type: 'text' },
      { name: 'details', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    reports,
  );
  return {
    comments: all.length,
    listings: new Set(d.threads.map((c) => c.listing)).size,
    upvotes: all.reduce((n, [c]) => n + c.upvotes.length, 0),
    reports: reports.length,
  };
}
