import { keptLogoHash } from '../../media/variants.ts';

/**
 * A listing whose logo_url names a picture on another site (releases before the site kept logos
 * wrote the drafted address there) shows its initials: pages draw only kept logos. The site copies
 * such a logo like a drafted one (jobs/listing-logo.ts) and points the listing at the copy; until
 * then the API answers the address as it was (docs/decisions.md#pictures).
 */

/** The listing's logo as the copy sees it. */
export interface ListingLogoRow {
  logo_url: string | null;
  logo_hash: string | null;
}

/** Why the copy of this address was refused, as the job recorded it. */
export interface LogoRefusal {
  source_url: string;
  code: string;
  reason: string;
  refused_at: Date;
}

/** The most of a refusal's sentence kept (the addresses in it come from outside). */
export const REFUSAL_REASON_MAX = 2000;

/** A logo this site keeps under its own address: nothing to copy. */
export const isKeptHere = (url: string, publicUrl: string) => url.startsWith(`${publicUrl}/media/`) && keptLogoHash(url) !== null;

/** The address to copy: a logo on another site that the listing has no kept copy of; else null. */
export function logoToCopy(l: ListingLogoRow, publicUrl: string): string | null {
  if (l.logo_hash !== null || !l.logo_url || isKeptHere(l.logo_url, publicUrl)) return null;
  return l.logo_url;
}

/** What the owner is told about a logo on another site: being copied, or why it could not be. */
export type LogoCopyState = { status: 'copying'; source_url: string } | { status: 'refused'; source_url: string; reason: string };

export function logoCopyState(l: ListingLogoRow, refusal: LogoRefusal | undefined, publicUrl: string): LogoCopyState | null {
  const source = logoToCopy(l, publicUrl);
  if (!source) return null;
  // A refusal of an address the listing no longer has says nothing about the current one.
  return refusal?.source_url === source ? { status: 'refused', source_url: source, reason: refusal.reason } : { status: 'copying', source_url: source };
}
