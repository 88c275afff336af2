import type { Element } from 'domhandler';
import type { Evidence, FounderProposal } from '../types.ts';
import { elementText } from '../element-text.ts';
import { isType, textOf, type JsonLdNode } from '../json-ld.ts';
import { jsonLdFounderNames } from '../guards/json-ld-founders.ts';
import { matchKey, normalizeForMatch } from '../quote-match.ts';
import { ABOUT_ME_HEADING, FOUNDER_WORD, FOUNDER_WORDS, SELF_INTRODUCTIONS, wordsSource } from '../vocabulary.ts';
import { holdsFounderWord, languageFounderWords } from '../guards/language-titles.ts';
import { inChrome } from './sections.ts';
import { leadingVoices, tradeIntroductions } from './first-person-lead.ts';
import { isWholeName, nameEndAt, namesInstitution, wordStarts } from './person-names.ts';
import { soleTraderOwners } from './sole-trader.ts';
import { copulaRoles } from './copula-roles.ts';
import { possessiveOwners } from './possessive-owner.ts';
import { INLINE, signedLetters } from './signed-letters.ts';
import { clean, type Site, type SitePage } from './site.ts';
import { sentenceAround, statements } from './statements.ts';

/**
 * Founders only from explicit statements: the organisation's JSON-LD founder, "founded by X",
 * "X, Co-founder & CEO", "X is the founder", "Gründer: X", "Inhaber: X", a team card that pairs a
 * name with a founder role, a text in which someone says "I founded …" and signs it, or a sole
 * trader's registered name ("Forno di Rossi Marco", sole-trader.ts).
 * Testimonials, reviews and quotations are never read (see statements.ts), so "“Great tool!” —
 * Jane Doe, CEO of Foo" names a customer, not a founder.
 */
export function founderProposals(site: Site): FounderProposal[] {
  const found: FounderProposal[] = [];
  const add = (name: string, title: string | null, bio: string | null, evidence: Evidence | null, bioEvidence: Evidence | null = null, givenOnly = false) => {
    const n = clean(name);
    const shaped = givenOnly ? isGivenName(n) : isPersonName(n) || isCjkName(n);
    if (!evidence || !shaped || namesInstitution(n) || found.some((f) => normalizeForMatch(f.name) === normalizeForMatch(n))) return;
    // "written by", "fondée par": the statement's verb, not a title.
    const role = title && !/(?<![\p{L}])(?:by|par|von|por|da|door)$/iu.test(clean(title)) ? clean(title) : null;
    found.push({ name: n, title: role, bio: bio && bioEvidence ? bio : null, evidence: bioEvidence ? [evidence, bioEvidence] : [evidence] });
  };
  const businessNames = [...site.ownNames, ...titleNames(site.home)];
  // A contact page lists whom to reach, often with the head's card among them.
  for (const page of site.byRole('about', 'team', 'home', 'legal', 'contact', 'other')) {
    // Only where a business presents its people: elsewhere "I run …" may be a customer's story.
    if (page.role === 'about' || page.role === 'team') {
      for (const v of leadingVoices(page, businessNames)) add(v.name, null, null, page.quote(v.quote), null, v.givenOnly);
    }
    for (const name of jsonLdFounderNames(page.jsonLd)) {
      add(name, null, null, page.quote(`founder.name: ${name}`) ?? page.quote(`founder: ${name}`) ?? page.quote(name));
    }
    for (const card of teamCards(page)) {
      if (card.quote) add(card.name, card.role, card.bio, page.quote(card.quote) ?? page.quote(`${card.name} ${card.role}`), page.quote(card.quote) ?? null);
      // A name line over its role line: the two lines are the statement, the bio its own quote.
      else add(card.name, card.role, card.bio, page.quote(`${card.name} ${card.role}`), page.quote(card.bio));
    }
    for (const label of labelledNames(page)) add(label.name, label.role, null, page.quote(`${label.role} ${label.name}`));
    for (const letter of signedLetters(page, businessNames)) add(letter.name, null, null, page.quote(letter.quote), null, letter.givenOnly);
    for (const owner of soleTraderOwners(page, businessNames)) add(owner.name, null, null, owner.evidence);
    for (const owner of possessiveOwners(page, businessNames)) add(owner.name, null, null, owner.evidence);
    const aboutMe = isAboutMePage(page);
    // A one-person business's owner introduces themselves by its trade where it presents itself, not on other pages.
    const presents = page.role === 'about' || page.role === 'home';
    for (const text of [...statements(page), ...ownDescriptions(page.jsonLd)]) {
      if (/[“”"«»„][^“”"«»„]{8,}[“”"«»„]/.test(text)) continue; // a quotation: someone else's voice
      for (const m of [...foundedBy(text), ...agentBeforeVerb(text)]) {
        const sentence = sentenceAround(text, m.start, m.end);
        for (const name of m.names) add(name, null, null, page.quote(sentence));
      }
      for (const m of namesWithRole(text)) {
        if (attribution(text, m.start) || roleElsewhere(text.slice(m.end, m.end + ORGANISATION_REACH), site)) continue;
        for (const name of m.names) add(name, m.role, null, page.quote(sentenceAround(text, m.start, m.end)));
      }
      for (const m of copulaRoles(text, businessNames)) {
        if (attribution(text, m.start) || roleElsewhere(text.slice(m.end, m.end + ORGANISATION_REACH), site)) continue;
        // The namesake is read where a business presents its people, as a first-person voice is.
        if (m.givenOnly && page.role !== 'about' && page.role !== 'team' && page.role !== 'home') continue;
        add(m.name, m.role, null, page.quote(sentenceAround(text, m.start, m.end)), null, m.givenOnly);
      }
      for (const m of rolesWithName(text)) {
        for (const name of m.names) add(name, m.role, null, page.quote(sentenceAround(text, m.start, m.end)));
      }
      for (const m of rolesWithCjkName(text)) add(m.name, m.role, null, page.quote(text.slice(m.start, m.end)));
      if (presents) for (const v of tradeIntroductions(text, page.$)) add(v.name, null, null, page.quote(v.quote), null, v.givenOnly);
      if (aboutMe) for (const m of selfIntroductions(text)) for (const name of m.names) add(name, null, null, page.quote(sentenceAround(text, m.start, m.end)));
    }
  }
  // "Julia" introducing herself beside "Julia Lattanzi, fondatrice": a given name alone that opens another found name is that person.
  const firstNames = new Set(found.filter((f) => /\s/.test(f.name.trim())).map((f) => normalizeForMatch(f.name).split(' ')[0]));
  return found.filter((f) => /\s/.test(f.name.trim()) || !firstNames.has(normalizeForMatch(f.name)));
}

/**
 * The statements below are read in steps (a founder word, then a name next to it) rather than as
 * one pattern each: pages are outside text, and in one pattern a name's words, the role's words
 * and the spaces between them could be divided in many ways, each tried in turn. Every step is
 * anchored where the previous one stopped and reads a bounded stretch or has one way to match.
 */
interface Statement {
  /** Where the statement begins and ends in the text (for its sentence). */
  start: number;
  end: number;
  names: string[];
  role: string | null;
}

/** Role words in any case (names are recognised by their capitals, roles are not). */
const FOUNDER_MENTION = new RegExp(wordsSource(FOUNDER_WORDS), 'giu');
const FOUNDING_VERB = /co-?founded|founded|gegründet|fondée?|fundad[ao]|fondat[ao]|opgericht/giu;
const AGENT = /(?:by|von|par|por|da|door)\s+/iuy;
/** "fondée en 2018 à Lyon par": what may stand between the verb and "by", within the sentence. */
const AGENT_REACH = 40;
const NAME_JOINT = /\s*(?:,|and|und|et|y|e|en|&)\s*(?=\p{Lu})/uy;

/** "founded by Jane Doe and John Roe", "fondée en 2018 à Lyon par Claire Martin" (in one sentence). */
function* foundedBy(text: string): Generator<Statement> {
  let resume = 0;
  for (const verb of text.matchAll(FOUNDING_VERB)) {
    if (verb.index < resume) continue;
    const found = namesAfterAgent(text, verb.index + verb[0].length);
    if (!found) continue;
    yield { start: verb.index, end: found.end, names: found.names, role: null };
    resume = found.end;
  }
}

/** Customers' and authors' words in structured data: reviews, comments, quotations. */
const OTHER_VOICES = ['Review', 'Comment', 'Quotation', 'Question', 'Answer', 'Rating', 'AggregateRating'];

/**
 * The descriptions a page's JSON-LD gives of itself and its organisation ("AboutPage":
 * "Foo GmbH wurde von Jane Doe und John Roe gegründet."): the site's own words, quotable from the
 * stored text's "json-ld description:" line.
 */
function ownDescriptions(nodes: readonly JsonLdNode[]): string[] {
  return nodes.filter((n) => !isType(n, ...OTHER_VOICES)).flatMap((n) => textOf(n.description) ?? []).map(clean).filter((t) => t.length <= 400);
}

/** German and Dutch put the verb last: "von Jane Doe und John Roe (2019) gegründet", "door Jan de Vries opgericht". */
const AGENT_FIRST = /(?<![\p{L}])(?:von|door)\s+(?=\p{Lu})/giu;
const VERB_LAST = /(?<![\p{L}])(?:gegründet|opgericht)(?![\p{L}])/u;

function* agentBeforeVerb(text: string): Generator<Statement> {
  for (const agent of text.matchAll(AGENT_FIRST)) {
    const found = nameList(text, agent.index + agent[0].length);
    if (!found) continue;
    // The verb closes the same clause, within reach of the last name.
    const rest = text.slice(found.end, found.end + AGENT_REACH).split(/[.!?;:]/)[0];
    const verb = VERB_LAST.exec(rest);
    if (!verb) continue;
    yield { start: agent.index, end: found.end + verb.index + verb[0].length, names: found.names, role: null };
  }
}

/** A page headed "About me" ("Über mich", "Обо мне"): the one person behind the business presents themselves. */
export function isAboutMePage(page: Pick<SitePage, '$'>): boolean {
  return page.$('h1, h2').toArray().some((h) => ABOUT_ME_HEADING.test(normalizeForMatch(elementText(h))));
}

const SELF_INTRODUCTION = new RegExp(`(?:${wordsSource(SELF_INTRODUCTIONS)})\\s+(?=\\p{Lu})`, 'giu');

/** "Ich heiße Bernhard Baumann und …", "My name is Jane Doe." */
function* selfIntroductions(text: string): Generator<Statement> {
  for (const m of text.matchAll(SELF_INTRODUCTION)) {
    const at = m.index + m[0].length;
    const end = nameEndAt(text, at);
    if (end !== null) yield { start: m.index, end, names: [text.slice(at, end)], role: null };
  }
}

function namesAfterAgent(text: string, verbEnd: number): { end: number; names: string[] } | null {
  for (let at = verbEnd; at <= verbEnd + AGENT_REACH + 1 && at <= text.length; at++) {
    if (at > verbEnd) {
      const before = text[at - 1];
      if (before === '.' || before === '!' || before === '?') return null;
      if (!/\s/.test(before)) continue;
    }
    AGENT.lastIndex = at;
    if (!AGENT.test(text)) continue;
    const names = nameList(text, AGENT.lastIndex);
    if (names) return names;
  }
  return null;
}

/** "Jane Doe, John Roe & Max Mustermann". */
function nameList(text: string, start: number): { end: number; names: string[] } | null {
  const names: string[] = [];
  let end = start;
  for (let at = start; ; at = NAME_JOINT.lastIndex) {
    const nameEnd = nameEndAt(text, at);
    if (nameEnd === null) break;
    names.push(text.slice(at, nameEnd));
    end = nameEnd;
    NAME_JOINT.lastIndex = nameEnd;
    if (!NAME_JOINT.test(text)) break;
  }
  return names.length > 0 ? { end, names } : null;
}

const ROLE_SEPARATOR = /\s*(?:,|\u2013|\u2014|-|\(|\|)\s*/uy;
/** Words a role may have before and after its founder word ("Co-founder & CEO", "Gründerin und Geschäftsführerin"). */
const ROLE_REACH = 30;
const ROLE_RUN = new RegExp(`[\\p{L}&/ '’-]{0,${2 * ROLE_REACH + Math.max(...FOUNDER_WORDS.map((w) => w.length))}}`, 'uy');
const ROLE_FOLLOWER = /$|[,.;)|\n]|\s(?:of|at|bei|chez|de)\s/uy;

/** "Jane Doe, Co-founder & CEO" / "Jane Doe – Gründerin" / "Jane Doe (Founder)". */
function* namesWithRole(text: string): Generator<Statement> {
  let resume = 0;
  for (const start of wordStarts(text)) {
    if (start < resume) continue;
    const found = roleAfterName(text, start);
    if (!found) continue;
    yield found;
    resume = found.end;
  }
}

function roleAfterName(text: string, start: number): Statement | null {
  const end = nameEndAt(text, start);
  if (end === null) return null;
  // "Sono Julia Lattanzi, fondatrice di …": the verb "I am" opens the sentence; the name is read from the next word.
  if (SELF_COPULAS.has(text.slice(start, end).split(/\s/)[0].toLowerCase())) return null;
  // "Jane Doe-Founder": the name may stop at a hyphen after its first word, the hyphen then separates.
  for (const nameEnd of [end, ...hyphensAfterFirstWord(text, start, end)]) {
    ROLE_SEPARATOR.lastIndex = nameEnd;
    if (!ROLE_SEPARATOR.test(text)) continue;
    const roleStart = ROLE_SEPARATOR.lastIndex;
    const roleEnd = founderRoleEnd(text, roleStart);
    if (roleEnd !== null) return { start, end: roleEnd, names: [text.slice(start, nameEnd)], role: text.slice(roleStart, roleEnd) };
  }
  return null;
}

/**
 * "I am" written as one capitalised word before a name at a sentence's start (Italian "Sono",
 * Spanish "Soy", Portuguese "Sou", Polish "Jestem", Czech "Jsem", Slovak "Som", Finnish "Olen"):
 * no part of the name.
 */
const SELF_COPULAS = new Set(['sono', 'soy', 'sou', 'jestem', 'jsem', 'som', 'olen']);

/** Positions of the hyphens in the name text[start, end) after its first word, last first. */
function hyphensAfterFirstWord(text: string, start: number, end: number): number[] {
  const firstWordEnd = start + text.slice(start, end).search(/\s/);
  const hyphens: number[] = [];
  for (let i = end - 1; i > firstWordEnd; i--) if (text[i] === '-') hyphens.push(i);
  return hyphens;
}

/**
 * The end of a role that begins at `start` and holds a founder word: the first place after the
 * founder word where the clause ends (punctuation, the end, or " of …" / " at …").
 */
function founderRoleEnd(text: string, start: number): number | null {
  ROLE_RUN.lastIndex = start;
  ROLE_RUN.test(text);
  const runEnd = ROLE_RUN.lastIndex;
  // One character more, so that a founder word at the run's end sees what follows it.
  for (const mention of text.slice(start, runEnd + 1).matchAll(FOUNDER_MENTION)) {
    if (mention.index > ROLE_REACH) break;
    const from = start + mention.index + mention[0].length;
    for (let at = from; at <= Math.min(from + ROLE_REACH, runEnd); at++) {
      ROLE_FOLLOWER.lastIndex = at;
      if (ROLE_FOLLOWER.test(text)) return at;
    }
  }
  return null;
}

const SECOND_ROLE = /\s*(?:&|und|and|et|y)\s*[\p{L}-]+/iuy;
const NAME_LEAD = /(?:\s*:)?\s+/uy;
const LETTER_BEFORE = /(?<=\p{L})/uy;

/** "Founder & CEO: Jane Doe" / "Geschäftsführer: Max Mustermann" / "Vertreten durch den Geschäftsführer Max Mustermann". */
function* rolesWithName(text: string): Generator<Statement> {
  let resume = 0;
  for (const mention of text.matchAll(FOUNDER_MENTION)) {
    LETTER_BEFORE.lastIndex = mention.index;
    if (mention.index < resume || LETTER_BEFORE.test(text)) continue;
    const founderEnd = mention.index + mention[0].length;
    SECOND_ROLE.lastIndex = founderEnd;
    const roleEnds = SECOND_ROLE.test(text) ? [SECOND_ROLE.lastIndex, founderEnd] : [founderEnd];
    for (const roleEnd of roleEnds) {
      NAME_LEAD.lastIndex = roleEnd;
      if (!NAME_LEAD.test(text)) continue;
      const nameStart = NAME_LEAD.lastIndex;
      const nameEnd = nameEndAt(text, nameStart);
      if (nameEnd === null) continue;
      yield { start: mention.index, end: nameEnd, names: [text.slice(nameStart, nameEnd)], role: text.slice(mention.index, roleEnd) };
      resume = nameEnd;
      break;
    }
  }
}

/** "…, CEO of Foo": how far after a role the organisation's name is read. */
const ORGANISATION_REACH = 200;

const NOT_NAMES = /(?<![\p{L}])(?:the|our|team|about|founder|founders|company|gmbh|inc|ltd|llc|ag|sas|sarl|bv|ug|kg|co|corp|limited|unser|unsere|notre|nuestro|equipe|équipe|kontakt|contact|impressum)(?![\p{L}])/iu;

function isPersonName(name: string): boolean {
  const words = name.split(/\s+/);
  return words.length >= 2 && words.length <= 5 && name.length <= 160 && !NOT_NAMES.test(name) && !FOUNDER_WORD.test(normalizeForMatch(name));
}

/** One word, as a given name alone is written ("Mia"): only where a sentence says it is someone's name (first-person-lead.ts). */
function isGivenName(name: string): boolean {
  return name.length >= 2 && name.length <= 40 && !/\s/.test(name) && !NOT_NAMES.test(name) && !FOUNDER_WORD.test(normalizeForMatch(name));
}

/** The site's names as its home page's title gives them ("Team | Acme-Hof" → "team", "acmehof"; "Acme, bread daily" → also "acme"), in comparison form. */
function titleNames(home: SitePage): string[] {
  return home.meta.title
    .split(/[|\u2013\u2014\u00b7:]| - /)
    // "Famula, kotiapua ikäihmisille": the name, then its tagline after a comma.
    .flatMap((part) => [part, part.split(',')[0]])
    .map((part) => matchKey(part))
    .filter((k) => k.length >= 3);
}

interface TeamCard {
  name: string;
  role: string;
  bio: string | null;
  /** The whole card as one quote, or null when the name and role lines are quoted apart from the bio. */
  quote: string | null;
}

/**
 * A name heading (or <strong>, or a link) whose card also has a short line with a founder role; or a name
 * written as a plain line (<p>, <span>, <div>) whose very next line is a founder role
 * ("Bruce Borden" / "Co-Founder – CEO" / a bio).
 */
function teamCards(page: SitePage): TeamCard[] {
  const $ = page.$;
  const cards: TeamCard[] = [];
  $('p, span, div').each((_, el) => {
    if (el.children.some((c) => c.type === 'tag' && !INLINE.has((c as Element).name)) || inChrome($, el)) return;
    const name = clean(elementText(el));
    if (!isWholeName(name)) return;
    const next = $(el).next()[0] as Element | undefined;
    const role = next ? founderRoleLine(clean(elementText(next)), page.snapshot.lang) : null;
    // "Bäckerei Korn" over "Inhaber: Karl Korn": the role line names its own person.
    if (!role || !rolesWithName(role).next().done || inRatedCard($, el) || postByline(role)) return;
    const bio = $(next!).nextAll().toArray().map((c) => clean(elementText(c as Element))).find((l) => l.length >= 40) ?? null;
    cards.push({ name, role, bio, quote: null });
  });
  // A card's name is often a link to the person's page or profile ("Toimitusjohtaja" over <a>Jane Doe</a>).
  $('h2, h3, h4, h5, strong, b, figcaption, dt, a').each((_, el) => {
    if (inChrome($, el)) return;
    const name = clean(elementText(el));
    if (!isWholeName(name)) return;
    const card = $(el).parent();
    const lines = card
      .children()
      .toArray()
      .filter((c) => c !== el)
      .map((c) => clean(elementText(c as Element)))
      .filter(Boolean);
    const roleAt = lines.findIndex((l) => founderRoleLine(l, page.snapshot.lang) !== null);
    if (roleAt === -1 || inRatedCard($, el) || postByline(lines[roleAt])) return;
    const role = founderRoleLine(lines[roleAt], page.snapshot.lang)!;
    // "Vertretungsberechtigte Person" over "Fynn Laubkermeier (Geschäftsführer)": the role line opens with its own person, so the heading is a label.
    const lead = role.split(/[(,\u2013\u2014]| - /)[0].trim();
    if (lead !== role && isWholeName(lead)) return;
    const bio = lines.find((l, i) => i !== roleAt && l.length >= 40) ?? null;
    cards.push({ name, role, bio, quote: clean(elementText(card[0])) });
  });
  return cards;
}

/** A post's age after its author's role ("5u", "1d", "2 h", "3w"): a segment of a byline. */
const POST_AGE = /^\d{1,3} ?\p{L}{1,3}$/u;

/**
 * "Ruben Bakker" / "Founder · 5u · 🌐": a role line that also gives the post's age is the byline of a
 * social post the page shows (an example of what the product writes, a feed), not the team.
 */
function postByline(role: string): boolean {
  const parts = role.split(/[·•]/).map((p) => p.trim());
  return parts.length > 1 && parts.some((p) => POST_AGE.test(p));
}

/** Rating stars: a card that gives them is a customer's review. */
const RATING_STARS = /[\u2605\u2B50]/u;
/** Levels above a name that still belong to its card (name, name and role, the card). */
const CARD_DEPTH = 3;

/**
 * A name in a card that also gives rating stars ("Mikkel Kastrup" / "CEO, Brotego" / ★★★★★):
 * a customer signing a review, the head of another business, not a founder of this one.
 */
function inRatedCard($: SitePage['$'], el: Element): boolean {
  for (const p of $(el).parents().slice(0, CARD_DEPTH).toArray()) {
    // A section, or a block with headings of its own, holds more than one card.
    if (['section', 'main', 'body', 'article'].includes((p as Element).name) || $(p).find('h1, h2, h3, h4, h5, h6').not(el).length) return false;
    if (RATING_STARS.test(elementText(p as Element))) return true;
  }
  return false;
}

/**
 * A card's role line, or its first sentence when the line goes on about the person ("Director of
 * our school. Ten years of teaching."): a short line that holds a founder word.
 */
function founderRoleLine(line: string, lang: string): string | null {
  const sentenceEnd = line.search(/[.!?]\s/);
  const role = line.length > 80 && sentenceEnd !== -1 ? line.slice(0, sentenceEnd) : line;
  return role.length > 0 && role.length <= 80 && holdsFounderWord(normalizeForMatch(role), [lang]) ? role : null;
}

/** "— Jane Doe, CEO": a name after a dash or a closing quotation mark signs someone's quote. */
function attribution(text: string, nameStart: number): boolean {
  let at = nameStart;
  while (at > 0 && /\s/.test(text[at - 1])) at--;
  return at > 0 && '\u2013\u2014~"”»-'.includes(text[at - 1]);
}

/** "…, CEO of Foo": a role at another company than this site. */
function roleElsewhere(after: string, site: Site): boolean {
  const org = /^\s+(?:of|at|bei|chez|de)\s+([\p{L}\p{N}][\p{L}\p{N}&.-]*)/u.exec(after)?.[1];
  if (!org) return false;
  const key = matchKey(org);
  return !site.ownNames.some((own) => key.startsWith(own) || own.startsWith(key));
}

/**
 * A role written as a label over the name: a heading, term or bold label that is only a founder
 * role ("Gründer", "Vertreten durch", "代表者") and, next to it, a line that is only a name.
 */
function labelledNames(page: SitePage): Array<{ name: string; role: string }> {
  const $ = page.$;
  const out: Array<{ name: string; role: string }> = [];
  $('h2, h3, h4, h5, h6, dt, th, strong, b').each((_, el) => {
    if (inChrome($, el)) return;
    const label = clean(elementText(el));
    const role = /[:\uff1a]$/.test(label) ? label.slice(0, -1).trimEnd() : label;
    if (role.length < 2 || role.length > 40 || !wholeRole(role, page.snapshot.lang)) return;
    const next = $(el).next()[0] as Element | undefined;
    const name = next ? clean(elementText(next)) : '';
    if (isWholeName(name) || isCjkName(name)) out.push({ name, role });
  });
  return out;
}

/** The text is founder words and joints only ("Co-Founder & CEO", "Gründer und Geschäftsführer"). */
function wholeRole(text: string, lang: string): boolean {
  const own = languageFounderWords(lang);
  let rest = normalizeForMatch(text).replace(FOUNDER_MENTION, ' ');
  if (own) rest = rest.replace(own, ' ');
  rest = rest.replace(/(?<![\p{L}])(?:and|und|et|y|e|en|och|&|\/|,|-)(?![\p{L}])/gu, ' ');
  FOUNDER_MENTION.lastIndex = 0;
  return rest.trim() === '' && holdsFounderWord(normalizeForMatch(text), [lang]);
}

/** A name in Han characters (Japanese, Chinese): two to six, or a family and a given name with a space between. */
const CJK_NAME = /^\p{Script=Han}{2,6}$|^\p{Script=Han}{1,3}[ \u3000]\p{Script=Han}{1,4}$/u;

function isCjkName(name: string): boolean {
  return CJK_NAME.test(name);
}

/** CJK role words, longest first, each followed by a separator ("代表 佐藤節雄", "代表：佐藤節雄", "創業者・山田太郎"). */
const CJK_ROLE = /(代表取締役社長|代表取締役|共同創業者|联合创始人|創業者|代表者|代表|创始人|創辦人|創始人)(?:[ \u3000]*[:\uff1a\u30fb][ \u3000]*|[ \u3000]+)/gu;
const HAN_RUN = /\p{Script=Han}{2,6}(?:[ \u3000]\p{Script=Han}{1,4})?/uy;
const HAN = /\p{Script=Han}/u;

/**
 * "代表 佐藤節雄（さとうせつお）", "代表取締役：山田 太郎": a CJK role word, a separator, then a name
 * of Han characters that ends where the Han characters do. Without a separator ("代表作品") the
 * characters after the role are words, not a name.
 */
function* rolesWithCjkName(text: string): Generator<{ start: number; end: number; name: string; role: string }> {
  for (const m of text.matchAll(CJK_ROLE)) {
    const at = m.index + m[0].length;
    HAN_RUN.lastIndex = at;
    const run = HAN_RUN.exec(text);
    if (!run) continue;
    const end = at + run[0].length;
    if (end < text.length && HAN.test(text[end])) continue;
    const name = run[0];
    if (!isCjkName(name) || CJK_ROLE_WORDS.has(name)) continue;
    yield { start: m.index, end, name, role: m[1] };
  }
}

const CJK_ROLE_WORDS = new Set(['代表取締役社長', '代表取締役', '取締役', '社長', '代表者', '代表', '創業者', '共同創業者', '会長', '理事長']);

