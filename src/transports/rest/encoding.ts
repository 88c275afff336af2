import { createHash } from 'node:crypto';
import { jsonText } from '../../domain/json-text.ts';

/** A response body as JSON, encoded once per object (cached reads return the same object). */
export function encodeJson(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  return jsonText(data);
}

/** ETags, like the text, once per object. */
const etags = new WeakMap<object, string>();

/** A strong ETag of the body: the same bytes, the same tag, on every node. */
export function etagOf(data: object): string {
  let etag = etags.get(data);
  if (etag === undefined) etags.set(data, (etag = `"${createHash('sha256').update(jsonText(data)).digest('base64url').slice(0, 32)}"`));
  return etag;
}

/** RFC 9110 If-None-Match: "*", or one of the listed tags (weak comparison). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
