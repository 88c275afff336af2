import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { loadDemoData } from '../../../demo/load.ts';
import { localMediaStorage } from '../../../media/storage/local-storage.ts';
import { logoUrl } from '../../../media/variants.ts';
import { logoEnclosures } from './logo-enclosure.ts';

// The launches feed's pictures: each launch with a logo the site keeps carries it as an enclosure
// (RSS and Atom) with its type and exact size; others carry none. What the feeds say besides:
// public-site.test.ts.
const NOW = new Date('2026-11-25T12:00:00Z');
const PUBLIC_URL = 'http://localhost:3000';
const t = await createTestApp({ now: () => NOW });
const storage = t.app.services.mediaStorage;
await loadDemoData(t.db, { now: NOW, pictures: { storage, publicUrl: PUBLIC_URL, caps: { logos: 3, galleries: 0 } } });
// A logo on another site (from before pictures were kept): never an enclosure.
const [elsewhere] = (
  await sql<{ slug: string }>`update listings set logo_url = 'https://elsewhere.example/logo.png'
    where id = (select id from listings where status = 'live' and logo_hash is null order by published_at desc limit 1) returning slug`.execute(t.db)
).rows;
const anon = t.siteBrowser();

const keptLogos = new Map(
  (await sql<{ slug: string; logo_hash: string }>`select slug, logo_hash from listings where logo_hash is not null`.execute(t.db)).rows.map((r) => [r.slug, r.logo_hash]),
);
const slugOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/')[2]);
const sizeOf = async (hash: string) => (await storage.get(`${hash}/logo-256.png`))!.size;

test('RSS: a launch with a kept logo has it as <enclosure> (URL, image/png, its size in bytes); the others none', async () => {
  const $ = cheerio.load((await anon.get('/feeds/launches.rss')).body, { xml: true });
  const items = $('item').toArray();
  const withLogo = items.filter((i) => keptLogos.has(slugOf($(i).children('link').text())));
  assert.equal(withLogo.length, 3, 'the three launches given a logo are in the feed');
  for (const item of items) {
    const slug = slugOf($(item).children('link').text());
    const enclosures = $(item).children('enclosure');
    const hash = keptLogos.get(slug);
    if (!hash) {
      assert.equal(enclosures.length, 0, `${slug} has an enclosure`);
      continue;
    }
    assert.equal(enclosures.length, 1);
    assert.deepEqual(enclosures.get(0)!.attribs, { url: logoUrl(PUBLIC_URL, hash), type: 'image/png', length: String(await sizeOf(hash)) });
  }
  assert.ok(items.some((i) => slugOf($(i).children('link').text()) === elsewhere.slug), 'the listing with a logo elsewhere is in the feed');
});

test('Atom: the same logo as <link rel="enclosure">, and its address serves that PNG', async () => {
  const $ = cheerio.load((await anon.get('/feeds/launches.atom')).body, { xml: true });
  let seen = 0;
  for (const entry of $('entry').toArray()) {
    const slug = slugOf($(entry).children('link[rel="alternate"], link:not([rel])').first().attr('href') ?? $(entry).children('id').text());
    const enclosures = $(entry).children('link[rel="enclosure"]');
    const hash = keptLogos.get(slug);
    if (!hash) {
      assert.equal(enclosures.length, 0, `${slug} has an enclosure`);
      continue;
    }
    seen++;
    const length = await sizeOf(hash);
    assert.deepEqual(enclosures.get(0)!.attribs, { rel: 'enclosure', href: logoUrl(PUBLIC_URL, hash), type: 'image/png', length: String(length) });
    const picture = await anon.get(new URL(logoUrl(PUBLIC_URL, hash)).pathname);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers['content-type'], 'image/png');
    assert.equal(Number(picture.headers['content-length']), length);
  }
  assert.equal(seen, 3);
});

test('the size: read once per picture; a storage that cannot be read gives length 0 (asked again later); a file gone, no enclosure', async () => {
  const hash = [...keptLogos.values()][0];
  const url = logoUrl(PUBLIC_URL, hash);
  const size = await sizeOf(hash);
  let reads = 0;
  const counted = { ...storage, get: (key: string) => (reads++, storage.get(key)) };
  const enclosure = logoEnclosures(counted, PUBLIC_URL);
  assert.deepEqual(await enclosure(url), { url, type: 'image/png', length: size });
  assert.deepEqual(await enclosure(url), { url, type: 'image/png', length: size });
  assert.equal(reads, 1);
  assert.equal(await enclosure('https://elsewhere.example/logo.png'), undefined);
  assert.equal(await enclosure(null), undefined);

  // A real local storage whose folder is a file: every read fails.
  const dir = await mkdtemp(join(tmpdir(), 'launchyard-feed-'));
  try {
    await writeFile(join(dir, 'not-a-folder'), '');
    const unreadable = localMediaStorage(join(dir, 'not-a-folder'));
    let tries = 0;
    const broken = logoEnclosures({ ...unreadable, get: (key: string) => (tries++, unreadable.get(key)) }, PUBLIC_URL);
    assert.deepEqual(await broken(url), { url, type: 'image/png', length: 0 });
    assert.deepEqual(await broken(url), { url, type: 'image/png', length: 0 });
    assert.equal(tries, 2, 'an unknown size is not remembered');
    const empty = logoEnclosures(localMediaStorage(dir), PUBLIC_URL);
    assert.equal(await empty(url), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
