import type { CheerioAPI } from 'cheerio';
import { isType, nodesOf, organisations, textOf, textsOf, type JsonLdNode } from '../json-ld.ts';

/**
 * What a page states about itself in markup: <title>, meta description and keywords, OpenGraph
 * and Twitter cards, and the schema.org JSON-LD of the organisation and its product.
 */

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  siteName: string;
  ogTitle: string;
  ogDescription: string;
  twitterTitle: string;
  twitterDescription: string;
  applicationName: string;
}

export function readMeta($: CheerioAPI): PageMeta {
  const content = (selector: string) => ($(selector).first().attr('content') ?? '').replace(/\s+/g, ' ').trim();
  return {
    title: $('title').first().text().replace(/\s+/g, ' ').trim(),
    description: content('meta[name="description" i]'),
    keywords: content('meta[name="keywords" i]'),
    siteName: content('meta[property="og:site_name" i]'),
    ogTitle: content('meta[property="og:title" i]'),
    ogDescription: content('meta[property="og:description" i]'),
    twitterTitle: content('meta[name="twitter:title" i], meta[property="twitter:title" i]'),
    twitterDescription: content('meta[name="twitter:description" i], meta[property="twitter:description" i]'),
    applicationName: content('meta[name="application-name" i]'),
  };
}

const PRODUCT_TYPES = ['SoftwareApplication', 'WebApplication', 'MobileApplication', 'Product', 'WebSite', 'Service'];

/** The product the page describes (software first), then the organisation behind it. */
export function describedThings(nodes: JsonLdNode[]): JsonLdNode[] {
  const products = PRODUCT_TYPES.flatMap((t) => nodes.filter((n) => isType(n, t)));
  return [...new Set([...products, ...organisations(nodes)])];
}

export function jsonLdName(nodes: JsonLdNode[]): string | null {
  for (const n of describedThings(nodes)) {
    const name = textOf(n.name);
    if (name) return name;
  }
  return null;
}

export function jsonLdDescription(nodes: JsonLdNode[]): string | null {
  for (const n of describedThings(nodes)) {
    const d = textOf(n.description);
    if (d) return d;
  }
  return null;
}

/** keywords as a list: schema.org allows a comma-separated text or a list of texts. */
export function jsonLdKeywords(nodes: JsonLdNode[]): { stated: string; items: string[] } | null {
  for (const n of describedThings(nodes)) {
    const list = textsOf(n.keywords);
    if (list.length === 1) return { stated: list[0], items: splitKeywords(list[0]) };
    if (list.length > 1) return { stated: '', items: list };
  }
  return null;
}

export function splitKeywords(s: string): string[] {
  return s
    .split(/[,;|]/)
    .map((k) => k.replace(/\s+/g, ' ').trim())
    .filter((k) => k.length > 1 && k.length <= 200);
}

/**
 * The services or products a business lists in its schema.org offer catalog
 * (hasOfferCatalog → OfferCatalog → Offer → itemOffered: Service "Garden design"): what it says
 * it offers, named one by one. A catalog of one item says no more than the business's own line.
 */
export function jsonLdOfferedItems(nodes: JsonLdNode[]): string[] {
  const out: string[] = [];
  for (const catalog of nodes.filter((n) => isType(n, 'OfferCatalog'))) {
    const names: string[] = [];
    for (const entry of nodesOf(catalog.itemListElement)) {
      const offered = isType(entry, 'Offer') ? nodesOf(entry.itemOffered)[0] : isType(entry, 'ListItem') ? nodesOf(entry.item)[0] : entry;
      if (!offered || isType(offered, 'OfferCatalog')) continue;
      const name = textOf(offered.name);
      if (name) names.push(name.replace(/\s+/g, ' ').trim());
    }
    if (names.length >= 2) out.push(...names);
  }
  return out;
}
