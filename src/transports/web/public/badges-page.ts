import type { FastifyInstance } from 'fastify';
import { getBadges } from '../../../operations/badges/get-badges.ts';
import { getListing } from '../../../operations/listings/get-listing.ts';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../../../contract/badge.ts';
import { SITE_ROUTE, type Web } from '../context.ts';
import { html } from '../html.ts';
import { breadcrumbs } from '../json-ld.ts';
import { listingHref } from '../listing-card.ts';
import { logo } from '../logo.ts';
import { hrefWith } from '../pager.ts';
import { sendPublicPage } from '../public-page.ts';
import { readOperation } from '../read-operation.ts';

const LABELS: Record<string, string> = {
  standard: 'Standard',
  outline: 'Outline',
  pill: 'Pill',
  banner: 'Banner',
  square: 'Square',
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto (visitor’s theme)',
  s: 'Small',
  m: 'Medium',
  l: 'Large',
};
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
/** Our own image URL as a path, so the preview loads from wherever this page was opened. */
const localPath = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** `/listings/{slug}/badges`: every badge the listing may show, in each shape, mode and size, with embed code to copy. */
export function registerBadgesPage(app: FastifyInstance, web: Web) {
  app.get('/listings/:slug/badges', SITE_ROUTE, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const q = (request.query ?? {}) as Record<string, unknown>;
    const style = { shape: str(q.shape), mode: str(q.mode), size: str(q.size) };
    const [listing, list] = await Promise.all([
      readOperation(web.services, request, getListing, { slug }),
      readOperation(web.services, request, getBadges, { slug, ...style }),
    ]);
    const here = `${listingHref(list.slug)}/badges`;
    const select = (name: 'shape' | 'mode' | 'size', values: readonly string[]) =>
      html`<div><label for="badge-${name}">${name[0].toUpperCase() + name.slice(1)}</label><select id="badge-${name}" name="${name}">${values.map((v) => html`<option value="${v}"${list[name] === v ? html` selected` : ''}>${LABELS[v] ?? v}</option>`)}</select></div>`;
    return sendPublicPage(web, request, reply, [listing, list], () => ({
      title: `Badges for ${listing.name}`,
      description: `Embeddable badges ${listing.name} has earned on ${web.siteName}, with HTML and Markdown embed code.`,
      path: hrefWith(here, { shape: style.shape, mode: style.mode, size: style.size }),
      noindex: Boolean(style.shape || style.mode || style.size),
      script: true,
      jsonLd: [breadcrumbs(web.publicUrl, [{ name: web.siteName, path: '/' }, { name: listing.name, path: listingHref(listing.slug) }, { name: 'Badges', path: here }])],
      body: html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="${listingHref(listing.slug)}">${listing.name}</a></li><li aria-current="page">Badges</li></ol></nav>
<div class="profile-head">${logo(listing.name, listing.logo_url, 'l')}<div><h1>Badges for ${listing.name}</h1>
<p class="lede">Show visitors of your site where ${listing.name} is listed. Each badge links to <a href="${listingHref(listing.slug)}">its page here</a>.</p></div></div>
<form class="filters" method="get" action="${here}" data-autosubmit>
<div class="filter-grid">${select('shape', BADGE_SHAPES)}${select('mode', BADGE_MODES)}${select('size', BADGE_SIZES)}</div>
<button type="submit">Show</button>
</form>
${list.badges.length
  ? list.badges.map(
      (b, i) => html`<section aria-labelledby="badge-${i}">
<h2 id="badge-${i}">${b.label}</h2>
<div class="badge-preview light"><img src="${localPath(b.light_url)}" alt="${b.label} (light)" width="${b.width}" height="${b.height}"></div>
<div class="badge-preview dark"><img src="${localPath(b.dark_url)}" alt="${b.label} (dark)" width="${b.width}" height="${b.height}"></div>
<label for="html-${i}">HTML</label>
<textarea id="html-${i}" class="embed" readonly data-copy="HTML embed code for ${b.label}">${b.html}</textarea>
<label for="md-${i}">Markdown</label>
<textarea id="md-${i}" class="embed" readonly data-copy="Markdown embed code for ${b.label}">${b.markdown}</textarea>
</section>`,
    )
  : html`<p class="empty">${listing.name} has no badge yet.</p>`}`,
    }));
  });
}
