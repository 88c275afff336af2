import type { Mailer } from '../../mail/mailer.ts';
import type { EditionRow, NewsletterEditionsStore } from '../../store/newsletter-editions-store.ts';
import { mustBeAdmin, type AdminId } from '../admin/acting-admin.ts';
import { oneLine } from '../community/follow-mails.ts';
import { DomainError } from '../errors.ts';
import { addWeeks, localDate, weekOf } from '../launches/weeks.ts';
import { composeEdition, dayOf, isEmptyEdition, type EditionContent, type EditionSources } from './edition.ts';
import { editionCopy } from './edition-copy.ts';
import { renderEdition } from './edition-mail.ts';
import { INTRO_MAX } from './intro-markdown.ts';

/**
 * The sender (issue 30, item 4, built beside this): queues one delivery per confirmed subscriber
 * and sends them; `start` moves the edition from draft to sending, once. Until it exists the
 * service has none, and the admin page says so.
 */
export interface EditionSender {
  start(editionId: string): Promise<unknown>;
  progress(editionId: string): Promise<{ sent: number; failed: number; remaining: number }>;
}

/** The hour of the day (0–23) on the site's wall clock. */
const localHour = (at: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));

const conflict = (code: string, detail: string) => new DomainError('conflict', code, detail);

/**
 * The weekly digest's editions: one per closed launch week, built once the week's awards are
 * decided and rebuilt while it is a draft (each build reads the week again: this week's launches
 * fill up as Monday goes on), then frozen when sending starts. The administrator's intro, the
 * sending settings, a test mail and "send now" each write their action log entry.
 */
export function createNewsletterEditions(deps: { store: NewsletterEditionsStore; sources: EditionSources; mailer: Pick<Mailer, 'send'>; publicUrl: string; now: () => Date }) {
  const { store, now, publicUrl } = deps;
  const render = (content: EditionContent, intro: string | null, variant: 'mail' | 'web') => renderEdition(content, { publicUrl, intro, variant });

  /** The edition to come: last week's while it has not gone out, else this (open) week's. */
  async function target() {
    const { timezone } = await store.settings();
    const current = weekOf(now(), timezone);
    const last = addWeeks(current, -1);
    const edition = await store.byWeek(last);
    return !edition || edition.status === 'draft' ? { week: last, closed: true, edition } : { week: current, closed: false, edition: await store.byWeek(current) };
  }

  /**
   * Builds the week's draft, or rebuilds it while it is one. `intro` undefined keeps the stored
   * intro; a value replaces it. Reads happen before the write (one statement, draft only), and an
   * intro saved in between makes it render again. `skipEmpty`: no new row for a week with nothing
   * to tell.
   */
  async function build(week: string, p: { closed: boolean; intro?: string | null; skipEmpty?: boolean }) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await store.byWeek(week);
      if (existing && existing.status !== 'draft') return { edition: existing, written: false };
      const content = await composeEdition(deps.sources, { week, closed: p.closed, now: now() });
      if (!existing && p.skipEmpty && isEmptyEdition(content)) return { edition: undefined, written: false, empty: true };
      const intro = p.intro === undefined ? (existing?.intro ?? null) : p.intro;
      const r = render(content, intro, 'mail');
      const row = await store.saveDraft({ week, subject: r.subject, html: r.html, text: r.text, content, intro, at: now() });
      if (row) return { edition: row, written: true };
    }
    return { edition: await store.byWeek(week), written: false };
  }

  const api = {
    settings: () => store.settings(),
    recent: (limit: number) => store.recent(limit),
    latestSending: () => store.latestSending(),
    confirmedSubscribers: () => store.confirmedSubscribers(),

    /** The next edition as it would be built now (nothing written): the admin page's preview and its test mail. */
    async preview() {
      const t = await target();
      const content = await composeEdition(deps.sources, { week: t.week, closed: t.closed, now: now() });
      return { ...t, decided: content.decided, empty: isEmptyEdition(content), rendered: render(content, t.edition?.intro ?? null, 'mail') };
    },

    /**
     * The job's part: last week's edition, built (or rebuilt while a draft) once its awards are
     * decided. `due`: automatic sending is on and Monday's sending hour (site timezone) has come.
     */
    async buildDue() {
      const s = await store.settings();
      const current = weekOf(now(), s.timezone);
      const week = addWeeks(current, -1);
      if (!(await store.awardsDecided(week))) return { week, skipped: 'awards not decided yet' as const };
      const b = await build(week, { closed: true, skipEmpty: true });
      if (!b.edition) return { week, skipped: 'nothing to tell' as const };
      const due = s.auto && (localDate(now(), s.timezone) > current || localHour(now(), s.timezone) >= s.hour);
      return { week, edition: b.edition, written: b.written, due };
    },

    /** The intro of the next edition (Markdown; empty: none), saved with its draft and its log entry. */
    async saveIntro(adminId: AdminId, week: string, text: string) {
      const intro = text.replace(/\r\n?/g, '\n').trim() || null;
      if (intro && intro.length > INTRO_MAX) throw new DomainError('invalid', 'newsletter_intro_too_long', `The intro is ${intro.length} characters long; at most ${INTRO_MAX}.`, [{ field: 'intro', message: `At most ${INTRO_MAX} characters.` }]);
      const t = await target();
      if (t.week !== week) throw conflict('newsletter_edition_changed', 'The next edition changed since this page was loaded (the previous one went out). Your intro was not saved: reload the page and save it again.');
      const content = await composeEdition(deps.sources, { week, closed: t.closed, now: now() });
      const r = render(content, intro, 'mail');
      await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const row = await tx.saveDraft({ week, subject: r.subject, html: r.html, text: r.text, content, intro, setIntro: true, at: now() });
        if (!row) throw conflict('newsletter_already_sending', 'This edition is already going out: its intro can no longer change.');
        await tx.record({ adminId, action: 'newsletter_intro_saved', subjectType: 'newsletter_edition', subjectId: week, summary: intro ? `Intro of the edition of ${dayOf(week)} saved (${intro.length} characters)` : `Intro of the edition of ${dayOf(week)} removed`, details: { before: t.edition?.intro ?? null, after: intro }, at: now() });
      });
    },

    /** Automatic sending on or off, and its hour (0–23, site timezone). */
    async saveSettings(adminId: AdminId, p: { auto: boolean; hour: number }) {
      if (!Number.isInteger(p.hour) || p.hour < 0 || p.hour > 23) throw new DomainError('invalid', 'newsletter_hour_invalid', 'The hour is a whole number from 0 to 23.', [{ field: 'hour', message: 'A whole number from 0 to 23.' }]);
      await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const before = await tx.saveSettings({ ...p, at: now() });
        if (before.auto === p.auto && before.hour === p.hour) return;
        await tx.record({ adminId, action: 'newsletter_settings_saved', subjectType: 'site_settings', subjectId: '1', summary: `Newsletter: ${p.auto ? `sent automatically on Mondays from ${p.hour}:00` : 'sent by hand only'}`, details: { before, after: p }, at: now() });
      });
    },

    /**
     * The next edition as it would be built now, to the administrator's own address, "[Test]" in its
     * subject. Its unsubscribe link points at the archive: a test must not unsubscribe anyone.
     */
    async sendTest(adminId: AdminId, to: string) {
      await mustBeAdmin(store, adminId);
      const p = await api.preview();
      const copy = editionCopy(p.rendered);
      const archive = `${publicUrl}/newsletter`;
      const sent = await deps.mailer.send({ to, subject: oneLine(`[Test] ${copy.subject}`), text: copy.text(archive), html: copy.html(archive) });
      await store.record({ adminId, action: 'newsletter_test_sent', subjectType: 'newsletter_edition', subjectId: p.week, summary: `Test of the edition of ${dayOf(p.week)} sent to ${to}`, details: { outbox: sent.id }, at: now() });
      return { week: p.week, delivered: sent.delivered, error: sent.error };
    },

    /**
     * "Send now": the next edition (the page names its week), once the week is closed and its awards
     * are decided. It is built afresh, handed to the sender (which moves it to sending, once), then
     * logged: the change is the sender's, in its own transaction, so the entry follows it.
     */
    async sendNow(adminId: AdminId, week: string, sender: EditionSender) {
      await mustBeAdmin(store, adminId);
      const t = await target();
      if (t.week !== week) throw conflict('newsletter_edition_changed', `The edition of ${/^\d{4}-\d{2}-\d{2}$/.test(week) ? dayOf(week) : 'that week'} is not the next one any more (it went out, or a new week began): nothing was sent. Reload the page.`);
      if (!t.closed) throw conflict('newsletter_week_open', 'This week is not over yet: its edition can go out once it closes and its awards are decided.');
      if (!(await store.awardsDecided(week))) throw conflict('newsletter_awards_pending', 'The awards of this week are not decided yet (held votes wait for review): the edition can go out once they are.');
      const b = await build(week, { closed: true });
      if (!b.edition || b.edition.status !== 'draft') throw conflict('newsletter_already_sending', 'This edition is already going out: nothing was sent again.');
      await sender.start(b.edition.id);
      await store.record({ adminId, action: 'newsletter_sending_started', subjectType: 'newsletter_edition', subjectId: week, summary: `Sending of the edition of ${dayOf(week)} started by hand`, details: { edition: b.edition.id }, at: now() });
      return b.edition;
    },

    /** Sent editions for the public archive, newest first. */
    archive: (limit: number, offset: number) => store.sent(limit, offset),

    /** A sent edition, for its web version and the feed (drafts and editions going out are not public). */
    async sentEdition(week: string): Promise<EditionRow | undefined> {
      const e = await store.byWeek(week);
      return e?.status === 'sent' ? e : undefined;
    },

    /** An edition's web version, rendered from what it held when built. */
    webVersion: (e: Pick<EditionRow, 'content' | 'intro'>) => render(e.content as unknown as EditionContent, e.intro, 'web'),
  };
  return api;
}
export type NewsletterEditions = ReturnType<typeof createNewsletterEditions>;
