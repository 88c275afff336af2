import type { CitedQuote } from '../evidence-base.ts';
import { containsPhrase, normalizeForMatch, UNSPACED } from '../quote-match.ts';

const STOPWORDS = new Set(['and', 'or', 'for', 'the', 'of', 'a', 'an', 'to', 'und', 'oder', 'für', 'et', 'ou', 'pour', 'les', 'des', 'de', 'y', 'e', 'para', 'per', 'il', 'la', 'el', 'en']);

/** The words of a category name that must be found: "Developer Tools" → developer, tools. */
function significantWords(name: string): string[] {
  return normalizeForMatch(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/**
 * Whether the quotes use the words of a category name, or one of the words the category is also
 * known by. Name: each significant word must begin a word of the quotes ("tool" finds "tools"
 * and "tooling"; a trailing plural s is forgiven: "tools" finds "tool"). Keyword: the whole
 * keyword as words of the quotes (in scripts written without spaces, as a run of characters). So
 * a category is the site's own words matched against the category list, never a classification
 * the site does not support.
 */
export function quotesUseCategory(name: string, quotes: readonly CitedQuote[], keywords: readonly string[] = []): boolean {
  const text = quotes.map((q) => q.norm).join(' \n ');
  if (keywords.some((k) => usesKeyword(text, k))) return true;
  const words = significantWords(name);
  if (words.length === 0) return false;
  return words.every((w) => startsWord(text, w) || (w.length > 4 && w.endsWith('s') && startsWord(text, w.slice(0, -1))));
}

/**
 * A keyword as words of `normText` (already normalised), or as characters where the script has
 * no spaces. Words may be inflected: each word of five letters or more matches a text word that
 * begins with it ("developer" finds "developers"), and a Cyrillic one without its final vowel
 * ("разработка" finds "разработки"); shorter words ("api", "app") must be whole.
 */
export function usesKeyword(normText: string, keyword: string): boolean {
  const k = normalizeForMatch(keyword);
  if (k.length < 2) return false;
  if (UNSPACED.test(k)) return normText.includes(k);
  if (containsPhrase(normText, k)) return true;
  const stems = k.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stemOf);
  if (stems.length === 0) return false;
  const words = wordsOf(normText);
  for (let i = 0; i + stems.length <= words.length; i++) {
    if (stems.every((s, j) => (s.whole ? words[i + j] === s.text : words[i + j].startsWith(s.text)))) return true;
  }
  return false;
}

const CYRILLIC_ENDING = /[аеёиоуыэюяйь]$/u;

function stemOf(word: string): { text: string; whole: boolean } {
  if (word.length < 5) return { text: word, whole: true };
  return { text: /\p{Script=Cyrillic}/u.test(word) ? word.replace(CYRILLIC_ENDING, '') : word, whole: false };
}

/** The words of a text, remembered for the last few texts: every category's keywords are tried against the same places. */
const wordCache = new Map<string, string[]>();
function wordsOf(text: string): string[] {
  let words = wordCache.get(text);
  if (!words) {
    words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (wordCache.size > 256) wordCache.clear();
    wordCache.set(text, words);
  }
  return words;
}

/** Whether `word` begins a word of `text`. A plain search: the word comes from outside, and a pattern built from it at call time could not be vetted. */
function startsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    WORD_CHAR_BEFORE.lastIndex = at;
    if (!WORD_CHAR_BEFORE.test(text)) return true;
  }
  return false;
}

const WORD_CHAR_BEFORE = /(?<=[\p{L}\p{N}])/uy;

/** Resolves a proposed category to the service's spelling of it, or null when it is not one. */
export function canonicalCategory(value: string, categoryNames: readonly string[]): string | null {
  const v = normalizeForMatch(value);
  return categoryNames.find((c) => normalizeForMatch(c) === v) ?? null;
}
