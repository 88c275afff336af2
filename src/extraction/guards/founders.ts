import type { Element } from 'domhandler';
import type { CheerioAPI } from 'cheerio';
import type { CitedPage, CitedQuote } from '../evidence-base.ts';
import { textLines } from '../element-text.ts';
import { leadsInFirstPerson } from './first-person-lead.ts';
import { namedInRegisteredName } from './sole-trader.ts';
import { namesakeWithRole } from './namesake.ts';
import { ownsByPossessive } from './possessive-owner.ts';
import { introducedWithTrade } from './trade-introduction.ts';
import { holdsFounderWord } from './language-titles.ts';
import { jsonLdFounderNames } from './json-ld-founders.ts';
import { statesFounding } from './founding-idea.ts';
import { namesInstitution } from '../builtin/person-names.ts';
import { matchKey, normalizeForMatch, phraseIndexes } from '../quote-match.ts';
import { ABOUT_ME_HEADING, FOUNDER_WORDS, SELF_INTRODUCTION_BEFORE_NAME, TESTIMONIAL_HEADINGS, TESTIMONIAL_MARKUP, wordsSource } from '../vocabulary.ts';

/** How far the founder word may stand from the name: "Jane Doe, Co-founder & CEO". */
const NEAR = 60;

/**
 * A founder is kept only when a quote names the person next to a founder word (founder,
 * co-founder, CEO, Gründer, fondateur, fundador…), or the page's JSON-LD lists them as founder,
 * or they introduce themselves ("Ich heiße X") on the site's "About me" page, or they sign a text
 * in which they say they founded it ("… jsem založil …" / "Bc. Jan M. Kasl"), or they say in
 * their own paragraph that they run this business, or are named as running it with the speaker
 * (first-person-lead.ts), or a sole trader's registered name names them as its owner
 * ("Arti di Rossi Mario" as legalName or beside the VAT number: sole-trader.ts), or the
 * business bears their given name and their sentence makes them its owner ("Becca is … a small
 * business owner" on the site of "Becca's Cakes": namesake.ts), or they introduce themselves by
 * the trade the page's headings give the business ("Je suis Claire, apicultrice dans l'Aveyron"
 * under "Apicultrice dans l'Aveyron": trade-introduction.ts),
 * and the statement is not a customer's voice. Customer voice, as far as text and markup tell:
 *  - the name follows a quoted passage or an attribution dash ("“Great tool!” — Jane Doe, CEO");
 *  - the role belongs to another company ("CEO of Foo", "Gründerin bei Foo") than this site's;
 *  - on the page, the quoted passage only occurs inside testimonial markup: <blockquote>, <q>,
 *    elements whose class or id says testimonial/review/quote/customer, or a section headed
 *    "Testimonials", "What our customers say", "Kundenstimmen"…
 * `ownNames` are the site's names (its host and proposed product name) in comparison form.
 */
export function foundedStatement(name: string, quotes: readonly CitedQuote[], ownNames: readonly string[]): string | null {
  const n = normalizeForMatch(name);
  if (!/\p{L}/u.test(n)) return 'a founder needs a name';
  if (namesInstitution(name)) return `${name} names a school or institution, not a person`;
  let named = false;
  for (const q of quotes) {
    for (const at of phraseIndexes(q.norm, n)) {
      named = true;
      if (inJsonLdFounders(q.cited, n)) return null;
      const before = q.norm.slice(0, at);
      const after = q.norm.slice(at + n.length);
      // The founder word must be in the name's own sentence.
      const sentenceBefore = before.slice(-NEAR).split(/[.!?]\s/).pop()!;
      const sentenceAfter = after.slice(0, NEAR).split(/[.!?]\s/)[0];
      if (
        !holdsFounderWord(sentenceBefore, q.cited.langs) &&
        !holdsFounderWord(sentenceAfter, q.cited.langs) &&
        !introducedOnAboutMe(q, sentenceBefore) &&
        !signsFounding(q, after, name, ownNames) &&
        !leadsInFirstPerson(q, at, n, ownNames) &&
        !namedInRegisteredName(q, at, n, ownNames) &&
        !namesakeWithRole(q, at, n, ownNames) &&
        !ownsByPossessive(q, at, n, ownNames) &&
        !introducedWithTrade(q, at, n)
      )
        continue;
      if (attributedQuote(before)) continue;
      if (roleElsewhere(after, ownNames)) continue;
      if (insideTestimonial(q)) continue;
      return null;
    }
  }
  return named ? `no quote states that ${name} founded or leads the company (customer quotes do not count)` : `no quote names ${name}`;
}

/** "Ich heiße X" / "My name is X" right before the name, on a page headed "About me": its owner. */
function introducedOnAboutMe(q: CitedQuote, sentenceBefore: string): boolean {
  if (!SELF_INTRODUCTION_BEFORE_NAME.test(sentenceBefore.slice(-24))) return false;
  const $ = q.cited.dom();
  return $('h1, h2').toArray().some((h) => ABOUT_ME_HEADING.test(normalizeForMatch($(h).text())));
}

/** How long a signed text may be between "I founded" and the signature (the extractor proposes no longer one). */
export const LETTER_REACH = 3000;
/** A line of prose ends a sentence (or, before a list, with a colon). */
const PROSE_END = /[.!?:\u2026]$/u;

/**
 * "… jsem založil …" … "Bc. Jan M. Kasl": the name closes a quote in which someone says they
 * founded the business ("I founded", "jsem založil"), or tells in the first person where the idea
 * of founding it came from (founding-idea.ts); on the page the name is a line of its own (after
 * academic titles at most) and every line of the quote before it is prose ending its sentence: a
 * letter the founder signs, not a list of people after a founding story.
 */
function signsFounding(q: CitedQuote, after: string, name: string, ownNames: readonly string[]): boolean {
  // One word that is the business's own name signs as the business, not as a person.
  if (after.trim() !== '' || q.quote.length > LETTER_REACH || (!name.includes(' ') && ownNames.includes(matchKey(name)))) return false;
  if (!statesFounding(q.norm, ownNames)) return false;
  const n = normalizeForMatch(name);
  const lines = q.cited.page.text.split('\n').map(normalizeForMatch);
  return lines.some((line, i) => (line === n || (line.endsWith(` ${n}`) && titlesOnly(line.slice(0, -n.length)))) && signedProse(lines, i, q.norm));
}

/** The quote ends at line `last`, and the lines it covers before that one are prose, the one just before ending a sentence. */
function signedProse(lines: readonly string[], last: number, quote: string): boolean {
  let tail = lines[last];
  for (let i = last - 1; i >= 0 && tail.length < quote.length; i--) {
    if (!PROSE_END.test(withoutPictographs(lines[i])) || (i === last - 1 && lines[i].endsWith(':'))) return false;
    tail = `${lines[i]} ${tail}`;
  }
  return tail.endsWith(quote);
}

const PICTOGRAPH = /[\p{Extended_Pictographic}\uFE0F\u200D]/u;

/** The line without the emoji that close it ("… aidosti.❤️"): a sentence's end may wear one. */
function withoutPictographs(line: string): string {
  let end = line.length;
  for (;;) {
    if (end > 0 && PICTOGRAPH.test(line[end - 1])) end--;
    // A pictograph outside the basic plane is two UTF-16 units.
    else if (end > 1 && PICTOGRAPH.test(line.slice(end - 2, end))) end -= 2;
    else break;
  }
  return line.slice(0, end);
}

/** "bc. ", "ing. mgr. ": words that each end in a dot, as academic titles before a name do. */
function titlesOnly(text: string): boolean {
  const words = text.trim().split(' ');
  return words.length <= 2 && words.every((w) => w.length >= 2 && w.length <= 9 && w.endsWith('.'));
}

/**
 * A name signing someone's words: after a quoted passage (“Great tool!” — Jane Doe), after a
 * sentence and a dash (Great tool! — Jane Doe), or after a dash opening the quote (— Jane Doe).
 * "Co-founder & CEO – Jane Doe" is a role, not a signature.
 */
function attributedQuote(before: string): boolean {
  const tail = before.trimEnd();
  return /"[^"]{3,}"/.test(before) || /"\s*[-~,]?$/.test(tail) || /^[-~]$/.test(tail) || /[.!?]\s*[-~]$/.test(tail);
}

const GENERIC_OWNER = /^(?:the|this|our|its|unser\w*|der|die|das|diese\w*|notre|nos|la|le|l'|el|nuestra|nuestro|il|lo|de|het|onze)(?![\p{L}])/u;
// The role and what follows it are two patterns, not one: a single pattern joining the long
// alternation of founder words to the "of / at / bei … Foo" tail was too large for the recheck
// proof to finish (src/regex-safety.test.ts).
const FOUNDER_MENTION = new RegExp(wordsSource(FOUNDER_WORDS), 'gu');
const OFFICE_MENTION = /(?<![\p{L}])(?:cto|coo|cfo|cmo|cpo|director|manager|lead|vp|president|owner|partner)(?![\p{L}])/gu;
const AT_ORGANISATION = /(?:\s*(?:&|and|und|et|y)\s*[\p{L}-]+)?\s*(?:,\s*)?(?:of|at|@|bei|von|chez|de|du|di|van|en)\s+(.{1,40})/uy;

/** The organisation after the first role that names one ("CEO of Foo" → "Foo"). */
function roleOrganisation(clause: string): string | undefined {
  // Leftmost role first; a founder word before an office at the same place (as one alternation would).
  const roles = [...clause.matchAll(FOUNDER_MENTION), ...clause.matchAll(OFFICE_MENTION)].sort((a, b) => a.index - b.index);
  for (const role of roles) {
    AT_ORGANISATION.lastIndex = role.index + role[0].length;
    const org = AT_ORGANISATION.exec(clause)?.[1];
    if (org !== undefined) return org;
  }
  return undefined;
}

/** "…, CEO of Foo" / "Gründerin bei Foo" / "fondatrice de Foo", where Foo is not this site. */
function roleElsewhere(after: string, ownNames: readonly string[]): boolean {
  const clause = after.slice(0, NEAR + 30).split(/[.!?;|"]\s|\n/)[0];
  const org = roleOrganisation(clause)?.trim();
  if (!org || GENERIC_OWNER.test(org)) return false;
  const orgKey = org.replace(/[^\p{L}\p{N}]/gu, '');
  return !ownNames.some((own) => own && (orgKey.startsWith(own) || (orgKey.length >= 3 && own.startsWith(orgKey))));
}

function inJsonLdFounders(page: CitedPage, normName: string): boolean {
  return jsonLdFounderNames(page.jsonLd()).some((f) => normalizeForMatch(f) === normName);
}

const testimonialText = new WeakMap<CitedPage, { all: string; outside: string }>();

function insideTestimonial(q: CitedQuote): boolean {
  let texts = testimonialText.get(q.cited);
  if (!texts) {
    const $ = q.cited.dom();
    const body = $('body')[0] ?? $.root()[0];
    const testimonial = testimonialElements($);
    const flat = (lines: string[]) => normalizeForMatch(lines.join(' ')).replace(/\s+/g, '');
    texts = { all: flat(textLines(body)), outside: flat(textLines(body, (el) => testimonial.has(el))) };
    testimonialText.set(q.cited, texts);
  }
  const needle = q.norm.replace(/\s+/g, '');
  return texts.all.includes(needle) && !texts.outside.includes(needle);
}

function testimonialElements($: CheerioAPI): Set<Element> {
  const found = new Set<Element>();
  $('blockquote, q').each((_, el) => {
    found.add(el);
  });
  $('[class], [id]').each((_, el) => {
    if (TESTIMONIAL_MARKUP.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`)) found.add(el);
  });
  $('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const heading = normalizeForMatch($(el).text());
    if (!TESTIMONIAL_HEADINGS.some((h) => heading.includes(h))) return;
    const section = $(el).parent().closest('section, aside, article, div');
    // A container with other headings like this one holds more than the customer voices.
    if (section.length && section.find(el.name).length === 1) found.add(section.get(0) as Element);
  });
  return found;
}
