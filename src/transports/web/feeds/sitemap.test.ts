import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { loadDemoData } from '../../../demo/load.ts';

// The listing files are primary-key ranges of 5,000 ids (sitemap.ts): a directory's every public
// listing is in one, however large it is, and a range with none left is an empty file, not a gap.
const NOW = new Date('2026-11-25T12:00:00Z');
const t = await createTestApp({ now: () => NOW });
await loadDemoData(t.db, { now: NOW });
const anon = t.siteBrowser();
const BASE = 'http://localhost:3000';

const locs = (xml: string) => {
  const $ = cheerio.load(xml, { xml: true });
  return $('loc').map((_, l) => $(l).text().replace(BASE, '')).get();
};

/** A copy of a live listing under another id and slug (what a directory past 10,000 ids holds). */
async function copyListing(id: number, slug: string, status = 'live') {
  const columns = (
    await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_name = 'listings' and is_generated = 'NEVER' order by ordinal_position`.execute(t.db)
  ).rows.map((r) => r.name);
  const set: Record<string, unknown> = { id, slug, status, url: `https://${slug}.example`, domain: `${slug}.example` };
  const values = columns.map((c) => (c in set ? sql`${set[c]}` : sql.ref(`l.${c}`)));
  await sql`
    insert into listings (${sql.join(columns.map((c) => sql.ref(c)))}) overriding system value
    select ${sql.join(values)} from listings l
    where l.id = (select min(id) from listings where status = 'live')`.execute(t.db);
}

test('sitemap: listing files are id ranges; every public listing is in one, nothing else is', async () => {
  await copyListing(12_001, 'far-away-live');
  await copyListing(12_002, 'far-away-draft', 'draft');
  await copyListing(12_003, 'far-away-scheduled', 'scheduled');

  const files = locs((await anon.get('/sitemap.xml')).body).filter((f) => f.startsWith('/sitemaps/listings-'));
  assert.deepEqual(files, ['/sitemaps/listings-1.xml', '/sitemaps/listings-2.xml', '/sitemaps/listings-3.xml']);

  const first = await anon.get('/sitemaps/listings-1.xml');
  assert.equal(first.status, 200);
  const publicSlugs = (await sql<{ slug: string }>`select slug from listings where status in ('live', 'scheduled') and id <= 5000 order by id`.execute(t.db)).rows.map((r) => `/listings/${r.slug}`);
  assert.ok(publicSlugs.length > 10);
  assert.deepEqual(locs(first.body), publicSlugs, 'the first range: its public listings in id order');

  const empty = await anon.get('/sitemaps/listings-2.xml');
  assert.equal(empty.status, 200, 'a range with no listing is an empty file while later ranges exist');
  assert.deepEqual(locs(empty.body), []);
  assert.match(empty.body, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);

  assert.deepEqual(locs((await anon.get('/sitemaps/listings-3.xml')).body), ['/listings/far-away-live', '/listings/far-away-scheduled'], 'drafts are not public');
  assert.equal((await anon.get('/sitemaps/listings-4.xml')).status, 404);
  assert.equal((await anon.get('/sitemaps/listings-0.xml')).status, 404);
  assert.equal((await anon.get('/sitemaps/upcoming-1.xml')).status, 404, 'scheduled listings are in the listing files');
  assert.equal((await anon.get('/sitemaps/listings-123456.xml')).status, 404);
});
