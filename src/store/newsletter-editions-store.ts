import { sql, type Kysely } from 'kysely';
import type { DB, EditionStatus } from './schema.ts';
import { isActingAdmin, recordAdminAction, type AdminActionInput } from './admin-actions-store.ts';
import { launchesStore } from './launches-store.ts';
import { transactional } from './transactional.ts';

export interface EditionRow {
  id: string;
  week: string;
  subject: string;
  intro: string | null;
  html: string;
  text: string;
  content: Record<string, unknown>;
  status: EditionStatus;
  built_at: Date;
  sending_at: Date | null;
  sent_at: Date | null;
}
/** An edition in a list (the archive, the admin page): no mail bodies. */
export type EditionListRow = Omit<EditionRow, 'html' | 'text'>;

const LIST = sql`id, week::text as week, subject, intro, content, status, built_at, sending_at, sent_at`;
const ALL = sql`${LIST}, html, text`;

export interface DraftInput {
  week: string;
  subject: string;
  html: string;
  text: string;
  content: object;
  at: Date;
}

/** The newsletter's editions, its sending settings and the facts an edition is built from. */
export function newsletterEditionsStore(db: Kysely<DB>) {
  return transactional(db, (db) => ({
    record: (a: AdminActionInput) => recordAdminAction(db, a),
    isActingAdmin: (userId: string) => isActingAdmin(db, userId),

    async byWeek(week: string): Promise<EditionRow | undefined> {
      return (await sql<EditionRow>`select ${ALL} from newsletter_editions where week = ${week}::date`.execute(db)).rows[0];
    },
    async byId(id: string): Promise<EditionRow | undefined> {
      return (await sql<EditionRow>`select ${ALL} from newsletter_editions where id = ${id}`.execute(db)).rows[0];
    },

    /**
     * Writes the week's draft: a new row, or the row rebuilt while it is still a draft, and only if
     * its intro is still `intro` (what the body was rendered with: an intro saved meanwhile wins,
     * and the caller renders again). `setIntro` writes the intro itself. Undefined: not written
     * (sending has started, or the intro changed underneath).
     */
    async saveDraft(d: DraftInput & { intro: string | null; setIntro?: boolean }): Promise<EditionRow | undefined> {
      const r = await sql<EditionRow>`insert into newsletter_editions (week, subject, intro, html, text, content, built_at)
        values (${d.week}::date, ${d.subject}, ${d.intro}, ${d.html}, ${d.text}, ${JSON.stringify(d.content)}::jsonb, ${d.at})
        on conflict (week) do update set subject = excluded.subject, html = excluded.html, text = excluded.text,
          content = excluded.content, built_at = excluded.built_at, intro = excluded.intro
        where newsletter_editions.status = 'draft'
          and (${d.setIntro === true} or newsletter_editions.intro is not distinct from excluded.intro)
        returning ${ALL}`.execute(db);
      return r.rows[0];
    },

    /** When the newest edition before `week` started going out. */
    async lastSentAt(week: string): Promise<Date | null> {
      const r = await sql<{ at: Date | null }>`select max(coalesce(sending_at, sent_at)) as at from newsletter_editions
        where week < ${week}::date and status <> 'draft'`.execute(db);
      return r.rows[0]?.at ?? null;
    },

    /** Sent editions, newest week first (newsletter_editions_sent_idx), and how many there are. */
    async sent(limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        sql<EditionListRow>`select ${LIST} from newsletter_editions where status = 'sent' order by sent_at desc, id desc limit ${limit} offset ${offset}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from newsletter_editions where status = 'sent'`.execute(db),
      ]);
      return { items: rows.rows, total: total.rows[0].n };
    },

    /** Every edition, newest week first (the admin page). */
    async recent(limit: number): Promise<EditionListRow[]> {
      return (await sql<EditionListRow>`select ${LIST} from newsletter_editions order by week desc limit ${limit}`.execute(db)).rows;
    },

    /** The newest edition that went out or is going out. */
    async latestSending(): Promise<EditionListRow | undefined> {
      return (await sql<EditionListRow>`select ${LIST} from newsletter_editions where status <> 'draft' order by week desc limit 1`.execute(db)).rows[0];
    },

    async settings() {
      const r = await sql<{ auto: boolean; hour: number; timezone: string; name: string }>`
        select newsletter_auto as auto, newsletter_hour::int as hour, timezone, name from site_settings where id = 1`.execute(db);
      return r.rows[0];
    },

    /** Saves the sending settings; returns the ones replaced (row-locked: the log says what was before). */
    async saveSettings(p: { auto: boolean; hour: number; at: Date }) {
      const before = (await sql<{ auto: boolean; hour: number }>`select newsletter_auto as auto, newsletter_hour::int as hour from site_settings where id = 1 for update`.execute(db)).rows[0];
      await sql`update site_settings set newsletter_auto = ${p.auto}, newsletter_hour = ${p.hour}, updated_at = ${p.at} where id = 1`.execute(db);
      return before;
    },

    /** A closed week's Launch of the Week is decided: its awards were computed, or it had no live launch to award. */
    async awardsDecided(week: string): Promise<boolean> {
      const r = await sql<{ ok: boolean }>`select exists (select 1 from award_weeks where week = ${week}::date)
        or not exists (select 1 from listings where launch_week = ${week}::date and status = 'live') as ok`.execute(db);
      return r.rows[0].ok;
    },

    /** A closed week's places 1–3 with their listings (the awards the week page shows). */
    awards: (week: string) => launchesStore(db).awards({ week, limit: 3, offset: 0 }),

    /** Addresses that get the newsletter. */
    async confirmedSubscribers(): Promise<number> {
      return (await sql<{ n: number }>`select count(*)::int as n from newsletter_subscribers where status = 'confirmed'`.execute(db)).rows[0].n;
    },
  }));
}
export type NewsletterEditionsStore = ReturnType<typeof newsletterEditionsStore>;
