import type { EmailPreferences } from '../domain/accounts/email-preferences.ts';
import { followMail, isFollowMailKind, type FollowMailKind } from '../domain/community/follow-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { FollowMailStore } from '../store/follow-mail-store.ts';
import type { JobDispatcher } from './dispatch.ts';

export const FOLLOW_MAIL_JOB = 'follow-mail';

/** People mailed per run: a run stays well inside the queue's 10-minute expiry, then sends itself again. */
const PEOPLE_PER_RUN = 500;
/** Events one run considers: a week-start makes a few hundred at most. */
const EVENTS_PER_RUN = 2000;

export interface FollowMailDeps {
  store: FollowMailStore;
  mailer: Pick<Mailer, 'send'>;
  preferences: EmailPreferences;
  jobs: JobDispatcher;
  publicUrl: string;
  now: () => Date;
  /** Tests: a smaller run. */
  peoplePerRun?: number;
}

/** Sends the job for a kind: keyed by the kind, so one runs at a time and duplicates are dropped. */
export const sendFollowMail = (jobs: JobDispatcher, kind: FollowMailKind) => jobs.send(FOLLOW_MAIL_JOB, { kind }, { singletonKey: kind });

/**
 * Tells followers about the pending events of one kind (listings that went live, or won a place):
 * one mail per person naming every such listing they follow, so a Monday with five followed
 * launches is one mail, not five. Each person's (event, follower) rows are claimed just before
 * their mail is handed to the mailer, so a second run, a retry or another node never mails anyone
 * twice about the same event; a crash between the claim and the mail loses that one person's mail
 * (at most once: see docs/decisions.md#follow-mails). A run mails up to PEOPLE_PER_RUN people and
 * sends itself again while more remain; the events are marked mailed once nobody is left.
 */
export async function mailFollowEvents(deps: FollowMailDeps, kind: string, signal?: AbortSignal) {
  if (!isFollowMailKind(kind)) return { kind, mailed: 0, skipped: 'unknown kind' };
  const perRun = deps.peoplePerRun ?? PEOPLE_PER_RUN;
  const eventIds = await deps.store.pending(kind, EVENTS_PER_RUN);
  if (!eventIds.length) return { kind, mailed: 0, skipped: 'nothing pending' };
  const people = await deps.store.recipients(kind, eventIds, perRun + 1);
  const site = await deps.store.siteName();
  let mailed = 0;
  for (const person of people.slice(0, perRun)) {
    // Stopped between two mails, never inside one: the retry starts after the last claim.
    signal?.throwIfAborted();
    const claimed = await deps.store.claim(person.id, person.event_ids, deps.now());
    if (!claimed.length) continue;
    let sent;
    try {
      const mail = followMail({ kind, events: await deps.store.events(claimed), person: person.name, site, publicUrl: deps.publicUrl, unsubscribe: await deps.preferences.unsubscribeUrl(person.id, kind) });
      sent = await deps.mailer.send({ to: person.email, ...mail, headers: await deps.preferences.headers(person.id, kind) });
    } catch (err) {
      // The mailer throws only before its outbox row is written (SMTP failures are recorded, not
      // thrown): nothing left, so the claim is given back for the retry.
      await deps.store.release(person.id, claimed).catch(() => {});
      throw err;
    }
    await deps.store.noteSent(person.id, claimed, sent.id);
    mailed++;
  }
  const done = people.length <= perRun;
  if (done) await deps.store.markMailed(eventIds, deps.now());
  if (!done || eventIds.length === EVENTS_PER_RUN) {
    await sendFollowMail(deps.jobs, kind);
    return { kind, events: eventIds.length, mailed, more: true };
  }
  return { kind, events: eventIds.length, mailed };
}
