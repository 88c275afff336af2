import type { FastifyBaseLogger } from 'fastify';
import { SHARE_IMAGE_SIZE, shareCardKey, type ShareCardSpec } from '../../media/share-card-key.ts';
import { keptLogoHash } from '../../media/variants.ts';
import type { MediaStorage } from '../../media/storage/media-storage.ts';
import { TtlCache } from '../../store/ttl-cache.ts';
import type { Services } from '../../services.ts';

/**
 * The link-preview picture of a page (og:image, twitter:image): a card drawn in the worker pool
 * (media/share-image.ts) and kept in the media storage under the hash of its inputs, so the page
 * names `/media/<hash>/share.png` and the media route serves it like any kept picture (a year's
 * cache: its bytes never change). A page asks on every request, so the answer must cost nothing
 * once known: the key is a hash of a few short strings, and keys known to be stored are
 * remembered in the process. The first view of a new card waits (briefly) for the drawing.
 */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A stored card is checked again after this (the orphan sweep may have taken it: then it is drawn again). */
const KNOWN_MS = 15 * 60_000;
const KNOWN_MAX = 20_000;
/** A card that could not be drawn is not tried again for this long (no drawing on every request of a hot page). */
const FAILED_MS = 60_000;
/** The longest a page waits for a new card; past it the page goes out, and the drawing finishes behind it. */
const WAIT_MS = 2_000;
/** The worker pool's budget for one card (~0.1–0.2 s of CPU). */
const RENDER_BUDGET_MS = 5_000;

interface State {
  known: TtlCache<true>;
  failed: TtlCache<true>;
  /** Drawings in progress by key: concurrent first views of one card draw it once. */
  drawing: Map<string, Promise<void>>;
}

/** One state per storage (an app has one; tests make several). */
const states = new WeakMap<MediaStorage, State>();
function stateOf(storage: MediaStorage): State {
  let s = states.get(storage);
  if (!s) states.set(storage, (s = { known: new TtlCache(KNOWN_MS, KNOWN_MAX), failed: new TtlCache(FAILED_MS, KNOWN_MAX), drawing: new Map() }));
  return s;
}

/**
 * A listing's votes as its card shows them. The exact count would make a new card with every
 * vote; this one changes at 1–9, then at each leading digit (10+, 20+ … 100+, 200+ … 1,000+),
 * about 27 drawings from 0 to 10,000 votes. The page itself shows the exact count. No votes, no
 * figure.
 */
export function votesFigure(votes: number): string | undefined {
  if (!(votes > 0)) return undefined;
  if (votes < 10) return votes === 1 ? '1 vote' : `${votes} votes`;
  const step = 10 ** Math.floor(Math.log10(votes));
  return `${(Math.floor(votes / step) * step).toLocaleString('en-US')}+ votes`;
}

/** A listing's card: name, tagline, its kept logo (an address on another site is never fetched: initials), rounded votes once live. */
export function listingShareCard(l: { name: string; tagline: string | null; logo_url: string | null; votes: number; status: string }, siteName: string): ShareCardSpec {
  const logo = keptLogoHash(l.logo_url);
  return {
    kind: 'listing',
    title: l.name,
    subtitle: l.tagline ?? '',
    figure: l.status === 'live' ? votesFigure(l.votes) : undefined,
    siteName,
    logoKey: logo ? `${logo}/logo-256.png` : undefined,
  };
}

/** What the picture says, for people who cannot see it (og:image:alt, twitter:image:alt). */
export function shareAlt(spec: ShareCardSpec): string {
  const parts = [spec.title, spec.subtitle, spec.figure].map((p) => p?.trim()).filter(Boolean);
  return `${parts.join(' · ')} (${spec.siteName})`;
}

/**
 * The card stored: at once when known, else drawn (concurrent callers share one drawing). A
 * failed drawing is remembered for a minute, so a hot page does not draw on every request.
 */
function drawn(services: Pick<Services, 'pool'>, storage: MediaStorage, key: string, spec: ShareCardSpec, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> | undefined {
  const state = stateOf(storage);
  if (state.known.get(key) || state.failed.get(key)) return undefined;
  let drawing = state.drawing.get(key);
  if (!drawing) {
    drawing = draw(services, storage, key, spec)
      .then(
        () => state.known.set(key, true),
        (err: unknown) => {
          state.failed.set(key, true);
          log?.warn({ err, key }, 'share image not drawn');
        },
      )
      .finally(() => state.drawing.delete(key));
    state.drawing.set(key, drawing);
  }
  return drawing;
}

/**
 * The page's share image: its address once the card is stored (drawn now if it is new), or
 * undefined when the site keeps no pictures. If the drawing fails or takes longer than a page may
 * wait, the address is given all the same (it is known before the drawing): the picture appears
 * there when the drawing ends, or on a later view that tries again.
 */
export async function shareImage(
  services: Pick<Services, 'mediaStorage' | 'pool' | 'publicUrl' | 'shareImages'>,
  spec: ShareCardSpec,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<ShareImage | undefined> {
  const storage = services.mediaStorage;
  if (!storage || !services.shareImages) return undefined;
  const key = shareCardKey(spec);
  const image = { url: `${services.publicUrl}/media/${key}`, ...SHARE_IMAGE_SIZE, alt: shareAlt(spec) };
  const drawing = drawn(services, storage, key, spec, log);
  if (!drawing) return image;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([drawing, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
  clearTimeout(timer);
  return image;
}

/**
 * A share image named by a route of its own (`/listings/{slug}/share.png`), drawn when that
 * route is asked for, not when the page is viewed: a directory's pages are viewed far more often
 * (crawlers read every one) than their cards are fetched (when a link is shared), and a drawing
 * costs 0.1–0.2 s of CPU. The route's address stays the same while the card changes.
 */
export function shareImageOnRequest(services: Pick<Services, 'mediaStorage' | 'shareImages'>, url: string, spec: ShareCardSpec): ShareImage | undefined {
  if (!services.mediaStorage || !services.shareImages) return undefined;
  return { url, ...SHARE_IMAGE_SIZE, alt: shareAlt(spec) };
}

/** The card's PNG, drawn first if it is not stored yet; null when it cannot be had (no pictures kept, the drawing failed). */
export async function shareCardPng(
  services: Pick<Services, 'mediaStorage' | 'pool' | 'shareImages'>,
  spec: ShareCardSpec,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer | null> {
  const storage = services.mediaStorage;
  if (!storage || !services.shareImages) return null;
  const key = shareCardKey(spec);
  await drawn(services, storage, key, spec, log);
  const stored = await storage.get(key);
  if (!stored) stateOf(storage).known.delete(key); // taken by the orphan sweep: drawn again next time
  return stored?.body ?? null;
}

/** Stores the card unless another node (or an earlier process) already has. */
async function draw(services: Pick<Services, 'pool'>, storage: MediaStorage, key: string, spec: ShareCardSpec) {
  if (await storage.get(key)) return;
  // A logo that is gone (replaced meanwhile) draws the initials: the next view has the new key.
  const logo = spec.logoKey ? await storage.get(spec.logoKey) : null;
  const png = await services.pool.run(
    'renderShareImage',
    { kind: spec.kind, title: spec.title, subtitle: spec.subtitle, figure: spec.figure, siteName: spec.siteName, logoPng: logo?.body },
    { budgetMs: RENDER_BUDGET_MS },
  );
  await storage.put(key, Buffer.from(png.buffer, png.byteOffset, png.byteLength), 'image/png');
}
