import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { siteStore } from '../store/site-store.ts';
import { awardReadiness, computeWeekAwards, publishDueLaunches, pruneDayVotes, weeksAwaitingAwards } from '../store/launches-store.ts';
import { addDays, weekOf } from '../domain/launches/weeks.ts';
import { startOfLocalDay } from '../domain/launches/zoned-time.ts';
import { followMailStore } from '../store/follow-mail-store.ts';
import type { JobDispatcher } from './dispatch.ts';
import { sendFollowMail } from './follow-mail.ts';
import { webhookEventsStore } from '../store/webhook-events-store.ts';

/** A closed week's awards wait at most this long for its held votes to be reviewed. */
export const AWARDS_REVIEW_WAIT_MS = 48 * 3_600_000;

/**
 * The week-start work, safe to run any number of times and on several nodes at once: scheduled
 * launches of this week (or overdue ones) go live, and every closed week without awards gets
 * them, once. Running it hourly also catches up after downtime across a week boundary. Both
 * owe the listings' followers a mail (jobs/follow-mail.ts), sent with `jobs` after the commit.
 *
 * A week's awards wait for the vote detection job to have looked at the votes after the week
 * closed, and for its held votes to be released or confirmed; after AWARDS_REVIEW_WAIT_MS from the
 * close they are decided with the held votes counting 0.
 */
export async function runWeekStart(db: Kysely<DB>, now: Date, jobs?: JobDispatcher) {
  const result = await db.transaction().execute(async (trx) => {
    const { timezone } = await siteStore(trx).settings();
    const week = weekOf(now, timezone);
    const published = await publishDueLaunches(trx, week, now);
    // The day tallies of the weeks before the last: nothing reads them (feed today reads one day).
    await pruneDayVotes(trx, addDays(week, -7));
    // The followers' mails are owed in the same transaction as the change itself.
    await followMailStore(trx).recordLive(published, now);
    // So are the webhooks' events (store/webhook-events-store.ts): the week before this one has closed.
    const events = webhookEventsStore(trx);
    await events.listingsLive(published, now);
    await events.launchWeekClosed(addDays(week, -7), now);
    const awarded: { week: string; winners: number }[] = [];
    const waiting: string[] = [];
    for (const closed of await weeksAwaitingAwards(trx, week)) {
      const end = startOfLocalDay(addDays(closed, 7), timezone);
      const ready = await awardReadiness(trx, closed);
      const overdue = now.getTime() - end.getTime() >= AWARDS_REVIEW_WAIT_MS;
      if (!overdue && (!ready.ran_at || new Date(ready.ran_at) < end || ready.open_held > 0)) {
        waiting.push(closed);
        continue;
      }
      const result = await computeWeekAwards(trx, closed);
      if (result.computed) {
        awarded.push({ week: closed, winners: result.winners });
        await followMailStore(trx).recordAwards(closed, now);
        await events.awardsDecided(closed, now);
      }
    }
    return { week, published: published.length, awarded, waiting };
  });
  // After the commit, the follow mails of this run, and of any event a run without a queue (the
  // CLI) or a crash before this point left waiting: each hourly run sends what is still pending.
  if (jobs) for (const kind of await followMailStore(db).pendingKinds()) await sendFollowMail(jobs, kind);
  return result;
}
