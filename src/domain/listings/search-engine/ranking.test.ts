import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SearchDocument } from './document.ts';
import { SearchIndex, statusCode } from './search-index.ts';
import { rank } from './ranking.ts';
import { words } from './tokens.ts';

let nextId = 1;
const doc = (over: Partial<SearchDocument> & { name: string }): SearchDocument => ({
  id: nextId++,
  slug: over.name.toLowerCase().replace(/\W+/g, '-') + nextId,
  status: 'live',
  votes: 0,
  tagline: null,
  keywords: null,
  description: null,
  ...over,
});

const DOCS: SearchDocument[] = [
  doc({ name: 'Invoicer', tagline: 'Fast invoicing for freelancers', keywords: ['billing'], votes: 3 }),
  doc({ name: 'Billbox', tagline: 'Invoicing and billing for agencies', description: 'Freelancers love fast invoicing for freelancers teams.', votes: 50 }),
  doc({ name: 'Paperly', tagline: 'Contracts for teams', description: 'Fast contracts. Invoicing included, freelancers welcome.', votes: 90 }),
  doc({ name: 'Shiplumen', tagline: 'Release notes', keywords: ['analytics'], votes: 1 }),
  doc({ name: 'Shiplumen', tagline: 'Status pages for startups', votes: 40 }),
  doc({ name: 'Shiplumen', tagline: 'Uptime checks', votes: 30 }),
  doc({ name: 'Notionly', tagline: 'Notes and docs for small teams', keywords: ['wiki', 'knowledge base'], votes: 8 }),
  doc({ name: 'Future Thing', tagline: 'Analytics coming soon', status: 'scheduled' }),
  doc({ name: 'Analytica', tagline: 'Product analytics for startups', votes: 5 }),
];

async function built(docs: SearchDocument[] = DOCS) {
  const sorted = [...docs].sort((a, b) => a.id - b.id);
  return SearchIndex.build(
    async (after) => sorted.filter((d) => d.id > after).slice(0, 3),
    async () => {},
  );
}

const nameOf = (id: number) => DOCS.find((d) => d.id === id)?.name ?? String(id);
const search = (index: SearchIndex, q: string, status: 'live' | 'scheduled' = 'live', offset = 0, limit = 10) => {
  const r = rank(index, words(q), statusCode(status), offset, limit);
  return { names: r.ids.map(nameOf), ids: r.ids, total: r.total };
};

test('ranking scenarios: name, typo, phrase, fields, votes, status', async () => {
  const index = await built();
  const scenarios: { q: string; status?: 'live' | 'scheduled'; first: string[]; total?: number; why: string }[] = [
    { q: 'notionly', first: ['Notionly'], total: 1, why: 'the exact name' },
    { q: 'notoinly', first: ['Notionly'], total: 1, why: 'the name with two letters swapped' },
    { q: 'Invoicer', first: ['Invoicer'], why: 'a name beats the same stem in other listings' },
    { q: 'fast invoicing for freelancers', first: ['Invoicer', 'Billbox', 'Paperly'], total: 3, why: 'tagline phrase, then description phrase, then scattered words' },
    { q: 'fast invocing for freelacners', first: ['Invoicer', 'Billbox', 'Paperly'], total: 3, why: 'the same phrase with typos' },
    { q: 'shiplumen analytics', first: ['Shiplumen', 'Shiplumen', 'Shiplumen'], total: 3, why: 'the namesake with the word first, then the other namesakes (fewer words)' },
    { q: 'analytics', first: ['Analytica', 'Shiplumen'], total: 2, why: 'tagline beats keywords; the scheduled listing is not live' },
    { q: 'analytics', status: 'scheduled', first: ['Future Thing'], total: 1, why: 'status filters' },
    { q: 'knowledge', first: ['Notionly'], why: 'a keyword word' },
    { q: 'the', first: [], total: 0, why: 'a stop word alone matches what holds it; none does' },
    { q: 'zzzqqq', first: [], total: 0, why: 'nothing like it' },
  ];
  for (const s of scenarios) {
    const r = search(index, s.q, s.status);
    assert.deepEqual(r.names.slice(0, s.first.length), s.first, `${s.q}: ${s.why} (got ${r.names.join(', ')})`);
    if (s.total !== undefined) assert.equal(r.total, s.total, `${s.q}: total`);
  }
  // Shiplumen with "analytics" in its keywords first; the namesakes after it by votes.
  const ship = search(index, 'shiplumen analytics');
  assert.deepEqual(ship.ids, [DOCS[3].id, DOCS[4].id, DOCS[5].id]);
});

test('pages: offset and limit over the ranked list, total the same on every page', async () => {
  const index = await built();
  const all = search(index, 'for', 'live', 0, 100);
  const pages = [0, 2, 4].flatMap((offset) => search(index, 'for', 'live', offset, 2).ids);
  assert.ok(all.total >= 4);
  assert.deepEqual(pages, all.ids.slice(0, 6));
  assert.equal(search(index, 'for', 'live', 2, 2).total, all.total);
  assert.deepEqual(search(index, 'for', 'live', 100, 2).ids, []);
});

test('changes after the build: a new listing, a new tagline, a vote, a listing gone', async () => {
  const index = await built();
  const fresh = doc({ name: 'Zebrafly', tagline: 'Invoicing for zoos', votes: 0 });
  index.upsert(fresh);
  assert.equal(rank(index, words('zebrafly'), 1, 0, 10).ids[0], fresh.id, 'a new listing is found');
  assert.ok(index.spelling.has('zoos'), 'its words are known to the speller');
  assert.equal(rank(index, words('zebrfly'), 1, 0, 10).ids[0], fresh.id, 'and corrected towards');

  const notion = DOCS[6];
  index.upsert({ ...notion, tagline: 'Spreadsheets for small teams' });
  assert.equal(rank(index, words('spreadsheets'), 1, 0, 10).ids[0], notion.id, 'the new tagline is searched');
  assert.equal(rank(index, words('docs'), 1, 0, 10).total, 0, 'the old one is not');

  const before = rank(index, words('shiplumen'), 1, 0, 10).ids;
  index.upsert({ ...DOCS[3], votes: 1000 });
  assert.equal(rank(index, words('shiplumen'), 1, 0, 10).ids[0], DOCS[3].id, 'a vote reorders namesakes');
  assert.notEqual(before[0], DOCS[3].id);

  index.remove(DOCS[3].id);
  assert.ok(!rank(index, words('shiplumen'), 1, 0, 10).ids.includes(DOCS[3].id), 'a removed listing is not found');
  assert.equal(index.listings, DOCS.length + 1 - 1);
  index.upsert({ ...DOCS[3], votes: 1000 });
  assert.ok(rank(index, words('shiplumen'), 1, 0, 10).ids.includes(DOCS[3].id), 'and found again when public again');
  assert.deepEqual(index.idsWithSlug(DOCS[3].slug), [DOCS[3].id]);
});

test('the build requires ascending ids (the store walks the primary key)', async () => {
  await assert.rejects(
    SearchIndex.build(
      async (after) => (after < 0 ? [doc({ name: 'B', id: 5 }), doc({ name: 'A', id: 2 })] : []),
      async () => {},
    ),
    /ascending id order/,
  );
});
