import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where a vote (follow, review, comment upvote) came from, kept without keeping anyone's address:
 * the client's network (/24 of IPv4, /48 of IPv6, the size a home or office line has) and its user
 * agent are stored as HMACs under a salt of the day. Within a day the same network gives the same
 * hash, which is all burst detection compares; the salt is deleted once its day is over (the job),
 * so nobody, us included, can later test an address against a stored hash: IPv4 has only 16
 * million /24 networks, and a kept salt would make every hash reversible.
 */
export const SALT_PREFIX = 'network_salt:';

/** The network an address belongs to, as text ("203.0.113.0/24", "2001:db8:1::/48"); null when it is not an address. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  if (isIPv4(address)) return address.split('.').slice(0, 3).join('.') + '.0/24';
  if (!isIPv6(address)) return null;
  return expandIPv6(address.split('%')[0]).slice(0, 3).map((g) => g.toString(16)).join(':') + '::/48';
}

/** The eight 16-bit groups of an IPv6 address (with "::" filled in, a trailing dotted IPv4 read as two groups). */
function expandIPv6(address: string): number[] {
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => {
    if (!part) return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const b = g.split('.').map(Number);
        out.push((b[0] << 8) | b[1], (b[2] << 8) | b[3]);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  const h = groups(head);
  const t = groups(tail);
  return [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
}

/** A salted hash (16 bytes, hex) of a value; null stays null. */
export function saltedHash(salt: string, kind: 'network' | 'agent', value: string | null): string | null {
  if (value === null || value === '') return null;
  return createHmac('sha256', salt).update(`${kind}:${value}`).digest('hex').slice(0, 32);
}

/** The day a salt belongs to (UTC): salts rotate at 00:00 UTC whatever the site's timezone. */
export const saltDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The page token a vote form carries: proof that the voter had a page of the site showing this
 * listing (its own page or a list with its card) open before voting, signed for this person and
 * listing and good for PAGE_TOKEN_TTL_MS. A vote without one still counts, for less
 * (VoteWeighting.noPageFactor): forms scripted without loading a page are what it tells apart.
 */
export const PAGE_TOKEN_TTL_MS = 2 * 3_600_000;
export type PageSeen = 'listing' | 'list';

/** A list's token covers every card on it (listingId '*'); a listing page's names its listing. */
export function pageToken(key: string, p: { userId: string; listingId: string; seenOn: PageSeen; at: Date }): string {
  const body = `${p.seenOn}.${p.at.getTime().toString(36)}`;
  return `${body}.${sign(key, p.userId, p.seenOn === 'list' ? '*' : p.listingId, body)}`;
}

/** Where the token says the listing was seen, or null when it is absent, forged, for someone else or stale. */
export function checkPageToken(key: string, token: string | null | undefined, p: { userId: string; listingId: string; now: Date }): PageSeen | null {
  if (!token || token.length > 80) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || (parts[0] !== 'listing' && parts[0] !== 'list') || !/^[0-9a-z]{1,12}$/.test(parts[1])) return null;
  const body = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(key, p.userId, parts[0] === 'list' ? '*' : p.listingId, body));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const age = p.now.getTime() - parseInt(parts[1], 36);
  return age >= 0 && age <= PAGE_TOKEN_TTL_MS ? (parts[0] as PageSeen) : null;
}

const sign = (key: string, userId: string, listingId: string, body: string) =>
  createHmac('sha256', key).update(`page:${userId}:${listingId}:${body}`).digest('base64url').slice(0, 22);
