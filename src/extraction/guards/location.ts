import { COPYRIGHT, HOST_LABEL, HOST_LABEL_LINE, HOSTED_BY } from '../vocabulary.ts';
import { normalizeForMatch, withoutTrailing } from '../quote-match.ts';
import type { CitedQuote } from '../evidence-base.ts';

/**
 * Location evidence is read clause by clause: a footer line such as "© 2023 Foo Hosting, a
 * project run by Jane Doe" dates the page and names a company and a person; it never says where
 * the company is, even when an address stands in the same quote ("© 2024 Acme GmbH · Hauptstraße
 * 1 · 10115 Berlin": the address clause counts, the copyright clause does not).
 */

/**
 * Line breaks, list separators (" · ", " | ", " • "), spaced dashes, and sentence ends after a
 * word of three or more lower-case letters followed by a capital ("Hosting. Based in"); "St. Gallen"
 * and "Str. 5" stay whole.
 */
const CLAUSE_BREAK = /\n|\s[\u00b7|\u2022]\s|\s[\u2013\u2014-]\s|(?<=\p{Ll}{3}[.!?;])\s+(?=\p{Lu})/u;

export interface Clause {
  /** The clause as the quote writes it. */
  text: string;
  /** The clause in comparison form (quote-match.ts). */
  norm: string;
  /** It holds a copyright marker: it dates the page, it locates nothing. */
  copyright: boolean;
}

export function clausesOf(quote: string): Clause[] {
  return quote
    .split(CLAUSE_BREAK)
    .map((text) => ({ text, norm: normalizeForMatch(text) }))
    .filter((c) => c.norm !== '')
    .map((c) => ({ ...c, copyright: COPYRIGHT.test(c.norm) }));
}

/** Forms of companies: a value ending in one names a company, not a place. */
const LEGAL_FORM = /(?<![\p{L}])(?:gmbh|ag|ug|kg|ohg|e\.?v|inc|llc|ltd|limited|plc|corp|co|sa|sas|sarl|sàrl|srl|spa|bv|nv|oy|ab|as|aps|kk|pty|pvt)\.?$/u;

/** True when `value` is a company name: it ends in a legal form, or it is the site's own name. */
export function namesACompany(value: string, ownNames: readonly string[]): boolean {
  const norm = normalizeForMatch(value);
  if (LEGAL_FORM.test(norm)) return true;
  const key = norm.replace(/[^\p{L}\p{N}]/gu, '');
  return key !== '' && ownNames.some((own) => own.length >= 3 && (key === own || key.startsWith(own) || own.startsWith(key)));
}

/** Where the host is named in a line (comparison form or lower case): "hosted by", or a label before its colon. */
function hostAt(line: string): { index: number; end: number } | null {
  const found = [HOSTED_BY.exec(line), HOST_LABEL.exec(line)].filter((m): m is RegExpExecArray => m !== null);
  if (found.length === 0) return null;
  const first = found.reduce((a, b) => (b.index < a.index ? b : a));
  return { index: first.index, end: first.index + first[0].length };
}

/**
 * The quote before it names the site's web host: from "hosted by" / "hébergé par" / "Hosting
 * provider:" on, a legal notice gives the host's name and address ("Vercel Inc., 440 N Barranca
 * Ave, Covina, CA 91723, USA"), which place the host, not the business. What stands before it
 * still counts.
 */
export function beforeHost(quote: string): string {
  const lines = quote.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const norm = normalizeForMatch(lines[i]);
    if (!hostAt(norm) && !HOST_LABEL_LINE.test(norm)) continue;
    const m = hostAt(lines[i].toLowerCase().replace(/\s/g, ' '));
    const kept = m ? lines[i].slice(0, m.index) : '';
    return [...lines.slice(0, i), kept].join('\n').trim();
  }
  return quote;
}

/** What may close a label line after the host's words (a colon, a dot, a dash). */
const LABEL_MARKS = ' :：.,-';

/**
 * The line before the quote on its page ends by introducing the host ("Le site est hébergé par :",
 * "Hosting provider:", a heading "Hébergement"): the quote is the host's name and address.
 */
function introducedAsHost(q: CitedQuote): boolean {
  const first = normalizeForMatch(q.quote.split('\n')[0] ?? '');
  if (!first) return false;
  const lines = (q.cited.page.text ?? '').split('\n');
  const at = lines.findIndex((line) => normalizeForMatch(line).includes(first));
  if (at <= 0) return false;
  const line = normalizeForMatch(lines[at - 1]);
  if (HOST_LABEL_LINE.test(withoutTrailing(line, LABEL_MARKS))) return true;
  const m = hostAt(line);
  return !!m && withoutTrailing(line.slice(m.end), LABEL_MARKS) === '';
}

/** The quotes as far as they speak of the business: each cut before its web host, the empty ones and the host's own address left out. */
export function withoutHost(quotes: readonly CitedQuote[]): CitedQuote[] {
  return quotes.flatMap((q) => {
    if (introducedAsHost(q)) return [];
    const own = beforeHost(q.quote);
    if (own === q.quote) return [q];
    return own ? [{ ...q, quote: own, norm: normalizeForMatch(own) }] : [];
  });
}
