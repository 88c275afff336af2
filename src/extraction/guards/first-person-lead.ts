import type { CitedQuote } from '../evidence-base.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { FIRST_PERSON_LEADS, SELF_INTRODUCTION_BEFORE_NAME, SELF_INTRODUCTIONS, wordsSource } from '../vocabulary.ts';

/**
 * "Mein Name ist Jane Doe … Gemeinsam mit meiner Frau Mia leite ich die Acme": on a small
 * business's team page the owner speaks in the first person, introduces themselves by name and
 * says they run the business, named as this site ("leite ich die Acme", "I run Acme"). The
 * speaker heads the business, and so does the partner the same sentence names as running it with
 * them ("together with my wife Mia"). The extractor proposes and the verifier accepts by these
 * same readings; both read text case-insensitively (the verifier's is normalised).
 */

/** "I run", "leite ich", "je dirige" … (see FIRST_PERSON_LEADS). */
export const FIRST_PERSON_LEAD = new RegExp(wordsSource(FIRST_PERSON_LEADS), 'giu');
/** "My name is", "Ich heiße" … anywhere (global, for matchAll), and the same for a plain test. */
export const SELF_INTRODUCTION_ANYWHERE = new RegExp(wordsSource(SELF_INTRODUCTIONS), 'giu');
const SELF_INTRODUCTION = new RegExp(wordsSource(SELF_INTRODUCTIONS), 'iu');

/** Articles and possessives before the business's name ("die Acme", "our Acme", "la nostra Acme"). */
const DETERMINER =
  /(?:(?:the|our|my|die|das|den|der|dem|unser|unsere|unseren|unserem|mein|meine|meinen|meinem|la|le|les|el|il|lo|de|het|ons|onze|mijn|a|o|notre|mon|ma|nuestra|nuestro|mi|nostra|nostro|mio|mia|minha|meu|nossa|nosso)\s+){0,2}(?:l['’])?/iuy;
const KEY_CHAR = /[\p{L}\p{N}]/u;
/** Where the name of the business may stop: the clause goes on, but not the word. */
const CLAUSE_END = /[.!?;,:]/u;

/**
 * The end of one of `ownNames` (comparison keys: lower case, letters and digits only) written at
 * `at`, after articles, as whole words ("die Acme-Hof" for "acmehof"), or null.
 */
function ownNameEnd(text: string, at: number, ownNames: readonly string[]): number | null {
  const names = ownNames.filter((n) => n.length >= 3);
  if (names.length === 0) return null;
  while (at < text.length && text[at] === ' ') at++;
  DETERMINER.lastIndex = at;
  const afterArticles = DETERMINER.test(text) ? DETERMINER.lastIndex : at;
  // A name may itself begin with an article ("Le Bistro"): read it from the verb too.
  return nameEndFrom(text, afterArticles, names) ?? nameEndFrom(text, at, names);
}

function nameEndFrom(text: string, start: number, names: readonly string[]): number | null {
  const longest = Math.max(...names.map((n) => n.length));
  let key = '';
  let best: number | null = null;
  for (let i = start; i < text.length && key.length < longest; i++) {
    const c = text[i];
    if (CLAUSE_END.test(c)) break;
    if (!KEY_CHAR.test(c)) {
      if (key === '') return null;
      continue;
    }
    key += normalizeForMatch(c);
    const wordEnds = i + 1 >= text.length || !KEY_CHAR.test(text[i + 1]);
    if (wordEnds && names.includes(key)) best = i + 1;
  }
  return best;
}

/** Each first-person lead in `text` whose object is the business itself: [start of the verb, end of the name). */
export function* ownBusinessLeads(text: string, ownNames: readonly string[]): Generator<{ start: number; end: number }> {
  for (const m of text.matchAll(FIRST_PERSON_LEAD)) {
    const end = ownNameEnd(text, m.index + m[0].length, ownNames);
    if (end !== null) yield { start: m.index, end };
  }
}

/** Who runs it with the speaker: "with my wife", "mit meiner Frau", "avec mon associé", "con mi esposa", "met mijn vrouw". */
const PARTNER_WORDS = [
  'wife', 'husband', 'partner', 'business partner', 'brother', 'sister', 'son', 'daughter', 'father', 'mother',
  'frau', 'ehefrau', 'mann', 'ehemann', 'partnerin', 'lebensgefährtin', 'lebensgefährte', 'geschäftspartner', 'geschäftspartnerin',
  'bruder', 'schwester', 'sohn', 'tochter', 'vater', 'mutter',
  'femme', 'épouse', 'mari', 'époux', 'associé', 'associée', 'compagne', 'compagnon', 'frère', 'sœur', 'fils', 'fille', 'père', 'mère',
  'esposa', 'esposo', 'mujer', 'marido', 'socio', 'socia', 'pareja', 'hermano', 'hermana', 'hijo', 'hija', 'padre', 'madre',
  'moglie', 'compagna', 'compagno', 'fratello', 'sorella', 'figlio', 'figlia',
  'mulher', 'sócio', 'sócia', 'irmão', 'irmã', 'filho', 'filha', 'pai', 'mãe',
  'vrouw', 'man', 'echtgenote', 'echtgenoot', 'broer', 'zus', 'zoon', 'dochter', 'vader', 'moeder',
];
const WITH_MY =
  '(?<![\\p{L}])(?:with|mit|avec|con|com|met|insieme a|assieme a|junto a)\\s+(?:(?:a|o)\\s+)?(?:my|meiner|meinem|meinen|mein|ma|mon|mi|mia|mio|minha|meu|mijn)\\s+';
/** "with my wife " and nothing after: the words right before a partner's name. */
export const PARTNER_BEFORE_NAME = new RegExp(`${WITH_MY}(?:${wordsSource(PARTNER_WORDS)})\\s+$`, 'iu');
/** "with my wife " anywhere, for the extractor to read the name after it. */
export const PARTNER_MENTION = new RegExp(`${WITH_MY}(?:${wordsSource(PARTNER_WORDS)})\\s+`, 'giu');

/** How far "I run …" may stand after the speaker's name, in the one paragraph that introduces them. */
export const LEAD_REACH = 600;

/**
 * The name at `at` in the quote (both normalised) heads the business by the first-person reading
 * above, within one paragraph of the page (one voice): the quote introduces them by this name and
 * goes on to "I run <this business>" with no other introduction between, or names them as the
 * speaker's partner ("with my wife …") in the sentence that says so. A given name alone counts
 * only as that partner, after the speaker's own introduction in the quote.
 */
export function leadsInFirstPerson(q: CitedQuote, at: number, normName: string, ownNames: readonly string[]): boolean {
  const norm = q.norm;
  const nameEnd = at + normName.length;
  const before = norm.slice(0, at);
  const singleWord = !normName.includes(' ');
  const leads = [...ownBusinessLeads(norm, ownNames)];
  if (leads.length === 0 || !oneParagraph(q)) return false;
  if (!singleWord && SELF_INTRODUCTION_BEFORE_NAME.test(before.slice(-24))) {
    if (leads.some((l) => l.start >= nameEnd && l.start - nameEnd <= LEAD_REACH && !SELF_INTRODUCTION.test(norm.slice(nameEnd, l.start)))) return true;
  }
  if (!PARTNER_BEFORE_NAME.test(before.slice(-60))) return false;
  const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? ')) + 1;
  const stop = norm.slice(nameEnd).search(/[.!?](?:\s|$)/);
  const sentenceEnd = stop === -1 ? norm.length : nameEnd + stop;
  if (!leads.some((l) => l.start >= sentenceStart && l.end <= sentenceEnd)) return false;
  if (!singleWord) return true;
  return SELF_INTRODUCTION.test(norm.slice(0, sentenceStart));
}

/** The quote stands within one line of the page's stored text: one paragraph. */
function oneParagraph(q: CitedQuote): boolean {
  return q.cited.page.text.split('\n').some((line) => normalizeForMatch(line).includes(q.norm));
}
