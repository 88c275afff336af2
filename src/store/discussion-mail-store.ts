import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

export interface NewComment {
  id: string;
  user_id: string | null;
  author: string | null;
  body: string;
  parent_id: string | null;
  created_at: Date;
}

/** What the discussion mails read and the window that batches the makers' mail. */
export function discussionMailStore(db: Kysely<DB>) {
  return {
    /** When the listing's makers were last mailed about comments (undefined: never). */
    async lastMailed(listingId: string) {
      const r = await sql<{ last_mailed_at: Date }>`select last_mailed_at from comment_mail_marks where listing_id = ${listingId}`.execute(db);
      return r.rows[0]?.last_mailed_at;
    },

    /**
     * Takes the listing's comments not yet mailed, if its window has passed, and moves the mark past
     * them, under the mark's row lock: two nodes running the job at once mail once. Returns nothing
     * while the window is open (with when it closes) or when there is nothing new. The window opens
     * only when one of the recipients gets a comment not their own: a maker's answer that nobody is
     * told about does not hold back the mail about the next visitor's comment.
     */
    async takeNewComments(p: { listingId: string; windowStart: Date; at: Date; limit: number; recipients: string[] }) {
      return db.transaction().execute(async (trx) => {
        await sql`insert into comment_mail_marks (listing_id, last_mailed_at, last_comment_id)
          values (${p.listingId}, 'epoch', coalesce((select max(id) from comments where listing_id = ${p.listingId} and created_at < ${p.at}::timestamptz - interval '1 day'), 0))
          on conflict do nothing`.execute(trx);
        const mark = (await sql<{ last_mailed_at: Date; last_comment_id: string }>`select last_mailed_at, last_comment_id from comment_mail_marks
          where listing_id = ${p.listingId} for update`.execute(trx)).rows[0];
        if (new Date(mark.last_mailed_at) > p.windowStart) return { open: new Date(mark.last_mailed_at), comments: [] as NewComment[] };
        const comments = (await sql<NewComment>`select c.id, c.user_id, u.name as author, c.body, c.parent_id, c.created_at
          from comments c left join users u on u.id = c.user_id
          where c.listing_id = ${p.listingId} and c.id > ${mark.last_comment_id} and c.status = 'visible'
          order by c.id limit ${p.limit}`.execute(trx)).rows;
        if (comments.length) {
          const mailed = comments.some((c) => p.recipients.some((r) => r !== c.user_id));
          await sql`update comment_mail_marks set last_comment_id = ${comments.at(-1)!.id},
            last_mailed_at = ${mailed ? p.at : mark.last_mailed_at} where listing_id = ${p.listingId}`.execute(trx);
        }
        return { open: undefined, comments };
      });
    },

    /** The listing's makers who can be mailed: the owner and accepted co-founders with an account. */
    async makers(listingId: string) {
      const r = await sql<{ id: string; email: string; name: string; slug: string; listing: string; status: string }>`
        select distinct u.id, u.email, u.name, l.slug, l.name as listing, l.status from listings l
        join users u on u.id = l.owner_id or u.id in (select f.user_id from listing_founders lf join founders f on f.id = lf.founder_id where lf.listing_id = l.id)
        where l.id = ${listingId} and u.disabled_at is null`.execute(db);
      return r.rows;
    },

    /** A reply with the comment it answers and that comment's author. */
    async reply(commentId: string) {
      const r = await sql<{ id: string; body: string; status: string; author: string | null; user_id: string | null; parent_user_id: string | null;
        parent_email: string | null; parent_name: string | null; parent_disabled: boolean; slug: string; listing: string; listing_status: string }>`
        select c.id, c.body, c.status, u.name as author, c.user_id, p.user_id as parent_user_id, pu.email as parent_email,
          pu.name as parent_name, coalesce(pu.disabled_at is not null, true) as parent_disabled, l.slug, l.name as listing, l.status as listing_status
        from comments c join comments p on p.id = c.parent_id join listings l on l.id = c.listing_id
        left join users u on u.id = c.user_id left join users pu on pu.id = p.user_id
        where c.id = ${commentId}`.execute(db);
      return r.rows[0];
    },

    async siteName() {
      return (await sql<{ name: string }>`select name from site_settings limit 1`.execute(db)).rows[0]?.name ?? 'Launchyard';
    },
  };
}
export type DiscussionMailStore = ReturnType<typeof discussionMailStore>;
