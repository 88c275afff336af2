import type { FastifyRequest } from 'fastify';

/**
 * Request logging without the secrets some URLs carry: a checkout link's `token` (and any other
 * `token` query parameter, as the e-mail confirmation link has) is logged as [redacted]. Tokens in
 * a path segment (/invites/{token}, /claims/confirm/{token}) are replaced the same way.
 */
const TOKEN_QUERY = /([?&]token=)[^&#]*/g;
const TOKEN_PATH = /^(\/(?:invites|claims\/confirm)\/)[^/?#]+/;

export const redactUrl = (url: string) => url.replace(TOKEN_QUERY, '$1[redacted]').replace(TOKEN_PATH, '$1[redacted]');

/** Fastify's request serializer, with the URL redacted. */
export function redactedRequest(req: FastifyRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
