import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { callTool, createTestApp } from '../testing/harness.ts';
import { openDatabase } from './database.ts';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { draftsStore } from './drafts-store.ts';
import { createBuiltinExtractor } from '../extraction/builtin/index.ts';
import { verifyExtraction } from '../extraction/verify.ts';
import { pageFromHtml } from '../extraction/page-fixture.ts';

// Migration 0015: a directory is usable from its first start, with a default category tree.
const t = await createTestApp();
const modern = await t.mcp('modern');

const TOP_LEVEL = [
  'software', 'developer-tools', 'hosting', 'ai', 'design', 'marketing', 'sales', 'finance', 'productivity', 'communication',
  'no-code', 'data', 'e-commerce', 'mobile-apps', 'education', 'health', 'hr', 'media', 'games', 'hardware', 'services', 'lifestyle',
];

test('a fresh start: list_categories answers the default tree, top level in order, every category described, none empty of subcategories', async () => {
  const rest = await t.get('/api/v1/categories?per_page=100');
  assert.equal(rest.status, 200);
  assert.equal(rest.body.total, TOP_LEVEL.length);
  assert.deepEqual(rest.body.items.map((c: any) => c.slug), TOP_LEVEL);
  const subcategories = rest.body.items.flatMap((c: any) => c.subcategories);
  assert.ok(subcategories.length >= 100 && subcategories.length <= 130, `${subcategories.length} subcategories`);
  for (const c of [...rest.body.items, ...subcategories]) {
    assert.ok(c.name.length > 0 && c.description.length >= 25, `${c.slug} has a name and a one-line description`);
    assert.equal(c.live_listings, 0);
  }
  for (const c of rest.body.items) assert.ok(c.subcategories.length >= 4, `${c.slug} has subcategories`);
  assert.ok(subcategories.some((s: any) => s.slug === 'web-hosting'));

  const mcp = await callTool(modern, 'list_categories', { per_page: 100 });
  assert.deepEqual(mcp.data, rest.body, 'MCP answers the same tree');

  const site = await t.get('/api/v1/site');
  assert.equal(site.body.counts.categories, TOP_LEVEL.length + subcategories.length, 'get_site_info counts them');
  const one = await t.get('/api/v1/categories/web-hosting');
  assert.equal(one.status, 200);
  assert.deepEqual(one.body.parent, { slug: 'hosting', name: 'Hosting & cloud' });
});

test('every default category has keywords in several languages and a name no other category has; the version is recorded', async () => {
  const rows = (
    await sql<{ slug: string; name: string; keywords: string[] }>`select slug, name, keywords from categories order by slug`.execute(t.db)
  ).rows;
  const names = new Set(rows.map((r) => r.name.toLowerCase()));
  assert.equal(names.size, rows.length, 'names differ (drafts pick categories by name)');
  const cyrillic = /[а-яё]/i;
  const japanese = /[ぁ-んァ-ヶ一-龯]/;
  for (const r of rows) {
    assert.ok(r.keywords.length >= 6, `${r.slug}: ${r.keywords.length} keywords`);
    assert.ok(r.keywords.some((k) => cyrillic.test(k)), `${r.slug} has a Russian keyword`);
    assert.ok(r.keywords.some((k) => japanese.test(k)), `${r.slug} has a Japanese keyword`);
  }
  const vocabulary = await draftsStore(t.db).categoryVocabulary();
  assert.equal(vocabulary.categoryNames.length, rows.length);
  assert.ok(vocabulary.categoryKeywords['Web hosting'].includes('レンタルサーバー'), 'the vocabulary drafts can match against');
  assert.ok(vocabulary.categoryKeywords['Developer tools'].includes('command line'), 'version 2 (migration 0019) added its keywords');
  const korean = /[가-힣]/;
  for (const r of rows) {
    assert.ok(r.keywords.some((k) => korean.test(k)), `${r.slug} has a Korean keyword (version 3, migration 0041)`);
    assert.ok(r.keywords.length <= 100, `${r.slug}: ${r.keywords.length} keywords, the tree file's limit is 100`);
  }
  const food = rows.find((r) => r.slug === 'food-drink')!.keywords;
  assert.ok(food.includes('農家') && food.includes('お米') && !food.some((k) => k.includes("'")), "0019's quoted pair is two keywords");
  const versions = await sql<{ version: number }>`select version from category_tree_versions order by version`.execute(t.db);
  assert.deepEqual(versions.rows.map((v) => v.version), [1, 2, 3, 4]);
});

/** The categories the builtin drafter names for one small page, against the migrated tree's words. */
async function categoriesOf(lang: string, title: string, h1: string): Promise<string[]> {
  const input = await draftsStore(t.db).categoryVocabulary();
  const pages = [pageFromHtml('https://words.test/', `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><main><h1>${h1}</h1></main></body></html>`)];
  const draft = verifyExtraction(await createBuiltinExtractor().extract({ pages, ...input }), pages, input);
  const field = draft.fields.categories;
  return field.state === 'ai' ? (field.value as string[]) : [];
}

test('version 4 (migration 0042): a Danish, Norwegian, Finnish, Ukrainian or Chinese page names its category from the tree\'s words', async () => {
  const named: Array<[string, string, string, string]> = [
    ['da', 'Tal', 'Regnskab og bogføring for små virksomheder', 'Accounting'],
    ['nb', 'Spillkveld', 'Brettspill og kortspill', 'Board & tabletop games'],
    ['fi', 'Puhdas', 'Kotipalvelut ja siivous', 'Local services'],
    ['fi', 'Kauppa', 'Verkkokaupat pienyrityksille', 'E-commerce'],
    ['uk', 'Школа', 'Онлайн-курси для дорослих', 'Online courses'],
    ['zh-CN', '小家', '智能家居控制中心', 'Smart home'],
    ['zh-TW', '學堂', '線上課程平台', 'Online courses'],
  ];
  for (const [lang, title, h1, category] of named) {
    assert.ok((await categoriesOf(lang, title, h1)).includes(category), `${lang} "${h1}" names ${category}`);
  }
  // Left out as many-sense: "salg" is also "for sale", "brukt" is "used"; "家教" sits inside "国家教育".
  assert.ok(!(await categoriesOf('da', 'Bolig', 'Huse til salg')).includes('Sales'));
  assert.ok(!(await categoriesOf('nb', 'Bil', 'Mye brukt bil')).includes('Marketplaces'));
  assert.ok(!(await categoriesOf('zh-CN', '政策', '国家教育政策解读')).includes('Tutoring & exam prep'));
});

test('compare_listings shows the attributes of the default categories (the category and the ones above it)', async () => {
  const a = await t.fx.listing({ slug: 'dc-host-a', name: 'Host A', category: 'web-hosting' });
  await t.fx.listing({ slug: 'dc-host-b', name: 'Host B', category: 'web-hosting' });
  const tls = await sql<{ id: string }>`select a.id from category_attributes a join categories c on c.id = a.category_id
    where c.slug = 'web-hosting' and a.key = 'free_tls'`.execute(t.db);
  await t.fx.attributeValue(a, tls.rows[0].id, 'yes');
  const res = await t.get('/api/v1/compare?a=dc-host-a&b=dc-host-b');
  assert.equal(res.status, 200);
  const rows = res.body.rows.filter((r: any) => r.source === 'category_attribute');
  assert.deepEqual(
    rows.map((r: any) => [r.key, r.label]).sort(),
    [['free_tier', 'Free tier'], ['free_tls', 'Free TLS certificates'], ['regions', 'Regions'], ['uptime_sla', 'Uptime SLA (%)']],
  );
  assert.deepEqual(rows.find((r: any) => r.key === 'free_tls'), { key: 'free_tls', label: 'Free TLS certificates', source: 'category_attribute', a: 'yes', b: null });
});

test('a directory that already has categories keeps its own tree: the migration installs nothing into it', async () => {
  const fresh = await freshDatabaseUrl({ empty: true });
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: fresh.databaseUrl, loadDataDir: fresh.loadDataDir });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ly-categories-'));
  try {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const later = readdirSync(dir).filter((f) => f >= '0015_default_categories.sql');
    const held = mkdtempSync(path.join(os.tmpdir(), 'ly-categories-later-'));
    for (const f of later) {
      cpSync(path.join(dir, f), path.join(held, f));
      rmSync(path.join(dir, f));
    }
    await migrate(database.db, dir);
    await sql`insert into categories (slug, name) values ('own-tree', 'Our own tree')`.execute(database.db);
    for (const f of later) cpSync(path.join(held, f), path.join(dir, f));
    assert.ok((await migrate(database.db, dir)).includes('0015_default_categories.sql'));
    const rows = await sql<{ slug: string; keywords: string[] }>`select slug, keywords from categories`.execute(database.db);
    assert.deepEqual(rows.rows, [{ slug: 'own-tree', keywords: [] }]);
    const versions = await sql<{ n: number }>`select count(*)::int as n from category_tree_versions`.execute(database.db);
    assert.equal(versions.rows[0].n, 0, 'no default version taken');
  } finally {
    await database.close();
    await fresh.drop();
  }
});
