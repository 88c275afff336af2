import { load } from 'cheerio';
import type { BadgeCheckResult } from './badge-check.ts';

/**
 * Elements whose content a visitor never sees as a link: raw text (script, style, textarea),
 * inert markup (template), fallbacks for no-script browsers, and embedded documents. A badge
 * written inside any of them does not count.
 */
const INERT = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'iframe', 'object', 'xmp', 'title']);

/** Walks every ancestor, through a <template>'s content fragment too (cheerio's parents() stops there). */
function insideInert(el: { parent: unknown }): boolean {
  for (let n = el.parent as { parent: unknown; name?: string } | null; n; n = n.parent as typeof n) {
    if (n.name && INERT.has(n.name.toLowerCase())) return true;
  }
  return false;
}

function resolve(href: string | undefined, base: URL): URL | undefined {
  if (href === undefined) return undefined;
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

/**
 * Whether the page shows the service's badge for this listing: an <a href> whose resolved URL is
 * exactly the listing page (the service's own origin, no user info; a query or fragment is
 * allowed), containing an <img> whose resolved src is one of this listing's badge images on the
 * service's origin. Comparing parsed origins (not strings) defeats lookalike hosts such as
 * launchyard.example.evil, evil-launchyard.example or https://launchyard.example@evil/.
 * A text mention, a link without the image, an image without the link, and anything in a
 * comment or an inert element are absent.
 */
export function findBadge(html: string, pageUrl: string, publicUrl: string, slug: string): BadgeCheckResult {
  const service = new URL(publicUrl);
  // From the first slash of a run only: searched for from every slash, a run costs its length squared.
  const servicePath = service.pathname.replace(/(?<!\/)\/+$/, '');
  const listingPath = `${servicePath}/listings/${slug}`;
  const badgePrefix = `${servicePath}/badges/${slug}/`;
  const ours = (u: URL) => u.origin === service.origin && u.username === '' && u.password === '';

  const $ = load(html);
  let base: URL;
  try {
    base = new URL(pageUrl);
    // A homepage that is (or redirects to) the service itself proves nothing about the product's site.
    if (base.origin === service.origin) return { outcome: 'absent', detail: `${pageUrl} is a page of this service, not the product's homepage.` };
    const declared = resolve($('head base[href]').first().attr('href'), base);
    if (declared && (declared.protocol === 'http:' || declared.protocol === 'https:')) base = declared;
  } catch {
    return { outcome: 'unverifiable', detail: `The page address ${pageUrl} is not a valid URL.` };
  }

  let linkWithoutImage = false;
  for (const el of $('a[href]').toArray()) {
    if (insideInert(el)) continue;
    const a = $(el);
    const href = resolve(a.attr('href'), base);
    if (!href || !ours(href) || (href.pathname !== listingPath && href.pathname !== `${listingPath}/`)) continue;
    const badge = a.find('img[src]').toArray().some((img) => {
      const src = resolve($(img).attr('src'), base);
      return !!src && ours(src) && src.pathname.startsWith(badgePrefix) && src.pathname.endsWith('.svg');
    });
    if (badge) return { outcome: 'verified', detail: `Found the badge linking to ${service.origin}${listingPath} on ${pageUrl}.` };
    linkWithoutImage = true;
  }
  return {
    outcome: 'absent',
    detail: linkWithoutImage
      ? `${pageUrl} links to the listing, but not with the badge image: place the embed code as given.`
      : `No badge linking to ${service.origin}${listingPath} was found on ${pageUrl}.`,
  };
}
