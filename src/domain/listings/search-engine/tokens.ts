/**
 * How text becomes search terms, the same way for listings and for queries: letters and digits,
 * unaccented, lower case; English words stemmed with Porter2 (Snowball's "english", as
 * PostgreSQL's to_tsvector('english') does) so "analytics" finds "analytic".
 */
import { stem as porter2 } from 'porter2';

/** PostgreSQL's english.stop (Snowball's list): dropped from a query that has other words. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its ' +
    'itself they them their theirs themselves what which who whom this that these those am is are was were be been being have ' +
    'has had having do does did doing a an the and but if or because as until while of at by for with about against between ' +
    'into through during before after above below to from up down in out on off over under again further then once here there ' +
    'when where why how all any both each few more most other some such no nor not only own same so than too very s t can will ' +
    'just don should now').split(' '),
);

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const LATIN = /^[a-z0-9]+$/;

/** The words of a text, unaccented and lower case, in order (repeats kept: positions matter). */
export function words(text: string): string[] {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().normalize('NFKC').match(WORD) ?? [];
}

const stems = new Map<string, string>();
const STEM_CACHE = 200_000;

/** A word's search term: its Porter2 stem when it is written in Latin letters, else itself. */
export function termOf(word: string): string {
  if (!LATIN.test(word) || word.length < 3) return word;
  let s = stems.get(word);
  if (s === undefined) {
    s = porter2(word);
    // The vocabulary of a directory is bounded in practice; a flood of made-up words is not kept.
    if (stems.size < STEM_CACHE) stems.set(word, s);
  }
  return s;
}
