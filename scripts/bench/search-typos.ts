/**
 * One typing mistake in a word, chosen by a seeded generator: a letter inserted, deleted,
 * substituted, or two neighbours swapped (the four edits of Damerau–Levenshtein distance 1).
 * The first letter is never touched: people rarely mistype it, and search engines (Meilisearch
 * counts a first-letter typo as two) treat it as a different word.
 */
import type { Random } from '../../src/demo/random.ts';

export const EDITS = ['insertion', 'deletion', 'substitution', 'transposition'] as const;
export type Edit = (typeof EDITS)[number];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * `word` with `edit` applied at `at`: a letter inserted before position `at`, the letter at `at`
 * deleted or replaced, or the letters at `at - 1` and `at` swapped.
 */
export function applyEdit(word: string, edit: Edit, at: number, letter = ''): string {
  switch (edit) {
    case 'insertion':
      return word.slice(0, at) + letter + word.slice(at);
    case 'deletion':
      return word.slice(0, at) + word.slice(at + 1);
    case 'substitution':
      return word.slice(0, at) + letter + word.slice(at + 1);
    case 'transposition':
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  }
}

/**
 * A misspelling of `word` (four letters or more) that is not itself a known word: a real word
 * would be a different query, not a typo. Undefined when twenty draws found none.
 */
export function misspell(word: string, rng: Random, known: ReadonlySet<string>): { typo: string; edit: Edit } | undefined {
  if (word.length < 4) return undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const edit = rng.pick(EDITS);
    // Positions that leave the first letter as it is.
    const at = edit === 'insertion' ? rng.int(1, word.length) : rng.int(edit === 'transposition' ? 2 : 1, word.length - 1);
    const letter = edit === 'insertion' || edit === 'substitution' ? rng.pick([...LETTERS].filter((c) => c !== word[at])) : '';
    const typo = applyEdit(word, edit, at, letter);
    if (typo !== word && !known.has(typo)) return { typo, edit };
  }
  return undefined;
}
