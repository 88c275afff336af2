import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { scaleListing, scaleListingIndex } from '../../src/demo/scale-listing.ts';
import { createRandom } from '../../src/demo/random.ts';
import { contentWords, JUDGED_LISTINGS, SOURCE_LISTINGS, wordsOf } from './search-corpus.ts';
import { applyEdit, EDITS, misspell, type Edit } from './search-typos.ts';
import { QUERIES_FILE, readSearchSets, RELEVANCE_FILE, searchSetTexts } from './search-sets.ts';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

/** Whether `typo` is `word` with exactly this one edit, the first letter untouched. */
function isEdit(word: string, typo: string, edit: Edit): boolean {
  const positions = Array.from({ length: word.length + 1 }, (_, i) => i);
  return positions.some((at) => {
    if (edit === 'insertion') return at >= 1 && LETTERS.some((c) => applyEdit(word, edit, at, c) === typo);
    if (edit === 'transposition') return at >= 2 && at < word.length && word[at] !== word[at - 1] && applyEdit(word, edit, at) === typo;
    if (edit === 'deletion') return at >= 1 && at < word.length && applyEdit(word, edit, at) === typo;
    return at >= 1 && at < word.length && LETTERS.some((c) => c !== word[at] && applyEdit(word, edit, at, c) === typo);
  });
}

/** The seeded listing a slug names (seed:scale's index is in the slug). */
function seeded(slug: string) {
  const index = scaleListingIndex(slug);
  assert.ok(index !== undefined && index < JUDGED_LISTINGS, `${slug} is not one of seed:scale's first ${JUDGED_LISTINGS}`);
  const l = scaleListing(index);
  assert.equal(l.slug, slug);
  return l;
}

test('the kept query sets are exactly what the generator makes from the seeded listings', () => {
  const fresh = searchSetTexts();
  assert.ok(readFileSync(QUERIES_FILE, 'utf8') === fresh.queries, 'search-queries.json differs: node scripts/bench/search-sets.ts --write');
  assert.ok(readFileSync(RELEVANCE_FILE, 'utf8') === fresh.relevance, 'search-relevance.json differs: node scripts/bench/search-sets.ts --write');
});

test('misspelled searches: 2,000 + 200 distinct, two tagline words of a live listing, one edit each', () => {
  const { queries } = readSearchSets();
  assert.equal(queries.load.length, 2000);
  assert.equal(queries.alone.length, 200);
  const all = [...queries.load, ...queries.alone];
  assert.equal(new Set(all.map((q) => q.q)).size, all.length, 'queries are distinct');
  assert.equal(new Set(all.map((q) => [...q.words].sort().join(' '))).size, all.length, 'the words under them are distinct too');
  const editsSeen = new Set<Edit>();
  for (const q of all) {
    const l = seeded(q.listing);
    assert.ok(l.index < SOURCE_LISTINGS && !l.scheduled, `${q.listing}: a live listing among the first ${SOURCE_LISTINGS}`);
    const words = contentWords(l.text.tagline);
    assert.ok(words.indexOf(q.words[0]) >= 0 && words.indexOf(q.words[0]) < words.indexOf(q.words[1]), `"${q.q}": both words in ${q.listing}'s tagline, in order`);
    const typos = q.q.split(' ');
    assert.equal(typos.length, 2, q.q);
    for (let i = 0; i < 2; i++) {
      assert.ok(isEdit(q.words[i], typos[i], q.edits[i]), `"${typos[i]}" is "${q.words[i]}" with one ${q.edits[i]}`);
      editsSeen.add(q.edits[i]);
    }
  }
  assert.deepEqual([...editsSeen].sort(), [...EDITS].sort(), 'every kind of edit occurs');
});

test('a misspelling changes one letter position, never the first letter, and is never a known word', () => {
  const known = new Set(['ship', 'shop', 'chip']);
  const rng = createRandom(7);
  for (let i = 0; i < 500; i++) {
    const word = rng.pick(['ship', 'analytics', 'dashboards', 'teams']);
    const typo = misspell(word, rng, known);
    assert.ok(typo, word);
    assert.ok(!known.has(typo.typo) && typo.typo[0] === word[0] && isEdit(word, typo.typo, typo.edit), `${word} → ${typo.typo} (${typo.edit})`);
  }
  assert.equal(misspell('cat', rng, known), undefined, 'three letters are too few to mistype');
});

/** Whether `typo` is `word` with any one edit. */
const oneEdit = (word: string, typo: string) => EDITS.some((e) => isEdit(word, typo, e));

test('relevance set: 100+ queries, every judgement true of the seeded listing it names', () => {
  const { relevance, queries } = readSearchSets();
  assert.ok(relevance.queries.length >= 100);
  const misspelled = new Set([...queries.load, ...queries.alone].map((q) => q.q.toLowerCase()));
  assert.equal(new Set(relevance.queries.map((q) => q.q.toLowerCase())).size, relevance.queries.length, 'queries are distinct');
  for (const query of relevance.queries) {
    const q = query.q.toLowerCase();
    assert.ok(!misspelled.has(q), `"${query.q}" is not also a misspelled search (its answer would be cached)`);
    assert.equal(new Set(query.expect.map((j) => j.slug)).size, query.expect.length, `"${query.q}": each listing judged once`);
    const first = query.expect.find((j) => j.gain === 3);
    assert.ok(first, `"${query.q}" expects a listing first`);
    const target = seeded(first.slug);
    const name = target.name.toLowerCase();
    const phrase = target.text.tagline.replace(/^The /, '').toLowerCase();
    if (query.kind === 'name') assert.equal(q, name);
    if (query.kind === 'name typo') assert.ok(oneEdit(name, q), `"${q}" mistypes "${name}"`);
    if (query.kind === 'name + word') assert.ok(q.startsWith(`${name} `), `"${q}" starts with "${name}"`);
    if (query.kind === 'phrase') assert.equal(q, phrase);
    if (query.kind === 'phrase typo') {
      const [a, b] = [q.split(' '), phrase.split(' ')];
      const differ = a.map((w, i) => i).filter((i) => a[i] !== b[i]);
      assert.ok(a.length === b.length && differ.length === 1 && oneEdit(b[differ[0]], a[differ[0]]), `"${q}" mistypes one word of "${phrase}"`);
    }
    for (const j of query.expect) {
      const l = seeded(j.slug);
      const why = `"${query.q}" → ${j.slug} (${j.gain}): ${j.why}`;
      assert.ok(!l.scheduled, `${why}: a live listing`);
      const words = new Set(wordsOf([l.name, l.text.tagline, l.text.description, ...l.text.keywords].join(' ')));
      if (query.kind.startsWith('name')) assert.equal(l.name.toLowerCase(), name, why);
      if (query.kind === 'name' || query.kind === 'name typo') assert.equal(j.gain, 3, why);
      if (query.kind === 'name + word') assert.equal(words.has(q.split(' ').at(-1)!), j.gain === 3, why);
      if (query.kind.startsWith('phrase')) {
        const inTagline = ` ${wordsOf(l.text.tagline).join(' ')} `.includes(` ${wordsOf(phrase).join(' ')} `);
        const inDescription = ` ${wordsOf(l.text.description).join(' ')} `.includes(` ${wordsOf(phrase).join(' ')} `);
        const everyWord = wordsOf(phrase).every((w) => ['for', 'a', 'an'].includes(w) || words.has(w));
        assert.equal(j.gain, inTagline ? 3 : inDescription ? 2 : everyWord ? 1 : 0, why);
      }
    }
  }
});
