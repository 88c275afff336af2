import type { FastifyReply } from 'fastify';
import { VIDEO_FRAME_ORIGINS } from '../../domain/pictures/video-links.ts';
import type { SiteSession } from '../../domain/accounts/sessions.ts';
import { html, type Html } from './html.ts';
import { ASSET_URLS } from './assets.ts';
import { siteFooter, siteHeader } from './site-nav.ts';

export interface PageOptions {
  title: string;
  siteName: string;
  session?: SiteSession;
  /** A confirmation shown above the content (role=status). */
  notice?: string;
  body: Html;
  /** Description, canonical URL, OpenGraph, JSON-LD (head.ts). */
  head?: Html;
  /** Load the few lines of progressive enhancement (enhance.js). */
  script?: boolean;
}

/** The one layout of the site's pages: header with navigation, main, footer. JavaScript only where a page asks. */
export function layout(p: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${p.title} · ${p.siteName}</title>
<link rel="stylesheet" href="${ASSET_URLS.css}">
<link rel="icon" href="${ASSET_URLS.icon}" type="image/svg+xml">
${p.head ?? ''}
${p.script ? html`<script src="${ASSET_URLS.js}" defer></script>` : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${siteHeader(p.siteName, p.session)}
<main id="main">
${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}
${p.body}
</main>
<footer>${siteFooter}</footer>
</body>
</html>
`.value;
}

/**
 * Security headers of every site page. No inline script runs, nothing frames us, no referrer
 * leaves, and every picture is the site's own (/media, /badges, /assets): no page loads another
 * site's image. With our script, a gallery video may become its host's player after a click, and
 * a file field may preview the chosen picture (a blob: address of the visitor's own file).
 */
export function pageHeaders(reply: FastifyReply, opts: { cache?: boolean; script?: boolean; connect?: boolean; videos?: boolean } = {}) {
  const img = opts.script ? "img-src 'self' blob:" : "img-src 'self'";
  // A page that updates itself (a draft being drafted) may fetch its own fresh copy.
  const script =
    (opts.script ? "; script-src 'self'" : '') + (opts.connect ? "; connect-src 'self'" : '') + (opts.script && opts.videos ? `; frame-src ${VIDEO_FRAME_ORIGINS.join(' ')}` : '');
  reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src 'self'; ${img}${script}; base-uri 'none'; frame-ancestors 'none'`)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
  if (!opts.cache) reply.header('cache-control', 'no-store');
  return reply;
}

/** A form field's error, referenced by aria-describedby. */
export const fieldError = (id: string, message: string | undefined) =>
  message ? html`<p class="field-error" id="${id}-error">${message}</p>` : '';

export const invalidAttrs = (id: string, message: string | undefined) =>
  message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';

/** The error summary at the top of a form (announced, since it has role=alert). */
export const errorSummary = (message: string | undefined) => (message ? html`<div class="alert" role="alert"><p>${message}</p></div>` : '');
