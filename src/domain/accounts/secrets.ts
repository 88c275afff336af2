import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const API_KEY_PREFIX = 'lyk_';

/**
 * A new API key: `lyk_` + 32 random bytes. Its first 8 characters after the prefix identify it in
 * lists; only the SHA-256 of the whole key is stored.
 */
export function newApiKey() {
  const key = API_KEY_PREFIX + randomToken(32);
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: sha256(key) };
}

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX) && token.length >= 40 && token.length <= 80;
