import type { OwnerListingsTx } from '../../store/owner-listings-store.ts';
import { DomainError } from '../errors.ts';
import { addWeeks, weekOf, type IsoDate } from '../launches/weeks.ts';

/** The weeks a free listing may be queued for: min to max weeks after the current one, soonest first. */
export function freeWeekWindow(currentWeek: IsoDate, minWeeks: number, maxWeeks: number): IsoDate[] {
  const weeks: IsoDate[] = [];
  for (let n = minWeeks; n <= maxWeeks; n++) weeks.push(addWeeks(currentWeek, n));
  return weeks;
}

/** The earliest week with a free slot, or undefined when every week of the window is full. */
export function earliestOpenWeek(weeks: IsoDate[], taken: Map<IsoDate, number>, capacity: number): IsoDate | undefined {
  return weeks.find((w) => (taken.get(w) ?? 0) < capacity);
}

/**
 * Picks the free listing's week inside the caller's transaction. The queue lock (site_settings'
 * row) is taken first and held until commit, so the count and the write of two racing choosers
 * cannot interleave: the second sees the first one's listing and moves on (or finds the window full).
 */
export async function pickFreeWeek(tx: OwnerListingsTx, now: Date): Promise<IsoDate> {
  const q = await tx.lockFreeQueue();
  const weeks = freeWeekWindow(weekOf(now, q.timezone), q.min, q.max);
  const week = earliestOpenWeek(weeks, await tx.freeWeekCounts(weeks), q.capacity);
  if (!week) {
    throw new DomainError(
      'conflict',
      'free_weeks_full',
      `Every free launch week from ${weeks[0]} to ${weeks[weeks.length - 1]} is full (${q.capacity} free launches a week). Try again later, or choose a paid launch.`,
    );
  }
  return week;
}

/**
 * choose_free_listing's rule: a submitted listing (status draft) on the free plan is queued for a
 * launch week and awaits its badge. Asking again for a listing already queued changes nothing and
 * answers the same week, so a retry without an Idempotency-Key is safe too.
 */
export async function queueFreeListing(
  tx: OwnerListingsTx,
  listing: { id: string; status: string; plan: string; launch_week: string | null },
  now: Date,
): Promise<{ week: IsoDate; queued: boolean }> {
  if (listing.plan === 'free' && (listing.status === 'awaiting_badge' || listing.status === 'scheduled') && listing.launch_week) {
    return { week: listing.launch_week, queued: false };
  }
  if (listing.plan !== 'free' || listing.status !== 'draft') {
    const why = listing.plan !== 'free' ? 'is on the paid plan' : `has status ${listing.status}`;
    throw new DomainError('conflict', 'listing_not_queueable', `This listing ${why}: only a submitted listing (status draft) on the free plan can be queued for a free launch week.`);
  }
  const week = await pickFreeWeek(tx, now);
  await tx.queueFree(listing.id, week, now);
  return { week, queued: true };
}
