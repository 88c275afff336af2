import type { MediaStorage } from '../media/storage/media-storage.ts';
import { sweepOrphans } from '../media/storage/orphan-sweep.ts';
import type { ListingPictures } from '../domain/pictures/listing-pictures.ts';
import type { MediaStore } from '../store/media-store.ts';
import { UNUSED_PICTURE_KEPT_HOURS, UPLOAD_LOG_KEPT_HOURS } from '../domain/privacy/retention.ts';

export const MEDIA_SWEEP_JOB = 'media-sweep';
/**
 * How long a picture nothing references is kept: an upload is stored before the transaction that
 * points a listing at it, so a younger folder may be one whose reference is about to commit.
 */
export const MEDIA_GRACE_MS = UNUSED_PICTURE_KEPT_HOURS * 3_600_000;
/** The upload log (the per-account budget's only input) is kept as long as the longest budget: a day. */
export const UPLOAD_LOG_KEPT_MS = UPLOAD_LOG_KEPT_HOURS * 3_600_000;
const BATCH = 500;

/**
 * Daily: pictures nothing uses any more (a failed transaction's files, a registry row left by a
 * crash between a replace and its delete) lose their files and row, and the upload log is cut to
 * a day. Idempotent; its queue runs one at a time across nodes.
 */
export async function runMediaSweep(deps: { store: MediaStore; storage: MediaStorage; pictures: Pick<ListingPictures, 'release'>; now: () => Date }) {
  const before = new Date(deps.now().getTime() - MEDIA_GRACE_MS);
  let released = 0;
  for (;;) {
    const unused = await deps.store.unused(before, BATCH);
    for (const hash of unused) await deps.pictures.release(hash);
    released += unused.length;
    if (unused.length < BATCH) break;
  }
  // Files whose folder the registry does not know (their transaction never committed). Share
  // cards are a cache named by their page's content, in no registry: they are kept.
  const files = await sweepOrphans(deps.storage, async (hash, key) => key.endsWith('/share.png') || (await deps.store.known([hash])).has(hash), before);
  const log = await deps.store.dropUploadLog(new Date(deps.now().getTime() - UPLOAD_LOG_KEPT_MS));
  return { released, files, uploadLogDropped: log };
}
