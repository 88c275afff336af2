import type { FieldProposal } from '../types.ts';
import { organisations, textOf } from '../json-ld.ts';
import { COPYRIGHT, FOUNDING_WORDS, wordsSource } from '../vocabulary.ts';
import { propose, type Site } from './site.ts';
import { sentenceAround, statements } from './statements.ts';

const WORD = wordsSource(FOUNDING_WORDS.filter((w) => w !== 'foundingdate'));
const YEAR = '(18\\d\\d|19\\d\\d|20\\d\\d|2100)';
/** "founded in 2019", "seit 2019", "fondée en 2019", "Est. 2019", or "2019 gegründet". */
const STATED = new RegExp(`(?:${WORD})[^.!?\\n]{0,40}?(?<![\\p{N}])${YEAR}(?![\\p{N}])|(?<![\\p{N}])${YEAR}(?![\\p{N}])[^.!?\\n]{0,30}?(?:${WORD})`, 'iu');

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
      const m = STATED.exec(text);
      if (!m) continue;
      const sentence = sentenceAround(text, m.index, m.index + m[0].length);
      if (COPYRIGHT.test(sentence.toLowerCase())) continue;
      out.push(propose('founded_year', m[1] ?? m[2], [page.quote(sentence)]));
    }
  }
  return out.filter((p): p is FieldProposal => p !== null);
}
