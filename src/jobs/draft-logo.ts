import { keptCopy } from '../domain/drafts/kept-logo.ts';
import type { ProcessedImage, ProcessImageResult } from '../media/processed-image.ts';
import { keepVariants } from '../media/storage/keep-variants.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { logoUrl } from '../media/variants.ts';
import type { DraftStores } from '../store/drafts-store.ts';
import { mediaStore } from '../store/media-store.ts';
import { OverBudget } from '../workers/pool.ts';
import type { PictureDownload } from './picture-download.ts';

export interface DraftLogoDeps {
  stores: DraftStores;
  /** The picture through the address policy, with its size and time bounds (picture-download.ts). */
  download: (url: string, signal?: AbortSignal) => Promise<PictureDownload>;
  /** processImage with purpose 'logo', in the worker pool under its time budget (as an upload). */
  process: (bytes: Uint8Array) => Promise<ProcessImageResult>;
  storage: MediaStorage;
  publicUrl: string;
  now: () => Date;
  /** Drops this node's cached public profile of a listing whose logo changed. */
  forget: (slug: string) => void;
}

type Copy = { ok: true; image: ProcessedImage } | { ok: false; code: string; reason: string };

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
  const made = await copyOf(deps, copy.source_url, signal);

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

/** Downloaded, processed and its variants stored; or why not, in a sentence for the editor. */
async function copyOf(deps: DraftLogoDeps, url: string, signal?: AbortSignal): Promise<Copy> {
  const got = await deps.download(url, signal);
  if (!got.ok) return { ok: false, code: got.failure.code, reason: got.failure.reason };
  let result: ProcessImageResult;
  try {
    result = await deps.process(got.bytes);
  } catch (err) {
    // A shutdown (WorkCancelled) or a broken pool is not the picture's fault: thrown, retried.
    if (err instanceof OverBudget) return { ok: false, code: 'took_too_long', reason: `The picture at ${url} took too long to process.` };
    throw err;
  }
  if (!result.ok) {
    const why = result.refusal === 'empty' ? 'it is an empty file.' : result.message;
    return { ok: false, code: result.refusal, reason: `The picture at ${url} cannot be kept as the logo: ${why}` };
  }
  const { image } = result;
  await keepVariants(deps.storage, image);
  return { ok: true, image };
}
