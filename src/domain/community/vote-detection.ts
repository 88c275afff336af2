import { z } from 'zod';

/**
 * Finds the votes to hold for review: bursts, rings and single-purpose accounts. Held votes weigh
 * 0 until a moderator releases or confirms them (/admin/votes); nothing is deleted. Pure and
 * synchronous on plain data, so the job runs it in the worker pool (workers/tasks.ts) on the
 * votes of the last ringWindowDays. Each rule and number is published on /about/ranking.
 */
export const VoteDetectionRules = z
  .object({
    /** An account this young (hours, at the vote) is fresh. */
    freshHours: z.number().positive().max(24 * 90).default(48),
    /** Fresh accounts' votes for one listing: this many within burstWindowMinutes is a burst. */
    freshBurstMin: z.number().int().min(2).max(1000).default(8),
    burstWindowMinutes: z.number().int().positive().max(1440).default(60),
    /** Votes for one listing from one network hash: this many within burstWindowMinutes is a burst. */
    networkBurstMin: z.number().int().min(2).max(1000).default(10),
    /** Accounts whose only act ever is one vote, made within freshHours of signing up: this many for one listing within singlePurposeWindowHours are held. */
    singlePurposeMin: z.number().int().min(2).max(1000).default(5),
    singlePurposeWindowHours: z.number().int().positive().max(24 * 28).default(24),
    /** Rings are looked for over the votes of this many days. */
    ringWindowDays: z.number().int().positive().max(90).default(28),
    /** Two accounts collude when they share this many listings… */
    ringMinShared: z.number().int().min(2).max(100).default(4),
    /** …their vote sets overlap this much (shared / either, Jaccard)… */
    ringMinJaccard: z.number().min(0).max(1).default(0.5),
    /** …and they share this many times more than chance would give (popular listings are shared by chance). */
    ringMinRatio: z.number().positive().max(1000).default(3),
    /** A ring is at least this many accounts linked by colluding pairs. */
    ringMinSize: z.number().int().min(2).max(1000).default(5),
    /** Listings with more voters than this are left out of pair counting (bounds the work; a ring's lift is in its small listings). */
    ringListingCap: z.number().int().positive().max(100_000).default(400),
  })
  .strict();
export type VoteDetectionRules = z.output<typeof VoteDetectionRules>;
export const DEFAULT_DETECTION: VoteDetectionRules = VoteDetectionRules.parse({});

export type HoldReason = 'fresh_burst' | 'network_burst' | 'single_purpose' | 'ring';
export const HOLD_REASONS: Record<HoldReason, string> = {
  fresh_burst: 'Burst from new accounts',
  network_burst: 'Burst from one network',
  single_purpose: 'Accounts made for one vote',
  ring: 'Vote ring',
};

export interface DetectionVote {
  id: string;
  listing: string;
  user: string;
  /** When it was cast (ms since the epoch). */
  at: number;
  /** The salted network hash; null when unknown (settled, or from before hashes). */
  network: string | null;
}
export interface DetectionVoter {
  user: string;
  createdAt: number;
  /** Votes the account has ever cast. */
  votesEver: number;
  /** Follows, published reviews, visible comments. */
  activity: number;
}
export interface Suspect {
  reason: HoldReason;
  /** Votes held for the same pattern share a group: the moderator decides a group at once. */
  group: string;
}

export function detectSuspects(input: { votes: DetectionVote[]; voters: DetectionVoter[]; rules?: VoteDetectionRules }): Map<string, Suspect> {
  const rules = input.rules ?? DEFAULT_DETECTION;
  const voters = new Map(input.voters.map((v) => [v.user, v]));
  const held = new Map<string, Suspect>();
  const hold = (ids: Iterable<string>, s: Suspect) => {
    for (const id of ids) if (!held.has(id)) held.set(id, s);
  };
  const windowMs = rules.burstWindowMinutes * 60_000;
  const freshMs = rules.freshHours * 3_600_000;
  const isFresh = (v: DetectionVote) => {
    const voter = voters.get(v.user);
    return voter !== undefined && v.at - voter.createdAt < freshMs;
  };

  const byListing = groupBy(input.votes, (v) => v.listing);
  for (const [listing, votes] of byListing) {
    votes.sort((a, b) => a.at - b.at);
    // A vote that fits several patterns is held for the first: one network's burst is the plainest evidence.
    for (const [network, same] of groupBy(votes.filter((v) => v.network !== null), (v) => v.network!)) {
      hold(bursts(same, windowMs, rules.networkBurstMin), { reason: 'network_burst', group: `network_burst:${listing}:${network.slice(0, 8)}` });
    }
    hold(bursts(votes.filter(isFresh), windowMs, rules.freshBurstMin), { reason: 'fresh_burst', group: `fresh_burst:${listing}` });
    const single = votes.filter((v) => {
      const voter = voters.get(v.user);
      return voter !== undefined && voter.votesEver === 1 && voter.activity === 0 && v.at - voter.createdAt < freshMs;
    });
    // The crowd a maker brings arrives together; newcomers who find a popular listing over a month do not.
    hold(bursts(single, rules.singlePurposeWindowHours * 3_600_000, rules.singlePurposeMin), { reason: 'single_purpose', group: `single_purpose:${listing}` });
  }
  for (const ring of rings(input.votes, byListing, rules)) hold(ring.voteIds, { reason: 'ring', group: `ring:${ring.key}` });
  return held;
}

/** Ids of votes (sorted by time) inside some window of windowMs holding at least min of them. */
function bursts(sorted: DetectionVote[], windowMs: number, min: number): string[] {
  if (sorted.length < min) return [];
  const marked = new Set<number>();
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end].at - sorted[start].at > windowMs) start++;
    if (end - start + 1 >= min) for (let i = start; i <= end; i++) marked.add(i);
  }
  return [...marked].map((i) => sorted[i].id);
}

/**
 * Vote rings: pairs of accounts that share more listings than their tastes explain (a collusion
 * ratio, as published analyses of launch sites' vote data use), joined into groups. Chance is
 * what two accounts with these numbers of votes would share if each picked listings in
 * proportion to their popularity: E = (n_b·S_a + n_a·S_b) / 2, where S_a is the share of all
 * votes that went to a's listings. Two fans of this week's top ten share them by chance; thirty
 * makers voting for each other's ten small listings do not. The accounts' vote counts (and the
 * overlap) take every vote; the shares only the listings under ringListingCap, the ones shared
 * listings are counted over. (Counting votes only under the cap too made organic voters' few small
 * listings look like rings in bench:votes: 78–101 organic votes held.)
 */
function rings(votes: DetectionVote[], byListing: Map<string, DetectionVote[]>, rules: VoteDetectionRules) {
  const total = votes.length;
  const byUser = groupBy(votes, (v) => v.user);
  const candidates = new Map<string, number>(); // user → dense index
  const users: string[] = [];
  for (const [user, vs] of byUser) {
    if (vs.length >= rules.ringMinShared) {
      candidates.set(user, users.length);
      users.push(user);
    }
  }
  if (users.length < rules.ringMinSize) return [];
  const share = new Float64Array(users.length);
  const count = new Int32Array(users.length);
  for (const [user, i] of candidates) {
    const vs = byUser.get(user)!;
    count[i] = vs.length;
    let s = 0;
    for (const v of vs) {
      const voters = byListing.get(v.listing)!.length;
      // Chance counts the listings pairs are counted over: a vote for a listing over the cap can
      // never be shared here, so it must not raise what chance would share either ("cover" votes).
      if (voters <= rules.ringListingCap) s += voters / total;
    }
    share[i] = s;
  }
  // Each listing's candidate voters, and each candidate's listings: an account's co-voters are
  // counted in one typed array at a time (no map of pairs; a month of 100,000 votes in about a second).
  const members: Int32Array[] = [];
  const listingsOf: number[][] = users.map(() => []);
  for (const vs of byListing.values()) {
    if (vs.length > rules.ringListingCap) continue;
    const ids: number[] = [];
    for (const v of vs) {
      const i = candidates.get(v.user);
      if (i !== undefined) ids.push(i);
    }
    if (ids.length < 2) continue;
    const li = members.length;
    members.push(Int32Array.from(ids));
    for (const i of ids) listingsOf[i].push(li);
  }
  const parent = Int32Array.from({ length: users.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const linked = new Set<number>();
  const common = new Int32Array(users.length);
  const touched: number[] = [];
  for (let a = 0; a < users.length; a++) {
    for (const li of listingsOf[a]) {
      for (const b of members[li]) {
        if (b > a && common[b]++ === 0) touched.push(b);
      }
    }
    for (const b of touched) {
      const shared = common[b];
      common[b] = 0;
      if (shared < rules.ringMinShared) continue;
      if (shared / (count[a] + count[b] - shared) < rules.ringMinJaccard) continue;
      const chance = Math.min(Math.min(count[a], count[b]), (count[b] * share[a] + count[a] * share[b]) / 2);
      if (shared / Math.max(chance, 1e-9) < rules.ringMinRatio) continue;
      parent[find(a)] = find(b);
      linked.add(a).add(b);
    }
    touched.length = 0;
  }
  const groups = groupBy([...linked], (i) => find(i));
  const found: { key: string; voteIds: string[] }[] = [];
  for (const group of groups.values()) {
    if (group.length < rules.ringMinSize) continue;
    // The ring's listings: those at least half its members voted for; only those votes are held.
    const memberVotes = group.flatMap((i) => byUser.get(users[i])!);
    const perListing = groupBy(memberVotes, (v) => v.listing);
    const ringListings = new Set([...perListing].filter(([, vs]) => vs.length * 2 >= group.length).map(([l]) => l));
    const key = group.map((i) => users[i]).sort((x, y) => Number(x) - Number(y))[0];
    found.push({ key, voteIds: memberVotes.filter((v) => ringListings.has(v.listing)).map((v) => v.id) });
  }
  return found;
}

function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
