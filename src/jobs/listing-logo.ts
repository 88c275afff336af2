import { logoToCopy, REFUSAL_REASON_MAX } from '../domain/pictures/listing-logo-copy.ts';
import { logoUrl } from '../media/variants.ts';
import type { ListingLogosStore } from '../store/listing-logos-store.ts';
import { listingVersionsStore } from '../store/listing-versions-store.ts';
import { mediaStore } from '../store/media-store.ts';
import { copyLogo, type LogoCopyDeps } from './logo-copy.ts';

export const LISTING_LOGO_JOB = 'listing-logo';

export interface ListingLogoDeps extends LogoCopyDeps {
  store: ListingLogosStore;
  publicUrl: string;
  now: () => Date;
  /** Drops this node's cached public profile of a listing whose logo changed. */
  forget: (slug: string) => void;
}

/**
 * The 'listing-logo' job: a listing's logo_url on another site (domain/pictures/listing-logo-copy.ts)
 * downloaded through the address policy, processed and kept like a drafted logo (logo-copy.ts), then,
 * in one transaction on the listing's locked row, the listing pointed at the copy with a version
 * ('logo_copy', by the service) — only while its logo_url is still `sourceUrl` and it has no kept
 * logo: an upload, a removal or any newer change made meanwhile wins, and the copy's files are left
 * to the media sweep. A refusal (not a picture, a private address, too large, 404…) leaves the listing
 * as it is, showing its initials, and records the reason for its owner's Pictures page, which also
 * keeps the sweep from fetching that address again. Safe to run twice.
 */
export async function runListingLogo(deps: ListingLogoDeps, listingId: string, sourceUrl: string, signal?: AbortSignal) {
  const { store, now } = deps;
  const still = (l: { logo_url: string | null; logo_hash: string | null } | undefined) => !!l && logoToCopy(l, deps.publicUrl) === sourceUrl;
  if (!still(await store.get(listingId))) return { listingId, skipped: 'changed meanwhile' };
  const made = await copyLogo(deps, sourceUrl, signal);

  const result = await store.transaction(async (s, trx) => {
    const l = await s.lock(listingId);
    if (!l || !still(l)) return { listingId, skipped: 'changed meanwhile' };
    if (!made.ok) {
      await s.refuse(l.id, { source_url: sourceUrl, code: made.code, reason: made.reason.slice(0, REFUSAL_REASON_MAX), refused_at: now() });
      return { listingId, refused: made.code };
    }
    const { image } = made;
    await mediaStore(trx).register({ hash: image.sourceHash, purpose: 'logo', width: image.width, height: image.height, sourceUrl });
    const url = logoUrl(deps.publicUrl, image.sourceHash);
    await s.setKept(l.id, { url, hash: image.sourceHash }, now());
    await listingVersionsStore(trx).record({ listingId: l.id, editorId: null, source: 'logo_copy', before: { logo_url: sourceUrl }, after: { logo_url: url }, at: now() });
    return { listingId, kept: image.sourceHash, slug: l.slug };
  });
  if ('slug' in result && result.slug) deps.forget(result.slug);
  return result;
}
