import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../testing/harness.ts';
import { relevanceSearch, SEARCH_LIMITS, type RelevanceQuery, type SearchLimits } from './relevance-search.ts';

const t = await createTestApp();
const { fx, db } = t;

// Matches of "analytics" with their rank (name A 1.0, tagline B 0.4, description C 0.2) and votes.
const matches: [slug: string, fields: Record<string, string>, votes: number][] = [
  ['a1', { name: 'Analytics One' }, 1],
  ['a2', { tagline: 'Product analytics' }, 9],
  ['a3', { description: 'Reads analytics.' }, 8],
  ['a4', { tagline: 'Web analytics', description: 'More analytics.' }, 7],
  ['a5', { description: 'Has analytics.' }, 6],
  ['a6', { name: 'Analytics Six' }, 5],
  ['a7', { description: 'Some analytics.' }, 3],
  ['a8', { description: 'Little analytics.' }, 2],
];
for (const [slug, fields, votes] of matches) await fx.listing({ slug, name: slug, ...fields, votes_count: votes });
// Listings that do not match, some more voted than every match.
for (const [slug, votes] of [['n1', 30], ['n2', 20], ['n3', 8], ['n4', 4], ['n5', 0], ['n6', 0]] as const) {
  await fx.listing({ slug, name: `Other ${slug}`, tagline: 'Invoicing', votes_count: votes });
}
await fx.listing({ slug: 's1', name: 'Analytics Soon', status: 'scheduled', launch_week: '2026-04-06' });
await fx.listing({ slug: 'd1', name: 'Analytics Draft', status: 'draft' });

const analytics = sql`(to_tsquery('english', 'analytics') || to_tsquery('simple', 'analytics'))`;
const query = (p: Partial<RelevanceQuery> = {}): RelevanceQuery => ({ tsq: analytics, status: 'live', filters: [], limit: 20, offset: 0, ...p });
const limits = (p: Partial<SearchLimits>): SearchLimits => ({ ...SEARCH_LIMITS, ...p });
const slugsOf = (r: { rows: { slug: string }[] }) => r.rows.map((row) => row.slug);

test('a query with no more matches than the head is ranked entirely: rank, then votes, then id', async () => {
  const r = await relevanceSearch(db, query());
  assert.deepEqual(slugsOf(r), ['a6', 'a1', 'a4', 'a2', 'a3', 'a5', 'a7', 'a8']);
  assert.equal(r.total, 8);
});

test('past the head, the most voted matches are ranked and the rest follow by votes, page by page', async () => {
  const small = limits({ head: 4 });
  const expected = ['a4', 'a2', 'a3', 'a5', 'a6', 'a7', 'a8', 'a1'];
  assert.deepEqual(slugsOf(await relevanceSearch(db, query(), small)), expected);
  const pages = [];
  for (let offset = 0; offset < 9; offset += 3) {
    const page = await relevanceSearch(db, query({ limit: 3, offset }), small);
    assert.equal(page.total, 8);
    pages.push(...slugsOf(page));
  }
  assert.deepEqual(pages, expected);
  assert.deepEqual(await relevanceSearch(db, query({ limit: 3, offset: 30 }), small), { rows: [], total: 8, totalIsEstimate: false });
});

test('a common query walks the most voted listings: the same head, and an estimated total', async () => {
  // Walk: n1 n2 a2 a3 n3 a4 → the 3rd match is the 6th listing of 14 live ones: 3/6 × 14 = 7.
  const walk = limits({ head: 3, commonMatches: 0, exactTotal: 0, walkRows: 100 });
  const r = await relevanceSearch(db, query({ limit: 3 }), walk);
  assert.deepEqual(slugsOf(r), ['a4', 'a2', 'a3']);
  assert.equal(r.total, 7);
  assert.deepEqual(slugsOf(await relevanceSearch(db, query({ limit: 2, offset: 1 }), walk)), ['a2', 'a3']);
});

test('the walk gives way to the exact path: short walk, small estimate, a page past the head, filters', async () => {
  const cases: [string, SearchLimits, Partial<RelevanceQuery>, string[]][] = [
    ['walk too short', limits({ head: 4, commonMatches: 0, exactTotal: 0, walkRows: 5 }), { limit: 4 }, ['a4', 'a2', 'a3', 'a5']],
    ['estimate within exactTotal', limits({ head: 4, commonMatches: 0, walkRows: 100 }), { limit: 4 }, ['a4', 'a2', 'a3', 'a5']],
    ['page past the head', limits({ head: 4, commonMatches: 0, exactTotal: 0 }), { limit: 4, offset: 4 }, ['a6', 'a7', 'a8', 'a1']],
    ['uncommon words', limits({ head: 4, exactTotal: 0 }), { limit: 4, likelyMatches: 10 }, ['a4', 'a2', 'a3', 'a5']],
    ['filters', limits({ head: 4, commonMatches: 0, exactTotal: 0 }), { limit: 4, filters: [sql`l.slug <> 'a2'`] }, ['a6', 'a4', 'a3', 'a5']],
  ];
  for (const [name, l, q, expected] of cases) {
    const r = await relevanceSearch(db, query(q), l);
    assert.deepEqual(slugsOf(r), expected, name);
    assert.equal(r.total, name === 'filters' ? 7 : 8, name);
  }
});

test('upcoming listings are searched on their own', async () => {
  const r = await relevanceSearch(db, query({ status: 'scheduled' }));
  assert.deepEqual(slugsOf(r), ['s1']);
  assert.equal(r.total, 1);
});

test('listing_search and its counts follow every write to listings', async () => {
  const copy = async (id: string) =>
    (await sql<{ status: string; votes_count: number; text: string }>`
      select status, votes_count, search_vector::text as text from listing_search where listing_id = ${id}`.execute(db)).rows[0];
  const id = await fx.listing({ slug: 'sync', name: 'Syncable', status: 'scheduled', launch_week: '2026-04-06' });
  assert.equal((await copy(id))?.status, 'scheduled');
  await sql`update listings set status = 'live', published_at = now() where id = ${id}`.execute(db);
  await sql`update listings set votes_count = 12 where id = ${id}`.execute(db);
  await sql`update listings set tagline = 'Zebra stripes' where id = ${id}`.execute(db);
  const live = await copy(id);
  assert.equal(live?.status, 'live');
  assert.equal(live?.votes_count, 12);
  assert.match(live?.text ?? '', /'zebra'/);
  await sql`update listings set follows_count = follows_count + 5 where id = ${id}`.execute(db);
  await sql`update listings set status = 'archived' where id = ${id}`.execute(db);
  assert.equal(await copy(id), undefined);
  await sql`update listings set status = 'live' where id = ${id}`.execute(db);
  await sql`delete from listings where id = ${id}`.execute(db);
  assert.equal(await copy(id), undefined);
  const counted = await sql<{ status: string; listings: string }>`select status, listings from listing_search_counts order by status`.execute(db);
  const actual = await sql<{ status: string; listings: string }>`
    select status, count(*)::text as listings from listings where status in ('live', 'scheduled') group by status order by status`.execute(db);
  assert.deepEqual(counted.rows.map((r) => [r.status, String(r.listings)]), actual.rows.map((r) => [r.status, r.listings]));
});
