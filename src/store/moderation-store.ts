import { sql, type Kysely } from 'kysely';
import type { DB, ListingModerationTable, ListingStatus } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';
import { likeEscaped } from './like-pattern.ts';
import { transactional } from './transactional.ts';

/** A listing as moderation sees it, row-locked inside a transaction. */
export interface ModeratedListing {
  id: string;
  slug: string;
  name: string;
  status: ListingStatus;
}

/** What the listings page shows of one listing. */
export interface AdminListingRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  status: ListingStatus;
  plan: string;
  launch_week: string | null;
  owner_email: string | null;
  created_at: Date;
  /** Set when moderation hid it: the status it had, why, by whom, when. */
  status_before: ListingModerationTable['status_before'] | null;
  hidden_reason: string | null;
  hidden_by_email: string | null;
  hidden_at: Date | null;
}

/** The filter of the listings page: a status, listings hidden by moderation, or every listing. */
export type ListingFilter = ListingStatus | 'hidden' | 'all';

/** One owner edit in the moderation queue: before and after, who made it, whether it was reviewed. */
export interface QueuedEdit {
  id: string;
  listing_id: string;
  slug: string;
  name: string;
  status: ListingStatus;
  editor_email: string | null;
  source: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  created_at: Date;
  reviewed_at: Date | null;
  reviewer_email: string | null;
  /** The listing is hidden by moderation now. */
  hidden: boolean;
}

/** Moderation (migrations/0014_admin_actions.sql): hiding and restoring listings, reviewing owner edits. */
export function moderationStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type ModerationStore = ReturnType<typeof moderationStore>;
export type ModerationTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  /** A page of listings, newest first, with owner and moderation; `q` matches a slug exactly or a name in part. */
  async function listings(p: { filter: ListingFilter; q?: string; id?: string; limit: number; offset: number }) {
    const conditions = [];
    if (p.id) conditions.push(sql`l.id = ${p.id}`);
    if (p.filter === 'hidden') conditions.push(sql`m.listing_id is not null`);
    else if (p.filter !== 'all') conditions.push(sql`l.status = ${p.filter}`);
    if (p.q) conditions.push(sql`(l.slug = ${p.q.toLowerCase()} or l.name ilike ${`%${likeEscaped(p.q)}%`})`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const from = sql`from listings l left join listing_moderation m on m.listing_id = l.id`;
    const [rows, total] = await Promise.all([
      sql<AdminListingRow>`
        select l.id, l.slug, l.name, l.url, l.status, l.plan, l.launch_week, o.email as owner_email, l.created_at,
          m.status_before, m.reason as hidden_reason, hb.email as hidden_by_email, m.hidden_at
        ${from}
        left join users o on o.id = l.owner_id
        left join users hb on hb.id = m.hidden_by
        ${where}
        order by l.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
      sql<{ n: number }>`select count(*)::int as n ${from} ${where}`.execute(db),
    ]);
    return { items: rows.rows, total: total.rows[0].n };
  }

  return {
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),

    async lockListing(listingId: string): Promise<ModeratedListing | undefined> {
      const r = await sql<ModeratedListing>`select id, slug, name, status from listings where id = ${listingId} for update`.execute(db);
      return r.rows[0];
    },

    async hiddenRecord(listingId: string) {
      return db.selectFrom('listing_moderation').selectAll().where('listing_id', '=', listingId).executeTakeFirst();
    },

    /**
     * Takes the listing out of the directory: status archived (the status triggers remove it from
     * search, browse covers and kept counts in this transaction), remembering the status it had.
     */
    async hide(p: { listingId: string; statusBefore: ListingModerationTable['status_before']; reason: string; by: string; at: Date }) {
      await db
        .insertInto('listing_moderation')
        .values({ listing_id: p.listingId, status_before: p.statusBefore, reason: p.reason, hidden_by: p.by, hidden_at: p.at })
        .execute();
      await sql`update listings set status = 'archived', updated_at = ${p.at} where id = ${p.listingId}`.execute(db);
    },

    /** Puts a hidden listing back in the status it had; returns that status. */
    async restore(listingId: string, at: Date): Promise<ListingModerationTable['status_before'] | undefined> {
      const r = await sql<{ status_before: ListingModerationTable['status_before'] }>`
        delete from listing_moderation where listing_id = ${listingId} returning status_before`.execute(db);
      const before = r.rows[0]?.status_before;
      if (before) await sql`update listings set status = ${before}, updated_at = ${at} where id = ${listingId}`.execute(db);
      return before;
    },

    /** One listing with its owner and moderation, whatever its status. */
    async listing(listingId: string): Promise<AdminListingRow | undefined> {
      return (await listings({ filter: 'all', id: listingId, limit: 1, offset: 0 })).items[0];
    },

    listings,

    /** How many listings have each status, and how many of them moderation hid. */
    async statusCounts(): Promise<Record<ListingFilter, number>> {
      const r = await sql<{ status: ListingFilter; n: number }>`
        select status, count(*)::int as n from listings group by status
        union all select 'hidden', count(*)::int from listing_moderation`.execute(db);
      const counts = { all: 0, draft: 0, awaiting_badge: 0, scheduled: 0, live: 0, archived: 0, hidden: 0 } as Record<ListingFilter, number>;
      for (const row of r.rows) {
        counts[row.status] = row.n;
        if (row.status !== 'hidden') counts.all += row.n;
      }
      return counts;
    },

    /** Owner edits, newest first; with `unreviewed`, only those nobody has reviewed yet; with a listing, only its own. */
    async queue(p: { unreviewed: boolean; listingId?: string; limit: number; offset: number }) {
      const conditions = [];
      if (p.unreviewed) conditions.push(sql`r.version_id is null`);
      if (p.listingId) conditions.push(sql`v.listing_id = ${p.listingId}`);
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const from = sql`from listing_versions v left join listing_version_reviews r on r.version_id = v.id`;
      const [rows, total] = await Promise.all([
        sql<QueuedEdit>`
          select v.id, v.listing_id, l.slug, l.name, l.status, u.email as editor_email, v.source, v.before, v.after, v.created_at,
            r.reviewed_at, ru.email as reviewer_email, m.listing_id is not null as hidden
          ${from}
          join listings l on l.id = v.listing_id
          left join users u on u.id = v.editor_id
          left join users ru on ru.id = r.reviewed_by
          left join listing_moderation m on m.listing_id = v.listing_id
          ${where}
          order by v.created_at desc, v.id desc limit ${p.limit} offset ${p.offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n ${from} ${where}`.execute(db),
      ]);
      return { items: rows.rows, total: total.rows[0].n };
    },

    /** The edit, row-locked, with its listing's name; undefined when there is no such edit. */
    async lockEdit(versionId: string) {
      const r = await sql<{ id: string; listing_id: string; name: string; source: string; reviewed: boolean }>`
        select v.id, v.listing_id, l.name, v.source,
          exists (select 1 from listing_version_reviews r where r.version_id = v.id) as reviewed
        from listing_versions v join listings l on l.id = v.listing_id
        where v.id = ${versionId} for update of v`.execute(db);
      return r.rows[0];
    },

    async markReviewed(versionId: string, by: string, at: Date) {
      await sql`insert into listing_version_reviews (version_id, reviewed_by, reviewed_at) values (${versionId}, ${by}, ${at})
        on conflict (version_id) do nothing`.execute(db);
    },
  };
}
