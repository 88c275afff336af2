import type { FieldProposal } from '../types.ts';
import { isVideoUrl } from '../guards/links.ts';
import { isType, organisations, urlOf } from '../json-ld.ts';
import { propose, type Site, type SitePage } from './site.ts';

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
  $('img[src]').each((_, img) => {
    const a = img.attribs;
    const wrapper = $(img).closest('a, div, span, header').first().attr('class') ?? '';
    if (!/logo/i.test(`${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''} ${a.src} ${wrapper}`)) return;
    const href = absolute(a.src, home.url);
    if (href) out.push(propose('logo_url', href, [urlEvidence(home, a.src, href)]));
  });
  const icons = $('link[rel][href]')
    .toArray()
    .map((l) => ({ rel: (l.attribs.rel ?? '').toLowerCase(), href: l.attribs.href, size: Number(/(?<!\d)(\d+)x\d/.exec(l.attribs.sizes ?? '')?.[1] ?? 0) }))
    // A home-screen icon is the brand's square mark; a favicon (16–48 px) is too small to stand for a product.
    .filter((l) => /\bapple-touch-icon\b/.test(l.rel) || (/\bicon\b/.test(l.rel) && l.size >= 120))
    .sort((x, y) => Number(y.rel.includes('apple')) - Number(x.rel.includes('apple')) || y.size - x.size);
  for (const icon of icons) {
    const href = absolute(icon.href, home.url);
    if (href) out.push(propose('logo_url', href, [urlEvidence(home, icon.href, href)]));
  }
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
