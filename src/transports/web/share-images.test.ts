import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import sharp from 'sharp';
import { MEDIA_KEY, type MediaStorage } from '../../media/storage/media-storage.ts';
import { localMediaStorage } from '../../media/storage/local-storage.ts';
import { shareCardKey, type ShareCardSpec } from '../../media/share-card-key.ts';
import { createWorkPool } from '../../workers/pool.ts';
import { createTestApp } from '../../testing/harness.ts';
import { listingShareCard, shareImage, votesFigure } from './share-images.ts';

// Share cards end to end: the key of a card, when a page's card is drawn (once, then known), and
// the pages' og:image as a link preview reads it, served from /media.

test('votes on a card: exact below 10, then by leading digit (a new card at each step, not each vote)', () => {
  const CASES: [number, string | undefined][] = [
    [0, undefined],
    [1, '1 vote'],
    [9, '9 votes'],
    [10, '10+ votes'],
    [19, '10+ votes'],
    [20, '20+ votes'],
    [128, '100+ votes'],
    [999, '900+ votes'],
    [1000, '1,000+ votes'],
    [12_345, '10,000+ votes'],
  ];
  for (const [votes, figure] of CASES) assert.equal(votesFigure(votes), figure, String(votes));
  // Only a live listing shows votes; only a logo the site keeps is drawn.
  const listing = { name: 'Sharely', tagline: 'Cards', logo_url: 'https://elsewhere.example/logo.png', votes: 12, status: 'live' };
  assert.deepEqual(listingShareCard(listing, 'Yard'), { kind: 'listing', title: 'Sharely', subtitle: 'Cards', figure: '10+ votes', siteName: 'Yard', logoKey: undefined });
  assert.equal(listingShareCard({ ...listing, status: 'scheduled' }, 'Yard').figure, undefined);
  const kept = `http://localhost:3000/media/${'a'.repeat(64)}/logo-256.png`;
  assert.equal(listingShareCard({ ...listing, logo_url: kept }, 'Yard').logoKey, `${'a'.repeat(64)}/logo-256.png`);
});

test('a card is keyed by its inputs: a media key that changes with any of them', () => {
  const spec: ShareCardSpec = { kind: 'listing', title: 'Sharely', subtitle: 'Cards', figure: '10+ votes', siteName: 'Yard' };
  const key = shareCardKey(spec);
  assert.match(key, MEDIA_KEY);
  assert.match(key, /\/share\.png$/);
  assert.equal(shareCardKey({ ...spec }), key);
  const CHANGES: Partial<ShareCardSpec>[] = [{ kind: 'post' }, { title: 'Sharely 2' }, { subtitle: '' }, { figure: '20+ votes' }, { figure: undefined }, { siteName: 'Other' }, { logoKey: `${'b'.repeat(64)}/logo-256.png` }];
  const keys = new Set([key, ...CHANGES.map((c) => shareCardKey({ ...spec, ...c }))]);
  assert.equal(keys.size, CHANGES.length + 1);
});

test('a card is drawn once: concurrent first views share it, later views know it, another node finds it stored', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'launchyard-share-test-'));
  const pool = createWorkPool({ size: 1 });
  after(async () => {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  });
  const calls = { get: 0, put: 0 };
  // Puts finished (the file written), not only begun: the test reads the card back after the first.
  let written = 0;
  /** The real local storage, counted. */
  const counted = (inner: MediaStorage, failPut = false): MediaStorage => ({
    ...inner,
    kind: inner.kind,
    get: (key) => (calls.get++, inner.get(key)),
    put: async (key, body, type) => {
      calls.put++;
      if (failPut) throw new Error('disk full');
      await inner.put(key, body, type);
      written++;
    },
  });
  const storage = localMediaStorage(dir);
  const node = { mediaStorage: counted(storage), pool, publicUrl: 'https://yard.example', shareImages: true };
  const spec: ShareCardSpec = { kind: 'listing', title: 'Sharely', subtitle: 'Cards for links', figure: '10+ votes', siteName: 'Yard' };

  // A page waits at most 2 s for a new card; on a loaded machine the drawing may still be running
  // when it goes out: the test waits for the drawing itself before it counts.
  const drawn = async (ok: () => boolean) => {
    for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setImmediate(r));
  };
  const views = await Promise.all(Array.from({ length: 5 }, () => shareImage(node, spec)));
  await drawn(() => pool.stats().completed >= 1 && written >= 1);
  const url = `https://yard.example/media/${shareCardKey(spec)}`;
  for (const v of views) assert.deepEqual(v, { url, width: 1200, height: 630, alt: 'Sharely · Cards for links · 10+ votes (Yard)' });
  assert.equal(pool.stats().completed, 1);
  assert.deepEqual(calls, { get: 1, put: 1 });
  const stored = await storage.get(shareCardKey(spec));
  assert.equal(stored?.contentType, 'image/png');
  assert.deepEqual([(await sharp(stored!.body).metadata()).width, (await sharp(stored!.body).metadata()).height], [1200, 630]);

  // Known: no storage call, no drawing.
  await shareImage(node, spec);
  assert.deepEqual(calls, { get: 1, put: 1 });

  // Another node on the same storage: one look, no drawing.
  await shareImage({ ...node, mediaStorage: counted(localMediaStorage(dir)) }, spec);
  assert.deepEqual(calls, { get: 2, put: 1 });
  assert.equal(pool.stats().completed, 1);

  // A drawing that cannot be stored: the page still gets its address, and the next view within
  // the minute does not draw again.
  const broken = { ...node, mediaStorage: counted(localMediaStorage(dir), true) };
  const other = { ...spec, title: 'Unstorable' };
  assert.equal((await shareImage(broken, other))?.url, `https://yard.example/media/${shareCardKey(other)}`);
  await shareImage(broken, other);
  await drawn(() => pool.stats().completed >= 2 && calls.put >= 2);
  assert.equal(pool.stats().completed, 2);
  assert.equal(calls.put, 2);

  // A kept logo is read from the storage and crosses to the worker: its colour fills the square.
  const logoKey = `${'c'.repeat(64)}/logo-256.png`;
  await storage.put(logoKey, await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 232, g: 93, b: 4 } } }).png().toBuffer(), 'image/png');
  const withLogo = { ...spec, logoKey };
  await shareImage(node, withLogo);
  await drawn(() => pool.stats().completed >= 3);
  for (let i = 0; i < 50 && !(await storage.get(shareCardKey(withLogo))); i++) await new Promise((r) => setTimeout(r, 100));
  const card = await storage.get(shareCardKey(withLogo));
  const { data, info } = await sharp(card!.body).raw().toBuffer({ resolveWithObject: true });
  const centre = (249 * info.width + 200) * info.channels; // the logo square's centre
  assert.deepEqual([...data.subarray(centre, centre + 3)], [232, 93, 4]);
});

test('pages name their card in og:image (1200×630, large Twitter card): a listing its own route, drawn when asked for; the others /media; a rename makes a new one', async () => {
  const t = await createTestApp({ env: { SHARE_IMAGES: 'on' } });
  after(() => t.close());
  const anon = t.siteBrowser();
  const id = await t.fx.listing({ slug: 'sharely', name: 'Sharely', tagline: 'Link previews <that> sell & "shine"', votes_count: 12 });
  await t.fx.blogPost({ slug: 'share-post', title: 'Why share cards matter' });

  const head = async (path: string) => {
    const res = await anon.get(path);
    assert.equal(res.status, 200, path);
    const $ = cheerio.load(res.body);
    const meta = (p: string) => $(`meta[property="${p}"], meta[name="${p}"]`).attr('content');
    return { image: meta('og:image'), width: meta('og:image:width'), height: meta('og:image:height'), alt: meta('og:image:alt'), card: meta('twitter:card'), type: meta('og:image:type') };
  };
  /** The PNG at an og:image address (a card still being drawn past the page's wait appears shortly). */
  const fetchImage = async (url: string) => {
    const path = new URL(url).pathname;
    for (let i = 0; ; i++) {
      const res = await t.app.http.inject({ method: 'GET', url: path });
      if (res.statusCode === 200 || i === 50) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  // A listing page names its card's own route, drawn when a preview asks for it, not when the page is viewed.
  const first = await head('/listings/sharely');
  assert.equal(first.image, 'http://localhost:3000/listings/sharely/share.png');
  assert.deepEqual([first.width, first.height, first.card, first.type], ['1200', '630', 'summary_large_image', 'image/png']);
  assert.equal(first.alt, 'Sharely · Link previews <that> sell & "shine" · 10+ votes (Launchyard)');
  const stored = async () => (await t.app.services.mediaStorage!.list('')[Symbol.asyncIterator]().next()).done === false;
  assert.equal(await stored(), false, 'viewing the page drew nothing');
  const res = await fetchImage(first.image!);
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'image/png');
  assert.equal(res.headers['cache-control'], 'public, max-age=300', 'kept briefly: the card follows the listing');
  const meta = await sharp(res.rawPayload).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 1200, 630]);
  assert.equal(await stored(), true, 'the drawn card is kept');

  // One more vote in the same step: the same card. A new name: the same address, a new card.
  await sql`update listings set votes_count = 13 where id = ${id}`.execute(t.db);
  assert.equal((await head('/listings/sharely')).image, first.image);
  assert.deepEqual((await fetchImage(first.image!)).rawPayload, res.rawPayload);
  await sql`update listings set name = 'Sharely Pro' where id = ${id}`.execute(t.db);
  const renamed = await head('/listings/sharely');
  assert.equal(renamed.image, first.image);
  assert.match(renamed.alt ?? '', /^Sharely Pro · /);
  const redrawn = await fetchImage(renamed.image!);
  assert.equal(redrawn.statusCode, 200);
  assert.notDeepEqual(redrawn.rawPayload, res.rawPayload);
  // No card for a listing that is not public.
  assert.equal((await t.app.http.inject({ method: 'GET', url: '/listings/no-such-listing/share.png' })).statusCode, 404);

  // The week, the leaderboards and a blog post have theirs.
  for (const path of ['/launches/weeks/this', '/leaderboards', '/leaderboards/community-all-time', '/blog/share-post']) {
    const h = await head(path);
    assert.match(h.image ?? '', /\/media\/[0-9a-f]{64}\/share\.png$/, path);
    assert.equal(h.card, 'summary_large_image', path);
    assert.equal((await fetchImage(h.image!)).statusCode, 200, path);
  }
});
