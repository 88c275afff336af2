import type { ListingFilter, ModerationStore } from '../../store/moderation-store.ts';
import type { ListingModerationTable } from '../../store/schema.ts';
import { DomainError, invalid, notFound } from '../errors.ts';
import { mustBeAdmin } from './acting-admin.ts';

/** The statuses a listing can be hidden from: the public ones, and a free listing waiting for its badge. */
export const HIDEABLE: readonly ListingModerationTable['status_before'][] = ['live', 'scheduled', 'awaiting_badge'];
export const REASON_MAX = 500;

const listingNotFound = (id: string) => notFound('listing_not_found', `No listing has the id ${id}.`);

/**
 * Moderation: owner edits publish at once, and an administrator reviews them afterwards (the
 * queue); a listing can be hidden, which takes it out of every public read at once (status
 * archived, in one transaction with the log entry and the remembered status), and restored to
 * the status it had. The profile cache of this node is dropped at once; lists cached for a few
 * seconds catch up by themselves (PROFILE_CACHE_MS).
 */
export function createModeration(deps: { store: ModerationStore; now: () => Date; forget: (slug: string) => void }) {
  const { store, now } = deps;
  return {
    async hide(adminId: string, listingId: string, rawReason: string) {
      const reason = rawReason.trim();
      if (!reason || reason.length > REASON_MAX) {
        throw invalid('validation_failed', 'Say why the listing is hidden.', [{ field: 'reason', message: `1 to ${REASON_MAX} characters: why it is hidden` }]);
      }
      const at = now();
      const listing = await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const l = await tx.lockListing(listingId);
        if (!l) throw listingNotFound(listingId);
        if (await tx.hiddenRecord(l.id)) throw new DomainError('conflict', 'listing_already_hidden', `${l.name} is hidden already.`);
        const from = HIDEABLE.find((s) => s === l.status);
        if (!from) throw new DomainError('conflict', 'listing_not_hideable', `${l.name} is ${l.status}: only a live, scheduled or awaiting-badge listing can be hidden.`);
        await tx.hide({ listingId: l.id, statusBefore: from, reason, by: adminId, at });
        await tx.record({
          adminId,
          action: 'listing_hidden',
          subjectType: 'listing',
          subjectId: l.id,
          summary: `Hid ${l.name} (${l.slug}), which was ${from}: ${reason}`,
          details: { slug: l.slug, status_before: from, reason },
          at,
        });
        return l;
      });
      deps.forget(listing.slug);
      return listing;
    },

    async restore(adminId: string, listingId: string) {
      const at = now();
      const restored = await store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const l = await tx.lockListing(listingId);
        if (!l) throw listingNotFound(listingId);
        const status = await tx.restore(l.id, at);
        if (!status) throw new DomainError('conflict', 'listing_not_hidden', `${l.name} is not hidden.`);
        await tx.record({
          adminId,
          action: 'listing_restored',
          subjectType: 'listing',
          subjectId: l.id,
          summary: `Restored ${l.name} (${l.slug}) to ${status}`,
          details: { slug: l.slug, status },
          at,
        });
        return { ...l, status };
      });
      deps.forget(restored.slug);
      return restored;
    },

    /** Marks an owner edit as reviewed; reviewing it again changes nothing. */
    async review(adminId: string, versionId: string) {
      const at = now();
      return store.transaction(async (tx) => {
        await mustBeAdmin(tx, adminId);
        const edit = await tx.lockEdit(versionId);
        if (!edit) throw notFound('edit_not_found', `No listing edit has the id ${versionId}.`);
        if (edit.reviewed) return edit;
        await tx.markReviewed(edit.id, adminId, at);
        await tx.record({
          adminId,
          action: 'edit_reviewed',
          subjectType: 'listing_version',
          subjectId: edit.id,
          summary: `Reviewed the ${edit.source} edit of ${edit.name}`,
          details: { listing_id: edit.listing_id },
          at,
        });
        return edit;
      });
    },

    queue: (p: { unreviewed: boolean; listingId?: string; limit: number; offset: number }) => store.queue(p),
    listings: (p: { filter: ListingFilter; q?: string; limit: number; offset: number }) => store.listings(p),
    async listing(listingId: string) {
      const l = await store.listing(listingId);
      if (!l) throw listingNotFound(listingId);
      return l;
    },
    statusCounts: () => store.statusCounts(),
  };
}
export type Moderation = ReturnType<typeof createModeration>;
