import type { CheerioAPI } from 'cheerio';
import type { CitedQuote } from '../evidence-base.ts';
import { normalizeForMatch } from '../quote-match.ts';
import { wordsSource } from '../vocabulary.ts';

/**
 * "Je suis Claire, apicultrice dans l'Aveyron" on a site headed "Apicultrice dans l'Aveyron":
 * a one-person business's owner introduces themselves by their trade,
 * and the trade is what the site says it is. The person who says "I am <name>, <trade>" in the
 * site's own voice, with the trade word in the page's title, main heading or the heading right
 * under it, is the person the business is. What keeps others out:
 *  - "I am" opens the sentence (or follows a greeting's comma): "Tom said I'm Jane, …" is not the speaker;
 *  - the word after the name is the trade itself, not "your guide", "welcome", "and";
 *  - a customer's "I'm Marie, a baker, and I love …" names their own trade, which is not the
 *    site's (and testimonials, quotations and attributions are refused before this is asked).
 * The extractor reads page text, the verifier normalised quotes, by the same patterns
 * (case-insensitive); the extractor also reads it only on the home and about pages.
 */

/** "I am" before a name, in the languages whose sites say "I am <name>, <trade>" (Russian and Ukrainian drop the verb). */
const I_AM_WORDS = [
  'i am', "i'm", 'i’m', 'ich bin', 'je suis', 'soy', 'yo soy', 'sou', 'eu sou', 'sono', 'io sono', 'ik ben', 'jestem', 'jsem',
  'som', 'jag är', 'jeg er', 'olen', 'minä olen', 'я',
];
/** "I am " at the end of the text before a name. */
export const I_AM_BEFORE_NAME = new RegExp(`(?:${wordsSource(I_AM_WORDS)})\\s+$`, 'iu');
/** "I am " before a capital, anywhere (for the extractor to read the name after it). */
export const I_AM_MENTION = new RegExp(`(?:${wordsSource(I_AM_WORDS)})\\s+(?=\\p{Lu})`, 'giu');

/** ", a potter", ", apicultrice", ", Winzerin": the word after the name's comma, past an indefinite article. */
const TRADE_AFTER_NAME = /,\s+(?:(?:a|an|un|une|ein|eine|een|una|uno|um|uma|en)\s+)?(\p{L}[\p{L}\p{M}-]*)/iuy;
/** A trade word is a word of its own, not a short function word. */
const TRADE_MIN = 4;
/**
 * Words that may follow "I am <name>," and are no trade: second-person possessives ("your guide
 * for today"), greetings ("welcome to …"), and the glad-to-meet-you adjectives.
 */
const NOT_TRADES = new Set([
  'your', 'yours', 'votre', 'vous', 'dein', 'deine', 'deinen', 'ihre', 'ihren', 'euer', 'eure', 'vuestro', 'vuestra', 'tuoi',
  'vostro', 'vostra', 'vostri', 'jouw', 'twój', 'twoja', 'wasz', 'wasza', 'vaše', 'vaši', 'tvůj', 'tvoje', 'ditt', 'dina', 'sinun',
  'teidän', 'ваш', 'ваша', 'ваше', 'твой', 'твоя', 'твій', 'ваші',
  'welcome', 'bienvenue', 'willkommen', 'bienvenido', 'bienvenida', 'bienvenidos', 'benvenuto', 'benvenuti', 'bem-vindo',
  'bem-vinda', 'bem-vindos', 'welkom', 'witamy', 'witaj', 'vítejte', 'vitajte', 'välkommen', 'velkommen', 'tervetuloa', 'добро',
  'ласкаво', 'nice', 'glad', 'happy', 'ravi', 'ravie', 'heureux', 'heureuse', 'enchanté', 'enchantée', 'froh', 'encantado',
  'encantada', 'lieto', 'lieta', 'blij', 'and', 'also', 'here', 'just',
]);

/** The trade word after the name ending at `nameEnd` (normalised), or null. */
export function tradeAfterName(text: string, nameEnd: number): string | null {
  TRADE_AFTER_NAME.lastIndex = nameEnd;
  const word = TRADE_AFTER_NAME.exec(text)?.[1];
  if (!word) return null;
  const w = normalizeForMatch(word);
  return w.length >= TRADE_MIN && !NOT_TRADES.has(w) ? w : null;
}

/**
 * "I am" at `at` opens its sentence: nothing before it, or a sentence end or a greeting's comma
 * ("Hello, I'm …"). Not a colon: "she told me: I am …" reports someone else.
 */
export function opensClause(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  return i === 0 || '.!?,'.includes(text[i - 1]);
}

/** "Flour for bakers", "Vous êtes boulanger ?": a heading that names its audience's trade, not the business's. */
const FOR_WORDS = new Set(['for', 'für', 'pour', 'para', 'per', 'voor', 'dla', 'pro', 'för', 'til', 'для']);

/**
 * The trade is what the page says the business is: a word of its title, its main heading or the
 * heading right under it, other than the introduction's own line, not a question and not after "for".
 */
export function siteIsTrade($: CheerioAPI, trade: string, introduction: string): boolean {
  const lines = [$('title').first().text()];
  $('h1').each((_, h) => {
    lines.push($(h).text());
    const next = $(h).next();
    if (next.is('h2, h3, h4')) lines.push(next.text());
  });
  return lines
    .map(normalizeForMatch)
    .filter((l) => !l.includes(introduction) && !l.includes('?'))
    .some((l) => {
      const words = l.split(/[^\p{L}\p{M}\p{N}-]+/u);
      return words.some((w, i) => w === trade && !FOR_WORDS.has(words[i - 1] ?? ''));
    });
}

/**
 * The name at `at` in the quote (both normalised) introduces itself by the site's trade: "i am"
 * right before it opens the sentence (within the quote, or on the page right before the quote),
 * and the word after its comma is a trade word the page's headings give.
 */
export function introducedWithTrade(q: CitedQuote, at: number, normName: string): boolean {
  const before = q.norm.slice(Math.max(0, at - 16), at);
  const iAm = I_AM_BEFORE_NAME.exec(before);
  if (!iAm) return false;
  const iAmAt = at - before.length + iAm.index;
  if (!opensClause(q.norm, iAmAt) || (iAmAt === 0 && !opensOnPage(q))) return false;
  const trade = tradeAfterName(q.norm, at + normName.length);
  return trade !== null && !normName.split(' ').includes(trade) && siteIsTrade(q.cited.dom(), trade, q.norm.slice(iAmAt, at + normName.length));
}

/** The quote stands on a line of the page where a sentence or a greeting begins. */
function opensOnPage(q: CitedQuote): boolean {
  return q.cited.page.text.split('\n').some((line) => {
    const l = normalizeForMatch(line);
    for (let i = l.indexOf(q.norm); i !== -1; i = l.indexOf(q.norm, i + 1)) if (opensClause(l, i)) return true;
    return false;
  });
}
