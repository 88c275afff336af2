import type { CitedQuote } from '../evidence-base.ts';
import { organisations, textOf } from '../json-ld.ts';
import { phraseIndexes } from '../quote-match.ts';
import { COPYRIGHT, FOUNDING_WORDS, wordsSource } from '../vocabulary.ts';

const WORD = wordsSource(FOUNDING_WORDS);
/** A founding word up to 40 characters before the year ("founded in Berlin in 2019"), in one sentence. */
const WORD_BEFORE = new RegExp(`(?:${WORD})[^.!?]{0,40}$`, 'u');
/** A founding word up to 30 characters after it ("2020 in Leipzig gegründet"). */
const WORD_AFTER = new RegExp(`^[^.!?]{0,30}?(?:${WORD})`, 'u');

export type YearCheck = { ok: true; value: string } | { ok: false; reason: string };

/**
 * A founding year is kept only when a quote states it as one: the year (1800–2100) near a
 * founding word ("founded in", "since", "gegründet", "fondée en", "desde"…), or the page's own
 * JSON-LD foundingDate. A copyright line ("© 2019 Acme", "2019 All rights reserved") is the
 * year of the page, never the founding year: a quote that puts a copyright marker next to the
 * year rejects the proposal outright.
 */
export function checkFoundedYear(value: string, quotes: readonly CitedQuote[]): YearCheck {
  const year = /^\s*(\d{4})\s*$/.exec(value)?.[1];
  if (!year || Number(year) < 1800 || Number(year) > 2100) return { ok: false, reason: 'founded_year must be a year from 1800 to 2100' };
  let stated = false;
  let mentioned = false;
  for (const q of quotes) {
    for (const at of phraseIndexes(q.norm, year)) {
      mentioned = true;
      const before = q.norm.slice(Math.max(0, at - 80), at);
      const after = q.norm.slice(at + 4, at + 4 + 80);
      // Only the clause around the year: "Founded in 2019. © 2024 Acme" is a founding statement.
      const preClause = q.norm.slice(Math.max(0, at - 25), at).split(/[.!?|]\s/).pop()!;
      const postClause = q.norm.slice(at + 4, at + 4 + 40).split(/[.!?|]\s/)[0];
      if (COPYRIGHT.test(preClause) || COPYRIGHT.test(postClause)) {
        return { ok: false, reason: 'founded_year is quoted from a copyright line, which dates the page, not the company' };
      }
      if (WORD_BEFORE.test(before) || WORD_AFTER.test(after) || inFoundingDate(q, year)) stated = true;
    }
  }
  if (!mentioned) return { ok: false, reason: `no quote contains the year ${year}` };
  if (!stated) return { ok: false, reason: `no quote states ${year} as the founding year` };
  return { ok: true, value: year };
}

function inFoundingDate(q: CitedQuote, year: string): boolean {
  return organisations(q.cited.jsonLd()).some((org) => textOf(org.foundingDate)?.trim().startsWith(year));
}
