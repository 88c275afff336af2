import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';
import { searchDocumentsStore } from './search-documents-store.ts';

// A ranked page's cards: read for every search answered in the same turn in one statement, each
// page in its own order, listings no longer public left out.
const t = await createTestApp();
const { fx, db } = t;
const store = searchDocumentsStore(db);

const a = Number(await fx.listing({ slug: 'card-a' }));
const b = Number(await fx.listing({ slug: 'card-b' }));
const c = Number(await fx.listing({ slug: 'card-c', status: 'scheduled' }));
const draft = Number(await fx.listing({ slug: 'card-draft', status: 'draft' }));

test('pages read together each keep their order; a draft and an unknown id are left out', async () => {
  const [first, second, empty] = await Promise.all([
    store.summaries([c, a, draft, b, 999_999]),
    store.summaries([b, a]),
    store.summaries([]),
  ]);
  assert.deepEqual(first.map((r) => r.slug), ['card-c', 'card-a', 'card-b']);
  assert.deepEqual(second.map((r) => r.slug), ['card-b', 'card-a']);
  assert.deepEqual(empty, []);
  assert.equal(Number(first[0].views_count), 0, 'with its view count');
});

test('a page read alone is the same', async () => {
  assert.deepEqual((await store.summaries([b, c])).map((r) => r.slug), ['card-b', 'card-c']);
});
