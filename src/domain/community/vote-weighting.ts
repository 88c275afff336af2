import { z } from 'zod';
import { VOTE_PROVENANCE_SETTLE_DAYS } from '../privacy/retention.ts';

/**
 * How much one vote counts, from 0 to 1. Published on /about/ranking and in the API docs: the
 * numbers below are the whole formula, and the page prints these values, not a copy of them.
 * Product Hunt keeps its trust score secret so that it is harder to game; we publish ours and
 * rely on what cannot be faked cheaply (time, a history of genuine activity, an identity with a
 * past) and on holding suspect votes for a person to review (vote-detection.ts).
 *
 * Each constant is a setting (VOTE_WEIGHTING, a JSON object of overrides; config.ts).
 */
export const VoteWeighting = z
  .object({
    /** What a verified e-mail address alone is worth: a new account is not nothing, but little. */
    base: z.number().min(0).max(1).default(0.1),
    /** Added in full once the account is this many days old at the time of the vote, in proportion before. */
    ageWeight: z.number().min(0).max(1).default(0.7),
    ageFullDays: z.number().positive().max(3650).default(30),
    /** Added in full at this many genuine actions (follows, published reviews, visible comments). */
    activityWeight: z.number().min(0).max(1).default(0.2),
    activityFull: z.number().int().positive().max(1000).default(5),
    /** A linked GitHub or Google identity older than identityHistoryDays; half of it for a younger or undated one. */
    identityWeight: z.number().min(0).max(1).default(0.2),
    identityHistoryDays: z.number().positive().max(3650).default(180),
    /** This many votes for one listing from one network within the hour count fully; beyond, they share that many. */
    networkFree: z.number().int().positive().max(1000).default(3),
    networkWindowMinutes: z.number().int().positive().max(1440).default(60),
    /** A vote posted without a page of the site showing the listing (no valid page token) counts this share. */
    noPageFactor: z.number().min(0).max(1).default(0.5),
    /** Votes older than this are settled: their weight stays, their network and browser hashes go. */
    settleDays: z.number().int().positive().max(365).default(VOTE_PROVENANCE_SETTLE_DAYS),
  })
  .strict();
export type VoteWeighting = z.output<typeof VoteWeighting>;
export const DEFAULT_WEIGHTING: VoteWeighting = VoteWeighting.parse({});

/** What the weight of one vote is computed from (all known to the store; none from the request alone). */
export interface VoteFacts {
  verified: boolean;
  held: boolean;
  /** Age of the voter's account when the vote was cast, in days. */
  accountAgeDays: number;
  /** Follows, published reviews and visible comments of the voter. */
  activity: number;
  /** Linked GitHub/Google identities: 'aged' when one is older than identityHistoryDays. */
  identity: 'none' | 'linked' | 'aged';
  /** Votes for the same listing from the same network hash within the window around this one (itself included); 0 when unknown. */
  sameNetwork: number;
  /** The vote form carried a valid page token for this listing. */
  pageSeen: boolean;
}

/** The voter's standing, 0 to 1, before anything about this particular vote. */
export function trustOf(f: Pick<VoteFacts, 'accountAgeDays' | 'activity' | 'identity'>, w: VoteWeighting = DEFAULT_WEIGHTING): number {
  const age = Math.min(1, Math.max(0, f.accountAgeDays) / w.ageFullDays);
  const activity = Math.min(1, Math.max(0, f.activity) / w.activityFull);
  const identity = f.identity === 'aged' ? 1 : f.identity === 'linked' ? 0.5 : 0;
  return Math.min(1, w.base + w.ageWeight * age + w.activityWeight * activity + w.identityWeight * identity);
}

/** A network's votes for one listing within the window share networkFree votes between them. */
export function networkFactor(sameNetwork: number, w: VoteWeighting = DEFAULT_WEIGHTING): number {
  return sameNetwork > w.networkFree ? w.networkFree / sameNetwork : 1;
}

/** The weight of one vote, rounded to 3 decimals (what is stored and summed). */
export function voteWeight(f: VoteFacts, w: VoteWeighting = DEFAULT_WEIGHTING): number {
  if (!f.verified || f.held) return 0;
  const weight = trustOf(f, w) * networkFactor(f.sameNetwork, w) * (f.pageSeen ? 1 : w.noPageFactor);
  return Math.round(weight * 1000) / 1000;
}

/** The formula in one paragraph of plain text (the API's description; /about/ranking says it at length). */
export function weightingInWords(w: VoteWeighting = DEFAULT_WEIGHTING): string {
  return (
    'Vote rankings (weekly and all-time boards, today, trending, the feeds, Launch of the Week) follow counted votes: ' +
    'each vote counts from 0 to 1, and `votes` stays the number of people. A vote counts 0 when the voter\'s e-mail is not ' +
    `confirmed or the vote is held for review; otherwise trust × network share × page, where trust = min(1, ${w.base} + ` +
    `${w.ageWeight} × min(1, account age at the vote / ${w.ageFullDays} days) + ${w.activityWeight} × min(1, follows, published reviews and visible comments / ${w.activityFull}) + ` +
    `${w.identityWeight} × (1 for a linked GitHub or Google account older than ${w.identityHistoryDays} days, 0.5 for a younger or undated one)); ` +
    `network share = ${w.networkFree} ÷ n when n > ${w.networkFree} votes for the listing come from one /24 (IPv4) or /48 (IPv6) network within ${w.networkWindowMinutes} minutes; ` +
    `page = ${w.noPageFactor} when the vote was posted without a page of the site showing the listing. These are the defaults; /about/ranking on a site states the values it runs with.`
  );
}
