import type { FastifyReply, FastifyRequest } from 'fastify';
import { noticeOf, type Web } from './context.ts';
import { pageHead, type HeadOptions } from './head.ts';
import { html, type Html } from './html.ts';
import { layout, pageHeaders } from './layout.ts';
import { encodedBody, rendered } from './render-memo.ts';
import { preferredCoding } from './content-coding.ts';
import { PUBLIC_CACHE_CONTROL, sendShared } from './shared-response.ts';

export interface PublicPage extends Omit<HeadOptions, 'siteName' | 'publicUrl' | 'title'> {
  title: string;
  body: Html;
  status?: number;
  /** Load enhance.js (copy buttons, filters that apply at once). */
  script?: boolean;
  /** More of <head>: a page's own script (the listing page's discussion.js). */
  head?: Html;
  /** The page's script may fetch from this site (connect-src 'self'). */
  connect?: boolean;
  /** The page may show a gallery video's player after a click (frame-src of the three hosts). */
  videos?: boolean;
}

/**
 * Sends a page of the public directory, built from `from`: the outputs of the operations it read.
 * A visitor who is not signed in gets the same bytes as everyone else while those outputs are the
 * same (render-memo.ts), compressed if the browser asks, with a strong ETag and a public
 * Cache-Control (a match answers 304). A signed-in page shows its person's name and forms: built
 * every time and never stored.
 */
export function sendPublicPage(web: Web, request: FastifyRequest, reply: FastifyReply, from: readonly object[], build: () => PublicPage) {
  const render = () => {
    const p = build();
    const status = p.status ?? 200;
    const meta = pageHead({ ...p, siteName: web.siteName, publicUrl: web.publicUrl, path: status < 400 ? p.path : undefined, noindex: p.noindex || status >= 400 });
    const head = p.head ? html`${meta}${p.head}` : meta;
    const body = layout({ title: p.title, siteName: web.siteName, session: request.siteSession, notice: noticeOf(request), body: p.body, head, script: p.script });
    return { body, status, script: p.script ?? false, connect: p.connect ?? false, videos: p.videos ?? false };
  };
  if (request.siteSession || !from.length) {
    const page = render();
    pageHeaders(reply, { script: page.script, connect: page.connect, videos: page.videos }).code(page.status).header('vary', 'cookie');
    return reply.send(page.body);
  }
  const page = rendered(from, request.url, render);
  const shareable = page.status === 200;
  pageHeaders(reply, { cache: shareable, script: page.script, connect: page.connect, videos: page.videos }).code(page.status).header('vary', 'cookie, accept-encoding');
  // A kept page is compressed once, not per request; each coding is its own representation (ETag).
  const { body, coding } = encodedBody(page, preferredCoding(request.headers['accept-encoding']));
  if (coding) reply.header('content-encoding', coding);
  const etag = coding ? `${page.etag.slice(0, -1)}-${coding}"` : page.etag;
  return shareable ? sendShared(request, reply, body, PUBLIC_CACHE_CONTROL, etag) : reply.send(body);
}
