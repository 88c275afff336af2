import type { CitedQuote } from '../evidence-base.ts';
import { matchKey } from '../quote-match.ts';

/**
 * "Sarah's company, Acme Counselling Ltd, provides …": a person's possessive of a company word,
 * with the company's name set beside it, names its owner when that company is the site's own
 * business (one of its names, or what its pages' titles call it). A team page often gives the
 * full name once ("Sarah Baker has been …") and then the given name alone; the given name's
 * possessive is read of the full name in the same paragraph whose first word it is.
 * The extractor reads page text, the verifier normalised quotes, by the same code (plain string
 * reading: pages are outside text).
 */

const OWNED_NOUNS = ['company', 'business', 'firm', 'practice', 'agency', 'consultancy', 'studio'];
/** How far the possessive may stand after the full name, in one paragraph. */
export const POSSESSIVE_REACH = 1500;
/** The longest company name read beside the possessive. */
const COMPANY_REACH = 60;


/**
 * The company named by the possessive that begins at `at` ("'s company, Acme Ltd" → "Acme Ltd"),
 * or null when `at` does not start one.
 */
export function possessedCompany(text: string, at: number): string | null {
  if ((text[at] !== "'" && text[at] !== '’') || text[at + 1] !== 's' || text[at + 2] !== ' ') return null;
  let from = at + 3;
  const noun = OWNED_NOUNS.find((n) => text.slice(from, from + n.length).toLowerCase() === n);
  if (!noun) return null;
  from += noun.length;
  if (text[from] !== ',' || text[from + 1] !== ' ') return null;
  from += 2;
  let end = from;
  while (end < text.length && end - from <= COMPANY_REACH && !',.;:()!?\n'.includes(text[end])) end++;
  if (end - from > COMPANY_REACH) return null;
  const company = text.slice(from, end).trim();
  return company.length >= 2 ? company : null;
}

/** The company is the site's business: one of its names, or named in the page's title. */
export function isOwnBusiness(company: string, ownNames: readonly string[], pageTitle: string): boolean {
  const k = matchKey(company);
  if (k.length < 3) return false;
  if (ownNames.some((own) => own.length >= 3 && (k.startsWith(own) || own.startsWith(k)))) return true;
  return k.length >= 4 && matchKey(pageTitle).includes(k);
}

/**
 * The name at `at` in the quote (both normalised) owns the site's business by a possessive: its own
 * ("jane doe's company, acme ltd") or, later in the quote, its first word's ("sarah's company, …").
 */
export function ownsByPossessive(q: CitedQuote, at: number, normName: string, ownNames: readonly string[]): boolean {
  if (at > 0 && /[\p{L}\p{N}]/u.test(q.norm[at - 1])) return false;
  const owns = (pos: number) => {
    const company = possessedCompany(q.norm, pos);
    return company !== null && isOwnBusiness(company, ownNames, q.cited.page.title);
  };
  const nameEnd = at + normName.length;
  if (owns(nameEnd)) return true;
  const given = normName.split(' ')[0];
  if (given === normName) return false;
  const reach = q.norm.slice(nameEnd, nameEnd + POSSESSIVE_REACH + given.length + 3);
  for (let i = reach.indexOf(given); i !== -1; i = reach.indexOf(given, i + 1)) {
    if (i > 0 && /[\p{L}\p{N}]/u.test(reach[i - 1])) continue;
    if (owns(nameEnd + i + given.length)) return true;
  }
  return false;
}
