import { createHash } from 'node:crypto';

/**
 * A response body as JSON, encoded once per object: cached reads hand back the same object for
 * a few seconds, so its text (and its ETag) are computed once too.
 */
const memo = new WeakMap<object, { json: string; etag?: string }>();

export function encodeJson(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let hit = memo.get(data);
  if (!hit) memo.set(data, (hit = { json: JSON.stringify(data) }));
  return hit.json;
}

/** A strong ETag of the body: the same bytes, the same tag, on every node. */
export function etagOf(data: object): string {
  const json = encodeJson(data);
  const hit = memo.get(data)!;
  return (hit.etag ??= `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`);
}

/** RFC 9110 If-None-Match: "*", or one of the listed tags (weak comparison). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
