import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { DomainError } from '../errors.ts';
import type { CategoryTreeDocument, TreeCategory } from '../../contract/category-tree.ts';

// The operator's tree edits (services.categoryTree; the CLI's categories:* call the same): listings
// never lose their category, the kept counts stay right, and the public reads see the change at
// once. The app caches public reads for a minute here, so a missed purge would show.
const t = await createTestApp({ profileCacheMs: 60_000 });
const { fx, db } = t;
const tree = t.app.services.categoryTree;

/** Kept live counts against a full recount (the old per-request query), for every category. */
async function assertCountsRight(after: string) {
  const r = await sql<{ slug: string; kept: number; real: number }>`
    with recursive anc as (
      select id as category_id, id as ancestor_id from categories
      union all
      select anc.category_id, c.parent_id from anc join categories c on c.id = anc.ancestor_id where c.parent_id is not null
    )
    select c.slug, coalesce(cc.live, 0) as kept,
      (select count(distinct lc.listing_id)::int from anc join listing_categories lc on lc.category_id = anc.category_id
        join listings l on l.id = lc.listing_id and l.status = 'live' where anc.ancestor_id = c.id) as real
    from categories c left join category_counts cc on cc.category_id = c.id`.execute(db);
  const wrong = r.rows.filter((x) => x.kept !== x.real);
  assert.deepEqual(wrong, [], `kept counts after ${after}`);
}
const live = async (slug: string) => (await t.get(`/api/v1/categories/${slug}`)).body.live_listings as number;
const listed = async (slug: string) => (await t.get(`/api/v1/categories/${slug}?per_page=100`)).body.listings.items.map((l: any) => l.slug).sort();
const categoriesOf = async (slug: string) => (await t.get(`/api/v1/listings/${slug}`)).body.categories as { slug: string; primary: boolean }[];
const attributeId = async (category: string, key: string) =>
  (await sql<{ id: string }>`select a.id from category_attributes a join categories c on c.id = a.category_id where c.slug = ${category} and a.key = ${key}`.execute(db)).rows[0]?.id;
const entry = (doc: CategoryTreeDocument, slug: string) => doc.categories.find((c) => c.slug === slug)!;
/** A list in the export's order: each category followed by its subtree, siblings in list order. */
function depthFirst(list: TreeCategory[]): CategoryTreeDocument {
  const out: TreeCategory[] = [];
  const walk = (parent: string | null) => {
    for (const c of list.filter((x) => x.parent === parent)) {
      out.push(c);
      walk(c.slug);
    }
  };
  walk(null);
  return { categories: out };
}

test('retire: the listings go to the parent (one row for a listing in both), the subcategories too, attributes the parent lacks with their values', async () => {
  await fx.category({ slug: 'rt-parent', name: 'RT Parent', position: 900 });
  await fx.category({ slug: 'rt-gone', name: 'RT Gone', parent: 'rt-parent' });
  await fx.category({ slug: 'rt-child', name: 'RT Child', parent: 'rt-gone' });
  await fx.category({ slug: 'rt-other', name: 'RT Other', position: 901 });
  const speed = await fx.attribute('rt-gone', { key: 'speed', label: 'Speed', kind: 'number' });
  const one = await fx.listing({ slug: 'rt-one', category: 'rt-gone' });
  await fx.listing({ slug: 'rt-two', category: 'rt-other', extraCategories: ['rt-gone'], plan: 'paid' });
  await fx.listing({ slug: 'rt-three', category: 'rt-gone', extraCategories: ['rt-parent'], plan: 'paid' });
  await fx.listing({ slug: 'rt-four', category: 'rt-child' });
  await fx.attributeValue(one, speed, '42');
  // Read (and so cache) what the retire changes.
  assert.equal(await live('rt-parent'), 4);
  assert.deepEqual((await categoriesOf('rt-one')).map((c) => c.slug), ['rt-gone']);

  const r = await tree.retire('rt-gone');
  assert.deepEqual(r, { heir: 'rt-parent', listings: 3, subcategories: 1 });

  assert.equal((await t.get('/api/v1/categories/rt-gone')).status, 404);
  assert.deepEqual(await listed('rt-parent'), ['rt-four', 'rt-one', 'rt-three', 'rt-two']);
  assert.equal(await live('rt-parent'), 4, 'each listing counted once');
  const parent = await t.get('/api/v1/categories/rt-parent');
  assert.deepEqual(parent.body.subcategories.map((s: any) => s.slug), ['rt-child'], 'the subcategory moved up');
  assert.deepEqual(await categoriesOf('rt-one'), [{ slug: 'rt-parent', name: 'RT Parent', primary: true }], 'the profile is not served from the cache');
  assert.deepEqual(await categoriesOf('rt-two'), [{ slug: 'rt-other', name: 'RT Other', primary: true }, { slug: 'rt-parent', name: 'RT Parent', primary: false }]);
  assert.deepEqual(await categoriesOf('rt-three'), [{ slug: 'rt-parent', name: 'RT Parent', primary: true }], 'in both: one row, primary');
  const primary = await sql<{ n: number }>`select count(*)::int as n from listings l join categories c on c.id = l.primary_category_id
    where l.slug in ('rt-one', 'rt-three') and c.slug = 'rt-parent'`.execute(db);
  assert.equal(primary.rows[0].n, 2, 'primary_category_id follows');
  assert.ok(await attributeId('rt-parent', 'speed'), 'the attribute moved to the parent');
  const compared = await t.get('/api/v1/compare?a=rt-one&b=rt-three');
  assert.deepEqual(compared.body.rows.find((x: any) => x.key === 'speed'), { key: 'speed', label: 'Speed', source: 'category_attribute', a: '42', b: null });
  await assertCountsRight('retire');
});

test('retire: a top-level category with listings needs --into; into its own subcategory is refused; an empty one just goes', async () => {
  await fx.category({ slug: 'rt-top', name: 'RT Top', position: 902 });
  await fx.category({ slug: 'rt-top-sub', name: 'RT Top Sub', parent: 'rt-top' });
  await fx.category({ slug: 'rt-empty', name: 'RT Empty', position: 903 });
  await fx.listing({ slug: 'rt-top-l', category: 'rt-top' });
  await assert.rejects(() => tree.retire('rt-top'), (e: DomainError) => e.code === 'category_tree_invalid' && /top-level category with 1 listing and 1 subcategory: say which category takes them with --into SLUG/.test(e.message));
  await assert.rejects(() => tree.retire('rt-top', 'rt-top-sub'), /cannot hand over to "rt-top-sub": it is below it/);
  await assert.rejects(() => tree.retire('rt-nothing'), (e: DomainError) => e.code === 'category_not_found');
  assert.equal(await live('rt-top'), 1, 'nothing changed');

  assert.deepEqual(await tree.retire('rt-top', 'rt-other'), { heir: 'rt-other', listings: 1, subcategories: 1 });
  assert.deepEqual(await listed('rt-other'), ['rt-top-l', 'rt-two']);
  assert.deepEqual(await tree.retire('rt-empty'), { heir: null, listings: 0, subcategories: 0 });
  const top = (await t.get('/api/v1/categories?per_page=100')).body.items.map((c: any) => c.slug);
  assert.ok(!top.includes('rt-top') && !top.includes('rt-empty'));
  await assertCountsRight('retire into');
});

test('move: the category and its listings go under the new parent; counts move; a cycle is refused', async () => {
  await fx.listing({ slug: 'mv-sheet', category: 'spreadsheets' });
  const before = { data: await live('data'), productivity: await live('productivity') };
  assert.deepEqual(await tree.move('spreadsheets', 'productivity'), { listings: 1, changed: true });
  assert.equal((await t.get('/api/v1/categories/spreadsheets')).body.parent.slug, 'productivity');
  assert.equal(await live('data'), before.data - 1);
  assert.equal(await live('productivity'), before.productivity + 1);
  const siblings = (await t.get('/api/v1/categories/productivity')).body.subcategories.map((s: any) => s.slug);
  assert.equal(siblings.at(-1), 'spreadsheets', 'after its new siblings');
  assert.deepEqual(await tree.move('spreadsheets', 'productivity'), { listings: 1, changed: false });
  await assert.rejects(() => tree.move('productivity', 'spreadsheets'), /cannot move under "spreadsheets": that is below it/);
  await assert.rejects(() => tree.move('spreadsheets', 'no-such'), (e: DomainError) => e.code === 'category_not_found');
  assert.deepEqual(await tree.move('spreadsheets', null), { listings: 1, changed: true });
  assert.equal((await t.get('/api/v1/categories/spreadsheets')).body.parent, null);
  await assertCountsRight('move');
});

test('add: a new category after its siblings; a taken slug or name, or an unknown parent, is refused', async () => {
  await tree.add({ slug: 'ad-static', name: 'Static hosting', description: 'Hosting for static sites.', parent: 'hosting', keywords: ['jamstack'] });
  const hosting = await t.get('/api/v1/categories/hosting');
  assert.equal(hosting.body.subcategories.at(-1).slug, 'ad-static');
  await assert.rejects(() => tree.add({ slug: 'ad-static', name: 'Other', description: '', parent: null, keywords: [] }), (e: DomainError) => e.code === 'category_exists');
  await assert.rejects(() => tree.add({ slug: 'ad-two', name: 'web HOSTING', description: '', parent: null, keywords: [] }), (e: DomainError) => e.code === 'category_name_taken');
  await assert.rejects(() => tree.add({ slug: 'ad-three', name: 'Three', description: '', parent: 'nope', keywords: [] }), /No parent category has the slug "nope"/);
});

test('import: a dry run writes nothing; applied, renames and moves keep listings, a removed category hands them up, and the tree is the file', async () => {
  await fx.listing({ slug: 'im-edge', category: 'cdn-edge' });
  const dns = await fx.listing({ slug: 'im-dns', category: 'domains-dns' });
  await fx.attributeValue(dns, (await attributeId('domains-dns', 'dnssec'))!, 'yes');
  await fx.attributeValue(dns, (await attributeId('hosting', 'regions'))!, 'EU');
  const before = await tree.export();

  const wanted: CategoryTreeDocument = structuredClone(before);
  const edge = entry(wanted, 'cdn-edge');
  Object.assign(edge, { slug: 'edge-delivery', renamed_from: 'cdn-edge', name: 'Edge delivery', keywords: [...edge.keywords, 'edge cache'] });
  entry(wanted, 'vps-servers').parent = null;
  // domains-dns leaves; hosting takes its listing, and (new in the file) its dnssec attribute with the value.
  wanted.categories = wanted.categories.filter((c) => c.slug !== 'domains-dns');
  entry(wanted, 'hosting').attributes.push({ key: 'dnssec', label: 'DNSSEC', kind: 'boolean' });
  const fresh: TreeCategory = { slug: 'im-managed-wp', name: 'Managed WordPress', description: 'WordPress run for you.', parent: 'hosting', keywords: ['wordpress'], attributes: [{ key: 'staging', label: 'Staging sites', kind: 'boolean' }], faqs: [{ question: 'Backups?', answer: 'Daily, kept for 30 days.' }] };
  wanted.categories.splice(wanted.categories.findIndex((c) => c.slug === 'web-hosting'), 0, fresh);

  const dry = await tree.import(wanted, { apply: false });
  assert.equal(dry.applied, false);
  assert.deepEqual(dry.changes, [
    '~ "hosting" attributes: add dnssec',
    '+ add "im-managed-wp" (Managed WordPress) under "hosting"',
    '> move "vps-servers" from "hosting" to the top level (0 listings move with it)',
    '~ rename slug "cdn-edge" → "edge-delivery" (1 listing keeps it)',
    '~ "edge-delivery": name "CDN & edge" → "Edge delivery", keywords',
    '- remove "domains-dns" (1 listing goes to "hosting")',
  ]);
  assert.deepEqual(await tree.export(), before, 'a dry run writes nothing');
  assert.deepEqual(await listed('cdn-edge'), ['im-edge']);

  const applied = await tree.import(wanted, { apply: true });
  assert.equal(applied.applied, true);
  assert.deepEqual(applied.changes, dry.changes);
  const { renamed_from: _, ...edgeNow } = edge;
  const expected = depthFirst(wanted.categories.map((c) => (c === edge ? edgeNow : c)));
  assert.deepEqual(await tree.export(), expected, 'the tree is the file (each subtree after its root, siblings in file order)');

  assert.equal((await t.get('/api/v1/categories/cdn-edge')).status, 404);
  assert.deepEqual(await listed('edge-delivery'), ['im-edge'], 'the renamed category keeps its listing');
  assert.deepEqual(await categoriesOf('im-edge'), [{ slug: 'edge-delivery', name: 'Edge delivery', primary: true }]);
  assert.equal((await t.get('/api/v1/categories/domains-dns')).status, 404);
  assert.deepEqual(await categoriesOf('im-dns'), [{ slug: 'hosting', name: 'Hosting & cloud', primary: true }]);
  const values = await sql<{ key: string; value: string }>`select a.key, v.value from listing_attribute_values v
    join category_attributes a on a.id = v.attribute_id where v.listing_id = ${dns} order by a.key`.execute(db);
  assert.deepEqual(values.rows, [{ key: 'dnssec', value: 'yes' }, { key: 'regions', value: 'EU' }], 'stated values kept where the heir has the key');
  const top = (await t.get('/api/v1/categories?per_page=100')).body.items.map((c: any) => c.slug);
  assert.equal(top.indexOf('vps-servers'), top.indexOf('hosting') + 1, 'top-level where the file puts it');
  assert.deepEqual(
    (await t.get('/api/v1/categories/hosting')).body.subcategories.map((s: any) => s.slug),
    ['im-managed-wp', 'web-hosting', 'cloud-platforms', 'edge-delivery', 'ad-static'],
  );
  const again = await tree.import(expected, { apply: true });
  assert.deepEqual(again, { changes: [], applied: false }, 'importing the tree it already is changes nothing');
  await assertCountsRight('import');
});

test('import: two categories may trade slugs in one file (renamed_from both ways)', async () => {
  await fx.listing({ slug: 'sw-music', category: 'music' });
  const doc = await tree.export();
  const music = entry(doc, 'music');
  const podcasting = entry(doc, 'podcasting');
  Object.assign(music, { slug: 'podcasting', renamed_from: 'music' });
  Object.assign(podcasting, { slug: 'music', renamed_from: 'podcasting' });
  // The names stay with their categories, so each is now found under the other's slug.
  const r = await tree.import(doc, { apply: true });
  assert.equal(r.applied, true);
  assert.equal((await t.get('/api/v1/categories/podcasting')).body.name, 'Music');
  assert.deepEqual(await listed('podcasting'), ['sw-music']);
  assert.equal((await t.get('/api/v1/categories/music')).body.name, 'Podcasting');
});

test('import: an unknown parent, a duplicate slug, a cycle, a duplicate name, an unknown old slug and a removal that would strand listings are all reported, and nothing is written', async () => {
  await fx.listing({ slug: 'bad-game', category: 'games' });
  const before = await tree.export();
  const doc = structuredClone(before);
  entry(doc, 'desktop-apps').parent = 'no-such-parent';
  doc.categories.push({ ...entry(doc, 'sleep'), name: 'Sleep again' });
  entry(doc, 'software').parent = 'system-utilities';
  doc.categories.push({ ...entry(doc, 'fitness'), slug: 'fitness-two' });
  doc.categories.push({ ...entry(doc, 'nutrition'), slug: 'nutrition-two', name: 'Nutrition two', renamed_from: 'never-was' });
  doc.categories = doc.categories.filter((c) => c.slug !== 'games' && c.parent !== 'games');
  const n = (slug: string) => doc.categories.findIndex((c) => c.slug === slug) + 1;
  const err = await tree.import(doc, { apply: true }).then(
    () => assert.fail('accepted'),
    (e: DomainError) => e,
  );
  assert.equal(err.code, 'category_tree_invalid');
  const lines = err.message.split('\n');
  assert.equal(lines[0], 'The file has 6 problems; nothing was written:');
  assert.deepEqual(lines.slice(1).sort(), [
    `  "games" is left out of the file, and no category above it stays to take its 1 listing: keep it, or give it a parent that stays before removing it`,
    `  cycle: "software" → "system-utilities" → "software" (a category cannot be below itself)`,
    `  duplicate name "Fitness": entries ${n('fitness')}, ${n('fitness-two')} (drafts choose categories by name, so names must differ)`,
    `  duplicate slug "sleep": entries ${n('sleep')}, ${doc.categories.length - 2}`,
    `  entry ${n('desktop-apps')} (desktop-apps): unknown parent "no-such-parent" (no entry of the file has that slug)`,
    `  entry ${n('nutrition-two')} (nutrition-two): renamed_from "never-was": no category has that slug`,
  ].sort());
  assert.deepEqual(await tree.export(), before, 'nothing written');
});

test('import: an attribute left out of a category goes with its stated values, and the dry run says how many', async () => {
  const id = await fx.listing({ slug: 'at-pay', category: 'payments' });
  await fx.attributeValue(id, (await attributeId('payments', 'transaction_fee'))!, '2.9% + 30¢');
  const doc = await tree.export();
  const payments = entry(doc, 'payments');
  payments.attributes = payments.attributes.filter((a) => a.key !== 'transaction_fee').concat({ key: 'payouts', label: 'Payout time', kind: 'text' });
  const dry = await tree.import(doc, { apply: false });
  assert.deepEqual(dry.changes, ['~ "payments" attributes: add payouts; remove transaction_fee (1 stated value dropped)']);
  await tree.import(doc, { apply: true });
  assert.equal(await attributeId('payments', 'transaction_fee'), undefined);
  await fx.listing({ slug: 'at-pay-two', category: 'payments' });
  const rows = (await t.get('/api/v1/compare?a=at-pay&b=at-pay-two')).body.rows.filter((r: any) => r.source === 'category_attribute').map((r: any) => r.key);
  assert.ok(rows.includes('payouts') && !rows.includes('transaction_fee'));
});

test('import: siblings take the order of the file', async () => {
  const doc = await tree.export();
  const games = doc.categories.filter((c) => c.slug === 'games' || c.parent === 'games');
  const rest = doc.categories.filter((c) => !games.includes(c));
  const at = rest.findIndex((c) => c.slug === 'software');
  rest.splice(at, 0, ...games);
  const r = await tree.import({ categories: rest }, { apply: true });
  assert.deepEqual(r.changes, ['~ new order of the top-level categories']);
  const top = (await t.get('/api/v1/categories?per_page=100')).body.items.map((c: any) => c.slug);
  assert.deepEqual(top.slice(0, 2), ['games', 'software']);
  assert.deepEqual(await tree.export(), { categories: rest }, 'and export prints that order back');
});
