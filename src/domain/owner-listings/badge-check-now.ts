import type { BadgeChecksStore, BadgeRequestState } from '../../store/badge-checks-store.ts';
import type { BadgeCheckOutcome } from '../../store/schema.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import { DomainError } from '../errors.ts';
import { listingNotFound } from './my-listings.ts';
import { BADGE_CHECK_JOB, nextBadgeCheckAt } from './badge-schedule.ts';

/** After a request or a check, "check now" waits this long: the owner's fix has time to deploy, the homepage is not hammered. */
export const CHECK_NOW_COOLDOWN_MS = 60_000;
/** A requested check not recorded within this long is shown as not finished (a lost job), and may be asked for again. */
export const CHECK_PENDING_MS = 2 * 60_000;
/** Checks of one owner's homepages per hour (sweeps included): many listings cannot turn us into a crawler of someone's site. */
export const OWNER_CHECKS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/** How many past checks the launch page shows. */
const HISTORY = 5;

export interface BadgeCheckView {
  status: string;
  homepage: string;
  /** Newest first. */
  checks: { outcome: BadgeCheckOutcome; url: string; detail: string; checked_at: Date }[];
  /** A "check now" asked for and not recorded yet. */
  checking: boolean;
  requestedAt: Date | null;
  verifiedAt: Date | null;
  /** When the scheduled sweep looks next; null when the listing is not awaiting its badge. */
  nextCheckAt: Date | null;
  /** When "check now" may be pressed (now or later); null when it does not apply (not awaiting its badge). */
  checkNowFrom: Date | null;
}

const pending = (s: BadgeRequestState, now: Date) =>
  !!s.badge_check_requested_at &&
  (!s.badge_checked_at || s.badge_checked_at < s.badge_check_requested_at) &&
  now.getTime() - s.badge_check_requested_at.getTime() < CHECK_PENDING_MS;

const latest = (...ds: (Date | null)[]) => ds.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/**
 * The free plan's badge checks as the owner sees them on the site's launch page, and "check now":
 * a badge-check job sent at once (the request returns before the homepage is read; the page shows
 * the check under way until its outcome is recorded). Throttled per listing (one request or
 * check per minute, one at a time) and per owner (30 checks an hour).
 */
export function createBadgeCheckNow(deps: { store: BadgeChecksStore; jobs: JobDispatcher; now: () => Date }) {
  const { store, now } = deps;

  return {
    async view(userId: string, listingId: number): Promise<BadgeCheckView> {
      const s = await store.ownerState(String(listingId), userId);
      if (!s) throw listingNotFound(listingId);
      const at = now();
      const awaiting = s.status === 'awaiting_badge';
      const [checks, timezone] = await Promise.all([store.checks(s.id, HISTORY), awaiting ? store.timezone() : undefined]);
      const checking = awaiting && pending(s, at);
      const last = latest(s.badge_checked_at, s.badge_check_requested_at);
      return {
        status: s.status,
        homepage: s.url,
        checks: checks.map((c) => ({ ...c, checked_at: new Date(c.checked_at) })),
        checking,
        requestedAt: s.badge_check_requested_at,
        verifiedAt: s.badge_verified_at,
        nextCheckAt: awaiting ? nextBadgeCheckAt(s.badge_checked_at, at, timezone!) : null,
        checkNowFrom: awaiting ? (checking ? new Date(s.badge_check_requested_at!.getTime() + CHECK_PENDING_MS) : new Date(Math.max(at.getTime(), (last?.getTime() ?? 0) + CHECK_NOW_COOLDOWN_MS))) : null,
      };
    },

    /**
     * "Check now". A check already under way is not asked for twice ({ alreadyChecking: true }).
     * 409 badge_check_not_needed unless the listing awaits its badge; 429 badge_check_too_soon
     * within a minute of the last request or check; 429 badge_checks_limit past the owner's hourly budget.
     */
    async request(userId: string, listingId: number): Promise<{ alreadyChecking: boolean }> {
      const at = now();
      const sent = await store.transaction(async (tx) => {
        const s = await tx.ownerState(String(listingId), userId, true);
        if (!s) throw listingNotFound(listingId);
        if (s.status !== 'awaiting_badge') {
          const why = s.status === 'scheduled' || s.status === 'live' ? 'its badge was already found' : `its status is ${s.status}: choose the free plan first`;
          throw new DomainError('conflict', 'badge_check_not_needed', `This listing is not waiting for its badge (${why}).`);
        }
        if (pending(s, at)) return undefined;
        const last = latest(s.badge_checked_at, s.badge_check_requested_at);
        if (last && at.getTime() - last.getTime() < CHECK_NOW_COOLDOWN_MS) {
          throw tooSoon('badge_check_too_soon', 'Your homepage was checked (or a check was asked for) less than a minute ago. Wait a moment, then check again.', last.getTime() + CHECK_NOW_COOLDOWN_MS - at.getTime());
        }
        const budget = await tx.ownerChecksSince(userId, new Date(at.getTime() - HOUR_MS));
        if (budget.n >= OWNER_CHECKS_PER_HOUR) {
          const wait = budget.oldest ? new Date(budget.oldest).getTime() + HOUR_MS - at.getTime() : HOUR_MS;
          throw tooSoon('badge_checks_limit', `Your homepages were checked ${budget.n} times in the last hour, the most we do. The scheduled checks go on.`, wait);
        }
        await tx.markRequested(s.id, at);
        return s.id;
      });
      // After commit: the job must see the request (and may run on another node at once).
      if (sent === undefined) return { alreadyChecking: true };
      await deps.jobs.send(BADGE_CHECK_JOB, { listingId: sent }, { singletonKey: sent });
      return { alreadyChecking: false };
    },
  };
}
export type BadgeCheckNow = ReturnType<typeof createBadgeCheckNow>;

function tooSoon(code: string, detail: string, waitMs: number) {
  const e = new DomainError('rate_limited', code, detail);
  e.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return e;
}
