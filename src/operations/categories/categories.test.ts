import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callTool, createTestApp } from '../../testing/harness.ts';

// One app (and database) for the file: every test makes its own categories with a unique slug
// prefix and looks only at those, so tests do not depend on each other's data.
const t = await createTestApp();
const { fx } = t;
const legacy = await t.mcp('legacy');
const modern = await t.mcp('modern');

/** Finds a node by slug anywhere in a category tree. */
function find(nodes: any[], slug: string): any {
  for (const n of nodes) {
    if (n.slug === slug) return n;
    const hit = find(n.subcategories, slug);
    if (hit) return hit;
  }
  return undefined;
}
const slugs = (nodes: any[]) => nodes.map((n) => n.slug);
const withPrefix = (nodes: any[], prefix: string) => slugs(nodes).filter((s: string) => s.startsWith(prefix));

/** Casts n site votes on a listing (through the fixture, which keeps votes_count in step). */
async function votes(listingId: string, n: number) {
  for (let i = 0; i < n; i++) await fx.vote(listingId, await fx.user());
}

test('list_categories: a three-level tree, ordered by position, counting distinct live listings including subcategories (REST and MCP in both eras)', async () => {
  await fx.category({ slug: 'tr-root', name: 'Tree Root', position: 50, description: 'The root.' });
  // Inserted in reverse order so that position, not insertion order, decides.
  await fx.category({ slug: 'tr-b', name: 'Tree B', parent: 'tr-root', position: 2 });
  await fx.category({ slug: 'tr-a', name: 'Tree A', parent: 'tr-root', position: 1 });
  await fx.category({ slug: 'tr-a-leaf-2', name: 'Leaf Two', parent: 'tr-a', position: 9 });
  await fx.category({ slug: 'tr-a-leaf', name: 'Leaf One', parent: 'tr-a', position: 3 });
  await fx.category({ slug: 'tr-second-root', name: 'Second Root', position: 51 });

  await fx.listing({ slug: 'tr-l1', category: 'tr-a-leaf' });
  // In tr-b and (extra) tr-a: counted once at tr-root.
  await fx.listing({ slug: 'tr-l2', category: 'tr-b', extraCategories: ['tr-a'], plan: 'paid' });
  // In tr-a and its own subcategory tr-a-leaf: counted once at tr-a and at tr-root.
  await fx.listing({ slug: 'tr-l3', category: 'tr-a', extraCategories: ['tr-a-leaf'], plan: 'paid' });
  // Not live: never counted.
  await fx.listing({ slug: 'tr-l4', category: 'tr-a-leaf', status: 'scheduled', launch_week: '2027-01-04' });
  await fx.listing({ slug: 'tr-l5', category: 'tr-b', status: 'draft' });
  await fx.listing({ slug: 'tr-l6', category: 'tr-b', status: 'archived' });
  await fx.listing({ slug: 'tr-l7', category: 'tr-second-root', status: 'awaiting_badge' });

  const check = (body: any, via: string) => {
    const root = body.items.find((n: any) => n.slug === 'tr-root');
    assert.ok(root, `${via}: tr-root is a top-level item`);
    // Subcategories are nested, never repeated at the top level.
    for (const s of ['tr-a', 'tr-b', 'tr-a-leaf', 'tr-a-leaf-2']) {
      assert.equal(body.items.some((n: any) => n.slug === s), false, `${via}: ${s} must not be top-level`);
    }
    assert.deepEqual(withPrefix(body.items, 'tr-'), ['tr-root', 'tr-second-root'], `${via}: roots by position`);
    assert.equal(root.name, 'Tree Root');
    assert.equal(root.description, 'The root.');
    assert.deepEqual(slugs(root.subcategories), ['tr-a', 'tr-b'], `${via}: children by position`);
    const a = root.subcategories[0];
    assert.deepEqual(slugs(a.subcategories), ['tr-a-leaf', 'tr-a-leaf-2'], `${via}: grandchildren by position`);
    assert.deepEqual(a.subcategories[0].subcategories, []);

    assert.equal(find(body.items, 'tr-a-leaf').live_listings, 2, `${via}: tr-a-leaf = l1, l3`);
    assert.equal(find(body.items, 'tr-a-leaf-2').live_listings, 0, `${via}: tr-a-leaf-2 is empty`);
    assert.equal(find(body.items, 'tr-a').live_listings, 3, `${via}: tr-a = l1, l2, l3 (l3 once)`);
    assert.equal(find(body.items, 'tr-b').live_listings, 1, `${via}: tr-b = l2 only (draft, archived not counted)`);
    assert.equal(root.live_listings, 3, `${via}: tr-root = l1, l2, l3, each once`);
    assert.equal(find(body.items, 'tr-second-root').live_listings, 0, `${via}: awaiting_badge not counted`);
  };

  const rest = await t.get('/api/v1/categories?per_page=100');
  assert.equal(rest.status, 200);
  assert.match(rest.type, /application\/json/);
  check(rest.body, 'REST');

  for (const [era, client] of [['legacy', legacy], ['modern', modern]] as const) {
    const mcp = await callTool(client, 'list_categories', { per_page: 100 });
    assert.equal(mcp.isError, false, era);
    check(mcp.data, `MCP ${era}`);
    assert.deepEqual(mcp.data, rest.body, `MCP ${era} answers exactly as REST`);
  }
});

test('list_categories: include_empty=true (the default) keeps empty categories; include_empty=false drops them', async () => {
  await fx.category({ slug: 'ie-full', position: 60 });
  await fx.category({ slug: 'ie-full-child', parent: 'ie-full', position: 1 });
  await fx.category({ slug: 'ie-empty-child', parent: 'ie-full', position: 2 });
  await fx.category({ slug: 'ie-empty', position: 61 });
  await fx.category({ slug: 'ie-only-unpublished', position: 62 });
  await fx.listing({ slug: 'ie-l1', category: 'ie-full-child' });
  await fx.listing({ slug: 'ie-l2', category: 'ie-only-unpublished', status: 'draft' });
  await fx.listing({ slug: 'ie-l3', category: 'ie-only-unpublished', status: 'scheduled', launch_week: '2027-01-11' });

  for (const url of ['/api/v1/categories?per_page=100', '/api/v1/categories?per_page=100&include_empty=true']) {
    const res = await t.get(url);
    assert.equal(res.status, 200, url);
    assert.deepEqual(withPrefix(res.body.items, 'ie-'), ['ie-full', 'ie-empty', 'ie-only-unpublished'], url);
    assert.deepEqual(slugs(find(res.body.items, 'ie-full').subcategories), ['ie-full-child', 'ie-empty-child'], url);
    assert.equal(find(res.body.items, 'ie-empty').live_listings, 0);
  }

  const assertNoEmpty = (body: any, via: string) => {
    assert.deepEqual(withPrefix(body.items, 'ie-'), ['ie-full'], via);
    const full = find(body.items, 'ie-full');
    assert.equal(full.live_listings, 1);
    assert.deepEqual(slugs(full.subcategories), ['ie-full-child'], `${via}: empty child dropped`);
    // No empty node survives anywhere in the tree, and total counts the kept roots only.
    const walk = (nodes: any[]): void => {
      for (const n of nodes) {
        assert.ok(n.live_listings > 0, `${via}: ${n.slug} is empty but listed`);
        walk(n.subcategories);
      }
    };
    walk(body.items);
    assert.equal(body.total, body.items.length, `${via}: total counts non-empty top-level categories`);
  };
  const rest = await t.get('/api/v1/categories?per_page=100&include_empty=false');
  assert.equal(rest.status, 200);
  assertNoEmpty(rest.body, 'REST');
  const mcp = await callTool(modern, 'list_categories', { include_empty: false, per_page: 100 });
  assert.equal(mcp.isError, false);
  assertNoEmpty(mcp.data, 'MCP modern');

  const all = await t.get('/api/v1/categories?per_page=100');
  assert.ok(rest.body.total < all.body.total, 'dropping empty categories lowers the total');

  const bad = await t.get('/api/v1/categories?include_empty=maybe');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'validation_failed');
});

test('list_categories: pages count top-level categories only, with total', async () => {
  const before = (await t.get('/api/v1/categories?per_page=1')).body.total as number;
  // Positions above every other category of this file, so these three come last.
  await fx.category({ slug: 'pg-one', position: 100_001 });
  await fx.category({ slug: 'pg-two', position: 100_002 });
  await fx.category({ slug: 'pg-three', position: 100_003 });
  await fx.category({ slug: 'pg-two-child', parent: 'pg-two' });
  await fx.category({ slug: 'pg-two-grandchild', parent: 'pg-two-child' });
  await fx.listing({ slug: 'pg-l1', category: 'pg-two-grandchild' });

  const total = before + 3;
  const last = await t.get(`/api/v1/categories?per_page=1&page=${total}`);
  assert.equal(last.status, 200);
  assert.equal(last.body.total, total, 'subcategories do not add to total');
  assert.equal(last.body.page, total);
  assert.equal(last.body.per_page, 1);
  assert.deepEqual(slugs(last.body.items), ['pg-three']);

  const middle = await callTool(legacy, 'list_categories', { per_page: 1, page: total - 1 });
  assert.equal(middle.isError, false);
  assert.equal(middle.data.total, total);
  assert.deepEqual(slugs(middle.data.items), ['pg-two']);
  const two = middle.data.items[0];
  assert.equal(two.live_listings, 1, 'grandchild listing counted at the top');
  assert.deepEqual(slugs(two.subcategories), ['pg-two-child']);
  assert.deepEqual(slugs(two.subcategories[0].subcategories), ['pg-two-grandchild']);

  // A page of two, straddling: pg-two and pg-three are the last two when total is even, else pg-three alone.
  const lastOfTwo = await t.get(`/api/v1/categories?per_page=2&page=${Math.ceil(total / 2)}`);
  assert.deepEqual(slugs(lastOfTwo.body.items), total % 2 === 0 ? ['pg-two', 'pg-three'] : ['pg-three']);

  const beyond = await t.get(`/api/v1/categories?per_page=1&page=${total + 1}`);
  assert.equal(beyond.status, 200);
  assert.deepEqual(beyond.body.items, []);
  assert.equal(beyond.body.total, total);

  assert.equal(last.body.items.length, 1);
  assert.equal((await t.get('/api/v1/categories?per_page=101')).status, 400);
  assert.equal((await t.get('/api/v1/categories?page=0')).status, 400);
  const defaults = await t.get('/api/v1/categories');
  assert.equal(defaults.body.page, 1);
  assert.equal(defaults.body.per_page, 20);
});

test('get_category: description, FAQs, parent, subcategories with counts and live listings of the subtree, most voted first (REST and MCP)', async () => {
  const faqs = [
    { question: 'What counts as a CRM?', answer: 'Software for customer relationships.' },
    { question: 'Are free tools listed?', answer: 'Yes.' },
  ];
  await fx.category({ slug: 'gc-parent', name: 'GC Parent', description: 'Tools for customer relationships.', faqs, position: 70 });
  await fx.category({ slug: 'gc-other', name: 'GC Other', parent: 'gc-parent', position: 2 });
  await fx.category({ slug: 'gc-child', name: 'GC Child', parent: 'gc-parent', position: 1, description: 'Child text.' });
  await fx.category({ slug: 'gc-grand', name: 'GC Grand', parent: 'gc-child' });
  await fx.category({ slug: 'gc-unrelated', position: 71 });

  const a = await fx.listing({ slug: 'gc-a', name: 'GC A', category: 'gc-parent' });
  const b = await fx.listing({ slug: 'gc-b', name: 'GC B', category: 'gc-child', tagline: 'B tagline' });
  const c = await fx.listing({ slug: 'gc-c', name: 'GC C', category: 'gc-grand' });
  // Primary in gc-other, extra in gc-child: one listing, counted once in gc-parent.
  await fx.listing({ slug: 'gc-f', name: 'GC F', category: 'gc-other', extraCategories: ['gc-child'], plan: 'paid' });
  await fx.listing({ slug: 'gc-d', category: 'gc-child', status: 'scheduled', launch_week: '2027-02-01' });
  await fx.listing({ slug: 'gc-e', category: 'gc-parent', status: 'draft' });
  await fx.listing({ slug: 'gc-x', category: 'gc-unrelated' });
  await votes(a, 1);
  await votes(b, 5);
  await votes(c, 3);

  const res = await t.get('/api/v1/categories/gc-parent');
  assert.equal(res.status, 200);
  const p = res.body;
  assert.equal(p.slug, 'gc-parent');
  assert.equal(p.name, 'GC Parent');
  assert.equal(p.description, 'Tools for customer relationships.');
  assert.deepEqual(p.faqs, faqs);
  assert.equal(p.parent, null);
  assert.deepEqual(p.subcategories, [
    { slug: 'gc-child', name: 'GC Child', live_listings: 3 },
    { slug: 'gc-other', name: 'GC Other', live_listings: 1 },
  ]);
  assert.equal(p.live_listings, 4);
  assert.deepEqual(slugs(p.listings.items), ['gc-b', 'gc-c', 'gc-a', 'gc-f'], 'most voted first; only live; subtree included');
  assert.equal(p.listings.total, 4);
  assert.equal(p.listings.page, 1);
  assert.equal(p.listings.per_page, 20);
  const first = p.listings.items[0];
  assert.equal(first.votes, 5);
  assert.equal(first.name, 'GC B');
  assert.equal(first.tagline, 'B tagline');
  assert.equal(first.status, 'live');
  assert.deepEqual(first.primary_category, { slug: 'gc-child', name: 'GC Child', primary: true });
  assert.equal(first.links.api, 'http://localhost:3000/api/v1/listings/gc-b');

  const child = await callTool(legacy, 'get_category', { slug: 'gc-child' });
  assert.equal(child.isError, false);
  assert.equal(child.data.description, 'Child text.');
  assert.deepEqual(child.data.faqs, []);
  assert.deepEqual(child.data.parent, { slug: 'gc-parent', name: 'GC Parent' });
  assert.deepEqual(child.data.subcategories, [{ slug: 'gc-grand', name: 'GC Grand', live_listings: 1 }]);
  assert.equal(child.data.live_listings, 3);
  assert.deepEqual(slugs(child.data.listings.items), ['gc-b', 'gc-c', 'gc-f']);

  const grand = await callTool(modern, 'get_category', { slug: 'gc-grand' });
  assert.equal(grand.isError, false);
  assert.deepEqual(grand.data.parent, { slug: 'gc-child', name: 'GC Child' });
  assert.deepEqual(grand.data.subcategories, []);
  assert.deepEqual(slugs(grand.data.listings.items), ['gc-c']);
  assert.equal(grand.data.listings.total, 1);

  // The same answer over MCP as over REST.
  const same = await callTool(modern, 'get_category', { slug: 'gc-parent' });
  assert.deepEqual(same.data, res.body);
});

test('get_category: listings are paginated with total; an empty category has none', async () => {
  await fx.category({ slug: 'gp-cat', position: 80 });
  await fx.category({ slug: 'gp-sub', parent: 'gp-cat' });
  await fx.category({ slug: 'gp-empty', position: 81 });
  const ids: string[] = [];
  for (let i = 1; i <= 5; i++) {
    ids.push(await fx.listing({ slug: `gp-l${i}`, category: i % 2 ? 'gp-cat' : 'gp-sub' }));
  }
  await fx.listing({ slug: 'gp-hidden', category: 'gp-cat', status: 'draft' });
  // l5 most votes, then l4 ... l1 fewest.
  for (const [i, id] of ids.entries()) await votes(id, i + 1);

  const page1 = await t.get('/api/v1/categories/gp-cat?per_page=2');
  assert.equal(page1.status, 200);
  assert.deepEqual(slugs(page1.body.listings.items), ['gp-l5', 'gp-l4']);
  assert.equal(page1.body.listings.total, 5);
  assert.equal(page1.body.listings.per_page, 2);
  assert.equal(page1.body.live_listings, 5);

  const page2 = await t.get('/api/v1/categories/gp-cat?per_page=2&page=2');
  assert.deepEqual(slugs(page2.body.listings.items), ['gp-l3', 'gp-l2']);
  assert.equal(page2.body.listings.page, 2);

  const page3 = await callTool(legacy, 'get_category', { slug: 'gp-cat', per_page: 2, page: 3 });
  assert.equal(page3.isError, false);
  assert.deepEqual(slugs(page3.data.listings.items), ['gp-l1']);
  assert.equal(page3.data.listings.total, 5);

  const page4 = await t.get('/api/v1/categories/gp-cat?per_page=2&page=4');
  assert.deepEqual(page4.body.listings.items, []);
  assert.equal(page4.body.listings.total, 5);

  const empty = await t.get('/api/v1/categories/gp-empty');
  assert.equal(empty.status, 200);
  assert.equal(empty.body.live_listings, 0);
  assert.deepEqual(empty.body.listings, { items: [], page: 1, per_page: 20, total: 0, total_is_estimate: false });

  assert.equal((await t.get('/api/v1/categories/gp-cat?per_page=0')).status, 400);
});

test('get_category: 404 category_not_found for an unknown slug; 400 for a malformed one (REST and MCP)', async () => {
  const rest = await t.get('/api/v1/categories/no-such-category');
  assert.equal(rest.status, 404);
  assert.match(rest.type, /application\/problem\+json/);
  assert.equal(rest.body.code, 'category_not_found');
  assert.equal(rest.body.status, 404);
  assert.match(rest.body.detail, /no-such-category/);

  for (const client of [legacy, modern]) {
    const mcp = await callTool(client, 'get_category', { slug: 'no-such-category' });
    assert.equal(mcp.isError, true);
    assert.equal(mcp.data.code, 'category_not_found');
    assert.equal(mcp.data.status, 404);
  }

  const bad = await t.get('/api/v1/categories/Not_A_Slug');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'validation_failed');
  const badMcp = await callTool(modern, 'get_category', { slug: 'Not_A_Slug' });
  assert.equal(badMcp.isError, true);
  assert.equal(badMcp.data.code, 'validation_failed');
});
