/**
 * rank() against ranking-reference.ts, the algorithm it replaced (every match in arrays of its
 * own, merged linearly, scored, selected): the same page ids in the same order and the same
 * total, for every query, status and page tried. Indexes: seed:scale's first listings (with
 * changes after the build: rewritten, removed, new), and small adversarial ones (ties on every
 * key, corrections weighing the same, fewer-words fallback, gone listings, words far more common
 * than others, so both ways of intersecting and the merge of alternatives run).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scaleListing } from '../../../demo/scale-listing.ts';
import { createRandom } from '../../../demo/random.ts';
import type { SearchDocument } from './document.ts';
import { SearchIndex, statusCode } from './search-index.ts';
import { rank } from './ranking.ts';
import { referenceRank } from './ranking-reference.ts';
import { queryWords } from '../typo-query.ts';

const PAGES: [number, number][] = [[0, 20], [20, 20], [0, 1], [5, 3], [9, 2], [100, 50], [0, 1000]];
const STATUSES = [statusCode('live'), statusCode('scheduled')];

async function built(docs: SearchDocument[]): Promise<SearchIndex> {
  const sorted = [...docs].sort((a, b) => a.id - b.id);
  return SearchIndex.build(
    async (after) => sorted.filter((d) => d.id > after).slice(0, 500),
    async () => {},
  );
}

/** Every query × status × page: rank() and the reference agree. Returns the answers compared. */
function compare(index: SearchIndex, queries: string[][], label: string, pages = PAGES): number {
  let compared = 0;
  for (const words of queries) {
    for (const status of STATUSES) {
      for (const [offset, limit] of pages) {
        const got = rank(index, words, status, offset, limit);
        const want = referenceRank(index, words, status, offset, limit);
        assert.deepEqual(got, want, `${label}: "${words.join(' ')}" status ${status} offset ${offset} limit ${limit}`);
        compared++;
      }
    }
  }
  return compared;
}

const scaleDocument = (i: number, votes: number): SearchDocument => {
  const l = scaleListing(i);
  return {
    id: i + 1,
    slug: l.slug,
    status: l.scheduled ? 'scheduled' : 'live',
    votes,
    name: l.name,
    tagline: l.text.tagline,
    keywords: l.text.keywords,
    description: l.text.description,
  };
};

test('seed:scale listings, with changes after the build: the same pages and totals as the reference', async () => {
  const rng = createRandom(20261129);
  const N = 3000;
  // Few distinct vote counts: many ties on score and votes, decided by the older listing.
  const docs = Array.from({ length: N }, (_, i) => scaleDocument(i, rng.int(0, 3)));
  const index = await built(docs);
  // Changes after the build: postings written again at the end (a second run per term), listings gone.
  for (let i = 0; i < 300; i++) {
    const d = docs[rng.int(0, N - 1)];
    const change = rng.int(0, 3);
    if (change === 0) index.remove(d.id);
    else if (change === 1) index.upsert({ ...d, votes: rng.int(0, 3), status: rng.chance(0.5) ? 'live' : 'scheduled' });
    else if (change === 2) index.upsert({ ...d, tagline: docs[rng.int(0, N - 1)].tagline, description: docs[rng.int(0, N - 1)].description });
    else index.upsert(scaleDocument(N + i, rng.int(0, 3)));
  }
  const here = path.join(import.meta.dirname, '../../../../scripts/bench');
  const sets = JSON.parse(readFileSync(path.join(here, 'search-queries.json'), 'utf8')) as { load: { q: string }[]; alone: { q: string }[] };
  const relevance = JSON.parse(readFileSync(path.join(here, 'search-relevance.json'), 'utf8')) as { queries: { q: string }[] };
  const queries = [...sets.load.slice(0, 250), ...sets.alone.slice(0, 50), ...relevance.queries].map((x) => queryWords(x.q));
  // Words of the listings themselves: single, pairs, a name with a word, stop words, typos.
  const wordsOf = (d: SearchDocument) => queryWords(`${d.name} ${d.tagline} ${d.description}`);
  for (let q = 0; q < 250; q++) {
    const a = wordsOf(docs[rng.int(0, N - 1)]);
    const b = wordsOf(docs[rng.int(0, N - 1)]);
    const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w.slice(3) : w);
    const kind = q % 6;
    if (kind === 0) queries.push([rng.pick(a)]);
    else if (kind === 1) queries.push([rng.pick(a), rng.pick(a)]);
    else if (kind === 2) queries.push([typo(rng.pick(a)), rng.pick(b)]);
    else if (kind === 3) queries.push([...queryWords(docs[rng.int(0, N - 1)].name), rng.pick(b)]);
    else if (kind === 4) queries.push([rng.pick(a), 'for', rng.pick(a), 'zzqxv']);
    else queries.push([rng.pick(a), rng.pick(b), rng.pick(a)]);
  }
  queries.push(['the'], ['for', 'the'], ['zzzqqq'], ['a', 'zzzqqq'], ['design', 'designs'], ['teams', 'team', 'teamz']);
  const compared = compare(index, queries, 'scale');
  assert.ok(compared > 9000);
});

test('adversarial small indexes: ties, equal corrections, fallback, gone listings, lopsided words', async () => {
  let id = 0;
  const doc = (over: Partial<SearchDocument> & { name: string }): SearchDocument => ({
    id: ++id,
    slug: `${over.name.toLowerCase().split(' ').join('-')}-${id}`,
    status: 'live',
    votes: 0,
    tagline: null,
    keywords: null,
    description: null,
    ...over,
  });
  const docs: SearchDocument[] = [];
  // Identical listings: every key ties but the listing's age.
  for (let i = 0; i < 30; i++) docs.push(doc({ name: 'Same Name', tagline: 'fast invoicing for teams', votes: i % 3 }));
  // Two corrections of one typo weighing the same ("cart" and "card" from "carx"), in different fields and phrases.
  for (let i = 0; i < 12; i++) docs.push(doc({ name: `Shop ${i}`, tagline: i % 2 ? 'cart tools online' : 'card tools online', description: i % 3 ? 'card tools here' : 'cart tools here' }));
  for (let i = 0; i < 12; i++) docs.push(doc({ name: 'Carx', tagline: 'tools', votes: i % 2, status: i % 4 ? 'live' : 'scheduled' }));
  // A very common word and a rare one (galloping), names as queries (the exact-name bonus).
  for (let i = 0; i < 400; i++) docs.push(doc({ name: i % 50 ? `Common ${i}` : 'Rare Common', tagline: `common platform ${i % 7 ? 'builder' : 'rare'}`, votes: i % 5, status: i % 9 ? 'live' : 'scheduled' }));
  // Fewer than ten full matches: those with all but the last word follow.
  for (let i = 0; i < 15; i++) docs.push(doc({ name: `Ledger ${i}`, tagline: i < 4 ? 'bookkeeping for freelancers' : 'bookkeeping for agencies', votes: 7 - (i % 7) }));
  const index = await built(docs);
  index.remove(docs[3].id);
  index.remove(docs[200].id);
  index.upsert({ ...docs[5], tagline: 'fast invoicing for teams and agencies' });
  index.upsert({ ...docs[40], status: 'scheduled' });
  index.upsert(doc({ name: 'Same Name', tagline: 'fast invoicing for teams' }));
  index.upsert(doc({ name: 'Rare Common', tagline: 'common platform rare', votes: 4 }));
  const queries = [
    'same name', 'sme name', 'fast invoicing', 'invoicing teams', 'fast invoicing for teams', 'teams fast', 'carx', 'carx tools', 'cart tools', 'card tools',
    'carz tools online', 'tools carx', 'common', 'rare', 'rare common', 'common rare', 'comon rare', 'common platform builder', 'platform', 'builder rare',
    'bookkeeping freelancers', 'bookkeeping for freelancers', 'bookkeping freelancrs', 'ledger agencies', 'ledger 3', 'freelancers bookkeeping zzz',
    'shop 3 card', 'same', 'name same', 'for', 'the for', 'zzzqqq common', 'common zzzqqq', 'tools tools', 'online here',
  ].map(queryWords);
  // Pages one by one through every match too.
  const pages: [number, number][] = [...PAGES, ...Array.from({ length: 40 }, (_, i): [number, number] => [i * 3, 3])];
  compare(index, queries, 'adversarial', pages);

  // Two corrections of "carx" weighing the same (as many listings, the same field) at different
  // places: the one a listing is matched by (the first) decides the phrase ("zeta cart" or "zeta
  // card"), whether "carx" is the rarest word (its alternatives merged), marked, or sought.
  const ties: SearchDocument[] = [];
  for (let i = 0; i < 10; i++) {
    ties.push(doc({ name: `Tie ${i}`, tagline: i % 2 ? 'zeta card cart omega' : 'zeta cart card omega', description: i === 0 ? 'yotta cart card' : i === 1 ? 'yotta card cart' : 'omega', votes: i % 2 }));
  }
  for (let i = 0; i < 30; i++) ties.push(doc({ name: `Omega ${i}`, tagline: 'omega omega', description: 'cart card' }));
  const tied = await built(ties);
  const tieQueries = ['zeta carx', 'carx zeta', 'yotta carx', 'carx yotta', 'carx omega', 'omega carx', 'zeta carx omega', 'carx', 'carz cart'].map(queryWords);
  compare(tied, tieQueries, 'tied corrections', pages);
  assert.notDeepEqual(rank(tied, ['zeta', 'carx'], 1, 0, 10).ids.slice(0, 5).map((x) => x % 2), [1, 1, 1, 1, 1], 'the first alternative on a tie');
});

test('random vocabulary with typos: thousands of queries (the per-listing marks wrap around)', async () => {
  const rng = createRandom(42);
  // Zipf-like vocabulary of near-spellings: many corrections per word, words of every frequency.
  const roots = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'gadget', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'metric', 'nova', 'orbit', 'pixel'];
  const vocab = roots.flatMap((r) => [r, r + 's', r.slice(0, -1) + 'x', r.slice(0, 2) + r.slice(3), r + 'er']);
  const draw = () => vocab[Math.min(vocab.length - 1, Math.floor(Math.pow(rng.next(), 2.5) * vocab.length))];
  const sentence = (n: number) => Array.from({ length: n }, draw).join(' ');
  const docs: SearchDocument[] = Array.from({ length: 1500 }, (_, i) => ({
    id: i * 2 + 1,
    slug: `r-${i}`,
    status: rng.chance(0.1) ? 'scheduled' : 'live',
    votes: rng.int(0, 2),
    name: sentence(rng.int(1, 2)),
    tagline: sentence(rng.int(2, 6)),
    keywords: rng.chance(0.5) ? [draw(), draw()] : null,
    description: sentence(rng.int(0, 20)),
  }));
  const index = await built(docs);
  for (let i = 0; i < 100; i++) {
    const d = docs[rng.int(0, docs.length - 1)];
    if (rng.chance(0.3)) index.remove(d.id);
    else index.upsert({ ...d, tagline: sentence(rng.int(2, 6)), votes: rng.int(0, 2) });
  }
  const typo = (w: string) => {
    const at = rng.int(1, w.length - 1);
    return rng.chance(0.5) ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + 'q' + w.slice(at);
  };
  const queries: string[][] = [];
  for (let q = 0; q < 700; q++) {
    const n = rng.int(1, 4);
    queries.push(Array.from({ length: n }, () => (rng.chance(0.4) ? typo(draw()) : draw())));
  }
  const compared = compare(index, queries, 'random', [[0, 20], [3, 5], [0, 200]]);
  assert.ok(compared > 4096, 'more words marked than the stamps hold before wrapping');
});
