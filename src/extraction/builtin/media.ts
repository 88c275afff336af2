import type { Element } from 'domhandler';
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
  out.push(...pageLogos(home, home));
  // A home page whose header is drawn by script shows no logo; the site's other pages may (an imprint's letterhead).
  if (out.every((p) => p === null)) {
    for (const page of site.pages.filter((p) => p !== home)) {
      const found = pageLogos(page, home).slice(0, 1);
      if (found.some((p) => p !== null)) return found;
    }
  }
  return out;
}

/** Named as the brand's mark: "logo", "acme-logotype", "wordmark". */
const LOGO_MARK = /logo|wordmark/i;

/** The images of `page` that are the site's logo (see below); on pages other than the home page, only images named so. */
function pageLogos(page: SitePage, home: SitePage): Array<FieldProposal | null> {
  const $ = page.$;
  // The image that is the logo: named so itself (class, id, alt, file name), or the image of the
  // link to the home page. Not every image in a box called "logos" (those are customers' or
  // platforms' logos), and not the home-screen icon or favicon (an icon, not the logo).
  const named: Array<FieldProposal | null> = [];
  const linkedHome: Array<FieldProposal | null> = [];
  // Named itself, or the only image of a box named so (<div id="logo"><img alt="Tusky icon"></div>).
  // A wordmark is the logo written as the name ("/img/wordmark.png").
  const marked = (el: Element) =>
    LOGO_MARK.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''} ${el.attribs.alt ?? ''} ${el.attribs.src ?? ''}`) ||
    (el.parent?.type === 'tag' && /logo/i.test(`${(el.parent as Element).attribs.class ?? ''} ${(el.parent as Element).attribs.id ?? ''}`) && $(el.parent).find('img').length === 1);
  const logoCount = $('img[src]').toArray().filter((i) => marked(i)).length;
  // Elsewhere than the home page a logo is ours when it sits in the header or its alt text names
  // the site as the home page's title does ("Maier Metallbau Logo" / "Maier Metallbau GmbH | …").
  const titleWords = new Set(words(home.snapshot.title ?? ''));
  const ours = (img: Element) => page === home || $(img).closest('header, nav').length > 0 || words(img.attribs.alt ?? '').some((w) => titleWords.has(w));
  $('img[src]').each((_, img) => {
    const a = img.attribs;
    // Three or more logos on the page are others' logos (platforms, customers), except the one in the header.
    const wall = logoCount >= 3 && $(img).closest('header, nav').length === 0;
    // A logo that links to another site is that site's logo (a platform, a partner).
    const linked = URL.parse($(img).closest('a').attr('href') ?? '', page.url);
    const offsite = linked !== null && $(img).closest('a').length > 0 && linked.host !== URL.parse(home.url)?.host;
    const own = marked(img) && !wall && !offsite && ours(img) && $(img).closest('[class*=logos], [class*=clients], [class*=partners], [class*=customers]').length === 0;
    const homeLink = page === home && isHomeHref($(img).closest('a').attr('href') ?? 'x');
    if (!own && !homeLink) return;
    const href = absolute(a.src, page.url);
    if (href) (own ? named : linkedHome).push(propose('logo_url', href, [urlEvidence(page, a.src, href)]));
  });
  // An image named a logo first; the image of a home link (a flag, a banner) only when there is none.
  return [...named, ...linkedHome];
}

function videos(site: Site): Array<FieldProposal | null> {
  const out: Array<FieldProposal | null> = [];
  // A page's background videos come after every video meant to be watched, on any page.
  const later: Array<FieldProposal | null> = [];
  for (const page of site.byRole('home', 'features', 'about', 'pricing', 'other')) {
    for (const node of page.jsonLd.filter((n) => isType(n, 'VideoObject'))) {
      const written = urlOf(node.embedUrl) ?? urlOf(node.contentUrl) ?? urlOf(node.url);
      const href = absolute(written, page.url);
      if (written && href && isVideoUrl(new URL(href))) out.push(propose('demo_video_url', href, [urlEvidence(page, written, href)]));
    }
    const backdrops = backgroundVideos(page);
    const links = [...page.snapshot.links.filter((l) => l.kind === 'video'), ...page.snapshot.links.filter((l) => l.kind === 'a')];
    for (const link of links) {
      const u = URL.parse(link.url);
      if (u && isVideoUrl(u)) (backdrops.has(link.url) ? later : out).push(propose('demo_video_url', u.href, [{ url: page.url, quote: link.url }]));
    }
  }
  return [...out, ...later];
}

/**
 * The sources of the page's background videos: a <video> that plays by itself without sound and
 * offers no controls (autoplay, muted, no controls attribute) is a moving backdrop of the hero or a
 * section; a video meant to be watched has controls, or is an embedded player. A backdrop is still
 * footage of the product, so it is the demo only when the site shows no other video.
 */
function backgroundVideos(page: SitePage): Set<string> {
  const $ = page.$;
  const out = new Set<string>();
  $('video[autoplay][muted]:not([controls])').each((_, video) => {
    for (const el of [video, ...($(video).find('source[src]').toArray() as Element[])]) {
      const href = absolute(el.attribs.src, page.url);
      if (href) out.add(href);
    }
  });
  return out;
}

/** Words of four letters or more, lower case, other than "logo". */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4 && w !== 'logo');
}
