import type { FieldProposal } from '../types.ts';
import { isVideoUrl } from '../guards/links.ts';
import { isType, organisations, urlOf } from '../json-ld.ts';
import { isHomeHref, propose, type Site, type SitePage } from './site.ts';

/**
 * logo_url and demo_video_url. Their evidence is the URL itself on the page that shows it (a
 * link or media source of that page, or a JSON-LD value in its text): an image has no sentence
 * to quote.
 */
export function mediaProposals(site: Site): FieldProposal[] {
  return [...logos(site), ...videos(site)].filter((p): p is FieldProposal => p !== null);
}

function absolute(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  const u = URL.parse(url.trim(), base);
  return u && (u.protocol === 'http:' || u.protocol === 'https:') ? u.href : null;
}

/** The URL as its own evidence: as written in the page's text, else as one of its links. */
function urlEvidence(page: SitePage, written: string, href: string) {
  return page.quote(written) ?? (page.snapshot.links.some((l) => l.url === href) ? { url: page.url, quote: href } : null);
}

function logos(site: Site): Array<FieldProposal | null> {
  const home = site.home;
  const out: Array<FieldProposal | null> = [];
  for (const org of organisations(home.jsonLd)) {
    const written = urlOf(org.logo);
    const href = absolute(written, home.url);
    if (written && href) out.push(propose('logo_url', href, [urlEvidence(home, written, href)]));
  }
  const $ = home.$;
  // The image that is the logo: named so itself (class, id, alt, file name), or the image of the
  // link to the home page. Not every image in a box called "logos" (those are customers' or
  // platforms' logos), and not the home-screen icon or favicon (an icon, not the logo).
  const named: Array<FieldProposal | null> = [];
  const linkedHome: Array<FieldProposal | null> = [];
  $('img[src]').each((_, img) => {
    const a = img.attribs;
    const marked = (el: { attribs: Record<string, string> }) => /logo/i.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''} ${el.attribs.alt ?? ''} ${el.attribs.src ?? ''}`);
    // Three or more logos on the page are others' logos (platforms, customers), except the one in the header.
    const wall = $('img[src]').toArray().filter((i) => marked(i)).length >= 3 && $(img).closest('header, nav').length === 0;
    // A logo that links to another site is that site's logo (a platform, a partner).
    const linked = URL.parse($(img).closest('a').attr('href') ?? '', home.url);
    const offsite = linked !== null && $(img).closest('a').length > 0 && linked.host !== URL.parse(home.url)?.host;
    const own = marked(img) && !wall && !offsite && $(img).closest('[class*=logos], [class*=clients], [class*=partners], [class*=customers]').length === 0;
    const homeLink = isHomeHref($(img).closest('a').attr('href') ?? 'x');
    if (!own && !homeLink) return;
    const href = absolute(a.src, home.url);
    if (href) (own ? named : linkedHome).push(propose('logo_url', href, [urlEvidence(home, a.src, href)]));
  });
  // An image named a logo first; the image of a home link (a flag, a banner) only when there is none.
  out.push(...named, ...linkedHome);
  return out;
}

function videos(site: Site): Array<FieldProposal | null> {
  const out: Array<FieldProposal | null> = [];
  for (const page of site.byRole('home', 'features', 'about', 'pricing', 'other')) {
    for (const node of page.jsonLd.filter((n) => isType(n, 'VideoObject'))) {
      const written = urlOf(node.embedUrl) ?? urlOf(node.contentUrl) ?? urlOf(node.url);
      const href = absolute(written, page.url);
      if (written && href && isVideoUrl(new URL(href))) out.push(propose('demo_video_url', href, [urlEvidence(page, written, href)]));
    }
    const links = [...page.snapshot.links.filter((l) => l.kind === 'video'), ...page.snapshot.links.filter((l) => l.kind === 'a')];
    for (const link of links) {
      const u = URL.parse(link.url);
      if (u && isVideoUrl(u)) out.push(propose('demo_video_url', u.href, [{ url: page.url, quote: link.url }]));
    }
  }
  return out;
}
