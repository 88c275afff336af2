import type { Element } from 'domhandler';
import { elementText, textLines } from '../element-text.ts';
import { LETTER_REACH } from '../guards/founders.ts';
import { foundingIdeaAt, statesFounding } from '../guards/founding-idea.ts';
import { matchKey, normalizeForMatch } from '../quote-match.ts';
import { FIRST_PERSON_FOUNDER } from '../vocabulary.ts';
import { signatureName } from './person-names.ts';
import { inChrome } from './sections.ts';
import { clean, type SitePage } from './site.ts';

/** Elements a paragraph may hold and still be one paragraph. */
export const INLINE = new Set(['a', 'span', 'em', 'i', 'b', 'strong', 'small', 'br', 'abbr', 'bdi']);

/** How far up from the paragraph that says "I founded" the letter's box may be. */
const LETTER_DEPTH = 3;

export interface SignedLetter {
  name: string;
  quote: string;
  /** Signed with a given name alone ("Valma"). */
  givenOnly: boolean;
}

/**
 * "Dobrý den, … jsem založil …" … "Bc. Jan M. Kasl": a text in which someone says they founded
 * the business, or tells in the first person where the idea of founding it came from
 * (guards/founding-idea.ts), and whose last line is a name alone, signs the founder's own words.
 * The signature may be the paragraph's own last line (lines kept apart by <br>) or the last line
 * of the box around it; a given name alone signs too ("Valma"). The quote runs from the founding
 * sentence (a story of the idea: from its start) to the signature (the guard checks that it reads
 * as one letter).
 */
export function signedLetters(page: SitePage, ownNames: readonly string[]): SignedLetter[] {
  const $ = page.$;
  const out: SignedLetter[] = [];
  $('p, li, div').each((_, el) => {
    if (el.children.some((c) => c.type === 'tag' && !INLINE.has((c as Element).name)) || inChrome($, el)) return;
    const said = clean(elementText(el));
    const norm = normalizeForMatch(said);
    // Where the founding sentence is: "I founded …", else the sentence of the idea.
    const founded = FIRST_PERSON_FOUNDER.test(norm);
    const idea = founded ? -1 : foundingIdeaAt(norm, ownNames);
    if (!founded && idea === -1) return;
    const letter = signedBelow(el, said, idea, ownNames);
    // The quote must state it by itself, as the guard reads only the quote (the idea's "I" may be anywhere in the story).
    if (!letter || letter.quote.length > LETTER_REACH || !statesFounding(normalizeForMatch(letter.quote), ownNames)) return;
    out.push(letter);
  });
  return out;
}

/** The letter `el` opens: signed on its own last line (lines kept apart by <br>), or by the last line of the box around it. */
function signedBelow(el: Element, said: string, idea: number, ownNames: readonly string[]): SignedLetter | null {
  const own = textLines(el).map(clean).filter(Boolean);
  const ownSigner = own.length >= 2 ? signer(own[own.length - 1], ownNames) : null;
  if (ownSigner) return { ...ownSigner, quote: sentenceFrom(said, idea) };
  const box = signedBox(el, ownNames);
  if (!box) return null;
  const lines = textLines(box).map(clean).filter(Boolean);
  const from = lines.indexOf(said);
  const last = signer(lines[lines.length - 1], ownNames);
  if (from === -1 || from === lines.length - 1 || !last) return null;
  return { ...last, quote: [sentenceFrom(said, idea), ...lines.slice(from + 1)].join(' ') };
}

/** Words that close a letter on a line of their own and are no name. */
const SIGN_OFFS = new Set([
  'thanks', 'cheers', 'regards', 'best', 'love', 'danke', 'grüße', 'merci', 'amitiés', 'gracias', 'saludos', 'obrigado', 'obrigada',
  'grazie', 'saluti', 'bedankt', 'groeten', 'dziękuję', 'pozdrawiam', 'děkuji', 'ďakujem', 'tack', 'hälsningar', 'tak', 'takk',
  'hilsen', 'kiitos', 'terveisin', 'teşekkürler', 'спасибо', 'дякую', 'xoxo', 'team',
]);
/** A given name alone: one capitalised word of letters (a hyphen inside: "Anne-Marie"). */
const GIVEN_SIGNATURE = /^\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?$/u;

/** The name a line signs with, or null; one word that is the business's own name ("Famula") signs as the business, not a person. */
function signer(line: string | undefined, ownNames: readonly string[]): { name: string; givenOnly: boolean } | null {
  if (!line) return null;
  const full = signatureName(line);
  if (full) return { name: full, givenOnly: false };
  const given = line.length <= 30 && GIVEN_SIGNATURE.test(line) && !SIGN_OFFS.has(line.toLowerCase()) && !ownNames.includes(matchKey(line));
  return given ? { name: line, givenOnly: true } : null;
}

/** The nearest box around `el` (up to LETTER_DEPTH levels) whose last line is a signature. */
function signedBox(el: Element, ownNames: readonly string[]): Element | null {
  let box: Element = el;
  for (let depth = 0; depth < LETTER_DEPTH; depth++) {
    if (!box.parent || box.parent.type !== 'tag' || /^(body|main)$/.test((box.parent as Element).name)) return null;
    box = box.parent as Element;
    const lines = textLines(box).map(clean).filter(Boolean);
    if (lines.length >= 2 && signer(lines[lines.length - 1], ownNames)) return box;
  }
  return null;
}

/**
 * The text from the start of the sentence that says "I founded" to the paragraph's end; a story of
 * where the idea came from (`idea` is not -1) whole, as its first person may be in its opening.
 */
function sentenceFrom(text: string, idea: number): string {
  if (idea !== -1) return text;
  const at = normalizeForMatch(text).search(FIRST_PERSON_FOUNDER);
  const before = text.slice(0, Math.max(0, at));
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  return cut === -1 ? text : text.slice(cut + 2);
}
