import type { CitedQuote } from '../evidence-base.ts';
import { normalizeForMatch } from '../quote-match.ts';

const STOPWORDS = new Set(['and', 'or', 'for', 'the', 'of', 'a', 'an', 'to', 'und', 'oder', 'für', 'et', 'ou', 'pour', 'les', 'des', 'de', 'y', 'e', 'para', 'per', 'il', 'la', 'el', 'en']);

/** The words of a category name that must be found: "Developer Tools" → developer, tools. */
function significantWords(name: string): string[] {
  return normalizeForMatch(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/**
 * Whether the quotes use the words of a category name: each significant word of the name must
 * begin a word of the quotes ("tool" finds "tools" and "tooling"; a trailing plural s is
 * forgiven: "tools" finds "tool"). So a category is the site's own words matched against the
 * category list, never a classification the site does not support.
 */
export function quotesUseCategory(name: string, quotes: readonly CitedQuote[]): boolean {
  const words = significantWords(name);
  if (words.length === 0) return false;
  const text = quotes.map((q) => q.norm).join(' \n ');
  return words.every((w) => startsWord(text, w) || (w.length > 4 && w.endsWith('s') && startsWord(text, w.slice(0, -1))));
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
