import type { FastifyInstance } from 'fastify';
import { getBadges } from '../../../operations/badges/get-badges.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { listingFrame, listingIdOf, myListingHref, ownedListing } from './frame.ts';
import { readOperation } from '../read-operation.ts';

/** Our own image URL as a path, so the preview loads from wherever the page was opened. */
const localPath = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/**
 * `/my/listings/{id}/badges`: the badges the listing may show (get_badges, once it is scheduled or
 * live) with embed code to copy; before that, the one badge the free plan looks for.
 */
export function registerMyListingBadges(app: FastifyInstance, web: Web) {
  app.get('/my/listings/:id/badges', SITE_ROUTE, async (request, reply) => {
    if (!web.pageSession(request, reply)) return reply;
    const id = listingIdOf(request);
    const l = await ownedListing(web, request, id);
    // get_badges serves public listings only: before that it is the same 404 a visitor gets.
    const list = l.public ? await readOperation(web.services, request, getBadges, { slug: l.slug }) : undefined;
    const code = (id: string, label: string, what: string, value: string) =>
      html`<label for="${id}">${label}</label><textarea id="${id}" class="embed" readonly data-copy="${what}">${value}</textarea>`;
    return web.page(request, reply, {
      title: `Badges of ${l.name}`,
      script: true,
      body: html`${listingFrame(l, 'badges', 'Badges')}
${list
  ? html`<p>Show visitors of your site where ${l.name} is listed. Every badge links to <a href="/listings/${l.slug}">its page</a>. More shapes and sizes: <a href="/listings/${l.slug}/badges">all badge styles</a>.</p>
${list.badges.map(
  (b, i) => html`<section aria-labelledby="badge-${i}"><h2 id="badge-${i}">${b.label}</h2>
<div class="badge-preview light"><img src="${localPath(b.light_url)}" alt="${b.label} (light)" width="${b.width}" height="${b.height}"></div>
${code(`html-${i}`, 'HTML', `HTML embed code for ${b.label}`, b.html)}
${code(`md-${i}`, 'Markdown', `Markdown embed code for ${b.label}`, b.markdown)}
</section>`,
)}`
  : l.status === 'awaiting_badge'
    ? html`<p>Before launch, one badge is available: the one the free plan looks for on your homepage. See <a href="${myListingHref(id, 'launch')}">Launch</a> for its checks.</p>
<div class="badge-preview light"><img src="${localPath(l.badge.image_url)}" alt="Listed badge (preview)"></div>
${code('homepage-badge', 'HTML for your homepage', 'badge code for your homepage', l.badge.embed_html)}`
    : html`<p class="empty">Badges are available once the listing is scheduled or live. <a href="${myListingHref(id, 'launch')}">Launch it</a>.</p>`}`,
    });
  });
}
