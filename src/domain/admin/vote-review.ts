import type { JobDispatcher } from '../../jobs/dispatch.ts';
import { VOTE_WEIGHING_JOB } from '../community/vote-trust.ts';
import type { HeldListingRow, HeldVoteRow, HeldVotesStore, VoteDecision } from '../../store/held-votes-store.ts';
import { HOLD_REASONS, type HoldReason } from '../community/vote-detection.ts';
import { notFound } from '../errors.ts';
import { mustBeAdmin } from './acting-admin.ts';

/** Listings per page of the queue, and votes shown per hold group (the earliest; the rest are counted). */
export const REVIEW_PAGE_SIZE = 20;
export const VOTES_SHOWN = 100;
/** The timing chart: 24 hours from 12 before the group's first held vote, in 10-minute buckets. */
export const CHART = { beforeMs: 12 * 3_600_000, spanMs: 24 * 3_600_000, bucketMs: 10 * 60_000 } as const;

export interface HeldGroup {
  group: string;
  reason: HoldReason;
  /** The group's undecided votes in all; `votes` holds at most VOTES_SHOWN of them. */
  total: number;
  votes: HeldVoteRow[];
  firstAt: Date;
  lastAt: Date;
  /** Every vote for the listing around the group, per bucket: counted ones and held ones. */
  chart: { since: Date; bucketMs: number; counted: number[]; held: number[] };
}
export interface HeldListing extends HeldListingRow {
  groups: HeldGroup[];
}

/**
 * Hold group names as vote-detection.ts makes them: the reason, then listing, network-prefix or
 * account ids. Anything else names no group (404), without a query.
 */
const GROUP = /^(fresh_burst|network_burst|single_purpose|ring):[0-9a-f:]{1,80}$/;
const ID = /^[1-9][0-9]{0,17}$/;
const noSuchGroup = () => notFound('held_votes_not_found', 'No votes of this listing were held in this group.');

/**
 * The review of held votes (/admin/votes): held votes weigh 0 until a moderator releases them
 * (weighed like any vote by the next run of the weighting job, sent at once) or confirms them
 * (0 for good). Nothing is deleted. Each decision and its action log entry are one transaction; a
 * group already decided is left as it is, and logged once.
 */
export function createVoteReview(deps: { store: HeldVotesStore; jobs: JobDispatcher; now: () => Date }) {
  const { store, now } = deps;
  return {
    /** A page of the queue: listings with undecided held votes, the longest waiting first, each group with its evidence. */
    async queue(page: number) {
      const { items, total } = await store.listings({ limit: REVIEW_PAGE_SIZE, offset: (page - 1) * REVIEW_PAGE_SIZE });
      const votes = await store.votes(items.map((l) => l.id), VOTES_SHOWN);
      const groups = new Map<string, HeldGroup>();
      for (const v of votes) {
        const key = `${v.listing_id} ${v.held_group}`;
        const g = groups.get(key);
        if (g) {
          g.votes.push(v);
          g.lastAt = v.created_at;
          continue;
        }
        const since = new Date(Math.floor((new Date(v.created_at).getTime() - CHART.beforeMs) / CHART.bucketMs) * CHART.bucketMs);
        const buckets = CHART.spanMs / CHART.bucketMs;
        groups.set(key, {
          group: v.held_group,
          reason: v.held_reason,
          total: v.group_votes,
          votes: [v],
          firstAt: v.created_at,
          lastAt: v.created_at,
          chart: { since, bucketMs: CHART.bucketMs, counted: Array<number>(buckets).fill(0), held: Array<number>(buckets).fill(0) },
        });
      }
      const windows = [...groups.values()].map((g) => ({ listingId: g.votes[0].listing_id, group: g.group, since: g.chart.since }));
      for (const b of await store.chart(windows, CHART.spanMs, CHART.bucketMs)) {
        const g = groups.get(`${b.listing_id} ${b.held_group}`);
        if (!g || b.bucket < 0 || b.bucket >= g.chart.counted.length) continue;
        g.chart.counted[b.bucket] = b.counted;
        g.chart.held[b.bucket] = b.held;
      }
      const listings: HeldListing[] = items.map((l) => ({ ...l, groups: [...groups.values()].filter((g) => g.votes[0].listing_id === l.id) }));
      return { items: listings, total, page, per_page: REVIEW_PAGE_SIZE };
    },

    /** Undecided held votes, bounded for the dashboard ("100+"). */
    openCount: () => store.openCount(101),

    /**
     * Releases (they count again, with their published weight) or confirms (they stay at 0) the
     * listing's undecided votes of one hold group. Returns how many were decided: 0 when the
     * group was decided already. A group the listing never had is a 404.
     */
    async decide(adminId: string, rawGroup: string, rawListingId: string, decision: VoteDecision) {
      if (!GROUP.test(rawGroup) || !ID.test(rawListingId)) throw noSuchGroup();
      const at = now();
      const decided = await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const { votes, reason } = await tx.decide({ group: rawGroup, listingId: rawListingId, decision, at });
        if (!votes || !reason) {
          if (!(await tx.known(rawGroup, rawListingId))) throw noSuchGroup();
          return 0;
        }
        const listing = await tx.listing(rawListingId);
        const what = `${votes} vote${votes === 1 ? '' : 's'} for ${listing?.name ?? `listing ${rawListingId}`} held as "${HOLD_REASONS[reason]}"`;
        await tx.record({
          adminId,
          action: decision === 'released' ? 'votes_released' : 'votes_confirmed',
          subjectType: 'listing',
          subjectId: rawListingId,
          summary: decision === 'released' ? `Released ${what}: they count again, with their published weight` : `Confirmed ${what}: they stay at 0`,
          details: { group: rawGroup, reason, votes },
          at,
        });
        return votes;
      });
      // After the commit: the job must see the decision. It weighs released votes and moves the boards at once.
      if (decided) await deps.jobs.send(VOTE_WEIGHING_JOB, {}, { singletonKey: 'after-review' });
      return decided;
    },
  };
}
export type VoteReview = ReturnType<typeof createVoteReview>;
