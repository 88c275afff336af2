import { jsonTag, jsonText } from '../../domain/json-text.ts';

/** A response body as JSON, encoded once per object (cached reads return the same object). */
export function encodeJson(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  return jsonText(data);
}

/** A strong ETag of the body, once per object: the same bytes, the same tag, on every node. */
export const etagOf = (data: object): string => jsonTag(data);

/** RFC 9110 If-None-Match: "*", or one of the listed tags (weak comparison). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
