import type { JobDispatcher } from '../../jobs/dispatch.ts';
import { TRENDING_REFRESH_JOB } from '../listings/directory.ts';
import type { CommunityStore, CommunityTarget } from '../../store/community-store.ts';
import type { Actor } from '../actor.ts';
import { DomainError, notFound } from '../errors.ts';
import { weekOf } from '../launches/weeks.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';
import type { VoteTrust } from './vote-trust.ts';

export const REVIEW_BODY_MAX = 2000;
/** How many of the newest genuine reviews a listing page shows. */
const REVIEWS_SHOWN = 10;
export type Intent = 'add' | 'remove';

/** Listings people can see (and follow); only live ones can be voted for and reviewed. */
const PUBLIC = new Set(['live', 'scheduled']);

/**
 * Votes, follows and reviews: the community's signals. They come only from people signed in on
 * the site (a site session), never from an API key, an OAuth token or MCP, and the rules here
 * enforce that whatever transport calls them.
 */
export function createCommunity(deps: { store: CommunityStore; trust: VoteTrust; now: () => Date; jobs?: JobDispatcher; cache?: CacheFactory; cacheMs?: number }) {
  const { store, now } = deps;
  // The listing page shows them to every visitor: kept as long as the profile beside them.
  const reviewLists = deps.cache?.<Awaited<ReturnType<typeof reviewsOf>>>('reviews', deps.cacheMs ?? 5000, 10_000);
  const reviewsOf = async (slug: string, limit: number) =>
    (await store.genuineReviews(slug, limit)).map((r) => ({ id: String(r.id), rating: r.rating, body: r.body, created_at: new Date(r.created_at).toISOString(), author: shortName(r.author) }));
  /** Trending follows votes within half a minute: one refresh per burst (singleton key). */
  const votesMoved = async () => {
    await deps.jobs?.send(TRENDING_REFRESH_JOB, {}, { singletonKey: 'after-votes', startAfterSeconds: 30 });
  };

  async function target(slug: string, userId: string | null) {
    const t = await store.target(slug, userId);
    if (!t || !PUBLIC.has(t.status)) throw notFound('listing_not_found', `No public listing has the slug ${slug}.`);
    return t;
  }

  function mustBeLive(t: CommunityTarget, what: string) {
    if (t.status !== 'live') throw new DomainError('conflict', 'listing_not_live', `${what} opens when the launch goes live.`);
  }

  function mustBeVerified(t: CommunityTarget, what: string) {
    if (!t.verified) throw new DomainError('forbidden', 'email_unverified', `Confirm your email address first: ${what} count only from confirmed accounts. The link is in your inbox; your account page sends a new one.`);
  }

  return {
    /** A public listing and, for a signed-in person, where they stand (voted, following, review). */
    async standing(slug: string, actor: Actor) {
      const t = await target(slug, actor.kind === 'user' && actor.via === 'session' ? actor.userId : null);
      const thisWeek = weekOf(now(), await store.timezone());
      return { ...t, vote_withdrawable: t.my_vote_week === thisWeek };
    },

    /**
     * Adds or removes the person's vote. Both are idempotent (a repeated form post changes
     * nothing). A vote counts in the week it was cast, so it can be withdrawn only during that
     * week: once the week has closed it is part of that week's ranking and awards. The vote is
     * stored with its provenance (salted hashes, sign-in method, the page token's word on whether
     * a page showing the listing was open) and weighed at once (vote-weighting.ts).
     */
    async vote(actor: Actor, slug: string, intent: Intent, meta: { userAgent: string | null; pageToken?: string | null }) {
      const user = siteUser(actor);
      const t = await target(slug, user.userId);
      mustBeLive(t, 'Voting');
      const week = weekOf(now(), await store.timezone());
      if (intent === 'add') {
        mustBeVerified(t, 'votes');
        if (t.my_vote_week) return { voted: true, changed: false };
        const provenance = await deps.trust.provenance(actor, meta.userAgent);
        const seenOn = await deps.trust.seenOn(meta.pageToken, user.userId, t.id);
        const points = await deps.trust.castPoints({ userId: user.userId, listingId: t.id, networkHash: provenance.networkHash, seenOn });
        const changed = await store.addVote({ listingId: t.id, userId: user.userId, week, provenance, seenOn, points, at: now() });
        if (changed) await votesMoved();
        return { voted: true, changed };
      }
      if (t.my_vote_week && t.my_vote_week !== week) {
        throw new DomainError('conflict', 'vote_locked', `Your vote was cast in the week of ${t.my_vote_week}, which has closed; it stays part of that week's ranking.`);
      }
      const changed = await store.removeVote({ listingId: t.id, userId: user.userId, week });
      if (changed) await votesMoved();
      return { voted: false, changed };
    },

    /**
     * The newest genuine reviews of a public listing, for its page. Reviewers are shown by first
     * name and initial: enough to tell people apart, no more of them than a review needs.
     */
    async reviews(slug: string, limit = REVIEWS_SHOWN) {
      return reviewLists ? reviewLists.through(`${slug}:${limit}`, () => reviewsOf(slug, limit)) : reviewsOf(slug, limit);
    },

    /** Follows or unfollows a public listing (live or upcoming). Idempotent. */
    async follow(actor: Actor, slug: string, intent: Intent, meta: { userAgent: string | null } = { userAgent: null }) {
      const user = siteUser(actor);
      const t = await target(slug, user.userId);
      const changed = intent === 'add'
        ? await store.follow({ listingId: t.id, userId: user.userId, provenance: await deps.trust.provenance(actor, meta.userAgent), at: now() })
        : await store.unfollow({ listingId: t.id, userId: user.userId });
      return { following: intent === 'add', changed };
    },

    /**
     * Writes the person's review (one per listing; posting again replaces it). The owner and the
     * founders of a listing cannot review it: a rating counts only genuine reviews.
     */
    async review(actor: Actor, slug: string, input: { rating: number; body: string }, meta: { userAgent: string | null } = { userAgent: null }) {
      const user = siteUser(actor);
      const body = input.body.replace(/\r\n?/g, '\n').trim();
      const fields = [];
      if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) fields.push({ field: 'rating', message: 'a whole number from 1 to 5' });
      if (body.length > REVIEW_BODY_MAX) fields.push({ field: 'body', message: `at most ${REVIEW_BODY_MAX} characters` });
      if (fields.length) throw new DomainError('invalid', 'validation_failed', 'The review breaks a rule: ' + fields.map((f) => `${f.field}: ${f.message}`).join('; ') + '.', fields);
      const t = await target(slug, user.userId);
      mustBeLive(t, 'Reviewing');
      if (t.is_team) throw new DomainError('forbidden', 'own_listing', 'You own this listing or are one of its founders, so you cannot review it: ratings count only genuine reviews.');
      mustBeVerified(t, 'reviews');
      const provenance = await deps.trust.provenance(actor, meta.userAgent);
      const created = await store.saveReview({ listingId: t.id, userId: user.userId, rating: input.rating, body, provenance, at: now() });
      reviewLists?.delete(`${t.slug}:${REVIEWS_SHOWN}`); // the reviewer sees it at once on this node
      return { created };
    },
  };
}
export type Community = ReturnType<typeof createCommunity>;

/** The person behind a site session; every other caller is refused. */
export function siteUser(actor: Actor) {
  if (actor.kind !== 'user') throw new DomainError('unauthenticated', 'sign_in_required', 'Sign in on the site to vote, follow or review.');
  if (actor.via !== 'session') {
    throw new DomainError(
      'forbidden',
      'site_session_required',
      'Votes, follows and reviews come only from people signed in on the site, never from an API key, an OAuth token or an MCP client.',
    );
  }
  return actor;
}

/** "Chen Müller" → "Chen M."; a single name stays as it is. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? 'Someone';
  return `${words[0]} ${[...words[words.length - 1]][0].toUpperCase()}.`;
}
