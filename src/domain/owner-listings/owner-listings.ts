import type { OwnerListingsStore } from '../../store/owner-listings-store.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import { listingNotFound, toOwnerListing, toOwnerSummary } from './my-listings.ts';
import { createListingEdits } from './edits.ts';
import { queueFreeListing } from './free-plan.ts';
import { answerInterview, presentAnswers } from './interview.ts';

/** services.ownerListings: the signed-in owner's listings (spec 4.3). Every call is scoped to the owner. */
export function createOwnerListings(deps: { store: OwnerListingsStore; publicUrl: string; now: () => Date; jobs: JobDispatcher; forget: (slug: string) => void }) {
  const { store, publicUrl, now } = deps;

  async function get(userId: string, listingId: number) {
    const row = await store.profile(String(listingId), userId);
    if (!row) throw listingNotFound(listingId);
    return toOwnerListing(row, await store.extras(row.id), publicUrl);
  }

  return {
    ...createListingEdits(deps),
    get,

    async list(userId: string, page: PageRequest) {
      const { limit, offset } = limitOffset(page);
      const rows = await store.list(userId, limit, offset);
      return pageOf(rows.map((r) => toOwnerSummary(r, publicUrl)), page, await totalOf(rows, page, () => store.count(userId)));
    },

    /** choose_free_listing: queued for the earliest free week with room, 6 to 8 weeks ahead (site settings). */
    async chooseFree(userId: string, listingId: number) {
      const slug = await store.transaction(async (tx) => {
        const listing = await tx.lockOwned(String(listingId), userId);
        if (!listing) throw listingNotFound(listingId);
        await queueFreeListing(tx, listing, now());
        return listing.slug;
      });
      deps.forget(slug);
      return get(userId, listingId);
    },

    answerInterview: (userId: string, answers: { question_id: number; answer: string }[]) => answerInterview(store, userId, answers, now()),

    /** The caller's interview answers, in question order (what answer_interview returns, read without writing). */
    interviewAnswers: async (userId: string) => presentAnswers(await store.answers(userId)),

    /** The owner's view of a listing's version history: the newest edits, each with the fields it changed. */
    async history(userId: string, listingId: number, limit = 10) {
      if (!(await store.owns(String(listingId), userId))) throw listingNotFound(listingId);
      const rows = await store.versions.ofListing(String(listingId), limit);
      return rows.map((v) => ({
        id: Number(v.id),
        source: v.source,
        by_owner: v.editor_id === userId,
        before: v.before as Record<string, unknown>,
        after: v.after as Record<string, unknown>,
        created_at: new Date(v.created_at).toISOString(),
      }));
    },

    /** The site team's view of edits: before/after copies, newest first. */
    versions: (limit: number, offset: number) => store.versions.recent(limit, offset),
  };
}
export type OwnerListings = ReturnType<typeof createOwnerListings>;
