import type { EmailPreferences } from '../domain/accounts/email-preferences.ts';
import type { JobDispatcher } from './dispatch.ts';
import { COMMENT_MAIL_JOB } from '../domain/community/discussions.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { DiscussionMailStore } from '../store/discussion-mail-store.ts';

/** At most one mail per listing to its makers in this window (issue 27: 15 minutes). */
export const COMMENT_MAIL_WINDOW_MS = 15 * 60_000;
const PER_MAIL = 50;
const CLOCK_SLACK_SECONDS = 5;

interface Deps {
  store: DiscussionMailStore;
  mailer: Pick<Mailer, 'send'>;
  preferences: EmailPreferences;
  jobs: JobDispatcher;
  publicUrl: string;
  now: () => Date;
}

// By code points: a cut never splits a character in two.
const excerpt = (text: string) => (text.length > 600 ? Array.from(text).slice(0, 600).join('') + '…' : text);
const PUBLIC = new Set(['live', 'scheduled']);

/**
 * Tells a listing's makers about its new comments: one mail per maker per window, naming every
 * comment since the last mail (each maker's own left out). The mark moves in the same transaction
 * that takes the comments, under its row lock, so two nodes, a retry or a duplicate job never mail
 * the same comments twice (at most once, like the followers' mail). Sent while the window is open,
 * the job comes back once when it closes.
 */
export async function mailNewComments(deps: Deps, data: { listingId: string; again?: boolean }) {
  const at = deps.now();
  const makers = (await deps.store.makers(data.listingId)).filter((m) => PUBLIC.has(m.status));
  const optedOut = await deps.preferences.optedOut(makers.map((m) => m.id), 'comments');
  const recipients = makers.filter((m) => !optedOut.has(m.id));
  const taken = await deps.store.takeNewComments({
    listingId: data.listingId, windowStart: new Date(at.getTime() - COMMENT_MAIL_WINDOW_MS), at, limit: PER_MAIL, recipients: recipients.map((m) => m.id),
  });
  if (taken.open) {
    if (!data.again) {
      // A little after the window closes, not on the dot: the queue counts the delay on the
      // database's clock, the window on a node's, and the job that comes back does not come back
      // again (so nothing can loop), so an early one would leave the comments for the next one.
      const wait = Math.ceil((taken.open.getTime() + COMMENT_MAIL_WINDOW_MS - at.getTime()) / 1000) + CLOCK_SLACK_SECONDS;
      await deps.jobs.send(COMMENT_MAIL_JOB, { listingId: data.listingId, again: true }, { singletonKey: `comments:${data.listingId}`, startAfterSeconds: wait });
    }
    return { listingId: data.listingId, mailed: 0, skipped: 'window open' };
  }
  if (!taken.comments.length) return { listingId: data.listingId, mailed: 0, skipped: 'nothing new' };
  const site = await deps.store.siteName();
  let mailed = 0;
  for (const m of recipients) {
    const theirs = taken.comments.filter((c) => c.user_id !== m.id);
    if (!theirs.length) continue;
    const page = `${deps.publicUrl}/listings/${m.slug}#discussion`;
    const unsubscribe = await deps.preferences.unsubscribeUrl(m.id, 'comments');
    const list = theirs.map((c) => `${c.author ?? 'Someone'}${c.parent_id ? ' (a reply)' : ''}:\n${excerpt(c.body)}\n${deps.publicUrl}/listings/${m.slug}#comment-${c.id}`).join('\n\n');
    await deps.mailer.send({
      to: m.email,
      subject: theirs.length === 1 ? `A new comment on ${m.listing}` : `${theirs.length} new comments on ${m.listing}`,
      text: `Hello ${m.name},\n\n${theirs.length === 1 ? 'Someone commented' : `${theirs.length} comments were posted`} on ${m.listing} on ${site}.\n\n${list}\n\n` +
        `Answer them on the listing's page: ${page}\n\n--\nYou get this because you make ${m.listing}. Stop these mails (one click, no sign-in): ${unsubscribe}\n`,
      headers: await deps.preferences.headers(m.id, 'comments'),
    });
    mailed++;
  }
  return { listingId: data.listingId, comments: taken.comments.length, mailed };
}

/** Tells a commenter about a reply to them (not their own, and not when they switched it off). */
export async function mailReply(deps: Deps, data: { commentId: string }) {
  const r = await deps.store.reply(data.commentId);
  if (!r || r.status !== 'visible' || !PUBLIC.has(r.listing_status)) return { mailed: 0, skipped: 'reply not shown' };
  if (!r.parent_user_id || !r.parent_email || r.parent_disabled || r.parent_user_id === r.user_id) return { mailed: 0, skipped: 'nobody to tell' };
  if ((await deps.preferences.optedOut([r.parent_user_id], 'replies')).size) return { mailed: 0, skipped: 'switched off' };
  const site = await deps.store.siteName();
  const unsubscribe = await deps.preferences.unsubscribeUrl(r.parent_user_id, 'replies');
  await deps.mailer.send({
    to: r.parent_email,
    subject: `${r.author ?? 'Someone'} replied to you on ${r.listing}`,
    text: `Hello ${r.parent_name ?? ''},\n\n${r.author ?? 'Someone'} replied to your comment on ${r.listing} on ${site}:\n\n${excerpt(r.body)}\n\n` +
      `${deps.publicUrl}/listings/${r.slug}#comment-${r.id}\n\n--\nStop mails about replies (one click, no sign-in): ${unsubscribe}\n`,
    headers: await deps.preferences.headers(r.parent_user_id, 'replies'),
  });
  return { mailed: 1 };
}
