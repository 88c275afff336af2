import type { FaqRow } from '../../store/schema.ts';
import type { ListingChanges, OwnedListingRow, OwnerListingsStore, OwnerListingsTx } from '../../store/owner-listings-store.ts';
import type { JobDispatcher } from '../../jobs/dispatch.ts';
import type { ListingEditFields } from '../../contract/owner-listing.ts';
import { STORY_SECTIONS } from '../../contract/owner-listing.ts';
import { DomainError, notFound } from '../errors.ts';
import { isPublicStatus, listingNotFound } from './my-listings.ts';

/** A listing keeps at most this many milestones (the draft's own bound, spec 4.2). */
export const MAX_MILESTONES = 50;

export interface ListingEdit {
  fields?: ListingEditFields;
  socials?: Partial<Record<string, string>>;
  faqs?: FaqRow[];
}

const ARRAY_FIELDS = new Set(['features', 'usps', 'keywords']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an edit really changes, as before/after copies (for the version history) and as
 * column values. Text sent empty clears the field (null); socials and FAQs replace the whole set.
 */
export function diffEdit(current: OwnedListingRow, edit: ListingEdit) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const changes: ListingChanges = {};
  const note = (key: string, from: unknown, to: unknown, column: unknown) => {
    if (same(from, to)) return;
    before[key] = from;
    after[key] = to;
    (changes as Record<string, unknown>)[key] = column;
  };
  for (const [key, raw] of Object.entries(edit.fields ?? {})) {
    if (raw === undefined) continue;
    const value = ARRAY_FIELDS.has(key) ? raw : raw === '' ? null : raw;
    note(key, current[key as keyof OwnedListingRow], value, value);
  }
  if (edit.socials) {
    const socials = Object.fromEntries(Object.entries(edit.socials).filter((e): e is [string, string] => typeof e[1] === 'string'));
    note('socials', current.socials, socials, JSON.stringify(socials));
  }
  if (edit.faqs) note('faqs', current.faqs, edit.faqs, JSON.stringify(edit.faqs));
  return { before, after, changes, changed: Object.keys(after).length > 0 };
}

/** The founder story as stored: only the sections with text; null when nothing is left. */
export function storyOf(input: Record<string, string | null | undefined>): Record<string, string> | null {
  const kept = Object.entries(input).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
  return kept.length ? Object.fromEntries(kept) : null;
}

export interface EditsDeps {
  store: OwnerListingsStore;
  now: () => Date;
  jobs: JobDispatcher;
  /** Drops this node's cached public profile: edits publish at once. */
  forget: (slug: string) => void;
}

/** The owner's writes to a listing: each in one transaction, on a row locked for it. */
export function createListingEdits(deps: EditsDeps) {
  const { store, now } = deps;

  async function owned<T>(userId: string, listingId: number, fn: (tx: OwnerListingsTx, listing: OwnedListingRow) => Promise<T>) {
    const result = await store.transaction(async (tx) => {
      const listing = await tx.lockOwned(String(listingId), userId);
      if (!listing) throw listingNotFound(listingId);
      return { listing, value: await fn(tx, listing) };
    });
    deps.forget(result.listing.slug);
    return result;
  }

  return {
    /** update_my_listing: changed fields publish at once and are kept as a version (before/after). */
    async update(userId: string, listingId: number, edit: ListingEdit) {
      await owned(userId, listingId, async (tx, listing) => {
        const diff = diffEdit(listing, edit);
        if (!diff.changed) return;
        const at = now();
        await tx.update(listing.id, diff.changes, at);
        await tx.versions.record({ listingId: listing.id, editorId: userId, source: 'update_my_listing', before: diff.before, after: diff.after, at });
      });
    },

    /** set_founder_story: replaces the whole story (sections left out are cleared), versioned like any edit. */
    async setStory(userId: string, listingId: number, input: Record<string, string | null | undefined>) {
      await owned(userId, listingId, async (tx, listing) => {
        const story = storyOf(Object.fromEntries(['title', ...STORY_SECTIONS].map((k) => [k, input[k]])));
        if (same(listing.story, story)) return;
        const at = now();
        await tx.update(listing.id, { story: JSON.stringify(story) }, at);
        await tx.versions.record({ listingId: listing.id, editorId: userId, source: 'set_founder_story', before: { story: listing.story }, after: { story }, at });
      });
    },

    /** post_listing_update: stored at once; followers of a public listing are mailed in the background. */
    async postUpdate(userId: string, listingId: number, input: { title: string; body: string }) {
      const { listing, value: update } = await owned(userId, listingId, async (tx, l) => {
        const added = await tx.addUpdate({ listingId: l.id, title: input.title, body: input.body, at: now() });
        await tx.webhookEvents.updatePosted(String(added.id), now());
        return added;
      });
      const notify = isPublicStatus(listing.status);
      if (notify) await deps.jobs.send('listing-update-mail', { updateId: String(update.id) }, { singletonKey: String(update.id) });
      return {
        id: Number(update.id),
        listing_id: Number(listing.id),
        title: update.title,
        body: update.body,
        created_at: new Date(update.created_at).toISOString(),
        followers_notified: notify,
      };
    },

    async addMilestone(userId: string, listingId: number, input: { date: string; title: string; description?: string | null; url?: string | null }) {
      const { value: m } = await owned(userId, listingId, async (tx, l) => {
        if ((await tx.milestoneCount(l.id)) >= MAX_MILESTONES) {
          throw new DomainError('conflict', 'milestone_limit_reached', `A listing has at most ${MAX_MILESTONES} milestones: delete one first.`);
        }
        return tx.addMilestone({ listingId: l.id, date: input.date, title: input.title, description: input.description || null, url: input.url || null, at: now() });
      });
      return { id: Number(m.id), date: m.date, title: m.title, description: m.description, url: m.url };
    },

    async deleteMilestone(userId: string, listingId: number, milestoneId: number) {
      await owned(userId, listingId, async (tx, l) => {
        const gone = await tx.deleteMilestone(l.id, String(milestoneId));
        if (!gone) throw notFound('milestone_not_found', `Listing ${listingId} has no milestone with id ${milestoneId}.`);
      });
      return { listing_id: listingId, milestone_id: milestoneId, deleted: true as const };
    },
  };
}
