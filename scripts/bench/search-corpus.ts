/**
 * The seeded directory as the search bench's query sets see it: seed:scale's listings made again
 * from their seeds (src/demo/scale-listing.ts, no database), their searchable words, and the
 * words a query set never builds on.
 */
import { scaleListing, type ScaleListing } from '../../src/demo/scale-listing.ts';

/** The bench's size: relevance is judged over these listings, so over every listing of a 100,000 run. */
export const JUDGED_LISTINGS = 100_000;
/**
 * Queries are made from these first listings only, so each one's target exists in any directory
 * seeded with at least this many (a quick bench run, `--listings 2000`).
 */
export const SOURCE_LISTINGS = 2_000;

/** Lowercase letter-and-digit words, accents folded: "Privacy-first CRM" → privacy, first, crm. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** A listing's searchable text as the spec names it for search_listings: name, tagline, description, keywords. */
export interface SearchableListing {
  index: number;
  slug: string;
  name: string;
  tagline: string;
  description: string;
  keywords: string[];
  categorySlug: string;
  /** Every word of the four fields, for "holds every word" judgements. */
  words: Set<string>;
}

function searchable(l: ScaleListing): SearchableListing {
  const { tagline, description, keywords } = l.text;
  return {
    index: l.index,
    slug: l.slug,
    name: l.name,
    tagline,
    description,
    keywords,
    categorySlug: l.category.spec.slug,
    words: new Set(wordsOf([l.name, tagline, description, ...keywords].join(' '))),
  };
}

/** The live listings among the first `count` seed:scale makes (scheduled ones are not searched by default). */
export function liveListings(count: number): SearchableListing[] {
  const out: SearchableListing[] = [];
  for (let i = 0; i < count; i++) {
    const l = scaleListing(i);
    if (!l.scheduled) out.push(searchable(l));
  }
  return out;
}

/** Every word of the listings' searchable text: a misspelling must not be one of them. */
export function knownWords(listings: readonly SearchableListing[]): Set<string> {
  const known = new Set<string>();
  for (const l of listings) for (const w of l.words) known.add(w);
  return known;
}

/**
 * The taglines' template words (listing-text.ts writes every tagline from six patterns): in a
 * third of all taglines, so a query of them says nothing about the product.
 */
export const TEMPLATE_WORDS = new Set(['without', 'built', 'finally', 'minutes', 'required', 'setup', 'helps', 'right']);

/** The words of a tagline a misspelled query is made of: five letters or more, not template words. */
export function contentWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => w.length >= 5 && /^[a-z]+$/.test(w) && !TEMPLATE_WORDS.has(w)))];
}
