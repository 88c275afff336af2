import { keptCopy } from '../domain/drafts/kept-logo.ts';
import { logoUrl } from '../media/variants.ts';
import type { DraftStores } from '../store/drafts-store.ts';
import { mediaStore } from '../store/media-store.ts';
import { copyLogo, type LogoCopyDeps } from './logo-copy.ts';

export interface DraftLogoDeps extends LogoCopyDeps {
  stores: DraftStores;
  publicUrl: string;
  now: () => Date;
  /** Drops this node's cached public profile of a listing whose logo changed. */
  forget: (slug: string) => void;
}

/**
 * The 'draft-logo' job: the draft's pending logo copy (domain/drafts/kept-logo.ts) downloaded,
 * processed and stored like an uploaded logo, registered in media_files with the address it came
 * from, and the draft pointed at it. A picture that cannot be kept (unreachable, refused by the
 * address policy or robots.txt, not a picture, too large, too small) leaves the copy refused with
 * the reason, and the draft as it is. The files are stored before the transaction that points at
 * them: a copy changed meanwhile leaves only files nothing references, which the media sweep
 * deletes. Safe to run again: only a pending copy is worked, and only while it is still pending.
 */
export async function runDraftLogo(deps: DraftLogoDeps, draftId: string, signal?: AbortSignal) {
  const { stores, now } = deps;
  const copy = (await stores.drafts.get(draftId))?.logo_copy;
  if (!copy || copy.status !== 'pending') return { draftId, skipped: 'nothing to copy' };
  const made = await copyLogo(deps, copy.source_url, signal);

  const result = await stores.transaction(async (s, trx) => {
    const cur = await s.drafts.get(draftId, { forUpdate: true });
    const c = cur?.logo_copy;
    if (!cur || !c || c.status !== 'pending' || c.source_url !== copy.source_url) return { draftId, skipped: 'changed meanwhile' };
    if (!made.ok) {
      await s.drafts.update(draftId, { logo_copy: { ...c, status: 'refused', url: null, reason: made.reason }, logo_hash: null }, now());
      return { draftId, refused: made.code };
    }
    const { image } = made;
    await mediaStore(trx).register({ hash: image.sourceHash, purpose: 'logo', width: image.width, height: image.height, sourceUrl: c.source_url });
    const url = logoUrl(deps.publicUrl, image.sourceHash);
    const next = await s.drafts.update(draftId, { logo_copy: { ...c, status: 'kept', url, reason: null }, logo_hash: image.sourceHash }, now());
    // A listing saved from the draft while the copy was under way takes it now, unless it has a
    // kept logo of its own by then (one uploaded meanwhile wins).
    const kept = keptCopy(next);
    const listing = kept && next.listing_id ? await s.listings.takeKeptLogo(next.listing_id, kept, now()) : undefined;
    return { draftId, kept: image.sourceHash, listing: listing?.slug ?? null };
  });
  if ('listing' in result && result.listing) deps.forget(result.listing);
  return result;
}
