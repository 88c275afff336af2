import type { CitedQuote } from '../evidence-base.ts';
import { containsPhrase, normalizeForMatch, UNSPACED } from '../quote-match.ts';
import { statesOpeningHours } from './opening-hours.ts';
import { applicationCategoryWords, typeWords } from './schema-kinds.ts';

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
  if (words.length > 0 && words.every((w) => startsWord(text, w) || (w.length > 4 && w.endsWith('s') && startsWord(text, w.slice(0, -1))))) return true;
  return kindIsCategory(statedKinds(quotes.map((q) => q.quote)), name, keywords);
}

/** The kind a place that states its opening hours is: one that receives people. */
export const LOCAL_BUSINESS = 'local business';

/**
 * What quotes say a business is without using a category's words: the schema.org type of its
 * structured data (`json-ld @type: Restaurant`, `json-ld applicationCategory: GameApplication`, as
 * the crawler stores them) and opening hours it states (a place people come to). The answer is
 * plain words (food, restaurant; local business), for kindIsCategory to find in the tree.
 */
export function statedKinds(quotes: readonly string[]): string[] {
  const words: string[] = [];
  for (const quote of quotes) {
    for (const raw of quote.split('\n')) {
      const line = raw.trim();
      if (!line.startsWith(JSON_LD_LINE)) continue;
      const colon = line.indexOf(': ');
      if (colon < 0) continue;
      const path = line.slice(JSON_LD_LINE.length, colon);
      const value = line.slice(colon + 2);
      // Only a top-level type: the crawler keeps no nested one, and a nested node (an offer's
      // seller, a review's author) is not what the site is.
      if (path === '@type') words.push(...typeWords(value));
      else if (path === 'applicationCategory' || path.endsWith('.applicationCategory')) words.push(...applicationCategoryWords(value));
    }
    if (statesOpeningHours(quote)) words.push(LOCAL_BUSINESS);
  }
  return words;
}

const JSON_LD_LINE = 'json-ld ';

/**
 * Whether one of the kind words is the category: its name (either number) or one of its keywords,
 * word for word. Whole-phrase equality, not the looser matching of page text: a kind word is
 * ours, and "software" must find Software, not every category with a keyword that starts with it.
 */
export function kindIsCategory(kinds: readonly string[], name: string, keywords: readonly string[] = []): boolean {
  if (kinds.length === 0) return false;
  const n = normalizeForMatch(name);
  const forms = new Set([n, n.endsWith('s') ? n.slice(0, -1) : `${n}s`, ...keywords.map(normalizeForMatch)]);
  return kinds.some((k) => forms.has(normalizeForMatch(k)));
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
  if (UNSPACED.test(k)) return occursUnspaced(normText, k);
  const text = UNSPACED.test(normText) ? spacedAtScripts(normText) : normText;
  if (containsPhrase(text, k)) return true;
  const stems = k.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stemOf);
  if (stems.length === 0) return false;
  const words = wordsOf(text);
  for (let i = 0; i + stems.length <= words.length; i++) {
    if (stems.every((s, j) => (s.whole ? words[i + j] === s.text : words[i + j].startsWith(s.text)))) return true;
  }
  return false;
}

/**
 * A keyword in a script without spaces, as characters of the text. Katakana writes loanwords, and
 * a run of katakana is one word: a katakana keyword inside a longer run is part of another word
 * ("ドメイン" in "クロスドメイン", cross-domain; "サービス" in "サービスプロセス"), while kanji
 * around it are just the next word ("独自ドメイン").
 */
function occursUnspaced(normText: string, k: string): boolean {
  const first = isKatakana(k.codePointAt(0) ?? 0);
  const last = isKatakana(k.codePointAt(k.length - 1) ?? 0);
  for (let at = normText.indexOf(k); at !== -1; at = normText.indexOf(k, at + 1)) {
    if (first && at > 0 && isKatakana(normText.codePointAt(at - 1) ?? 0)) continue;
    if (last && isKatakana(normText.codePointAt(at + k.length) ?? 0)) continue;
    return true;
  }
  return false;
}

/** Katakana letters and the long-vowel mark that extends them; not the middle dot (・), which separates words. */
function isKatakana(cp: number): boolean {
  return (cp >= 0x30a1 && cp <= 0x30fa) || cp === 0x30fc || (cp >= 0x31f0 && cp <= 0x31ff);
}

/**
 * Japanese and Chinese write Latin words straight against their own characters ("AIと技術",
 * "SNS運用"): the change of script is the word's edge, so a space is put there before Latin
 * keywords are looked for. Cached: every category's keywords are tried against the same texts.
 */
function spacedAtScripts(text: string): string {
  let spaced = spacedCache.get(text);
  if (spaced === undefined) {
    let out = '';
    let prev = '';
    for (const ch of text) {
      if (prev && isWordChar(prev) && isWordChar(ch) && UNSPACED.test(prev) !== UNSPACED.test(ch)) out += ' ';
      out += ch;
      prev = ch;
    }
    spaced = out;
    if (spacedCache.size > 256) spacedCache.clear();
    spacedCache.set(text, spaced);
  }
  return spaced;
}
const spacedCache = new Map<string, string>();

function isWordChar(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase() || (ch >= '0' && ch <= '9') || UNSPACED.test(ch);
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
