import { FOUNDER_WORD, FOUNDER_WORDS_BY_LANGUAGE, wordsSource } from '../vocabulary.ts';

/** Each language's own founder words (see FOUNDER_WORDS_BY_LANGUAGE), global for replacing. */
const BY_LANGUAGE = new Map(Object.entries(FOUNDER_WORDS_BY_LANGUAGE).map(([lang, words]) => [lang, new RegExp(wordsSource(words), 'gu')]));

/** "sv-SE" → "sv". */
function primary(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0];
}

/** The founder words that count only on a page in `lang` ("vd" in Swedish), or null. */
export function languageFounderWords(lang: string): RegExp | null {
  const words = BY_LANGUAGE.get(primary(lang));
  if (words) words.lastIndex = 0;
  return words ?? null;
}

/** A founder word in a normalised text, the words of the page's languages counted. */
export function holdsFounderWord(norm: string, langs: readonly string[]): boolean {
  if (FOUNDER_WORD.test(norm)) return true;
  return langs.some((lang) => {
    const words = languageFounderWords(lang);
    return words !== null && words.test(norm);
  });
}
