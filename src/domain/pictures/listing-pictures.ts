import type { MediaStorage } from '../../media/storage/media-storage.ts';
import type { ProcessImageResult, ProcessedImage } from '../../media/processed-image.ts';
import { keepVariants } from '../../media/storage/keep-variants.ts';
import { galleryUrl, logoUrl } from '../../media/variants.ts';
import type { MediaStore, MediaTx, PictureListingRow } from '../../store/media-store.ts';
import { DomainError, invalid } from '../errors.ts';
import { listingNotFound } from '../owner-listings/my-listings.ts';
import { videoLink } from './video-links.ts';
import { logoCopyState, logoToCopy } from './listing-logo-copy.ts';

/** The gallery's and the upload's limits (issue 29; README "Logos, images and share cards"). */
export const PICTURE_RULES = {
  maxImages: 8,
  maxVideos: 2,
  captionMax: 200,
  altMax: 300,
  /** Bytes of one uploaded file; beyond, the upload is refused with 413 before it is read further. */
  fileBytes: 10 * 1024 * 1024,
  /** Uploads per account (accepted or refused): a person fixing a gallery stays far below. */
  perHour: 30,
  perDay: 200,
  /** Time one picture may spend being processed in the worker pool. */
  processBudgetMs: 20_000,
} as const;

export interface PicturesDeps {
  store: MediaStore;
  storage: MediaStorage;
  /** Runs processImage in the worker pool (off the event loop, under a time budget). */
  process: (bytes: Uint8Array, purpose: 'logo' | 'gallery') => Promise<ProcessImageResult>;
  publicUrl: string;
  now: () => Date;
  /** Drops this node's cached public profile of the listing. */
  forget: (slug: string) => void;
}

/**
 * An owner's logo and gallery. A picture is processed and its variants stored before the
 * transaction that points the listing at it: a failed transaction leaves only files nothing
 * references, which the sweep deletes after its grace period (jobs/media-sweep.ts); a replaced
 * or deleted picture's files go at once when nothing else uses the same bytes.
 */
export function createListingPictures(deps: PicturesDeps) {
  const { store, storage, now } = deps;

  async function owned<T>(userId: string, listingId: number, fn: (tx: MediaTx, listing: PictureListingRow) => Promise<T>) {
    const result = await store.transaction(async (tx) => {
      const listing = await tx.lockOwned(String(listingId), userId);
      if (!listing) throw listingNotFound(listingId);
      return { listing, value: await fn(tx, listing) };
    });
    deps.forget(result.listing.slug);
    return result.value;
  }

  /** A read of the owner's listing: no lock, nothing changed, no cached page to drop. */
  async function read<T>(userId: string, listingId: number, fn: (listing: PictureListingRow) => Promise<T>) {
    const listing = await store.owned(String(listingId), userId);
    if (!listing) throw listingNotFound(listingId);
    return fn(listing);
  }

  /** Counts the upload against the person's budget (refused ones too), then processes and stores it. */
  async function keep(userId: string, bytes: Uint8Array, purpose: 'logo' | 'gallery', field: string): Promise<ProcessedImage> {
    const at = now();
    const made = await store.logUpload(userId, at, { hour: new Date(at.getTime() - 3_600_000), day: new Date(at.getTime() - 86_400_000) });
    if (made.hour > PICTURE_RULES.perHour || made.day > PICTURE_RULES.perDay) {
      const err = new DomainError(
        'rate_limited',
        'upload_rate_limited',
        `You have uploaded ${made.hour > PICTURE_RULES.perHour ? `${PICTURE_RULES.perHour} pictures this hour` : `${PICTURE_RULES.perDay} pictures today`}, the most we take; please try again later.`,
      );
      err.retryAfterSeconds = made.hour > PICTURE_RULES.perHour ? 3600 : 86_400;
      throw err;
    }
    if (bytes.byteLength > PICTURE_RULES.fileBytes) throw fileTooLarge(field);
    const result = await deps.process(bytes, purpose);
    if (!result.ok) throw invalid(`image_${result.refusal}`, result.message, [{ field, message: result.message }]);
    await keepVariants(storage, result.image);
    return result.image;
  }

  /** Deletes a picture's files and row when nothing uses its bytes any more. */
  async function release(hash: string | null) {
    if (!hash || !(await store.forgetIfUnused(hash))) return;
    const keys: string[] = [];
    for await (const o of storage.list(`${hash}/`)) keys.push(o.key);
    await storage.delete(keys);
  }

  return {
    /** Sets (or replaces) the listing's logo from an uploaded file. */
    async setLogo(userId: string, listingId: number, bytes: Uint8Array) {
      // Ownership first: a stranger's upload is not processed at all.
      await read(userId, listingId, async () => undefined);
      const image = await keep(userId, bytes, 'logo', 'logo');
      const before = await owned(userId, listingId, async (tx, l) => {
        await tx.register({ hash: image.sourceHash, purpose: 'logo', width: image.width, height: image.height });
        const url = logoUrl(deps.publicUrl, image.sourceHash);
        if (l.logo_hash === image.sourceHash) return null;
        await tx.setLogo(l.id, { url, hash: image.sourceHash }, now());
        await tx.versions.record({ listingId: l.id, editorId: userId, source: 'upload_logo', before: { logo_url: l.logo_url }, after: { logo_url: url }, at: now() });
        return l.logo_hash;
      });
      await release(before);
      return { logo_url: logoUrl(deps.publicUrl, image.sourceHash) };
    },

    async removeLogo(userId: string, listingId: number) {
      const before = await owned(userId, listingId, async (tx, l) => {
        if (!l.logo_url) return null;
        await tx.setLogo(l.id, { url: null, hash: null }, now());
        await tx.versions.record({ listingId: l.id, editorId: userId, source: 'remove_logo', before: { logo_url: l.logo_url }, after: { logo_url: null }, at: now() });
        return l.logo_hash;
      });
      await release(before);
    },

    /** A logo_url on another site: being copied, or why it could not be (listing-logo-copy.ts); null otherwise. */
    async logoCopy(userId: string, listingId: number) {
      return read(userId, listingId, async (l) => (logoToCopy(l, deps.publicUrl) ? logoCopyState(l, await store.logoRefusal(l.id), deps.publicUrl) : null));
    },

    async gallery(userId: string, listingId: number) {
      return read(userId, listingId, (l) => store.gallery(l.id));
    },

    /** Adds an image to the gallery (alt text required), last in the order. */
    async addImage(userId: string, listingId: number, bytes: Uint8Array, text: { alt: string; caption: string }) {
      const words = checkWords(text, true);
      const full = () => invalid('gallery_full', `The gallery already has ${PICTURE_RULES.maxImages} images, the most it takes; delete one first.`, [{ field: 'image', message: `At most ${PICTURE_RULES.maxImages} images.` }]);
      // Checked before the work and again under the lock (two uploads at once).
      const count = (items: { kind: string }[]) => items.filter((i) => i.kind === 'image').length;
      if (count(await read(userId, listingId, (l) => store.gallery(l.id))) >= PICTURE_RULES.maxImages) throw full();
      const image = await keep(userId, bytes, 'gallery', 'image');
      return owned(userId, listingId, async (tx, l) => {
        if (count(await tx.gallery(l.id)) >= PICTURE_RULES.maxImages) throw full();
        await tx.register({ hash: image.sourceHash, purpose: 'gallery', width: image.width, height: image.height });
        return tx.addItem({ listingId: l.id, kind: 'image', url: galleryUrl(deps.publicUrl, image.sourceHash, image.width), caption: words.caption, alt: words.alt, hash: image.sourceHash, at: now() });
      });
    },

    /** Adds a YouTube, Vimeo or Loom video link to the gallery. */
    async addVideo(userId: string, listingId: number, input: { url: string; caption: string }) {
      const words = checkWords({ alt: '', caption: input.caption }, false);
      const video = videoLink(input.url);
      if (!video) throw invalid('video_link_refused', 'The link must be a YouTube, Vimeo or Loom video.', [{ field: 'video_url', message: 'Give the link of a YouTube, Vimeo or Loom video.' }]);
      return owned(userId, listingId, async (tx, l) => {
        if ((await tx.gallery(l.id)).filter((i) => i.kind === 'video').length >= PICTURE_RULES.maxVideos) {
          throw invalid('gallery_full', `The gallery already has ${PICTURE_RULES.maxVideos} videos, the most it takes; delete one first.`, [{ field: 'video_url', message: `At most ${PICTURE_RULES.maxVideos} videos.` }]);
        }
        return tx.addItem({ listingId: l.id, kind: 'video', url: video.url, caption: words.caption, alt: null, hash: null, at: now() });
      });
    },

    /** Changes an item's caption (and an image's alt text). */
    async describe(userId: string, listingId: number, itemId: string, text: { alt: string; caption: string }) {
      await owned(userId, listingId, async (tx, l) => {
        const item = (await tx.gallery(l.id)).find((i) => i.id === itemId);
        if (!item) throw itemNotFound(itemId);
        const words = checkWords(text, item.kind === 'image');
        await tx.updateItem(l.id, itemId, { caption: words.caption, alt: item.kind === 'image' ? words.alt : null });
      });
    },

    async deleteItem(userId: string, listingId: number, itemId: string) {
      const removed = await owned(userId, listingId, async (tx, l) => {
        const row = await tx.deleteItem(l.id, itemId);
        if (!row) throw itemNotFound(itemId);
        return row.media_hash;
      });
      await release(removed);
    },

    /** Moves an item one place earlier or later. */
    async move(userId: string, listingId: number, itemId: string, direction: 'up' | 'down') {
      await owned(userId, listingId, async (tx, l) => {
        const ids = (await tx.gallery(l.id)).map((i) => i.id);
        const at = ids.indexOf(itemId);
        if (at < 0) throw itemNotFound(itemId);
        const to = direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= ids.length) return;
        [ids[at], ids[to]] = [ids[to], ids[at]];
        await tx.reorder(l.id, ids);
      });
    },

    /** The release of pictures nothing uses, for the sweep. */
    release,
  };
}
export type ListingPictures = ReturnType<typeof createListingPictures>;

/** A file over PICTURE_RULES.fileBytes, its message beside the field (413 on the site). */
export const fileTooLarge = (field: string) => {
  const mb = PICTURE_RULES.fileBytes / 1024 / 1024;
  return new DomainError('invalid', 'file_too_large', `The file is larger than ${mb} MB, the most we take.`, [{ field, message: `At most ${mb} MB per file.` }]);
};

const itemNotFound = (itemId: string) => new DomainError('not_found', 'gallery_item_not_found', `This listing's gallery has no item ${itemId}.`);

/** Alt text (required for images) and caption within their limits; blank means none. */
function checkWords(text: { alt: string; caption: string }, image: boolean) {
  const alt = text.alt.trim();
  const caption = text.caption.trim();
  const fields = [];
  if (image && !alt) fields.push({ field: 'alt', message: 'Describe the image for people who cannot see it.' });
  if (alt.length > PICTURE_RULES.altMax) fields.push({ field: 'alt', message: `At most ${PICTURE_RULES.altMax} characters (now ${alt.length}).` });
  if (caption.length > PICTURE_RULES.captionMax) fields.push({ field: 'caption', message: `At most ${PICTURE_RULES.captionMax} characters (now ${caption.length}).` });
  if (fields.length) throw invalid('validation_failed', 'Some fields need a look.', fields);
  return { alt: alt || null, caption: caption || null };
}
