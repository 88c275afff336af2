import { load, type CheerioAPI } from 'cheerio';
import type { PageSnapshot } from '../../crawler/types.ts';
import type { DraftField, Evidence, FieldProposal, FieldValue } from '../types.ts';
import { jsonLdNodes, type JsonLdNode } from '../json-ld.ts';
import { containsPhrase, matchKey, normalizeForMatch, quoteLocator } from '../quote-match.ts';
import { pageRole, type PageRole } from './page-roles.ts';
import { readMeta, type PageMeta } from './structured-data.ts';

/** One crawled page, parsed once for all the built-in extractor's readers. */
export interface SitePage {
  snapshot: PageSnapshot;
  url: string;
  $: CheerioAPI;
  role: PageRole;
  jsonLd: JsonLdNode[];
  meta: PageMeta;
  /**
   * Evidence for `candidate` on this page: the stretch of the stored text that holds it, or null
   * when the text does not (then the candidate must not be proposed).
   */
  quote(candidate: string | null | undefined): Evidence | null;
}

export interface Site {
  pages: SitePage[];
  home: SitePage;
  /** Pages of these roles, in the order given ('home' is the home page). */
  byRole(...roles: PageRole[]): SitePage[];
  /** The site's names in comparison form without punctuation: host labels, og:site_name. */
  ownNames: string[];
}

export function readSite(snapshots: readonly PageSnapshot[]): Site | null {
  const pages = snapshots
    .filter((s) => s.status >= 200 && s.status < 300 && typeof s.html === 'string')
    .map((snapshot): SitePage => {
      const $ = load(snapshot.html);
      const locate = spacedFirst(snapshot.text ?? '');
      return {
        snapshot,
        url: snapshot.finalUrl,
        $,
        role: pageRole(snapshot),
        jsonLd: jsonLdNodes($),
        meta: readMeta($),
        quote: (candidate) => {
          const found = candidate ? locate(candidate) : null;
          return found ? { url: snapshot.finalUrl, quote: found } : null;
        },
      };
    });
  if (pages.length === 0) return null;
  const home = pages.find((p) => p.role === 'home') ?? pages[0];
  const ownNames = new Set<string>();
  for (const p of pages) {
    for (const label of (URL.parse(p.url)?.hostname ?? '').split('.').slice(0, -1)) if (label !== 'www' && label.length >= 3) ownNames.add(matchKey(label));
    if (p.meta.siteName) ownNames.add(matchKey(p.meta.siteName));
  }
  return {
    pages,
    home,
    ownNames: [...ownNames].filter(Boolean),
    byRole: (...roles) => roles.flatMap((r) => (r === 'home' ? [home] : pages.filter((p) => p.role === r && p !== home))),
  };
}

/**
 * Finds a candidate where the page writes it with its own spacing, as whole words, before
 * falling back to the whitespace-blind search: "SCB Counselling Ltd" is then quoted from the
 * title that states it, not from "sarah@scbcounsellingltd.co.uk", whose run of letters only
 * happens to spell it (and whose stretch no longer holds the name).
 */
function spacedFirst(text: string): (candidate: string) => string | null {
  const anywhere = quoteLocator(text);
  let lines: Array<{ line: string; norm: string }> | null = null;
  return (candidate) => {
    const n = normalizeForMatch(candidate);
    if (n === '') return null;
    lines ??= text.split('\n').map((line) => ({ line, norm: normalizeForMatch(line) }));
    const held = lines.find((l) => l.norm.includes(n) && containsPhrase(l.norm, n));
    return (held ? quoteLocator(held.line)(candidate) : null) ?? anywhere(candidate);
  };
}

export function propose(field: DraftField, value: FieldValue, evidence: Array<Evidence | null>): FieldProposal | null {
  const quotes = evidence.filter((e): e is Evidence => e !== null);
  if (quotes.length === 0 || quotes.length !== evidence.length) return null;
  return { field, value, evidence: quotes };
}

/** A link to the site's home page as written in its markup: "/", "./", "index.html", "../index.html", "" (a fragment is cut first). */
export function isHomeHref(href: string): boolean {
  return HOME_HREF.test(href.split('#')[0]);
}
const HOME_HREF = /^(?:\/|\.\/|index\.html?|\.\.\/index\.html?)?$/;

/** Whitespace collapsed and trimmed. */
export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}
