import { createHmac } from 'node:crypto';
import { sameDigest, sha256 } from '../accounts/secrets.ts';

/**
 * The checkout link's token is the credential of the checkout page: whoever holds the link may
 * review and pay the order, signed in or not (an agent hands it to its person). It is an HMAC of
 * the order number under an installation key, so an Idempotency-Key replay of create_checkout can
 * give the same link back without the token being stored anywhere; the order keeps its SHA-256
 * only, and the page compares digests in constant time.
 */
export const checkoutToken = (key: string, number: string) => createHmac('sha256', key).update(`checkout:${number}`).digest('base64url');

export const checkoutTokenHash = (token: string) => sha256(token);

export const checkoutTokenMatches = (token: string, storedHash: string) => /^[A-Za-z0-9_-]{43}$/.test(token) && sameDigest(sha256(token), storedHash);

export const checkoutPath = (number: string) => `/checkout/${number}`;

export const checkoutUrl = (publicUrl: string, number: string, token: string) => `${publicUrl}${checkoutPath(number)}?token=${token}`;

/** LY-2026-000042: the year of the order and its number from the sequence, six digits at least. */
export const orderNumber = (year: string, sequence: string) => `LY-${year}-${sequence.padStart(6, '0')}`;
