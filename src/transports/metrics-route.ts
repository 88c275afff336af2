import { createHash, timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

function isLoopback(ip: string): boolean {
  try {
    const a = ipaddr.process(ip);
    return a.range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * GET /metrics (Prometheus text). Operational figures, no user data, but still not for the
 * world: loopback clients may read it (a scraper on the node), others need METRICS_TOKEN.
 */
export function registerMetricsRoute(app: FastifyInstance, opts: { token?: string; render: () => string }) {
  const expected = opts.token ? digest(opts.token) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const bearer = /^Bearer (\S{1,512})$/i.exec(request.headers.authorization ?? '')?.[1];
    const allowed = expected ? bearer !== undefined && timingSafeEqual(digest(bearer), expected) : isLoopback(request.ip);
    if (!allowed) {
      throw new DomainError('forbidden', 'metrics_restricted', opts.token ? 'Send the node\'s METRICS_TOKEN as a bearer token.' : 'Metrics are served to loopback clients only; set METRICS_TOKEN to read them from elsewhere.');
    }
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(opts.render());
  });
}
