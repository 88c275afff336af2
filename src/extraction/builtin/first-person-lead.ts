import { LEAD_REACH, ownBusinessLeads, PARTNER_MENTION, SELF_INTRODUCTION_ANYWHERE } from '../guards/first-person-lead.ts';
import { I_AM_MENTION, opensClause, siteIsTrade, tradeAfterName } from '../guards/trade-introduction.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { givenNameEndAt, nameEndAt } from './person-names.ts';
import { sentenceAround, sentenceBounds, statements } from './statements.ts';
import type { SitePage } from './site.ts';

/** A team page's self-portrait runs long ("Mein Name ist … leite ich …" ends a paragraph of a life story). */
const PARAGRAPH_MAX = 1500;

export interface LeadingVoice {
  name: string;
  /** A given name alone: the sentence names the owner's partner by it, and the paragraph names the owner in full. */
  givenOnly: boolean;
  quote: string;
}

/**
 * Who runs the business by their own words on a team or about page (see
 * guards/first-person-lead.ts): the speaker who introduces themselves by name and, in the same
 * paragraph, says "I run <this business>"; and whoever that sentence names as running it with
 * them ("Gemeinsam mit meiner Frau Mia leite ich die Acme"). The quote runs from the
 * introduction (or the sentence's start) to the end of that sentence.
 */
export function leadingVoices(page: SitePage, ownNames: readonly string[]): LeadingVoice[] {
  const out: LeadingVoice[] = [];
  for (const text of statements(page, { max: PARAGRAPH_MAX })) {
    for (const lead of ownBusinessLeads(text, ownNames)) {
      const [sentenceStart, sentenceEnd] = sentenceBounds(text, lead.start, lead.end);
      const speaker = introducedBefore(text, lead.start);
      const from = speaker ? sentenceBounds(text, speaker.start, speaker.end)[0] : sentenceStart;
      const quote = text.slice(from, sentenceEnd).trim();
      if (speaker) out.push({ name: text.slice(speaker.nameStart, speaker.end), givenOnly: false, quote });
      for (const m of text.slice(sentenceStart, sentenceEnd).matchAll(PARTNER_MENTION)) {
        const at = sentenceStart + m.index + m[0].length;
        const full = nameEndAt(text, at);
        const given = full === null && speaker ? givenNameEndAt(text, at) : null;
        const end = full ?? given;
        if (end !== null) out.push({ name: text.slice(at, end), givenOnly: full === null, quote });
      }
    }
  }
  return out;
}

/** The last self-introduction with a full name before `leadStart`, within reach (the latest speaker is the one who says "I run"). */
function introducedBefore(text: string, leadStart: number): { start: number; nameStart: number; end: number } | null {
  let found: { start: number; nameStart: number; end: number } | null = null;
  for (const m of text.slice(0, leadStart).matchAll(SELF_INTRODUCTION_ANYWHERE)) {
    let nameStart = m.index + m[0].length;
    while (text[nameStart] === ' ') nameStart++;
    const end = nameEndAt(text, nameStart);
    found = end !== null && leadStart - end <= LEAD_REACH ? { start: m.index, nameStart, end } : null;
  }
  return found;
}

/**
 * "Je suis Claire, apicultrice dans l'Aveyron" in a statement of a page whose headings say the
 * business is an "apicultrice" (see guards/trade-introduction.ts). The quote is the sentence.
 */
export function* tradeIntroductions(text: string, $: SitePage['$']): Generator<LeadingVoice> {
  for (const m of text.matchAll(I_AM_MENTION)) {
    if (!opensClause(text, m.index)) continue;
    const at = m.index + m[0].length;
    const full = nameEndAt(text, at);
    const end = full ?? givenNameEndAt(text, at);
    if (end === null) continue;
    const name = text.slice(at, end);
    const trade = tradeAfterName(text, end);
    if (!trade || normalizeForMatch(name).split(' ').includes(trade)) continue;
    if (!siteIsTrade($, trade, normalizeForMatch(text.slice(m.index, end)))) continue;
    yield { name, givenOnly: full === null, quote: sentenceAround(text, m.index, end) };
  }
}
