import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from './html.ts';
import { createWeb, type WebOptions } from './context.ts';
import { readSiteSession } from './site-session.ts';

/** Where machines talk to the service: an unknown URL there stays a problem+json 404. */
const MACHINE_PREFIXES = ['/api/', '/mcp', '/oauth/', '/.well-known/', '/badges/', '/webhooks/', '/assets/', '/healthz', '/readyz', '/metrics'];

/** Whether an unknown URL is one a person opened in a browser (answered with an HTML page). */
export const isSitePath = (url: string) => !MACHINE_PREFIXES.some((p) => url.startsWith(p) || (p.endsWith('/') && url.split('?')[0] === p.slice(0, -1)));

/**
 * The site's 404 page, for URLs no route serves: the layout with the visitor's session, a search
 * box and the ways back into the directory.
 */
export function notFoundPage(opts: WebOptions) {
  const web = createWeb(opts);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.siteSession = await readSiteSession(request, opts.services).catch(() => undefined);
    return web.page(request, reply, {
      title: 'Page not found',
      status: 404,
      body: html`<h1>Page not found</h1>
<p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
<form method="get" action="/search" role="search" aria-label="Directory"><label for="nf-q">Search the directory</label><input type="search" id="nf-q" name="q" maxlength="200"><button type="submit">Search</button></form>
<p><a href="/">This week's launches</a> · <a href="/categories">Categories</a> · <a href="/blog">Blog</a></p>`,
    });
  };
}
