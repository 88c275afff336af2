import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { siteStore } from '../store/site-store.ts';
import { computeWeekAwards, publishDueLaunches, weeksAwaitingAwards } from '../store/launches-store.ts';
import { weekOf } from '../domain/launches/weeks.ts';

/**
 * The week-start work, safe to run any number of times and on several nodes at once: scheduled
 * launches of this week (or overdue ones) go live, and every closed week without awards gets
 * them, once. Running it hourly also catches up after downtime across a week boundary.
 */
export async function runWeekStart(db: Kysely<DB>, now: Date) {
  return db.transaction().execute(async (trx) => {
    const { timezone } = await siteStore(trx).settings();
    const week = weekOf(now, timezone);
    const published = await publishDueLaunches(trx, week, now);
    const awarded: { week: string; winners: number }[] = [];
    for (const closed of await weeksAwaitingAwards(trx, week)) {
      const result = await computeWeekAwards(trx, closed);
      if (result.computed) awarded.push({ week: closed, winners: result.winners });
    }
    return { week, published: published.length, awarded };
  });
}
