import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB, FaqRow, ListingPlan, ListingsTable, ListingStatus, PaidSection } from './schema.ts';
import { profileRow, type ProfileRow } from './listings-store.ts';
import { listingVersionsStore } from './listing-versions-store.ts';
import { transactional } from './transactional.ts';
import { webhookEventsStore } from './webhook-events-store.ts';

/** An owned listing as a write sees it, locked for the rest of the transaction. */
export interface OwnedListingRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  status: ListingStatus;
  plan: ListingPlan;
  launch_week: string | null;
  tagline: string | null;
  short_description: string | null;
  description: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  demo_video_url: string | null;
  contact_email: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  socials: Record<string, string>;
  faqs: FaqRow[];
  story: Record<string, string> | null;
}

/** What the owner sees beyond the public profile. */
export interface OwnerExtrasRow {
  status: ListingStatus;
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  created_at: Date;
  updated_at: Date;
  site_name: string;
  last_check: { outcome: 'verified' | 'absent' | 'unverifiable'; checked_at: string; detail: string } | null;
}

export interface OwnedSummaryRow {
  id: string;
  slug: string;
  name: string;
  url: string;
  tagline: string | null;
  logo_url: string | null;
  status: ListingStatus;
  plan: ListingPlan;
  launch_week: string | null;
  unlocked_sections: PaidSection[];
  created_at: Date;
  updated_at: Date;
  total: number;
}

const EDITABLE = [
  'id', 'slug', 'name', 'url', 'status', 'plan', 'launch_week', 'tagline', 'short_description', 'description',
  'pricing_model', 'pricing_summary', 'country', 'city', 'founded_year', 'demo_video_url', 'contact_email',
  'features', 'usps', 'keywords', 'headline', 'summary', 'seo_title', 'seo_description', 'socials', 'faqs', 'story',
] as const;

/** Column values as a listing update writes them (json columns as JSON text). */
export type ListingChanges = Updateable<ListingsTable>;

/**
 * The owner's listings: reads scoped to the owner, and writes inside one transaction (`transaction`
 * hands the callback this same store bound to the transaction). Another user's listing is never
 * returned: every lookup filters on owner_id.
 */
export function ownerListingsStore(db: Kysely<DB>) {
  return transactional(db, queries);
}
export type OwnerListingsStore = ReturnType<typeof ownerListingsStore>;
/** Inside a transaction: the same queries bound to it. */
export type OwnerListingsTx = ReturnType<typeof queries>;

function queries(db: Kysely<DB>) {
  return {
    versions: listingVersionsStore(db),
    /** The webhooks' events of an owner's change, in its transaction. */
    webhookEvents: webhookEventsStore(db),

    /** The owner's listings, any status, newest first. */
    async list(ownerId: string, limit: number, offset: number) {
      const r = await sql<OwnedSummaryRow>`
        select id, slug, name, url, tagline, logo_url, status, plan, launch_week, unlocked_sections, created_at, updated_at,
          count(*) over ()::int as total
        from listings where owner_id = ${ownerId}
        order by created_at desc, id desc
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async count(ownerId: string) {
      const r = await sql<{ n: number }>`select count(*)::int as n from listings where owner_id = ${ownerId}`.execute(db);
      return r.rows[0].n;
    },

    /** The whole profile of an owned listing, every paid section included; undefined when not theirs. */
    profile(listingId: string, ownerId: string): Promise<ProfileRow | undefined> {
      return profileRow(db, sql`l.id = ${listingId} and l.owner_id = ${ownerId}`, true);
    },

    async extras(listingId: string): Promise<OwnerExtrasRow> {
      const r = await sql<OwnerExtrasRow>`
        select l.status, l.headline, l.summary, l.seo_title, l.seo_description, l.created_at, l.updated_at,
          s.name as site_name,
          (select json_build_object('outcome', c.outcome, 'checked_at', c.checked_at, 'detail', c.detail)
            from badge_checks c where c.listing_id = l.id order by c.checked_at desc, c.id desc limit 1) as last_check
        from listings l cross join site_settings s
        where l.id = ${listingId} and s.id = 1`.execute(db);
      return r.rows[0];
    },

    async owns(listingId: string, ownerId: string): Promise<boolean> {
      const row = await db.selectFrom('listings').select('id').where('id', '=', listingId).where('owner_id', '=', ownerId).executeTakeFirst();
      return row !== undefined;
    },

    /** An owned listing, row-locked until the transaction ends; undefined when not theirs. */
    async lockOwned(listingId: string, ownerId: string): Promise<OwnedListingRow | undefined> {
      const row = await db
        .selectFrom('listings')
        .select(EDITABLE)
        .where('id', '=', listingId)
        .where('owner_id', '=', ownerId)
        .forUpdate()
        .executeTakeFirst();
      return row as OwnedListingRow | undefined;
    },

    async update(listingId: string, changes: ListingChanges, now: Date) {
      await db.updateTable('listings').set({ ...changes, updated_at: now }).where('id', '=', listingId).execute();
    },

    async addUpdate(p: { listingId: string; title: string; body: string; at: Date }) {
      return db
        .insertInto('listing_updates')
        .values({ listing_id: p.listingId, title: p.title, body: p.body, created_at: p.at })
        .returning(['id', 'title', 'body', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async milestoneCount(listingId: string) {
      const r = await sql<{ n: number }>`select count(*)::int as n from milestones where listing_id = ${listingId}`.execute(db);
      return r.rows[0].n;
    },

    async addMilestone(p: { listingId: string; date: string; title: string; description: string | null; url: string | null; at: Date }) {
      return db
        .insertInto('milestones')
        .values({ listing_id: p.listingId, date: p.date, title: p.title, description: p.description, url: p.url, created_at: p.at })
        .returning(['id', 'date', 'title', 'description', 'url'])
        .executeTakeFirstOrThrow();
    },

    /** Deletes a milestone of this listing; the deleted row, or undefined when the listing has none with that id. */
    async deleteMilestone(listingId: string, milestoneId: string) {
      return db
        .deleteFrom('milestones')
        .where('id', '=', milestoneId)
        .where('listing_id', '=', listingId)
        .returning(['id', 'date', 'title', 'description', 'url'])
        .executeTakeFirst();
    },

    // ---- the free plan ----

    /**
     * The free-queue settings, with site_settings' one row locked until the transaction ends: every
     * chooser of a free week passes here, so two of them cannot both take a week's last slot.
     */
    async lockFreeQueue() {
      const r = await sql<{ timezone: string; min: number; max: number; capacity: number }>`
        select timezone, free_queue_min_weeks as min, free_queue_max_weeks as max, free_week_capacity as capacity
        from site_settings where id = 1 for update`.execute(db);
      return r.rows[0];
    },

    /** Free listings holding each of these weeks (awaiting their badge, scheduled or live). */
    async freeWeekCounts(weeks: string[]): Promise<Map<string, number>> {
      const r = await sql<{ week: string; n: number }>`
        select launch_week as week, count(*)::int as n from listings
        where plan = 'free' and status in ('awaiting_badge', 'scheduled', 'live')
          and launch_week = any(${weeks}::date[])
        group by launch_week`.execute(db);
      return new Map(r.rows.map((row) => [row.week, row.n]));
    },

    async queueFree(listingId: string, week: string, now: Date) {
      await db
        .updateTable('listings')
        .set({ status: 'awaiting_badge', launch_week: week, free_queued_at: now, updated_at: now })
        .where('id', '=', listingId)
        .execute();
    },

    // ---- founder interview ----

    /** Which of these question ids are active interview questions. */
    async activeQuestionIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom('interview_questions').select('id').where('id', 'in', ids).where('active', '=', true).execute();
      return new Set(rows.map((r) => String(r.id)));
    },

    async saveAnswers(userId: string, answers: { questionId: string; answer: string }[], now: Date) {
      const keep = answers.filter((a) => a.answer !== '');
      const remove = answers.filter((a) => a.answer === '').map((a) => a.questionId);
      if (keep.length) {
        await db
          .insertInto('interview_answers')
          .values(keep.map((a) => ({ user_id: userId, question_id: a.questionId, answer: a.answer, updated_at: now })))
          .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet((eb) => ({ answer: eb.ref('excluded.answer'), updated_at: now })))
          .execute();
      }
      if (remove.length) await db.deleteFrom('interview_answers').where('user_id', '=', userId).where('question_id', 'in', remove).execute();
    },

    async answers(userId: string) {
      return db
        .selectFrom('interview_answers as a')
        .innerJoin('interview_questions as q', 'q.id', 'a.question_id')
        .select(['a.question_id', 'q.question', 'a.answer', 'a.updated_at'])
        .where('a.user_id', '=', userId)
        .orderBy('q.position')
        .orderBy('q.id')
        .execute();
    },
  };
}
