import type { Evidence } from '../types.ts';
import { isOwnBusiness, POSSESSIVE_REACH, possessedCompany } from '../guards/possessive-owner.ts';
import { nameEndAt, wordStarts } from './person-names.ts';
import { sentenceBounds, statements } from './statements.ts';
import type { SitePage } from './site.ts';

/** A team member's paragraph runs long (a career, then the company): read it whole. */
const PARAGRAPH_MAX = 3000;

/**
 * Owners named by a possessive of the site's own company (see guards/possessive-owner.ts):
 * "Jane Doe's company, Acme Ltd", or "Sarah Baker has been … Sarah's company, Acme Ltd, …" read
 * of the full name the paragraph gave before. The quote runs from that name's sentence to the
 * end of the possessive's sentence.
 */
export function possessiveOwners(page: SitePage, ownNames: readonly string[]): Array<{ name: string; evidence: Evidence | null }> {
  const out: Array<{ name: string; evidence: Evidence | null }> = [];
  for (const text of statements(page, { max: PARAGRAPH_MAX })) {
    for (const at of possessives(text)) {
      const company = possessedCompany(text, at);
      if (!company || !isOwnBusiness(company, ownNames, page.meta.title)) continue;
      const owner = ownerBefore(text, at);
      if (!owner) continue;
      const [from, to] = sentenceBounds(text, owner.start, at);
      out.push({ name: owner.name, evidence: page.quote(text.slice(from, to).trim()) });
    }
  }
  return out;
}

function* possessives(text: string): Generator<number> {
  for (let i = 1; i < text.length - 2; i++) if ((text[i] === "'" || text[i] === '’') && text[i + 1] === 's' && text[i + 2] === ' ') yield i;
}

/** The full name whose possessive stands at `at`: the name itself, or the latest full name before it opened by the word before `at`. */
function ownerBefore(text: string, at: number): { name: string; start: number } | null {
  let wordStart = at;
  while (wordStart > 0 && /[\p{L}\p{M}-]/u.test(text[wordStart - 1])) wordStart--;
  const given = text.slice(wordStart, at);
  if (!given) return null;
  let found: { name: string; start: number } | null = null;
  // Up to the apostrophe: a name word reads "Doe's" as one word.
  const head = text.slice(0, at);
  for (const start of wordStarts(head)) {
    if (start < at - POSSESSIVE_REACH) continue;
    const end = nameEndAt(head, start);
    if (end === null || end > at) continue;
    const name = text.slice(start, end);
    if (end === at || (start !== wordStart && name.startsWith(`${given} `))) found = { name, start };
  }
  return found;
}
