import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { badgeChecksStore } from '../store/badge-checks-store.ts';
import { ownerListingsStore } from '../store/owner-listings-store.ts';
import { checkHomepage, type BadgeFinder, type HomepageReader } from '../domain/owner-listings/badge-check.ts';
import { pickFreeWeek } from '../domain/owner-listings/free-plan.ts';
import { weekOf } from '../domain/launches/weeks.ts';
import { DomainError } from '../domain/errors.ts';
import type { JobDispatcher } from './dispatch.ts';
import { BADGE_CHECK_JOB, BADGE_RECHECK_MS } from '../domain/owner-listings/badge-schedule.ts';

// The schedule is the domain's: the launch page tells owners when the next check comes.
export { BADGE_CHECK_JOB, BADGE_RECHECK_MS, BADGE_SWEEP_CRON } from '../domain/owner-listings/badge-schedule.ts';
export const BADGE_SWEEP_JOB = 'badge-check-sweep';
/** Listings sent per sweep; the least recently checked go first, so a backlog drains in turn. */
const SWEEP_LIMIT = 500;

/** The cron's fan-out: one badge-check job per listing awaiting its badge and due for a look. */
export async function sweepBadgeChecks(db: Kysely<DB>, jobs: JobDispatcher, now: Date) {
  const due = await badgeChecksStore(db).due(new Date(now.getTime() - BADGE_RECHECK_MS), SWEEP_LIMIT);
  for (const listingId of due) await jobs.send(BADGE_CHECK_JOB, { listingId }, { singletonKey: listingId });
  return { sent: due.length };
}

export interface BadgeCheckDeps {
  db: Kysely<DB>;
  reader: HomepageReader;
  /** The badge detector (the worker pool's in the service). */
  findBadge?: BadgeFinder;
  publicUrl: string;
  now: () => Date;
  /** Drops this node's cached public profile of a listing that became public. */
  forget: (slug: string) => void;
}

/**
 * Looks for the badge on a free listing's homepage and records the outcome. Verified: the
 * listing is scheduled for its launch week (the week-start job makes it live). If that week has
 * already begun, it is queued afresh for the earliest free week with room, so it never launches
 * into a week that is over. Absent or unverifiable: it stays awaiting_badge for the next sweep.
 * The homepage is read outside any transaction; the write re-checks the status under a row lock.
 */
export async function runBadgeCheck(deps: BadgeCheckDeps, listingId: string) {
  const store = badgeChecksStore(deps.db);
  const listing = await store.subject(listingId);
  if (!listing || listing.status !== 'awaiting_badge') return { listingId, skipped: listing?.status ?? 'missing' };
  const result = await checkHomepage(deps.reader, { homepage: listing.url, publicUrl: deps.publicUrl, slug: listing.slug }, deps.findBadge);
  const at = deps.now();
  const outcome = await store.transaction(async (tx, trx) => {
    const locked = await tx.lock(listingId);
    if (!locked || locked.status !== 'awaiting_badge') return { skipped: locked?.status ?? 'missing' };
    await tx.record({ listingId, outcome: result.outcome, url: listing.url, detail: result.detail, at });
    if (result.outcome !== 'verified') return { outcome: result.outcome };
    const owner = ownerListingsStore(trx);
    const { timezone } = await owner.lockFreeQueue();
    const begun = locked.launch_week === null || locked.launch_week <= weekOf(at, timezone);
    let week = locked.launch_week!;
    if (begun) {
      try {
        week = await pickFreeWeek(owner, at);
      } catch (err) {
        // Every free week is full: it stays awaiting_badge and the next sweep tries again.
        if (err instanceof DomainError && err.code === 'free_weeks_full') return { outcome: result.outcome, waiting: err.code };
        throw err;
      }
    }
    await tx.schedule(listingId, week, at);
    return { outcome: result.outcome, week, requeued: begun };
  });
  if ('week' in outcome) deps.forget(listing.slug);
  return { listingId, ...outcome };
}
