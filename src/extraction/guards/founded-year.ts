import type { CitedQuote } from '../evidence-base.ts';
import { organisations, textOf } from '../json-ld.ts';
import { phraseIndexes } from '../quote-match.ts';
import { COPYRIGHT, FOUNDING_WORDS, wordsSource } from '../vocabulary.ts';

const FOUNDING_WORD = new RegExp(wordsSource(FOUNDING_WORDS), 'gu');
const SENTENCE_END = /[.!?]/g;

/**
 * Whether `text` holds the end of a sentence. A dot after a day's one or two digits is an
 * ordinal, not an end: "seit 3. Mai 2018", "seit 10.September 2020" (German, Scandinavian,
 * Czech and Polish dates).
 */
function endsSentence(text: string): boolean {
  for (const m of text.matchAll(SENTENCE_END)) {
    if (m[0] === '.' && dayOrdinalBefore(text, m.index)) continue;
    return true;
  }
  return false;
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
function dayOrdinalBefore(text: string, dot: number): boolean {
  let digits = 0;
  while (digits < 3 && isDigit(text[dot - 1 - digits])) digits++;
  return digits >= 1 && digits <= 2;
}

/**
 * A founding word in the same sentence as the year: ending at most 40 characters before it
 * ("founded in Berlin in 2019") or starting at most 30 after it ("2020 in Leipzig gegründet").
 * Words are found once and measured in code: one pattern with a gap of 40 characters to the end
 * of the text cannot be shown linear.
 */
function foundingWordBefore(before: string): boolean {
  for (const m of before.matchAll(FOUNDING_WORD)) {
    const end = m.index + m[0].length;
    if (before.length - end <= 40 && !endsSentence(before.slice(end))) return true;
  }
  return false;
}

function foundingWordAfter(after: string): boolean {
  for (const m of after.matchAll(FOUNDING_WORD)) {
    if (m.index > 30) return false;
    return !endsSentence(after.slice(0, m.index));
  }
  return false;
}

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
      if (foundingWordBefore(before) || foundingWordAfter(after) || inFoundingDate(q, year)) stated = true;
    }
  }
  if (!mentioned) return { ok: false, reason: `no quote contains the year ${year}` };
  if (!stated) return { ok: false, reason: `no quote states ${year} as the founding year` };
  return { ok: true, value: year };
}

function inFoundingDate(q: CitedQuote, year: string): boolean {
  return organisations(q.cited.jsonLd()).some((org) => textOf(org.foundingDate)?.trim().startsWith(year));
}
