import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { voteTrustStore, type UnsettledVote, type VoterRow, type WeighedVote } from '../store/vote-trust-store.ts';
import { detectSuspects, type Suspect, type VoteDetectionRules } from '../domain/community/vote-detection.ts';
import { voteWeight, type VoteWeighting } from '../domain/community/vote-weighting.ts';
import { saltDay } from '../domain/community/vote-provenance.ts';
import { NETWORK_SALT_KEPT_DAYS } from '../domain/privacy/retention.ts';
import type { WorkPool } from '../workers/pool.ts';

export { VOTE_WEIGHING_JOB } from '../domain/community/vote-trust.ts';
/** Detection on a month of votes: far more than it takes (bench: 100,000 votes), far less than a stuck run. */
const DETECTION_BUDGET_MS = 60_000;

export interface VoteWeighingDeps {
  db: Kysely<DB>;
  now: () => Date;
  rules: { weighting: VoteWeighting; detection: VoteDetectionRules };
  /** Detection runs here, off the event loop; without a pool (the bench's engine check) it runs inline. */
  pool?: WorkPool;
}

/**
 * Recomputes the weight of every vote not yet settled, holds what detection finds, settles votes
 * past the settle age and ends the network salts of past days. Idempotent, and safe on several
 * nodes (its queue runs one at a time): every write sets values, none adds to them.
 */
export async function runVoteWeighing(deps: VoteWeighingDeps) {
  const store = voteTrustStore(deps.db);
  const { weighting, detection } = deps.rules;
  const now = deps.now();
  const started = performance.now();
  const votes = await store.unsettled();
  const userIds = [...new Set(votes.map((v) => v.user_id))];
  const voters = new Map((await store.voters(userIds, new Date(now.getTime() - weighting.identityHistoryDays * 86_400_000))).map((v) => [v.user_id, v]));
  const read = performance.now();

  const networkOf = sameNetworkAcrossMidnight(votes);
  const windowStart = now.getTime() - detection.ringWindowDays * 86_400_000;
  const input = {
    votes: votes
      .filter((v) => v.review === null && new Date(v.created_at).getTime() >= windowStart)
      .map((v) => ({ id: v.id, listing: v.listing_id, user: v.user_id, at: new Date(v.created_at).getTime(), network: networkOf(v) })),
    voters: [...voters.values()].map((v) => ({ user: v.user_id, createdAt: new Date(v.created_at).getTime(), votesEver: v.votes_ever, activity: v.activity })),
    rules: detection,
  };
  const suspects: Map<string, Suspect> = deps.pool
    ? new Map(await deps.pool.run('detectVoteSuspects', input, { budgetMs: DETECTION_BUDGET_MS }))
    : detectSuspects(input);
  const detected = performance.now();

  const sameNetwork = networkNeighbours(votes, networkOf, weighting.networkWindowMinutes * 60_000);
  const changed: WeighedVote[] = [];
  let held = 0;
  for (const v of votes) {
    const next = weigh(v, voters.get(v.user_id), suspects.get(v.id), sameNetwork.get(v.id) ?? 0, weighting);
    if (next.held_reason && v.review === null) held++;
    if (next.points !== v.points || next.held_reason !== v.held_reason || next.held_group !== v.held_group) changed.push(next);
  }
  // By listing: the points trigger then updates each listing's row once per batch, not once per vote's batch
  // (bench:votes: the first run after the upgrade wrote in half the time).
  changed.sort((a, b) => Number(a.listing_id) - Number(b.listing_id));
  await store.applyWeights(changed, now);
  const settled = await store.settle(new Date(now.getTime() - weighting.settleDays * 86_400_000), now);
  // Yesterday's salt is kept one more day: a vote cast just before midnight may still be hashing.
  const saltsDropped = await store.dropSaltsBefore(saltDay(new Date(now.getTime() - NETWORK_SALT_KEPT_DAYS * 86_400_000)));
  await store.recordRun(now, votes.length, held);
  return {
    votes: votes.length,
    changed: changed.length,
    held,
    settled,
    saltsDropped,
    ms: { read: Math.round(read - started), detect: Math.round(detected - read), write: Math.round(performance.now() - detected) },
  };
}

/**
 * One vote's new weight and hold. A hold stays until a moderator decides (released: never held
 * again by the job; confirmed: counts 0 for good); detection only adds holds.
 */
function weigh(v: UnsettledVote, voter: VoterRow | undefined, suspect: Suspect | undefined, sameNetwork: number, w: VoteWeighting): WeighedVote {
  const hold = v.review === 'released' ? null : v.held_reason ? { reason: v.held_reason, group: v.held_group } : suspect ? { reason: suspect.reason, group: suspect.group } : null;
  const points =
    !voter || v.review === 'confirmed' || (hold && v.review !== 'released')
      ? 0
      : Math.round(
          1000 *
            voteWeight(
              {
                verified: voter.verified,
                held: false,
                accountAgeDays: (new Date(v.created_at).getTime() - new Date(voter.created_at).getTime()) / 86_400_000,
                activity: voter.activity,
                identity: voter.identity,
                sameNetwork,
                pageSeen: v.seen_on !== null,
              },
              w,
            ),
        );
  // A released vote keeps its reason and group: the review queue's history of what was looked at.
  return { id: v.id, listing_id: v.listing_id, points, held_reason: v.review ? v.held_reason : (hold?.reason ?? null), held_group: v.review ? v.held_group : (hold?.group ?? null) };
}

/**
 * One name per network across days: a hash whose votes before midnight also carry the next day's
 * hash is read as that one (and on, for a network seen across several midnights).
 */
export function sameNetworkAcrossMidnight(votes: Pick<UnsettledVote, 'network_hash' | 'network_hash_next'>[]) {
  const next = new Map<string, string>();
  for (const v of votes) if (v.network_hash && v.network_hash_next) next.set(v.network_hash, v.network_hash_next);
  return (v: Pick<UnsettledVote, 'network_hash'>): string | null => {
    let hash = v.network_hash;
    // Each step goes a day forward, so the walk ends; the bound only guards against a corrupt row.
    for (let days = 0; hash && next.has(hash) && days < 400; days++) hash = next.get(hash)!;
    return hash;
  };
}

/** For each vote with a network hash: the votes for the same listing from the same network within ±window (itself included). */
function networkNeighbours(votes: UnsettledVote[], networkOf: (v: UnsettledVote) => string | null, windowMs: number): Map<string, number> {
  const groups = new Map<string, { id: string; at: number }[]>();
  for (const v of votes) {
    const network = networkOf(v);
    if (!network) continue;
    const key = `${v.listing_id}:${network}`;
    const list = groups.get(key) ?? [];
    list.push({ id: v.id, at: new Date(v.created_at).getTime() });
    groups.set(key, list);
  }
  const out = new Map<string, number>();
  for (const list of groups.values()) {
    list.sort((a, b) => a.at - b.at);
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < list.length; i++) {
      while (list[i].at - list[lo].at > windowMs) lo++;
      if (hi < i) hi = i;
      while (hi + 1 < list.length && list[hi + 1].at - list[i].at <= windowMs) hi++;
      out.set(list[i].id, hi - lo + 1);
    }
  }
  return out;
}
