import type { VoteTrustStore } from '../../store/vote-trust-store.ts';
import type { Actor } from '../actor.ts';
import { randomToken } from '../accounts/secrets.ts';
import { checkPageToken, networkOf, pageToken, saltDay, saltedHash, SALT_PREFIX, type PageSeen } from './vote-provenance.ts';
import { voteWeight, type VoteWeighting } from './vote-weighting.ts';

/**
 * The job that weighs votes (jobs/vote-weighing.ts): every 10 minutes (queue.ts), on one node at a
 * time, and after a moderator's decision; a closed week's awards wait for a run after its close.
 */
export const VOTE_WEIGHING_JOB = 'vote-weighing';

/** Secrets made once per installation and shared by the nodes (store/secrets-store.ts). */
export interface InstallationSecrets {
  getOrCreate<T>(name: string, generate: () => T | Promise<T>): Promise<T>;
}

/** Where a signal (vote, follow, review, comment upvote) came from, as stored. */
export interface Provenance {
  networkHash: string | null;
  /**
   * Within `overlapMs` of midnight UTC, the same network under the next day's salt (votes only):
   * a burst straddling midnight is still one network's burst.
   */
  networkHashNext?: string | null;
  agentHash: string | null;
  /** The session the person is signed in with (its sign-in method is read from it). */
  sessionId: string | null;
}

/**
 * Provenance and weighing of votes as they are cast. A vote's first weight comes from the same
 * formula the job uses (vote-weighting.ts) on what is known at that moment; the job recomputes it
 * with what is known later (the network's later votes, detection), so nothing is decided here
 * that the job cannot correct.
 */
export function createVoteTrust(deps: {
  store: VoteTrustStore;
  secrets: InstallationSecrets;
  weighting: VoteWeighting;
  now: () => Date;
  /** How long before midnight a vote also hashes its network for the next day: the longest window votes are compared over. */
  overlapMs: number;
}) {
  const salts = new Map<string, Promise<string>>();
  const saltOf = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salt = deps.secrets.getOrCreate(SALT_PREFIX + day, () => randomToken(32)).catch((err: unknown) => {
        salts.delete(day);
        throw err;
      });
      salts.set(day, salt);
      // Only yesterday's (a vote cast just before midnight), today's and tomorrow's salts are ever needed on this node.
      for (const old of salts.keys()) if (old < saltDay(new Date(deps.now().getTime() - 86_400_000))) salts.delete(old);
    }
    return salt;
  };
  // Every signed-in page signs a token with it: read once per process, not once per request
  // (a failed read is forgotten, so the next request asks again).
  let key: Promise<string> | undefined;
  const pageKey = () => {
    key ??= deps.secrets.getOrCreate('page_token_key', () => randomToken(32)).catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };

  return {
    /** The salted hashes of the caller's network and browser, and their session. */
    async provenance(actor: Actor, userAgent: string | null): Promise<Provenance> {
      const now = deps.now();
      const salt = await saltOf(saltDay(now));
      const network = networkOf(actor.ip);
      const tomorrow = saltDay(new Date(now.getTime() + deps.overlapMs));
      return {
        networkHash: saltedHash(salt, 'network', network),
        networkHashNext: tomorrow !== saltDay(now) ? saltedHash(await saltOf(tomorrow), 'network', network) : null,
        agentHash: saltedHash(salt, 'agent', userAgent ? userAgent.slice(0, 500) : null),
        sessionId: actor.kind === 'user' && actor.via === 'session' ? actor.credential.id : null,
      };
    },

    /** The token a vote form on this page carries for this person and listing. */
    async pageToken(userId: string, listingId: string, seenOn: PageSeen) {
      return pageToken(await pageKey(), { userId, listingId, seenOn, at: deps.now() });
    },

    async seenOn(token: string | null | undefined, userId: string, listingId: string) {
      return checkPageToken(await pageKey(), token, { userId, listingId, now: deps.now() });
    },

    /** The weight, in thousandths, of a vote being cast now. */
    async castPoints(p: { userId: string; listingId: string; networkHash: string | null; seenOn: PageSeen | null }) {
      // The network's votes cast before midnight carry this day's hash as their next one (store).
      const w = deps.weighting;
      const now = deps.now();
      const f = await deps.store.castFacts({
        userId: p.userId,
        listingId: p.listingId,
        networkHash: p.networkHash,
        since: new Date(now.getTime() - w.networkWindowMinutes * 60_000),
        identityBefore: new Date(now.getTime() - w.identityHistoryDays * 86_400_000),
      });
      if (!f) return 0;
      const weight = voteWeight(
        {
          verified: f.verified,
          held: false,
          accountAgeDays: (now.getTime() - new Date(f.created_at).getTime()) / 86_400_000,
          activity: f.activity,
          identity: f.identity,
          sameNetwork: p.networkHash ? f.same_network + 1 : 0,
          pageSeen: p.seenOn !== null,
        },
        w,
      );
      return Math.round(weight * 1000);
    },
  };
}
export type VoteTrust = ReturnType<typeof createVoteTrust>;
