/**
 * When the free plan's homepages are looked at: the sweep's schedule and the re-check interval
 * (the job and its cron live in jobs/), and the "next check" an owner is told from them.
 */

/** The on-demand job that reads one listing's homepage (jobs/badge-check.ts). */
export const BADGE_CHECK_JOB = 'badge-check';
/** A listing is checked again after this long (the sweep runs every 6 hours; retries are not re-checks). */
export const BADGE_RECHECK_MS = 5 * 3_600_000;
/** The sweep runs at this minute of every BADGE_SWEEP_EVERY_HOURS-th hour, site timezone. */
export const BADGE_SWEEP_MINUTE = 40;
export const BADGE_SWEEP_EVERY_HOURS = 6;
export const BADGE_SWEEP_CRON = `${BADGE_SWEEP_MINUTE} */${BADGE_SWEEP_EVERY_HOURS} * * *`;

const STEP_MS = 5 * 60_000;
const clocks = new Map<string, Intl.DateTimeFormat>();
function clock(timeZone: string) {
  let f = clocks.get(timeZone);
  if (!f) clocks.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return f;
}

/**
 * The first sweep at or after `from`: walked in 5-minute steps (every timezone offset in use is a
 * multiple of 5 minutes), at most one sweep interval, so the answer holds across DST changes.
 */
export function nextSweepAt(from: Date, timeZone: string): Date {
  let t = Math.ceil(from.getTime() / STEP_MS) * STEP_MS;
  const end = t + (BADGE_SWEEP_EVERY_HOURS + 2) * 3_600_000;
  for (; t <= end; t += STEP_MS) {
    const parts = clock(timeZone).formatToParts(new Date(t));
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value);
    if (minute === BADGE_SWEEP_MINUTE && hour % BADGE_SWEEP_EVERY_HOURS === 0) return new Date(t);
  }
  return new Date(end);
}

/**
 * When the sweep will look at a listing awaiting its badge again: the first sweep that finds it
 * due (last checked more than BADGE_RECHECK_MS before), never before `now`.
 */
export function nextBadgeCheckAt(lastCheckedAt: Date | null, now: Date, timeZone: string): Date {
  const due = lastCheckedAt ? new Date(Math.max(now.getTime(), lastCheckedAt.getTime() + BADGE_RECHECK_MS + 1)) : now;
  return nextSweepAt(due, timeZone);
}
