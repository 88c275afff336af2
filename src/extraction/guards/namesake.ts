import type { CitedQuote } from '../evidence-base.ts';
import { matchKey } from '../quote-match.ts';
import { FOUNDER_WORDS, NAMESAKE_OWNER_WORDS, wordsSource } from '../vocabulary.ts';

/**
 * "Jane Doe is the founder of Acme", "Becca is a home baker turned small business owner": a
 * sentence that says what someone is, the role right after the verb. The extractor reads it in
 * page text, the verifier in normalised quotes, by the same patterns (case-insensitive).
 *
 * A one-person business is often named after its owner ("Becca's Cakes and Bakes"): a given name
 * alone is read as its head only when it is the first word of the business's own name and its
 * sentence gives it a founder or owner role. Owner words ("business owner") count only there: of
 * anyone else they may describe a customer.
 */

/** The verb "to be" (or a dash) between a name and its role, in the languages sites are commonly written in. */
export const COPULA = /\s*[\u2013\u2014-]\s+|\s+(?:is|was|ist|war|est|était|es|era|fue|è|é|foi|är|var|er|jest|je|была|был)\s+/iuy;

/** Founder words that are verbs ("founded", "gegründet"): "Acme was founded by …" says who founded it, not that Acme is a founder. */
const FOUNDING_VERBS = new Set([
  'founded', 'co-founded', 'written by', 'created by', 'gegründet von', 'gegründet', 'gründete', 'fondé par', 'fondée par', 'fondé',
  'fondée', 'a fondé', 'fundada por', 'fundado por', 'fundó', 'fundada', 'fundado', 'fondata', 'fondato', 'opgericht', 'založil',
  'založila', 'vertreten durch',
]);

const ROLE_NOUNS = FOUNDER_WORDS.filter((w) => !FOUNDING_VERBS.has(w));
/** A founder's role as a noun ("the founder", "Geschäftsführerin"). */
export const FOUNDER_NOUN = new RegExp(wordsSource(ROLE_NOUNS), 'giu');
/** The same, or an owner word, for the person a business is named after. */
export const NAMESAKE_ROLE = new RegExp(wordsSource([...ROLE_NOUNS, ...NAMESAKE_OWNER_WORDS]), 'giu');

/** How many characters of words ("a home baker turned small") may stand between the verb and the role. */
export const COPULA_ROLE_REACH = 30;
/** What may stand there: letters, spaces, apostrophes and hyphens, never the end of a clause. */
const ROLE_WORDING = /[\p{L}\p{M}\s'’-]*/uy;
/** An article before the role is not part of it ("the founder" → "founder"). */
export const ARTICLE = /^(?:a|an|the|der|die|das|ein|eine|le|la|les|un|une|el|il|lo|uno|una|o|um|uma|de|het|een|en|ett)\s+/iu;
/**
 * Words that make the role someone else's: "the wife of the founder", "die Tochter vom Inhaber",
 * "la figlia del fondatore", "a friend to our owner".
 */
const LINKING_WORD = /(?<![\p{L}])(?:of|to|for|with|von|vom|zum|zur|des|de|du|di|del|della|dello|da|do|dos|van|av|af|för|till|med|od|для|при)(?![\p{L}])/iu;

/**
 * The role a name ending at `nameEnd` is given by the verb after it ("… is a home baker turned
 * small business owner" → its start and the end of "owner"), or null. The role must stand within
 * reach, in one clause, and not be a possessive ("the owner's dog").
 */
export function roleAfterCopula(text: string, nameEnd: number, role: RegExp): { start: number; end: number } | null {
  COPULA.lastIndex = nameEnd;
  if (!COPULA.test(text)) return null;
  const start = COPULA.lastIndex;
  ROLE_WORDING.lastIndex = start;
  ROLE_WORDING.test(text);
  const window = text.slice(start, Math.min(ROLE_WORDING.lastIndex, start + COPULA_ROLE_REACH + 30));
  role.lastIndex = 0;
  for (const m of window.matchAll(role)) {
    // Dutch "de" is an article ("is de oprichter"), elsewhere "of": only after the first word.
    if (m.index > COPULA_ROLE_REACH || LINKING_WORD.test(window.slice(0, m.index).replace(ARTICLE, ''))) break;
    const end = start + m.index + m[0].length;
    if (text[end] === "'" || text[end] === '’') continue;
    return { start, end };
  }
  return null;
}

/** Whether a one-word name opens one of the business's own names (comparison keys) and is not the whole of it. */
export function namesTheBusiness(givenName: string, ownNames: readonly string[]): boolean {
  const k = matchKey(givenName);
  return k.length >= 3 && ownNames.some((own) => own.length > k.length && own.startsWith(k));
}

/**
 * The one-word name at `at` in the quote (both normalised) opens the business's name, and the
 * verb after it gives it a founder or owner role: "becca is a home baker turned small business owner".
 */
export function namesakeWithRole(q: CitedQuote, at: number, normName: string, ownNames: readonly string[]): boolean {
  if (normName.includes(' ') || !namesTheBusiness(normName, ownNames)) return false;
  if (at > 0 && /[\p{L}\p{N}]/u.test(q.norm[at - 1])) return false;
  return roleAfterCopula(q.norm, at + normName.length, NAMESAKE_ROLE) !== null;
}
