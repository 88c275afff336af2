import { COPYRIGHT } from '../vocabulary.ts';
import { normalizeForMatch } from '../quote-match.ts';

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
