/**
 * How much the organic tau owes to the one seeded week: the same organic week drawn from other
 * seeds, weighed in memory by the published formula alone (vote-weighting.ts: no network sharing,
 * no holds, no database), and the spread of Kendall tau-b over them. A goal that passes on the
 * bench's week but fails on a third of the others is not met.
 */
import { createRandom, hashSeed } from '../../src/demo/random.ts';
import { voteWeight, type VoteWeighting } from '../../src/domain/community/vote-weighting.ts';
import { kendallTauB, TAU_MIN } from './votes-report.ts';
import { DAY, organicWeek, type OrganicOptions } from './votes-world.ts';

import type { TauSpread } from './votes-report.ts';

export function organicTauSpread(w: VoteWeighting, shape: Pick<OrganicOptions, 'voters' | 'zipf' | 'votesScale'> & { listings: number }, weeks = 40): TauSpread {
  const listings = Array.from({ length: shape.listings }, (_, i) => String(i));
  const weekStart = Date.UTC(2026, 0, 5);
  const identityBefore = weekStart + 8 * DAY - w.identityHistoryDays * DAY;
  const taus: number[] = [];
  for (let s = 0; s < weeks; s++) {
    const plan = organicWeek({ ...shape, rng: createRandom(hashSeed(`bench:votes:spread:${s}`)), listings, weekStart, label: 'spread' });
    const people = new Map<string, number>();
    const points = new Map<string, number>();
    for (const v of plan.votes) {
      const p = plan.people[v.person];
      const identity = p.identity === null ? 'none' : p.identity.createdAt !== null && p.identity.createdAt < identityBefore ? 'aged' : 'linked';
      const weight = voteWeight(
        { verified: p.verified, held: false, accountAgeDays: (v.at - p.createdAt) / DAY, activity: p.activity, identity, sameNetwork: 1, pageSeen: v.seenOn !== null },
        w,
      );
      people.set(v.listing, (people.get(v.listing) ?? 0) + 1);
      points.set(v.listing, (points.get(v.listing) ?? 0) + weight);
    }
    taus.push(kendallTauB(listings.map((l) => points.get(l) ?? 0), listings.map((l) => people.get(l) ?? 0)));
  }
  taus.sort((a, b) => a - b);
  return { weeks, min: taus[0], median: taus[Math.floor(weeks / 2)], max: taus[weeks - 1], passing: taus.filter((t) => t >= TAU_MIN).length };
}
