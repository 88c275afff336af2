import type { Element } from 'domhandler';
import type { Evidence, FounderProposal } from '../types.ts';
import { elementText } from '../element-text.ts';
import { nodesOf, organisations, textsOf } from '../json-ld.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { FOUNDER_WORD, FOUNDER_WORDS, wordsSource } from '../vocabulary.ts';
import { inChrome } from './sections.ts';
import { clean, type Site, type SitePage } from './site.ts';
import { sentenceAround, statements } from './statements.ts';

/**
 * Founders only from explicit statements: the organisation's JSON-LD founder, "founded by X",
 * "X, Co-founder & CEO", "Gründer: X", or a team card that pairs a name with a founder role.
 * Testimonials, reviews and quotations are never read (see statements.ts), so "“Great tool!” —
 * Jane Doe, CEO of Foo" names a customer, not a founder.
 */
export function founderProposals(site: Site): FounderProposal[] {
  const found: FounderProposal[] = [];
  const add = (name: string, title: string | null, bio: string | null, evidence: Evidence | null) => {
    const n = clean(name);
    if (!evidence || !isPersonName(n) || found.some((f) => normalizeForMatch(f.name) === normalizeForMatch(n))) return;
    found.push({ name: n, title: title ? clean(title) : null, bio, evidence: [evidence] });
  };
  for (const page of site.byRole('about', 'team', 'home', 'legal', 'other')) {
    for (const org of organisations(page.jsonLd)) {
      for (const name of [...textsOf(org.founder), ...textsOf(org.founders), ...nodesOf(org.founder).flatMap((p) => textsOf(p.name))]) {
        add(name, null, null, page.quote(`founder.name: ${name}`) ?? page.quote(`founder: ${name}`) ?? page.quote(name));
      }
    }
    for (const card of teamCards(page)) add(card.name, card.role, card.bio, page.quote(card.quote) ?? page.quote(`${card.name} ${card.role}`));
    for (const text of statements(page)) {
      if (/[“”"«»„][^“”"«»„]{8,}[“”"«»„]/.test(text)) continue; // a quotation: someone else's voice
      for (const m of text.matchAll(FOUNDED_BY)) {
        const sentence = sentenceAround(text, m.index, m.index + m[0].length);
        for (const name of m[1].split(/\s*(?:,|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b|&)\s*/u)) add(name, null, null, page.quote(sentence));
      }
      for (const m of text.matchAll(NAME_ROLE)) {
        if (attribution(text.slice(0, m.index)) || roleElsewhere(text.slice(m.index + m[0].length), site)) continue;
        add(m[1], m[2], null, page.quote(sentenceAround(text, m.index, m.index + m[0].length)));
      }
      for (const m of text.matchAll(ROLE_NAME)) add(m[2], m[1], null, page.quote(sentenceAround(text, m.index, m.index + m[0].length)));
    }
  }
  return found;
}

const NAME = "\\p{Lu}\\p{Ll}+(?:['’-]?\\p{Lu}?\\p{Ll}+)*(?:\\s+(?:(?:van|von|de|da|di|der|den|du|la|le|del|dos|ten|ter)\\s+)*\\p{Lu}\\p{Ll}+(?:['’-]?\\p{Lu}?\\p{Ll}+)*){1,3}";
const FOUNDER = wordsSource(FOUNDER_WORDS);
// Role words in any case, names only capitalised: (?i:…) scopes case-insensitivity to the role.
const ROLE = `(?i:[\\p{L}&/ -]{0,30}?(?:${FOUNDER})[\\p{L}&/ -]{0,30}?)`;
/** "founded by Jane Doe and John Roe", "fondée en 2018 à Lyon par Claire Martin" (in one sentence). */
const FOUNDED_BY = new RegExp(
  `(?i:(?:co-?founded|founded|gegründet|fondée?|fundad[ao]|fondat[ao]|opgericht)(?:[^.!?]{0,40}?\\s)?(?:by|von|par|por|da|door))\\s+(${NAME}(?:\\s*(?:,|and|und|et|y|e|en|&)\\s*${NAME})*)`,
  'gu',
);
/** "Jane Doe, Co-founder & CEO" / "Jane Doe – Gründerin" / "Jane Doe (Founder)". */
const NAME_ROLE = new RegExp(`(${NAME})\\s*(?:,|\\u2013|\\u2014|-|\\(|\\|)\\s*(${ROLE})(?=$|[,.;)|\\n]|\\s(?:of|at|bei|chez|de)\\s)`, 'gu');
/** "Founder & CEO: Jane Doe" / "Geschäftsführer: Max Mustermann" / "Vertreten durch den Geschäftsführer Max Mustermann". */
const ROLE_NAME = new RegExp(`(?<![\\p{L}])((?i:(?:${FOUNDER})(?:\\s*(?:&|und|and|et|y)\\s*[\\p{L}-]+)?))\\s*:?\\s+(${NAME})`, 'gu');

const NOT_NAMES = /(?<![\p{L}])(?:the|our|team|about|founder|founders|company|gmbh|inc|ltd|llc|ag|sas|sarl|bv|ug|kg|co|corp|limited|unser|unsere|notre|nuestro|equipe|équipe|kontakt|contact|impressum)(?![\p{L}])/iu;

function isPersonName(name: string): boolean {
  const words = name.split(/\s+/);
  return words.length >= 2 && words.length <= 5 && name.length <= 160 && !NOT_NAMES.test(name) && !FOUNDER_WORD.test(normalizeForMatch(name));
}

interface TeamCard {
  name: string;
  role: string;
  bio: string | null;
  quote: string;
}

/** A name heading (or <strong>) whose card also has a short line with a founder role. */
function teamCards(page: SitePage): TeamCard[] {
  const $ = page.$;
  const cards: TeamCard[] = [];
  $('h2, h3, h4, h5, strong, b, figcaption, dt').each((_, el) => {
    if (inChrome($, el)) return;
    const name = clean(elementText(el));
    if (!new RegExp(`^${NAME}$`, 'u').test(name)) return;
    const card = $(el).parent();
    const lines = card
      .children()
      .toArray()
      .filter((c) => c !== el)
      .map((c) => clean(elementText(c as Element)))
      .filter(Boolean);
    const role = lines.find((l) => l.length <= 80 && FOUNDER_WORD.test(normalizeForMatch(l)));
    if (!role) return;
    const bio = lines.find((l) => l !== role && l.length >= 40) ?? null;
    cards.push({ name, role, bio, quote: clean(elementText(card[0])) });
  });
  return cards;
}

/** "— Jane Doe, CEO": a name after a dash or a closing quotation mark signs someone's quote. */
function attribution(before: string): boolean {
  return /[\u2013\u2014~"”»-]\s*$/.test(before);
}

/** "…, CEO of Foo": a role at another company than this site. */
function roleElsewhere(after: string, site: Site): boolean {
  const org = /^\s+(?:of|at|bei|chez|de)\s+([\p{L}\p{N}][\p{L}\p{N}&.-]*)/u.exec(after)?.[1];
  if (!org) return false;
  const key = normalizeForMatch(org).replace(/[^\p{L}\p{N}]/gu, '');
  return !site.ownNames.some((own) => key.startsWith(own) || own.startsWith(key));
}
