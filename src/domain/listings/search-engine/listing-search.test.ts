/**
 * The in-memory search against a real database and its change feed: built at start, then every
 * kind of change made straight in SQL (as another node, a job or the CLI would) reaches it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';

const t = await createTestApp();
const engine = t.app.services.listings.searchEngine!;
const names = async (q: string, extra = '') => {
  const r = await t.get(`/api/v1/listings?q=${encodeURIComponent(q)}${extra}`);
  assert.equal(r.status, 200);
  return { names: r.body.items.map((i: { name: string }) => i.name) as string[], total: r.body.total as number };
};

test('the index is built from the database and answers searches with words', async () => {
  await t.fx.listing({ slug: 'ledgerly', name: 'Ledgerly', tagline: 'Bookkeeping for freelancers', votes_count: 4 });
  await t.fx.listing({ slug: 'bookwise', name: 'Bookwise', tagline: 'Reading lists', description: 'Bookkeeping tips inside.', votes_count: 9 });
  assert.ok(await engine.caughtUp());
  assert.ok(engine.ready(), 'ready once the feed is up and the build done');
  assert.ok(engine.stats().listings >= 2);
  assert.deepEqual((await names('bookkeping')).names, ['Ledgerly', 'Bookwise'], 'corrected; the tagline before the description');
});

test('changes made in SQL reach the index: text, status, votes, deletion, slug', async () => {
  const id = await t.fx.listing({ slug: 'quillpad', name: 'Quillpad', tagline: 'Writing for teams' });
  assert.deepEqual((await names('quillpad')).names, ['Quillpad']);

  await sql`update listings set tagline = 'Handwriting recognition' where id = ${id}`.execute(t.db);
  assert.deepEqual((await names('handwriting')).names, ['Quillpad'], 'a new tagline');
  assert.equal((await names('writing teams')).total, 0, 'the old tagline is gone');

  await sql`update listings set status = 'archived' where id = ${id}`.execute(t.db);
  assert.equal((await names('quillpad')).total, 0, 'hidden');
  await sql`update listings set status = 'live' where id = ${id}`.execute(t.db);
  assert.equal((await names('quillpad')).total, 1, 'public again');

  await sql`update listings set slug = 'quillpad-2' where id = ${id}`.execute(t.db);
  const renamed = await t.get('/api/v1/listings?q=quillpad');
  assert.equal(renamed.body.items[0]?.slug, 'quillpad-2', 'a new slug');

  const other = await t.fx.listing({ slug: 'quillbox', name: 'Quillpad', tagline: 'Another one', votes_count: 0 });
  assert.deepEqual((await names('quillpad')).names, ['Quillpad', 'Quillpad']);
  await sql`update listings set votes_count = 50 where id = ${other}`.execute(t.db);
  const byVotes = await t.get('/api/v1/listings?q=quillpad');
  assert.equal(byVotes.body.items[0].slug, 'quillbox', 'votes order namesakes');

  await sql`delete from listings where id = ${other}`.execute(t.db);
  assert.deepEqual((await names('quillpad')).names, ['Quillpad'], 'a deleted row');
});

test('filters and other orders still read the database; the same words, the same listings', async () => {
  await t.fx.category({ slug: 'finance' });
  await t.fx.listing({ slug: 'taxbee', name: 'Taxbee', tagline: 'Bookkeeping and taxes', category: 'finance', votes_count: 1 });
  const plain = await names('bookkeeping');
  const filtered = await names('bookkeeping', '&category=finance');
  const newest = await names('bookkeeping', '&sort=newest');
  assert.deepEqual(filtered.names, ['Taxbee']);
  assert.deepEqual([...newest.names].sort(), [...plain.names].sort(), 'SQL and the index match the same listings');
});

test('without a live feed the index is not used (changes could be missed)', async () => {
  const { createListingSearch } = await import('./listing-search.ts');
  let built = 0;
  const quiet = createListingSearch({
    source: {
      page: async () => (built++, []),
      bySlugs: async () => [],
      byIds: async () => [],
      announce: async () => {},
    },
    changes: { live: () => false, subscribe: () => {}, close: async () => {} },
  });
  assert.equal(await quiet.usable(), false);
  assert.equal(built, 0, 'not even built');
  await quiet.stop();
});
