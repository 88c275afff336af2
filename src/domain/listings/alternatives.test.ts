import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';
import { listingsStore } from '../../store/listings-store.ts';
import { sharedCache } from '../../store/shared-cache.ts';
import { noListingChanges } from '../../store/listing-changes.ts';
import { createListingDirectory } from './directory.ts';

// get_alternatives answers from a category's kept leaders when the page lies within them, and
// from the database past them: both must give the same items and totals for every page.
const t = await createTestApp();
const { fx, db } = t;
await fx.category({ slug: 'tools' });
await fx.category({ slug: 'other' });
const votes = [9, 7, 7, 5, 4, 3, 2, 1, 0];
const tools: string[] = [];
for (const [i, v] of votes.entries()) tools.push(await fx.listing({ slug: `tool-${i}`, category: 'tools', votes_count: v } as never));
await fx.listing({ slug: 'tool-draft', category: 'tools', status: 'draft', votes_count: 100 } as never);
const elsewhere = await fx.listing({ slug: 'elsewhere', category: 'other' });
const upcoming = await fx.listing({ slug: 'tool-upcoming', category: 'tools', status: 'scheduled' } as never);
// tool-0 has two approved alternatives: one of its category (so not shown twice, nor counted twice) and one elsewhere.
await fx.alternative(tools[0], tools[5], 0);
await fx.alternative(tools[0], elsewhere, 1);

const directory = (alternativeLeaders?: number) =>
  createListingDirectory({
    store: listingsStore(db),
    publicUrl: 'http://localhost:3000',
    now: () => new Date('2026-03-12T12:00:00Z'),
    profileCacheMs: 5000,
    cache: (name, ttlMs, max) => sharedCache(name, { ttlMs, max }),
    changes: noListingChanges,
    alternativeLeaders,
  });
// 100: every page below lies within the kept leaders; 4: some do, some do not; 0: none does.
const directories = { kept: directory(), some: directory(4), none: directory(0) };

async function everyPage(d: ReturnType<typeof directory>, slug: string, perPage: number) {
  const pages = [];
  for (let page = 1; page <= 12; page++) {
    const p = await d.alternatives(slug, { page, per_page: perPage });
    pages.push({ slugs: p.items.map((i) => `${i.slug}${i.approved ? '*' : ''}`), total: p.total, estimate: p.total_is_estimate });
    if (!p.items.length) break;
  }
  return pages;
}

const expected = {
  // Approved first (*), then the category by votes (ties by publication, then id), itself and its approved ones left out.
  'tool-0': ['tool-5*', 'elsewhere*', 'tool-1', 'tool-2', 'tool-3', 'tool-4', 'tool-6', 'tool-7', 'tool-8'],
  'tool-4': ['tool-0', 'tool-1', 'tool-2', 'tool-3', 'tool-5', 'tool-6', 'tool-7', 'tool-8'],
  // A scheduled listing is not among its category's live listings: nothing to leave out of the count.
  'tool-upcoming': ['tool-0', 'tool-1', 'tool-2', 'tool-3', 'tool-4', 'tool-5', 'tool-6', 'tool-7', 'tool-8'],
};

for (const [slug, order] of Object.entries(expected)) {
  test(`alternatives of ${slug}: every page the same whether the category's leaders are kept or not`, async () => {
    for (const perPage of [1, 2, 3, 5, 20]) {
      const answers = await Promise.all(Object.values(directories).map((d) => everyPage(d, slug, perPage)));
      assert.deepEqual(answers[1], answers[0], `per_page ${perPage}: 4 kept`);
      assert.deepEqual(answers[2], answers[0], `per_page ${perPage}: none kept`);
      assert.deepEqual(answers[0].flatMap((p) => p.slugs), order, `per_page ${perPage}`);
      for (const p of answers[0]) assert.deepEqual([p.total, p.estimate], [order.length, false], `per_page ${perPage}: the total`);
    }
  });
}

test('a listing without a category has only its approved alternatives', async () => {
  const lone = await fx.listing({ slug: 'lone' });
  await fx.alternative(lone, tools[1], 0);
  for (const d of Object.values(directories)) {
    const p = await d.alternatives('lone', { page: 1, per_page: 20 });
    assert.deepEqual([p.items.map((i) => i.slug), p.total], [['tool-1'], 1]);
  }
  assert.ok(upcoming);
});

test('an approved alternative that is not live is left out; a listing that is not public has none to show', async () => {
  // Read in one statement with the listing itself (refWithApproved): the join must keep neither.
  const host = await fx.listing({ slug: 'host', category: 'other' });
  const draft = await fx.listing({ slug: 'alt-draft', category: 'other', status: 'draft' } as never);
  await fx.alternative(host, draft, 0);
  await fx.alternative(host, tools[2], 1);
  for (const d of Object.values(directories)) {
    const p = await d.alternatives('host', { page: 1, per_page: 2 });
    assert.deepEqual(p.items.map((i) => `${i.slug}${i.approved ? '*' : ''}`), ['tool-2*', 'elsewhere']);
    for (const slug of ['tool-draft', 'no-such-listing']) {
      await assert.rejects(d.alternatives(slug, { page: 1, per_page: 2 }), (e: { code?: string }) => e.code === 'listing_not_found', slug);
    }
  }
});
