import type { EmailKind } from '../../store/schema.ts';

/** The mails a follow sends besides updates (their switches are in EMAIL_KINDS). */
export type FollowMailKind = Extract<EmailKind, 'followed_live' | 'followed_award'>;
export const FOLLOW_MAIL_KINDS: readonly FollowMailKind[] = ['followed_live', 'followed_award'];
export const isFollowMailKind = (k: unknown): k is FollowMailKind => FOLLOW_MAIL_KINDS.includes(k as FollowMailKind);

/** A followed listing's event as one mail names it. */
export interface FollowedEvent {
  slug: string;
  name: string;
  tagline: string | null;
  /** The launch week (going live) or the award's week: its Monday. */
  week: string;
  /** Launch of the Week place, for an award. */
  place: number | null;
}

/**
 * Text bound for a mail header (or a line of its own): every line break and control character
 * becomes one space, so nothing in a listing's name can end the Subject line and start a header
 * (a Bcc, say) of its own. nodemailer does the same to CR and LF; the outbox row, which is the
 * mail without SMTP, gets the same subject through this.
 */
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();

const entry = (e: FollowedEvent) => oneLine(e.tagline ? `${e.name} — ${e.tagline}` : e.name);

/**
 * One person's mail about the listings they follow that went live, or won a place, in one
 * week-start run: one mail naming them all, however many there are. The unsubscribe link is in the
 * text as well as in the List-Unsubscribe header: it works without signing in.
 */
export function followMail(p: { kind: FollowMailKind; events: FollowedEvent[]; person: string; site: string; publicUrl: string; unsubscribe: string }) {
  const site = oneLine(p.site);
  const page = (e: FollowedEvent) => `${p.publicUrl}/listings/${encodeURIComponent(e.slug)}`;
  const one = p.events.length === 1 ? oneLine(p.events[0].name) : undefined;
  const hello = `Hello ${oneLine(p.person)},\n\n`;
  if (p.kind === 'followed_live') {
    const events = p.events.toSorted((a, b) => a.name.localeCompare(b.name));
    return {
      subject: one ? `${one} is live on ${site}` : `${events.length} listings you follow are live on ${site}`,
      text: `${hello}${one ? `${one}, which you follow, is live` : `${events.length} listings you follow are live`} on ${site} this week:\n\n` +
        `${events.map((e) => `${entry(e)}\n${page(e)}`).join('\n\n')}\n\n` +
        `Votes, comments and the week's ranking are on ${one ? 'its page' : 'their pages'}.\n\n` +
        footer(p, one, 'listings you follow going live'),
    };
  }
  const events = p.events.toSorted((a, b) => a.week.localeCompare(b.week) || (a.place ?? 0) - (b.place ?? 0));
  const weeks = [...new Set(events.map((e) => e.week))];
  return {
    subject: one ? `${one} is #${p.events[0].place} Launch of the Week on ${site}` : `${events.length} listings you follow won Launch of the Week on ${site}`,
    text: `${hello}${one ? `${one}, which you follow, won a place` : `${events.length} listings you follow won a place`} in Launch of the Week on ${site}:\n\n` +
      `${events.map((e) => `#${e.place} in the week of ${e.week}: ${entry(e)}\n${page(e)}`).join('\n\n')}\n\n` +
      `${weeks.length === 1 ? "The week's results" : "The weeks' results"}:\n${weeks.map((w) => `${p.publicUrl}/launches/weeks/${w}`).join('\n')}\n\n` +
      footer(p, one, 'listings you follow winning an award'),
  };
}

const footer = (p: { site: string; unsubscribe: string }, one: string | undefined, what: string) =>
  `--\nYou get this because you follow ${one ?? 'these listings'} on ${oneLine(p.site)}. Unfollow on ${one ? 'its' : 'a listing\'s'} page, or stop mails about ${what} (one click, no sign-in): ${p.unsubscribe}\n`;
