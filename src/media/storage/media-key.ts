import { createHash } from 'node:crypto';
import { MEDIA_KEY, PRIVATE_KEY } from './media-storage.ts';

/** The one type each extension is served as: a key names its format, so nothing else is trusted. */
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpg: 'image/jpeg' };

/** The first 64 characters of a key: the upload's hash, the folder the orphan sweep judges. */
export const SOURCE_HASH = /^[0-9a-f]{64}$/;

/**
 * The key, checked: the adapters build a file path or an object name only from a key that passed,
 * so "../", an absolute path or a stray character throws before any storage is touched.
 */
export function checkedMediaKey(key: string): string {
  if (typeof key !== 'string' || !MEDIA_KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(String(key).slice(0, 120))}`);
  return key;
}

/** A private file's key, checked as strictly: only "exports/<32 hex>/<name>.zip" reaches a path or an object name. */
export function checkedPrivateKey(key: string): string {
  if (typeof key !== 'string' || !PRIVATE_KEY.test(key)) throw new Error(`not a private file key: ${JSON.stringify(String(key).slice(0, 120))}`);
  return key;
}

/** The Content-Type a key is served with (its extension's). */
export const contentTypeOfKey = (key: string): string => CONTENT_TYPES[checkedMediaKey(key).slice(key.lastIndexOf('.') + 1)];

/** A put whose content type disagrees with its key's extension is a bug upstream: refused, not stored. */
export function checkedContentType(key: string, contentType: string): string {
  const expected = contentTypeOfKey(key);
  if (contentType !== expected) throw new Error(`${key} is ${expected}, not ${contentType}`);
  return expected;
}

/**
 * The strong ETag of the object under a key. The bytes under a key never change, so the key (and
 * the size, a cheap guard) names them: no hashing of the body on every request, and the same tag
 * from both adapters, so moving the files to object storage keeps every browser's cache valid.
 */
export const mediaEtag = (key: string, size: number) => `"${createHash('sha256').update(key).digest('hex').slice(0, 16)}-${size}"`;
