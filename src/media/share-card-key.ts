import { createHash } from 'node:crypto';

/**
 * Bump when the same inputs should draw a different picture (layout, font, colours): every card
 * then gets a new key, so pages link to the new drawing and no cache anywhere keeps the old one.
 */
export const SHARE_RENDERER_VERSION = 1;

/** Which page a card is of: a listing's card has a logo (or its initials); the others an eyebrow line. */
export type ShareKind = 'listing' | 'week' | 'leaderboard' | 'post';

/** The size link previews ask for (Open Graph and Twitter's large card: 1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A card as a page describes it: its texts, and the stored logo rather than its bytes. */
export interface ShareCardSpec {
  kind: ShareKind;
  title: string;
  subtitle: string;
  figure?: string;
  siteName: string;
  /** The media key of the kept logo ("<hash>/logo-256.png"): content addressed, so it names the bytes. */
  logoKey?: string;
}

/** The file name of a card in its folder (MEDIA_KEY: "<64 hex>/share.png"). */
export const SHARE_FILE = 'share.png';

/**
 * The card's storage key: sha256 of its inputs, in a fixed order (an array, so no key order to
 * canonicalise) after a label of its own, so a card's folder can never be an upload's (whose
 * folder is the hash of a picture's bytes). Same inputs, same key: a card is drawn once; a
 * changed name, tagline, figure or logo is a new key, so the picture is made again.
 */
export function shareCardKey(spec: ShareCardSpec): string {
  const inputs = [SHARE_RENDERER_VERSION, spec.kind, spec.title, spec.subtitle, spec.figure ?? null, spec.siteName, spec.logoKey ?? null];
  const hash = createHash('sha256').update(`launchyard share card\n${JSON.stringify(inputs)}`).digest('hex');
  return `${hash}/${SHARE_FILE}`;
}
