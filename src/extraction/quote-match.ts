/**
 * How a quote is compared with the stored crawl text. Both sides go through the same
 * normalisation, so a quote still matches when only typography differs: Unicode compatibility
 * forms (NFKC: non-breaking spaces, ligatures, full-width letters, "…"), case, runs of whitespace,
 * curly vs straight quotes and the dash family. Invisible characters (soft hyphen, zero-width
 * space) are dropped. Nothing else is forgiven: words must be the site's words, in the site's order.
 */

const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u02BC\u2039\u203A`\u00B4]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB\u301D\u301E\uFF02]/g;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;

function typography(s: string): string {
  return s
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .toLowerCase();
}

/** The comparison form of a text: see the module comment. */
export function normalizeForMatch(s: string): string {
  return typography(s).replace(/\s+/g, ' ').trim();
}

/**
 * A name's comparison key: its letters and digits in the comparison form, so "Acme Ltd." and
 * "ACME ltd" and "acme-ltd" are one ("acmeltd").
 */
export function matchKey(s: string): string {
  return normalizeForMatch(s).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Collapses whitespace runs to one space and trims: the form values are stored in. */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** True when `quote` appears in `text` after normalisation. An empty quote never matches. */
export function containsQuote(text: string, quote: string): boolean {
  const q = normalizeForMatch(quote);
  return q !== '' && normalizeForMatch(text).includes(q);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** A character of a script written without spaces between words (Japanese, Chinese, Thai): such text has no word edges. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * True when `phrase` occurs in `text` (both already normalised) as whole words: "rom" is not in
 * "roman". Phrases that start or end with punctuation only need the boundary on their word side.
 */
export function containsPhrase(normText: string, normPhrase: string): boolean {
  return phraseIndexes(normText, normPhrase).length > 0;
}

/** Start offsets of whole-word occurrences of `normPhrase` in `normText` (both normalised). */
export function phraseIndexes(normText: string, normPhrase: string): number[] {
  const found: number[] = [];
  if (normPhrase === '') return found;
  // Scripts written without spaces (Japanese, Chinese) have no word edges to require.
  const startsWord = WORD_CHAR.test(normPhrase[0]) && !UNSPACED.test(normPhrase[0]);
  const endsWord = WORD_CHAR.test(normPhrase[normPhrase.length - 1]) && !UNSPACED.test(normPhrase[normPhrase.length - 1]);
  for (let i = normText.indexOf(normPhrase); i !== -1; i = normText.indexOf(normPhrase, i + 1)) {
    const before = i > 0 ? normText[i - 1] : '';
    const after = normText[i + normPhrase.length] ?? '';
    // A change into a script written without spaces is a word's edge too ("2019年", "AIと").
    if (startsWord && before && WORD_CHAR.test(before) && !UNSPACED.test(before)) continue;
    if (endsWord && after && WORD_CHAR.test(after) && !UNSPACED.test(after)) continue;
    found.push(i);
  }
  return found;
}

/**
 * Finds candidates in `text` ignoring whitespace entirely (and typography as above) and returns
 * the matching passage of `text` itself, so the quote an extractor stores is the stored text
 * verbatim even when its own idea of where blocks break differs from the crawler's. The index is
 * built once per text: an extractor asks for many candidates on the same page.
 */
export function quoteLocator(text: string): (candidate: string) => string | null {
  let flat = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const t = typography(ch).replace(/\s+/g, '');
    for (let k = 0; k < t.length; k++) origin.push(i);
    flat += t;
    i += ch.length;
  }
  return (candidate) => {
    const needle = typography(candidate).replace(/\s+/g, '');
    if (needle === '') return null;
    const at = flat.indexOf(needle);
    if (at === -1) return null;
    const start = origin[at];
    const lastStart = origin[at + needle.length - 1];
    const end = lastStart + (text.codePointAt(lastStart)! > 0xffff ? 2 : 1);
    return text.slice(start, end).trim();
  };
}

/** `text` without the characters of `marks` at its end (a loop: a trailing character class is quadratic on long runs). */
export function withoutTrailing(text: string, marks: string): string {
  let end = text.length;
  while (end > 0 && marks.includes(text[end - 1])) end--;
  return text.slice(0, end);
}
