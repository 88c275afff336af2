import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_READ_TTL_SECONDS } from '../rest/routes.ts';
import { noneMatch } from '../rest/encoding.ts';
import { tagOf } from '../../domain/json-text.ts';

/** As long as the API's public reads: what a page or feed shows comes from them. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_TTL_SECONDS}, stale-while-revalidate=30`;

/**
 * Sends a body that is the same for every visitor: a strong ETag of its bytes (a matching
 * If-None-Match answers 304 without it) and a Cache-Control that lets browsers and proxies keep it.
 */
export function sendShared(request: FastifyRequest, reply: FastifyReply, body: string | Buffer, cacheControl = PUBLIC_CACHE_CONTROL, etag = tagOf(body)) {
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}
