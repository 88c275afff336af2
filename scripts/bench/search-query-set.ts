/**
 * The distinct misspelled searches (issue 32, goal 1): two words of one listing's tagline, in
 * their order there, each with one typing mistake. Real words of one product, so the query means
 * something and matches a listing once corrected; every query differs from every other and so
 * does every pair of words under it, so no cache of answers or of corrected queries answers one
 * for another.
 */
import { createRandom, hashSeed } from '../../src/demo/random.ts';
import { contentWords, type SearchableListing } from './search-corpus.ts';
import { misspell, type Edit } from './search-typos.ts';

export interface MisspelledQuery {
  q: string;
  /** The words before the typos. */
  words: [string, string];
  edits: [Edit, Edit];
  /** The listing whose tagline holds both words. */
  listing: string;
}

/**
 * `counts` queries for each named group, all distinct across groups (e.g. the load row's 2,000
 * and the one-at-a-time row's 200), drawn from `sources` (listings whose taglines hold the words).
 */
export function misspelledQueries<K extends string>(
  sources: readonly SearchableListing[],
  known: ReadonlySet<string>,
  counts: Record<K, number>,
  seed = 'search-bench-misspelled',
): Record<K, MisspelledQuery[]> {
  const rng = createRandom(hashSeed(seed));
  const withWords = sources.map((l) => ({ slug: l.slug, words: contentWords(l.tagline) })).filter((s) => s.words.length >= 2);
  const pairs = new Set<string>();
  const queries = new Set<string>();
  const out = {} as Record<K, MisspelledQuery[]>;
  for (const group of Object.keys(counts) as K[]) {
    const list: MisspelledQuery[] = [];
    for (let attempts = 0; list.length < counts[group]; attempts++) {
      if (attempts > counts[group] * 50) throw new Error(`only ${list.length} distinct misspelled queries for ${group} from ${withWords.length} taglines`);
      const source = rng.pick(withWords);
      const i = rng.int(0, source.words.length - 2);
      const j = rng.int(i + 1, source.words.length - 1);
      const words: [string, string] = [source.words[i], source.words[j]];
      const pair = [...words].sort().join(' ');
      if (pairs.has(pair)) continue;
      const a = misspell(words[0], rng, known);
      const b = misspell(words[1], rng, known);
      if (!a || !b) continue;
      const q = `${a.typo} ${b.typo}`;
      if (queries.has(q)) continue;
      pairs.add(pair);
      queries.add(q);
      list.push({ q, words, edits: [a.edit, b.edit], listing: source.slug });
    }
    out[group] = list;
  }
  return out;
}
