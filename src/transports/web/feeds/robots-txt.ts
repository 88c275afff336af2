import type { FastifyInstance } from 'fastify';
import { SITE_ROUTE, type Web } from '../context.ts';
import { sendShared } from '../shared-response.ts';

/** Account, admin, checkout and sign-in pages are private or empty to a crawler; the directory is open. */
const PRIVATE = ['/account', '/admin', '/checkout', '/claims', '/invites', '/oauth', '/report', '/sign-in', '/sign-up', '/unsubscribe', '/verify-email'];

/** `/robots.txt`: what crawlers may read, and where the sitemap is. */
export function registerRobotsTxt(app: FastifyInstance, web: Web) {
  const body = ['User-agent: *', ...PRIVATE.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${web.publicUrl}/sitemap.xml`, ''].join('\n');
  app.get('/robots.txt', SITE_ROUTE, async (request, reply) => sendShared(request, reply.type('text/plain; charset=utf-8'), body, 'public, max-age=3600'));
}
