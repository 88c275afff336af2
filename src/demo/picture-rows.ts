import { availableParallelism } from 'node:os';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../store/schema.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { processImage } from '../media/process-image.ts';
import { keepVariants } from '../media/storage/keep-variants.ts';
import { galleryUrl, logoUrl } from '../media/variants.ts';
import { bulkInsert } from './bulk-insert.ts';
import type { DemoListing } from './listings-plan.ts';
import { logoSvg } from './logo-art.ts';
import type { DemoPicturePlan } from './picture-plan.ts';
import { SCREEN_WORDS, screenshotSvg, type ScreenView } from './screenshot-art.ts';

/** Where the demo's pictures go: the site's own media storage, and the address its pages have. */
export interface DemoPictureTarget {
  storage: MediaStorage;
  publicUrl: string;
}

interface Kept {
  listing: number;
  hash: string;
  width: number;
  height: number;
}

export interface MadePictures {
  logos: Kept[];
  images: (Kept & { position: number; view: ScreenView })[];
}

/**
 * Draws the plan's pictures, turns each into its variants with the same processImage an upload
 * goes through (called here, not through the worker pool: the demo loads before the site takes
 * requests), and stores them. Pictures are made a few at a time, one per CPU: libvips works on
 * threads of its own, so this runs beside the loader's inserts on the main thread.
 */
export async function makeDemoPictures(listings: readonly DemoListing[], plan: DemoPicturePlan, target: DemoPictureTarget): Promise<MadePictures> {
  const made: MadePictures = { logos: [], images: [] };
  const tasks: (() => Promise<void>)[] = [
    ...plan.logos.map((listing) => async () => {
      made.logos.push({ listing, ...(await keep(target.storage, logoSvg(listings[listing].name), 'logo')) });
    }),
    ...plan.galleries.flatMap((g) =>
      g.views.map((view, position) => async () => {
        made.images.push({ listing: g.listing, position, view, ...(await keep(target.storage, screenshotSvg(listings[g.listing].name, view), 'gallery')) });
      }),
    ),
  ];
  let next = 0;
  const lane = async () => {
    try {
      while (next < tasks.length) await tasks[next++]();
    } catch (err) {
      next = tasks.length; // the other lanes stop after the picture they are on
      throw err;
    }
  };
  await Promise.all(Array.from({ length: Math.min(tasks.length, availableParallelism()) }, lane));
  // The lanes finish in any order: sorted, the rows are the same on every run.
  made.logos.sort((a, b) => a.listing - b.listing);
  made.images.sort((a, b) => a.listing - b.listing || a.position - b.position);
  return made;
}

/** One drawing as a PNG (what an owner would upload), processed and stored. */
async function keep(storage: MediaStorage, svg: string, purpose: 'logo' | 'gallery') {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const result = await processImage({ bytes: png, purpose });
  if (!result.ok) throw new Error(`a demo ${purpose} was refused: ${result.message}`);
  const { image } = result;
  await keepVariants(storage, image);
  return { hash: image.sourceHash, width: image.width, height: image.height };
}

/**
 * The made pictures' rows: the registry, each listing's logo, and the gallery listings' planned
 * screenshots (links to their own sites until now) replaced, position for position, by kept
 * images with their alt text and caption.
 */
export async function insertDemoPictures(
  trx: Kysely<DB>,
  listings: readonly DemoListing[],
  made: MadePictures,
  listingId: (index: number) => string,
  publicUrl: string,
): Promise<void> {
  const files = new Map<string, { source_hash: string; purpose: string; width: number; height: number }>();
  for (const l of made.logos) files.set(l.hash, { source_hash: l.hash, purpose: 'logo', width: l.width, height: l.height });
  for (const m of made.images) files.set(m.hash, { source_hash: m.hash, purpose: 'gallery', width: m.width, height: m.height });
  await bulkInsert(
    trx,
    'media_files',
    [
      { name: 'source_hash', type: 'text' },
      { name: 'purpose', type: 'text' },
      { name: 'width', type: 'integer' },
      { name: 'height', type: 'integer' },
    ],
    [...files.values()],
    // Two products of the same name draw the same logo: one file, two listings.
    { onConflict: 'on conflict (source_hash) do nothing' },
  );
  await sql`update listings l set logo_url = v.url, logo_hash = v.hash
    from unnest(${made.logos.map((l) => listingId(l.listing))}::bigint[], ${made.logos.map((l) => logoUrl(publicUrl, l.hash))}::text[],
      ${made.logos.map((l) => l.hash)}::text[]) as v(id, url, hash)
    where l.id = v.id`.execute(trx);

  const galleryIds = [...new Set(made.images.map((m) => listingId(m.listing)))];
  await sql`delete from listing_media where kind = 'image' and listing_id = any(${galleryIds}::bigint[])`.execute(trx);
  await bulkInsert(
    trx,
    'listing_media',
    [
      { name: 'listing_id', type: 'bigint' },
      { name: 'kind', type: 'text' },
      { name: 'url', type: 'text' },
      { name: 'caption', type: 'text' },
      { name: 'alt', type: 'text' },
      { name: 'media_hash', type: 'text' },
      { name: 'position', type: 'smallint' },
    ],
    made.images.map((m) => ({
      listing_id: listingId(m.listing),
      kind: 'image',
      url: galleryUrl(publicUrl, m.hash, m.width),
      caption: SCREEN_WORDS[m.view].caption,
      alt: `${listings[m.listing].name} ${SCREEN_WORDS[m.view].alt}`,
      media_hash: m.hash,
      position: m.position,
    })),
  );
}
