import type { FieldProposal } from '../types.ts';
import { organisations, textOf } from '../json-ld.ts';
import { COPYRIGHT, FOUNDING_WORDS, wordsSource } from '../vocabulary.ts';
import { propose, type Site } from './site.ts';
import { sentenceAround, statements } from './statements.ts';

const FOUNDING_WORD = new RegExp(wordsSource(FOUNDING_WORDS.filter((w) => w !== 'foundingdate')), 'giu');
const YEAR = /(?<![\p{N}])(18\d\d|19\d\d|20\d\d|2100)(?![\p{N}])/gu;
/** How far a founding word may stand before the year ("founded in Berlin in 2019") and after it ("2020 in Leipzig gegründet"). */
const WORD_BEFORE_REACH = 40;
const WORD_AFTER_REACH = 30;

interface Stated {
  start: number;
  end: number;
  year: string;
}

/**
 * The first "founded in 2019", "seit 2019", "fondée en 2019", "Est. 2019" or "2019 gegründet" in
 * `text`: a founding word and a year in one clause, near each other. Words and years are found
 * once each and then paired: as one pattern, the gap of up to 40 characters was read again from
 * every word and every year, and the ReDoS check (regex-safety.test.ts) could not show it linear.
 */
function firstStatement(text: string): Stated | null {
  const words = [...text.matchAll(FOUNDING_WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const years = [...text.matchAll(YEAR)].map((m) => ({ start: m.index, end: m.index + m[0].length, year: m[1] }));
  const oneClause = (from: number, to: number) => clauseGoesOn(text.slice(from, to));
  const found: Stated[] = [];
  let y = 0;
  for (const word of words) {
    while (y < years.length && years[y].start < word.end) y++;
    const year = years[y];
    if (year && year.start - word.end <= WORD_BEFORE_REACH && oneClause(word.end, year.start)) found.push({ start: word.start, end: year.end, year: year.year });
  }
  let w = 0;
  for (const year of years) {
    while (w < words.length && words[w].start < year.end) w++;
    const word = words[w];
    if (word && word.start - year.end <= WORD_AFTER_REACH && oneClause(year.end, word.start)) found.push({ start: year.start, end: word.end, year: year.year });
  }
  return found.reduce<Stated | null>((first, s) => (first === null || s.start < first.start ? s : first), null);
}

/**
 * No sentence ends in `gap`. The dot of a day written as an ordinal ("seit 3. Mai 2018",
 * "siden 1. mars 2019": one or two digits and a dot, as German and Nordic dates write it) ends
 * nothing.
 */
function clauseGoesOn(gap: string): boolean {
  for (let i = 0; i < gap.length; i++) {
    const c = gap[i];
    if (c === '!' || c === '?' || c === '\n') return false;
    if (c === '.' && !dayOrdinalDot(gap, i)) return false;
  }
  return true;
}

function dayOrdinalDot(text: string, dot: number): boolean {
  let digits = 0;
  while (dot - digits - 1 >= 0 && /\d/.test(text[dot - digits - 1])) digits++;
  return digits >= 1 && digits <= 2;
}

/** A founding still to come ("Gründung geplant 2027", "2028年設立予定"): not a founding year. */
const PLANNED = /(?<![\p{L}])(?:planned|scheduled|expected|geplant|voraussichtlich|prévue?s?|previst[oa]s?|prevista|gepland|planowan\p{L}*)(?![\p{L}])|予定|计划|計畫/u;

/**
 * A requirement or a rule that took effect in the year ("exigidos por Google y Microsoft desde 2024",
 * "mandatory since 2023", "seit 2025 Pflicht", "en vigueur depuis 2018"): the year dates someone
 * else's rule, not the business. Read in the sentence up to REQUIREMENT_REACH characters before the
 * statement and TAIL_REACH after it.
 */
const REQUIREMENT =
  /(?<![\p{L}])(?:required|requires?|requirements?|mandatory|compulsory|obligatory|in force|vorgeschrieben|verpflichtend|pflicht|vorschrift|in kraft|obligatoires?|exigée?s?|requise?s?|en vigueur|exigid[oa]s?|requerid[oa]s?|obligatori[oa]s?|requisitos?|en vigor|exigências?|obrigatóri[oa]s?|em vigor|obbligatori[oa]?|richiest[oa]|in vigore|verplicht|vereist|van kracht|wymagan\p{L}*|obowiązkow\p{L}*|obowiązuj\p{L}*|povinn\p{L}*|vyžadovan\p{L}*|obligatorisk\p{L}*|krav|påkrævet|påkrevd|pakollinen|pakollista|vaaditaan|обязательн\p{L}*|требуется|обов'язков\p{L}*|вимагається|zorunlu|gerekli)(?![\p{L}])|義務|必須|의무|필수|强制|必须|必須/u;
const REQUIREMENT_REACH = 60;

/** How far past the year a plan word may close the statement ("2028年設立予定", "2028 gegründet werden soll"). */
const TAIL_REACH = 12;

/** The statement and the rest of its clause, up to TAIL_REACH characters past it. */
function statedWithTail(text: string, m: Stated): string {
  const tail = text.slice(m.end, m.end + TAIL_REACH);
  const stop = tail.search(/[,.;!?\n\u3001\u3002]/u);
  return text.slice(m.start, m.end) + (stop === -1 ? tail : tail.slice(0, stop));
}

/**
 * founded_year only from an explicit statement: the organisation's JSON-LD foundingDate, or a
 * sentence with a founding word next to the year. A copyright line ("© 2019 Acme") is never
 * read: it dates the page, not the company.
 */
export function foundingProposals(site: Site): FieldProposal[] {
  const out: Array<FieldProposal | null> = [];
  for (const page of site.byRole('home', 'about', 'team', 'legal', 'contact', 'other', 'features', 'pricing', 'faq')) {
    for (const org of organisations(page.jsonLd)) {
      const date = textOf(org.foundingDate);
      const year = date && /^(\d{4})/.exec(date)?.[1];
      if (year) out.push(propose('founded_year', year, [page.quote(`foundingDate: ${date}`) ?? page.quote(date)]));
    }
  }
  for (const page of site.byRole('about', 'home', 'team', 'legal', 'contact', 'other')) {
    for (const text of statements(page, { footer: true })) {
      const m = firstStatement(text);
      if (!m) continue;
      const sentence = sentenceAround(text, m.start, m.end);
      if (COPYRIGHT.test(sentence.toLowerCase()) || PLANNED.test(statedWithTail(text, m).toLowerCase())) continue;
      const at = sentence.indexOf(text.slice(m.start, m.end));
      if (at !== -1 && REQUIREMENT.test(sentence.slice(Math.max(0, at - REQUIREMENT_REACH), at + m.end - m.start + TAIL_REACH).toLowerCase())) continue;
      out.push(propose('founded_year', m.year, [page.quote(sentence)]));
    }
  }
  return out.filter((p): p is FieldProposal => p !== null);
}
