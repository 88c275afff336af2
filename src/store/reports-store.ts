import { sql, type Kysely } from 'kysely';
import type { CommentStatus, DB, ReportReason, ReportSubject } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';

/** A reported thing as the moderation queue shows it: what it is, who wrote it, its state. */
export interface ReportedSubject {
  subject_type: ReportSubject;
  subject_id: string;
  /** Words to show: the comment's or review's text, the listing's or founder's name. */
  title: string;
  text: string;
  /** The public page it is on. */
  path: string | null;
  author_id: string | null;
  author_name: string | null;
  author_email: string | null;
  author_disabled: boolean;
  /** visible / hidden / held (comments), published / rejected (reviews), live… (listings), shown / hidden (founders). */
  state: string;
  hidden: boolean;
}

export interface QueueEntry extends ReportedSubject {
  reports: { id: string; reason: ReportReason; details: string; created_at: Date; reporter: string | null; reporter_email: string | null }[];
  first_reported_at: Date;
}

/**
 * One query that names a reported thing: its text, author and state. Kept beside the reports so the
 * queue and a moderator's action read the same facts.
 */
const subjectSql = (type: ReportSubject, id: string) => {
  switch (type) {
    case 'comment':
      return sql<ReportedSubject>`select 'comment' as subject_type, c.id::text as subject_id, 'Comment on ' || l.name as title,
          c.body as text, '/listings/' || l.slug || '#comment-' || c.id as path, c.user_id as author_id, u.name as author_name,
          u.email as author_email, coalesce(u.disabled_at is not null, false) as author_disabled, c.status as state,
          c.status in ('hidden', 'held') as hidden
        from comments c join listings l on l.id = c.listing_id left join users u on u.id = c.user_id where c.id = ${id}`;
    case 'review':
      return sql<ReportedSubject>`select 'review' as subject_type, r.id::text as subject_id, 'Review of ' || l.name || ' (' || r.rating || '/5)' as title,
          r.body as text, '/listings/' || l.slug as path, r.user_id as author_id, u.name as author_name, u.email as author_email,
          coalesce(u.disabled_at is not null, false) as author_disabled, r.status as state, r.status <> 'published' as hidden
        from reviews r join listings l on l.id = r.listing_id left join users u on u.id = r.user_id where r.id = ${id}`;
    case 'listing':
      return sql<ReportedSubject>`select 'listing' as subject_type, l.id::text as subject_id, l.name as title,
          coalesce(l.tagline, '') as text, '/listings/' || l.slug as path, l.owner_id as author_id, u.name as author_name,
          u.email as author_email, coalesce(u.disabled_at is not null, false) as author_disabled, l.status as state,
          exists (select 1 from listing_moderation m where m.listing_id = l.id) as hidden
        from listings l left join users u on u.id = l.owner_id where l.id = ${id}`;
    case 'founder':
      return sql<ReportedSubject>`select 'founder' as subject_type, f.id::text as subject_id, f.name as title, f.bio as text,
          '/founders/' || f.slug as path, f.user_id as author_id, u.name as author_name, u.email as author_email,
          coalesce(u.disabled_at is not null, false) as author_disabled,
          case when f.hidden_at is null then 'shown' else 'hidden' end as state, f.hidden_at is not null as hidden
        from founders f left join users u on u.id = f.user_id where f.id = ${id}`;
  }
};

/** Closes every open report of the thing (actioned or dismissed), in the moderator's transaction. */
async function resolve(trx: Kysely<DB>, p: { type: ReportSubject; id: string; outcome: 'actioned' | 'dismissed'; by: string | null; at: Date }) {
  const r = await sql`update reports set status = ${p.outcome}, resolved_at = ${p.at}, resolved_by = ${p.by}
    where subject_type = ${p.type} and subject_id = ${p.id} and status = 'open' returning id`.execute(trx);
  return r.rows.length;
}

/** Hides or shows a reported thing; returns its state before, or undefined when it is gone. */
async function setHidden(trx: Kysely<DB>, p: { type: Exclude<ReportSubject, 'listing'>; id: string; hidden: boolean; reason: string; at: Date }) {
  if (p.type === 'comment') {
    const status: CommentStatus = p.hidden ? 'hidden' : 'visible';
    const r = await sql<{ before: string }>`update comments c set status = ${status}, status_reason = ${p.hidden ? p.reason : null},
        pinned_at = case when ${p.hidden} then null else c.pinned_at end
      from comments old where old.id = c.id and c.id = ${p.id} and c.status <> 'deleted' returning old.status as before`.execute(trx);
    return r.rows[0]?.before;
  }
  if (p.type === 'review') {
    const r = await sql<{ before: string }>`update reviews r set status = ${p.hidden ? 'rejected' : 'published'}
      from reviews old where old.id = r.id and r.id = ${p.id} returning old.status as before`.execute(trx);
    return r.rows[0]?.before;
  }
  const r = await sql<{ before: string }>`update founders f set hidden_at = ${p.hidden ? p.at : null}
    from founders old where old.id = f.id and f.id = ${p.id}
    returning case when old.hidden_at is null then 'shown' else 'hidden' end as before`.execute(trx);
  return r.rows[0]?.before;
}

export interface ModerationTx {
  isActingAdmin(userId: string): Promise<boolean>;
  subject(type: ReportSubject, id: string): Promise<ReportedSubject | undefined>;
  setHidden(p: Parameters<typeof setHidden>[1]): Promise<string | undefined>;
  resolve(p: Parameters<typeof resolve>[1]): Promise<number>;
  record(a: AdminActionInput): Promise<void>;
}

export function reportsStore(db: Kysely<DB>) {
  return {
    /** Whether the thing exists and may be reported (a public listing, a published review, a shown comment or founder). */
    async reportable(type: ReportSubject, id: string): Promise<boolean> {
      const q = {
        comment: sql`select 1 from comments c join listings l on l.id = c.listing_id where c.id = ${id} and c.status = 'visible' and l.status in ('live', 'scheduled')`,
        review: sql`select 1 from reviews r join listings l on l.id = r.listing_id where r.id = ${id} and r.status = 'published' and l.status in ('live', 'scheduled')`,
        listing: sql`select 1 from listings l where l.id = ${id} and l.status in ('live', 'scheduled')`,
        founder: sql`select 1 from founders f where f.id = ${id} and f.hidden_at is null`,
      }[type];
      return (await q.execute(db)).rows.length > 0;
    },

    /**
     * Files a report unless the person has one open on the thing; returns whether it was new and,
     * for a comment, how many distinct accounts older than `oldAccountsBornBefore` report it now.
     */
    async file(p: { type: ReportSubject; id: string; reporterId: string; reason: ReportReason; details: string; at: Date; oldAccountsBornBefore: Date }) {
      return db.transaction().execute(async (trx) => {
        const added = await sql<{ id: string }>`
          insert into reports (subject_type, subject_id, reporter_id, reason, details, created_at)
          values (${p.type}, ${p.id}, ${p.reporterId}, ${p.reason}, ${p.details}, ${p.at})
          on conflict (subject_type, subject_id, reporter_id) where status = 'open' do nothing returning id`.execute(trx);
        const established = (await sql<{ n: number }>`
          select count(distinct r.reporter_id)::int as n from reports r join users u on u.id = r.reporter_id
          where r.subject_type = ${p.type} and r.subject_id = ${p.id} and r.status = 'open'
            and u.created_at < ${p.oldAccountsBornBefore}`.execute(trx)).rows[0].n;
        return { created: added.rows.length > 0, establishedReporters: established };
      });
    },

    /** Holds a visible comment pending review (the reports threshold). False when it was not visible. */
    async holdComment(id: string, reason: string) {
      const r = await sql`update comments set status = 'held', status_reason = ${reason}, pinned_at = null
        where id = ${id} and status = 'visible' returning id`.execute(db);
      return r.rows.length > 0;
    },

    /** Things with open reports, oldest first report first, with their reports (at most `limit` things). */
    async queue(limit: number): Promise<QueueEntry[]> {
      const things = await sql<{ subject_type: ReportSubject; subject_id: string; first: Date }>`
        select subject_type, subject_id, min(created_at) as first from (
          select subject_type, subject_id, created_at from reports where status = 'open' order by created_at, id limit 1000) r
        group by subject_type, subject_id order by first limit ${limit}`.execute(db);
      const out: QueueEntry[] = [];
      for (const t of things.rows) {
        const subject = (await subjectSql(t.subject_type, t.subject_id).execute(db)).rows[0];
        const reports = await sql<QueueEntry['reports'][number]>`
          select r.id, r.reason, r.details, r.created_at, u.name as reporter, u.email as reporter_email
          from reports r left join users u on u.id = r.reporter_id
          where r.subject_type = ${t.subject_type} and r.subject_id = ${t.subject_id} and r.status = 'open'
          order by r.created_at, r.id limit 50`.execute(db);
        if (subject) out.push({ ...subject, reports: reports.rows, first_reported_at: t.first });
      }
      return out;
    },

    /** How many things wait in the queue (bounded: the dashboard says "100+" past it). */
    async openCount() {
      const r = await sql<{ n: number }>`select count(*)::int as n from (
        select distinct subject_type, subject_id from (select subject_type, subject_id from reports where status = 'open' limit 1000) r limit 101) d`.execute(db);
      return r.rows[0].n;
    },

    subject: async (type: ReportSubject, id: string, trx: Kysely<DB> = db) => (await subjectSql(type, id).execute(trx)).rows[0],

    /** A moderator's decision: the change, the closed reports and the log entry in one transaction. */
    transaction<T>(fn: (tx: ModerationTx) => Promise<T>) {
      return db.transaction().execute((trx) =>
        fn({
          isActingAdmin: (userId) => isActingAdmin(trx, userId),
          subject: async (type, id) => (await subjectSql(type, id).execute(trx)).rows[0],
          setHidden: (p) => setHidden(trx, p),
          resolve: (p) => resolve(trx, p),
          record: (a) => recordAdminAction(trx, a),
        }),
      );
    },

    /** Comments in one state, newest first: /admin/comments (held ones wait for a decision). */
    async commentsByStatus(status: CommentStatus, limit: number) {
      const r = await sql<{ id: string; listing_slug: string; listing_name: string; author: string | null; author_id: string | null; body: string; status: CommentStatus; status_reason: string | null; created_at: Date }>`
        select c.id, l.slug as listing_slug, l.name as listing_name, u.name as author, c.user_id as author_id, c.body, c.status, c.status_reason, c.created_at
        from comments c join listings l on l.id = c.listing_id left join users u on u.id = c.user_id
        where c.status = ${status} order by c.created_at desc, c.id desc limit ${limit}`.execute(db);
      return r.rows;
    },
  };
}
export type ReportsStore = ReturnType<typeof reportsStore>;
