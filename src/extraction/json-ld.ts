import type { CheerioAPI } from 'cheerio';

/**
 * Reading schema.org JSON-LD: every object of every block (arrays, @graph and nested objects
 * flattened), with its types. Broken blocks are skipped: a site's typo is not our error.
 */

export type JsonLdNode = Record<string, unknown>;

export function jsonLdNodes($: CheerioAPI): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 12) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value && typeof value === 'object') {
      const node = value as JsonLdNode;
      if ('@type' in node) nodes.push(node);
      for (const [key, child] of Object.entries(node)) if (key !== '@context') visit(child, depth + 1);
    }
  };
  $('script[type="application/ld+json" i]').each((_, el) => {
    const raw = $(el).text().replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, '');
    try {
      visit(JSON.parse(raw), 0);
    } catch {
      // skipped, see above
    }
  });
  return nodes;
}

/** The node's schema.org types, without a vocabulary prefix: "Organization", "Product"… */
export function typesOf(node: JsonLdNode): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/:#]/, ''));
}

export function isType(node: JsonLdNode, ...types: string[]): boolean {
  return typesOf(node).some((t) => types.includes(t));
}

/** A property as text: a string or number, an {@value}, or the first of a list. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const t = textOf(item);
      if (t) return t;
    }
    return null;
  }
  if (value && typeof value === 'object' && '@value' in value) return textOf((value as JsonLdNode)['@value']);
  return null;
}

/** A property as a list of nodes (an object, or a list of them). */
export function nodesOf(value: unknown): JsonLdNode[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((x): x is JsonLdNode => !!x && typeof x === 'object' && !Array.isArray(x));
}

/** A property as a list of texts (a string, a list of strings, or nodes with a name). */
export function textsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of list) {
    const t = textOf(item) ?? (item && typeof item === 'object' ? textOf((item as JsonLdNode).name) : null);
    if (t) out.push(t);
  }
  return out;
}

/** A URL-valued property: a string, an ImageObject/VideoObject's url or contentUrl. */
export function urlOf(value: unknown): string | null {
  const t = textOf(value);
  if (t) return t;
  for (const node of nodesOf(value)) {
    const u = textOf(node.url) ?? textOf(node.contentUrl) ?? textOf(node.embedUrl);
    if (u) return u;
  }
  return null;
}

/**
 * The organisations (and products) a page describes: where founders, addresses and dates live.
 * Besides the general types, schema.org's many kinds of business (EntertainmentBusiness,
 * Restaurant, HomeAndConstructionBusiness, ClothingStore, TravelAgency…), recognised by their
 * type names' endings.
 */
export function organisations(nodes: JsonLdNode[]): JsonLdNode[] {
  return nodes.filter((n) => isType(n, ...ORGANISATION_TYPES) || typesOf(n).some((t) => BUSINESS_TYPE.test(t)));
}

const ORGANISATION_TYPES = ['Organization', 'Corporation', 'LocalBusiness', 'OnlineBusiness', 'OnlineStore', 'NGO', 'ProfessionalService', 'Restaurant', 'Winery', 'Brewery', 'Bakery', 'Dentist', 'Physician', 'Hotel', 'AutoRepair', 'Plumber', 'Electrician', 'HairSalon', 'DaySpa'];
const BUSINESS_TYPE = /(?:Business|Store|Organization|Agency|Company|Shop|Service)$/;
