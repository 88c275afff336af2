import { mediaMemory } from './media-memory.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_KEY, type MediaStorage } from '../../media/storage/media-storage.ts';
import { problem } from '../rest/problem.ts';

/** A key's bytes never change (content addressed): browsers and proxies keep them a year and never ask again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Opened directly rather than through an <img>, a picture is a document of its own: nothing in it
 * may load or run (raster formats only, and the type comes from the key, but say so anyway).
 */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** What a client waits before asking again when the object storage is away. */
const RETRY_AFTER_SECONDS = 5;

/** If-None-Match matches: "*", or any listed tag, weak or strong (RFC 9110 weak comparison for GET and HEAD). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * GET and HEAD /media/<64 hex>/<name>.<ext>: the stored pictures, served like the fingerprinted
 * assets (assets.ts): a year's cache, a strong ETag and 304 to a matching If-None-Match. The path
 * is checked against MEDIA_KEY before the storage sees it; anything else under /media/ is a 404
 * problem. No session is read here: a picture is the same for everyone.
 */
/** Small pictures kept in each node's memory (media-memory.ts): 32 MB of them, each up to 128 kB, for 10 minutes. */
const MEMORY_BYTES = 32 * 1024 * 1024;
const MEMORY_ENTRY_BYTES = 128 * 1024;
const MEMORY_TTL_MS = 10 * 60_000;

export function registerMediaRoute(app: FastifyInstance, storage: MediaStorage, opts: { publicUrl: string }) {
  const fail = (reply: FastifyReply, status: 404 | 503, code: string, detail: string) =>
    reply.code(status).header('cache-control', 'no-store').type('application/problem+json').send(problem(opts.publicUrl, status, code, detail));

  const memory = mediaMemory({ maxBytes: MEMORY_BYTES, maxEntryBytes: MEMORY_ENTRY_BYTES, ttlMs: MEMORY_TTL_MS });
  // Not counted against the requester's rate limit, like the fingerprinted assets: a page of
  // cards asks for dozens of pictures, each once a year at most (immutable).
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('content-security-policy', MEDIA_CSP);
    const key = request.params['*'];
    // As written in the URL too: one address per picture (no %2F or %61 spelling of the same key).
    if (!MEDIA_KEY.test(key) || request.url.split('?')[0] !== `/media/${key}`) return fail(reply, 404, 'media_not_found', 'No picture has this address.');
    let media = memory.get(key) ?? null;
    try {
      if (!media) {
        media = await storage.get(key);
        if (media) memory.set(key, media);
      }
    } catch (err) {
      request.log.error({ err, key }, 'media storage unreachable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return fail(reply, 503, 'media_unavailable', 'The picture storage cannot be reached right now; retry shortly.');
    }
    if (!media) return fail(reply, 404, 'media_not_found', 'No picture has this address.');
    reply.header('cache-control', IMMUTABLE).header('etag', media.etag);
    if (matches(request.headers['if-none-match'], media.etag)) return reply.code(304).send();
    return reply.type(media.contentType).header('content-length', media.size).send(media.body);
  });
}
