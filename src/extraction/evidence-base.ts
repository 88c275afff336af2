import { load, type CheerioAPI } from 'cheerio';
import type { PageSnapshot } from '../crawler/types.ts';
import type { Evidence } from './types.ts';
import { jsonLdNodes, type JsonLdNode } from './json-ld.ts';
import { normalizeForMatch } from './quote-match.ts';

/**
 * The crawled pages as the verifier sees them: looked up by the URL a quote cites, with their
 * text normalised once, and their HTML parsed only when a field's guard needs it.
 */

/** Quotes per proposal and characters per quote: a whole page is not a quote. */
const MAX_QUOTES = 40;
const MAX_QUOTE_CHARS = 5000;

export interface CitedPage {
  page: PageSnapshot;
  /** The text in comparison form. */
  norm: string;
  /** Languages to read country names in: the page's, if it states one. */
  langs: string[];
  dom(): CheerioAPI;
  jsonLd(): JsonLdNode[];
}

export interface CitedQuote {
  url: string;
  quote: string;
  /** The quote in comparison form. */
  norm: string;
  cited: CitedPage;
}

export type EvidenceCheck = { ok: true; quotes: CitedQuote[] } | { ok: false; reason: string };

export interface EvidenceBase {
  page(url: string): CitedPage | undefined;
  /**
   * Every quote must be found on the page it cites. With `linkQuotes`, a quote may also be one of
   * that page's link or media URLs (how a logo or video is evidenced: it has no text).
   */
  check(evidence: readonly Evidence[], opts?: { linkQuotes?: boolean; mailtoQuotes?: boolean }): EvidenceCheck;
}

/** A URL in the form pages are keyed by: parsed, without its fragment. Null when unparseable. */
export function pageKey(url: string): string | null {
  try {
    const u = new URL(url.trim());
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

export function createEvidenceBase(pages: readonly PageSnapshot[]): EvidenceBase {
  const byUrl = new Map<string, CitedPage>();
  for (const page of pages) {
    const key = pageKey(page.finalUrl);
    if (!key || byUrl.has(key)) continue;
    let $: CheerioAPI | undefined;
    let nodes: JsonLdNode[] | undefined;
    const dom = () => ($ ??= load(page.html ?? ''));
    byUrl.set(key, {
      page,
      norm: normalizeForMatch(page.text),
      langs: page.lang ? [page.lang] : [],
      dom,
      jsonLd: () => (nodes ??= jsonLdNodes(dom())),
    });
  }
  const page = (url: string) => {
    const key = pageKey(url);
    return key ? byUrl.get(key) : undefined;
  };

  return {
    page,
    check(evidence, opts = {}) {
      if (!Array.isArray(evidence) || evidence.length === 0) return { ok: false, reason: 'no evidence quotes' };
      if (evidence.length > MAX_QUOTES) return { ok: false, reason: `more than ${MAX_QUOTES} quotes` };
      const quotes: CitedQuote[] = [];
      for (const e of evidence) {
        const url = typeof e?.url === 'string' ? e.url : '';
        const quote = typeof e?.quote === 'string' ? e.quote.trim() : '';
        const cited = page(url);
        if (!cited) return { ok: false, reason: `a quote cites ${url ? `"${short(url)}"` : 'no page'}, which is not a crawled page` };
        const norm = normalizeForMatch(quote);
        if (!norm) return { ok: false, reason: `an empty quote cites ${cited.page.finalUrl}` };
        if (quote.length > MAX_QUOTE_CHARS) return { ok: false, reason: `a quote longer than ${MAX_QUOTE_CHARS} characters` };
        const found = cited.norm.includes(norm) || (opts.linkQuotes === true && isLinkOf(cited.page, quote)) || (opts.mailtoQuotes === true && isMailtoOf(cited.page, quote));
        if (!found) return { ok: false, reason: `quote not found on ${cited.page.finalUrl}: "${short(quote)}"` };
        quotes.push({ url: cited.page.finalUrl, quote, norm, cited });
      }
      return { ok: true, quotes };
    },
  };
}

/** True when `url` is one of the page's links or media sources. */
/**
 * A "mailto:address" quote is on the page when the stored HTML links to it (href="mailto:…"): an
 * address behind an envelope icon or "Write to us" is published by the site as surely as one in
 * its text.
 */
export function isMailtoOf(page: PageSnapshot, quote: string): boolean {
  if (!/^mailto:[^\s"'<>@]+@[^\s"'<>]+$/i.test(quote) || typeof page.html !== 'string') return false;
  const html = page.html.toLowerCase();
  const q = quote.toLowerCase();
  return html.includes(`href="${q}"`) || html.includes(`href='${q}'`) || html.includes(`href="${q}?`) || html.includes(`href=${q}`);
}

export function isLinkOf(page: PageSnapshot, url: string): boolean {
  const key = pageKey(url);
  if (!key) return false;
  const bare = key.replace(/\/$/, '');
  return page.links.some((l) => {
    const k = pageKey(l.url);
    return k === key || k?.replace(/\/$/, '') === bare;
  });
}

export function short(s: string, max = 80): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** Evidence in its stored form. */
export function asEvidence(quotes: readonly CitedQuote[]): Evidence[] {
  return quotes.map((q) => ({ url: q.url, quote: q.quote }));
}
