/**
 * The relevance set (issue 32, goal 1): queries a person types, each with the listings a person
 * expects at the top and why, judged over every live listing of the seeded directory (the first
 * JUDGED_LISTINGS of seed:scale), so the judgements are complete: a listing not named for a query
 * is not relevant to it. Every reason names a field a person can read on the listing's page.
 *
 * Five kinds, each target a listing among the first SOURCE_LISTINGS:
 *   name          a listing's exact name, one of at most 3 listings so named
 *   name typo     such a name with one typing mistake
 *   name + word   a common name (4–15 listings) and a word of the target's keywords that tells it
 *                 from its namesakes
 *   phrase        "{adjective} {thing} for {audience}", a tagline without its "The"
 *   phrase typo   such a phrase with one of its words mistyped
 * Gains: 3 the listing the query names; 2 the phrase in its description rather than its tagline;
 * 1 related (a namesake without the word; every word of the phrase, not as the phrase).
 */
import { createRandom, hashSeed, type Random } from '../../src/demo/random.ts';
import { SOURCE_LISTINGS, wordsOf, type SearchableListing } from './search-corpus.ts';
import { misspell } from './search-typos.ts';

export type Gain = 1 | 2 | 3;
export interface Judgement {
  slug: string;
  gain: Gain;
  why: string;
}
export type RelevanceKind = 'name' | 'name typo' | 'name + word' | 'phrase' | 'phrase typo';
export interface RelevanceQuery {
  q: string;
  kind: RelevanceKind;
  /** What the query stands for, in words. */
  about: string;
  expect: Judgement[];
}

export const RELEVANCE_COUNTS: Record<RelevanceKind, number> = { name: 25, 'name typo': 25, 'name + word': 20, phrase: 20, 'phrase typo': 20 };

/** Glue words of a phrase: "every word" judgements leave them out (the english stemmer drops them too). */
const GLUE = new Set(['a', 'an', 'the', 'for', 'to', 'of', 'in', 'and', 'with', 'that', 'you']);

const seq = (words: readonly string[]) => ` ${words.join(' ')} `;

interface Indexed extends SearchableListing {
  nameKey: string;
  taglineSeq: string;
  descriptionSeq: string;
}

export function relevanceSet(judged: readonly SearchableListing[], known: ReadonlySet<string>, seed = 'search-bench-relevance'): RelevanceQuery[] {
  const rng = createRandom(hashSeed(seed));
  const listings: Indexed[] = judged.map((l) => ({
    ...l,
    nameKey: l.name.toLowerCase(),
    taglineSeq: seq(wordsOf(l.tagline)),
    descriptionSeq: seq(wordsOf(l.description)),
  }));
  const byName = new Map<string, Indexed[]>();
  for (const l of listings) {
    const group = byName.get(l.nameKey);
    if (group) group.push(l);
    else byName.set(l.nameKey, [l]);
  }
  // Whoever a phrase judgement can name holds every word of it: its candidates are the holders of its rarest word.
  const byWord = new Map<string, Indexed[]>();
  for (const l of listings) {
    for (const w of l.words) {
      const holders = byWord.get(w);
      if (holders) holders.push(l);
      else byWord.set(w, [l]);
    }
  }
  const sources = rng.shuffle(listings.filter((l) => l.index < SOURCE_LISTINGS));
  const usedNames = new Set<string>();
  const usedPhrases = new Set<string>();
  const out: RelevanceQuery[] = [];
  const take = (kind: RelevanceKind, make: (l: Indexed) => RelevanceQuery | undefined) => {
    let n = 0;
    for (const l of sources) {
      if (n === RELEVANCE_COUNTS[kind]) return;
      const query = make(l);
      if (query && !out.some((o) => o.q.toLowerCase() === query.q.toLowerCase())) {
        out.push(query);
        n++;
      }
    }
    throw new Error(`only ${n} relevance queries of kind ${kind}`);
  };

  const namesakes = (l: Indexed) => byName.get(l.nameKey)!;
  const sameName = (l: Indexed, how = '') => namesakes(l).map((m) => ({ slug: m.slug, gain: 3 as Gain, why: `name is "${m.name}"${how}` }));

  take('name', (l) => {
    if (namesakes(l).length > 3 || usedNames.has(l.nameKey)) return undefined;
    usedNames.add(l.nameKey);
    return { q: l.name, kind: 'name', about: `the name of ${l.slug}`, expect: sameName(l) };
  });

  take('name typo', (l) => {
    if (namesakes(l).length > 3 || usedNames.has(l.nameKey) || !/^[a-z]{7,}$/.test(l.nameKey)) return undefined;
    const typo = misspell(l.nameKey, rng, known);
    if (!typo) return undefined;
    usedNames.add(l.nameKey);
    return { q: typo.typo, kind: 'name typo', about: `"${l.name}" with one ${typo.edit}`, expect: sameName(l, ` (the query mistypes it: ${typo.edit})`) };
  });

  take('name + word', (l) => {
    const group = namesakes(l);
    if (group.length < 4 || group.length > 15 || usedNames.has(l.nameKey) || !/^[a-z]+$/.test(l.nameKey)) return undefined;
    const word = nameWord(l, group, rng);
    if (!word) return undefined;
    usedNames.add(l.nameKey);
    return {
      q: `${l.name} ${word}`,
      kind: 'name + word',
      about: `the ${l.name} whose keywords say "${word}" (${l.slug})`,
      expect: [
        ...group.filter((m) => m.words.has(word)).map((m) => ({ slug: m.slug, gain: 3 as Gain, why: `name is "${m.name}" and its ${fieldsWith(m, word)} say "${word}"` })),
        ...group.filter((m) => !m.words.has(word)).map((m) => ({ slug: m.slug, gain: 1 as Gain, why: `name is "${m.name}", but neither its tagline, description nor keywords say "${word}"` })),
      ],
    };
  });

  const phraseOf = (l: Indexed) => /^The (.+ for .+)$/.exec(l.tagline)?.[1].toLowerCase();
  take('phrase', (l) => {
    const phrase = phraseOf(l);
    if (!phrase || usedPhrases.has(phrase)) return undefined;
    const expect = phraseJudgements(phrase, byWord);
    if (!expect) return undefined;
    usedPhrases.add(phrase);
    return { q: phrase, kind: 'phrase', about: `the tagline of ${l.slug} without its "The"`, expect };
  });

  take('phrase typo', (l) => {
    const phrase = phraseOf(l);
    if (!phrase || usedPhrases.has(phrase)) return undefined;
    const expect = phraseJudgements(phrase, byWord);
    const words = phrase.split(' ');
    const mistypable = words.map((w, i) => i).filter((i) => /^[a-z]{5,}$/.test(words[i]));
    if (!expect || !mistypable.length) return undefined;
    const at = rng.pick(mistypable);
    const typo = misspell(words[at], rng, known);
    if (!typo) return undefined;
    usedPhrases.add(phrase);
    const q = [...words.slice(0, at), typo.typo, ...words.slice(at + 1)].join(' ');
    return { q, kind: 'phrase typo', about: `the tagline of ${l.slug} without its "The", "${words[at]}" with one ${typo.edit}`, expect };
  });
  return out;
}

/** The fields of a listing where `word` appears, for a reason a person can check. */
function fieldsWith(l: SearchableListing, word: string): string {
  const fields = [
    ['keywords', l.keywords.join(' ')],
    ['tagline', l.tagline],
    ['description', l.description],
  ].filter(([, text]) => wordsOf(text).includes(word));
  return fields.map(([f]) => f).join(' and ');
}

/**
 * A word of the target's keywords (five letters or more) that 1–3 of the listings so named hold
 * and none holds a look-alike of (same first five letters, another word): the word tells the
 * target from its namesakes without a judgement call on near forms.
 */
function nameWord(target: Indexed, group: readonly Indexed[], rng: Random): string | undefined {
  const candidates = [...new Set(wordsOf(target.keywords.join(' ')))].filter((w) => /^[a-z]{5,}$/.test(w) && w !== target.nameKey);
  const clear = candidates.filter((w) => {
    const holders = group.filter((m) => m.words.has(w)).length;
    const lookalike = group.some((m) => [...m.words].some((x) => x !== w && x.slice(0, 5) === w.slice(0, 5)));
    return holders <= 3 && !lookalike;
  });
  return clear.length ? rng.pick(clear) : undefined;
}

/**
 * 3: the tagline holds the phrase; 2: the description does; 1: every word of it is somewhere in
 * the name, tagline, description or keywords. Undefined when the phrase is too common to judge by
 * hand (more than 6 listings at 3 or 2, or more than 12 at 1).
 */
function phraseJudgements(phrase: string, byWord: ReadonlyMap<string, readonly Indexed[]>): Judgement[] | undefined {
  const words = wordsOf(phrase);
  const needle = seq(words);
  const content = [...new Set(words.filter((w) => !GLUE.has(w)))];
  const holders = content.map((w) => byWord.get(w) ?? []);
  const rarest = holders.reduce((a, b) => (b.length < a.length ? b : a));
  const top: Judgement[] = [];
  const related: Judgement[] = [];
  // Holders are in the directory's order: the judgements come out in that order whichever word is rarest.
  for (const l of rarest) {
    if (l.taglineSeq.includes(needle)) top.push({ slug: l.slug, gain: 3, why: `tagline "${l.tagline}" holds the phrase` });
    else if (l.descriptionSeq.includes(needle)) top.push({ slug: l.slug, gain: 2, why: 'description holds the phrase, the tagline does not' });
    else if (content.every((w) => l.words.has(w))) related.push({ slug: l.slug, gain: 1, why: `every word (${content.join(', ')}) is in its text, not as the phrase` });
    if (top.length > 6 || related.length > 12) return undefined;
  }
  return top.length ? [...top.sort((a, b) => b.gain - a.gain), ...related] : undefined;
}
