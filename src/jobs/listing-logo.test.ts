import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import * as cheerio from 'cheerio';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';
import { processImage } from '../media/process-image.ts';
import { listingLogosStore, waitingPage } from '../store/listing-logos-store.ts';
import type { JobData, JobDispatcher, SendOptions } from './dispatch.ts';
import { LISTING_LOGO_JOB, runListingLogo, type ListingLogoDeps } from './listing-logo.ts';
import { LISTING_LOGO_SWEEP_JOB, sweepListingLogos } from './listing-logo-sweep.ts';
import { pictureDownloader } from './picture-download.ts';

// A listing whose logo_url names a picture on another site (as releases before the site kept logos
// wrote it) gets a kept copy: the sweep finds it, the job downloads it through the address policy,
// processes and keeps it, and points the listing at it, through the app's own handlers and a
// loopback site (allowed as CRAWLER_ALLOW_HOSTS; every other private address stays refused).
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
const storage = t.app.services.mediaStorage;
const PUBLIC = 'http://localhost:3000';

/** Every TCP connection attempt this process makes (as test/security/ssrf.test.ts records them). */
const dials: string[] = [];
const onSocket = (message: unknown) => (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string) => dials.push(ip));
dc.subscribe('net.client.socket', onSocket);

const square = (side: number, background: string) => sharp({ create: { width: side, height: side, channels: 4, background } }).png().toBuffer();
const LOGO = await square(300, '#3366ff');
const UPLOAD = await square(120, '#aa33cc');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const site = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
  '/logo.png': { type: 'image/png', body: LOGO },
  '/page.html': '<html><body>Not a picture</body></html>',
  '/metadata.png': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/logo.png' }, body: '' },
});
after(() => {
  dc.unsubscribe('net.client.socket', onSocket);
  return site.close();
});

const owner = await t.signIn({ name: 'Lea Legacy' });
const listingOf = (id: string) => t.db.selectFrom('listings').select(['logo_url', 'logo_hash']).where('id', '=', id).executeTakeFirstOrThrow();
const versionsOf = async (id: string) =>
  (await sql<{ source: string; editor_id: string | null; before: unknown; after: unknown }>`
    select source, editor_id, before, after from listing_versions where listing_id = ${id} order by id`.execute(t.db)).rows;
const refusalOf = (id: string) => t.db.selectFrom('listing_logo_refusals').selectAll().where('listing_id', '=', id).executeTakeFirst();
async function storedKeys() {
  const keys: string[] = [];
  for await (const o of storage.list('')) keys.push(o.key);
  return keys.sort();
}
const mediaRows = () => t.db.selectFrom('media_files').select('source_hash').orderBy('source_hash').execute();
/** A listing as an earlier release left it: its logo_url on the product's site, no kept logo. */
const legacy = (slug: string, logoUrl: string) => t.fx.listing({ owner_id: owner.userId, slug, name: slug.replace(/-/g, ' '), status: 'live', logo_url: logoUrl });
/** The hourly sweep, as the queue sends it, and everything it sends after it. */
async function sweep() {
  await t.app.services.jobs.send(LISTING_LOGO_SWEEP_JOB, {});
  await t.jobsIdle();
}
const picturesPage = async (id: string) => cheerio.load((await owner.browser.get(`/my/listings/${id}/pictures`)).body);

test('a listing from an earlier release: its logo on another site is copied, the API names the copy, pages draw it', async () => {
  const source = `${site.origin}/logo.png`;
  const id = await legacy('legacy-logo', source);
  const hash = sha256(LOGO);
  const kept = `${PUBLIC}/media/${hash}/logo-256.png`;

  // Until the copy: the API answers the address as it is; pages draw initials; the owner is told.
  assert.equal((await t.get('/api/v1/listings/legacy-logo')).body.logo_url, source);
  assert.equal(cheerio.load((await t.get('/search?q=legacy')).body)('.logo picture').length, 0);
  assert.match((await picturesPage(id))('.logo-now').text(), /The logo at .*\/logo\.png is being copied to this site; until then the listing shows its initials/);

  await sweep();
  assert.deepEqual(await listingOf(id), { logo_url: kept, logo_hash: hash });
  assert.ok(site.requests.some((r) => r.path === '/logo.png' && /LaunchyardBot/.test(r.userAgent ?? '')), 'fetched as the crawler');
  const registered = await t.db.selectFrom('media_files').selectAll().where('source_hash', '=', hash).executeTakeFirstOrThrow();
  assert.deepEqual([registered.purpose, registered.source_url], ['logo', source]);
  const o = await storage.get(`${hash}/logo-64.avif`);
  assert.ok(o && o.size > 0, 'its variants are stored');
  assert.deepEqual(await versionsOf(id), [{ source: 'logo_copy', editor_id: null, before: { logo_url: source }, after: { logo_url: kept } }]);

  // REST and MCP name the kept picture; the card and the profile draw it from /media.
  assert.equal((await t.get('/api/v1/listings/legacy-logo')).body.logo_url, kept);
  const mcp = await t.mcpCall('get_listing', { slug: 'legacy-logo' });
  assert.equal(mcp.body.result.structuredContent.logo_url, kept);
  const card = cheerio.load((await t.get('/search?q=legacy')).body)('.logo picture');
  assert.equal(card.length, 1);
  assert.equal(card.find('img').attr('src'), `/media/${hash}/logo-64.png`);
  assert.match((await t.get('/listings/legacy-logo')).body, new RegExp(`<source type="image/avif" srcset="/media/${hash}/logo-64\\.avif 1x`));
  assert.match((await picturesPage(id))('.logo-now').text(), /The current logo\./);

  // A kept logo is not copied again.
  const asked = site.requests.length;
  await sweep();
  assert.equal(site.requests.length, asked);
  assert.equal((await versionsOf(id)).length, 1);
});

test('a logo address that redirects to a private address is refused: nothing stored, the listing as it was, the owner told why', async () => {
  const source = `${site.origin}/metadata.png`;
  const id = await legacy('metadata-logo', source);
  const [keys, rows] = [await storedKeys(), await mediaRows()];
  await sweep();
  assert.deepEqual(await listingOf(id), { logo_url: source, logo_hash: null }, 'initials, as before');
  assert.ok(site.requests.some((r) => r.path === '/metadata.png'), 'the allowed host was asked');
  assert.ok(!dials.includes('169.254.169.254'), 'no connection was attempted to the metadata address');
  assert.deepEqual(await storedKeys(), keys, 'no file was stored');
  assert.deepEqual(await mediaRows(), rows, 'no picture was registered');
  assert.deepEqual(await versionsOf(id), []);
  const refusal = await refusalOf(id);
  assert.deepEqual([refusal?.source_url, refusal?.code], [source, 'blocked_address']);
  const said = (await picturesPage(id))('#logo-copy-refused').text();
  assert.match(said, /The logo at .*\/metadata\.png could not be copied: .*169\.254\.169\.254 is a private or reserved address/);
  assert.match(said, /upload the logo here instead/);
  assert.equal((await t.get('/api/v1/listings/metadata-logo')).body.logo_url, source);

  // The next sweep does not ask for the refused address again.
  const asked = site.requests.length;
  await sweep();
  assert.equal(site.requests.length, asked);
});

// ---------------------------------------------------------------------------------------------
// The job alone

const downloader = pictureDownloader({ userAgent: 'LaunchyardBot/1.0', allowHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeMs: 5_000, maxRedirects: 5 });
after(() => downloader.close());
const forgotten: string[] = [];
const deps: ListingLogoDeps = {
  store: listingLogosStore(t.db),
  download: downloader.download,
  process: (bytes) => processImage({ bytes, purpose: 'logo' }),
  storage,
  publicUrl: PUBLIC,
  now: () => new Date(),
  forget: (slug) => forgotten.push(slug),
};

const REFUSALS: [string, string, string, RegExp][] = [
  ['not found', '/missing.png', 'http_error', /answered HTTP 404/],
  ['not a picture', '/page.html', 'unsupported_type', /cannot be kept as the logo: .*is not a JPEG, PNG/],
  ['a private address', 'http://10.0.0.1/logo.png', 'blocked_address', /10\.0\.0\.1 is a private or reserved address/],
];
for (const [name, path, code, reason] of REFUSALS) {
  test(`refused, with its reason: ${name}`, async () => {
    const url = path.startsWith('/') ? `${site.origin}${path}` : path;
    const id = await legacy(`refused-${code.replace(/_/g, '-')}`, url);
    const [keys, rows] = [await storedKeys(), await mediaRows()];
    assert.deepEqual(await runListingLogo(deps, id, url), { listingId: id, refused: code });
    assert.deepEqual(await listingOf(id), { logo_url: url, logo_hash: null });
    assert.match((await refusalOf(id))?.reason ?? '', reason);
    assert.deepEqual(await storedKeys(), keys);
    assert.deepEqual(await mediaRows(), rows);
    assert.deepEqual(await versionsOf(id), []);
  });
}

test('a newer change between the send and the run wins: an upload made while the copy downloads, an address changed before it starts', async () => {
  const source = `${site.origin}/logo.png`;
  const id = await legacy('changed-meanwhile', source);
  const uploading: ListingLogoDeps = {
    ...deps,
    download: async (url, signal) => {
      const got = await downloader.download(url, signal);
      await t.app.services.pictures.setLogo(owner.userId, Number(id), UPLOAD);
      return got;
    },
  };
  assert.deepEqual(await runListingLogo(uploading, id, source), { listingId: id, skipped: 'changed meanwhile' });
  const upload = sha256(UPLOAD);
  assert.deepEqual(await listingOf(id), { logo_url: `${PUBLIC}/media/${upload}/logo-256.png`, logo_hash: upload }, 'the upload stays');
  assert.deepEqual((await versionsOf(id)).map((v) => v.source), ['upload_logo']);

  // The job was sent for an address the listing no longer has: nothing is fetched.
  const other = await legacy('moved-on', `${site.origin}/other.png`);
  const asked = site.requests.length;
  assert.deepEqual(await runListingLogo(deps, other, source), { listingId: other, skipped: 'changed meanwhile' });
  assert.equal(site.requests.length, asked);
  assert.deepEqual(await listingOf(other), { logo_url: `${site.origin}/other.png`, logo_hash: null });

  // A removal made meanwhile wins as well.
  const removed = await legacy('removed-meanwhile', source);
  const removing: ListingLogoDeps = {
    ...deps,
    download: async (url, signal) => {
      const got = await downloader.download(url, signal);
      await t.app.services.pictures.removeLogo(owner.userId, Number(removed));
      return got;
    },
  };
  assert.deepEqual(await runListingLogo(removing, removed, source), { listingId: removed, skipped: 'changed meanwhile' });
  assert.deepEqual(await listingOf(removed), { logo_url: null, logo_hash: null });
});

// ---------------------------------------------------------------------------------------------
// The sweep

/** Records what the sweep sends instead of running it. */
function recorder() {
  const sent: { name: string; data: JobData; opts?: SendOptions }[] = [];
  const jobs: JobDispatcher = { send: async (name, data, opts) => void sent.push({ name, data, opts }) };
  return { sent, jobs };
}

test('the sweep pages through waiting listings by id in bounded batches, skipping kept, own, refused and empty logos', async () => {
  const start = await t.fx.listing({ slug: 'sweep-start' });
  const own = `${PUBLIC}/media/${'a'.repeat(64)}/logo-256.png`;
  const rows: [string, string | null, 'send' | 'skip'][] = [
    ['sweep-a', 'https://a.example/logo.png', 'send'],
    ['sweep-kept', null, 'skip'],
    ['sweep-none', null, 'skip'],
    ['sweep-b', 'https://b.example/logo.png', 'send'],
    ['sweep-own', own, 'skip'],
    ['sweep-refused', 'https://refused.example/logo.png', 'skip'],
    ['sweep-c', 'https://c.example/logo.svg', 'send'],
    ['sweep-refused-before', 'https://d.example/new-logo.png', 'send'],
    ['sweep-e', 'http://e.example/logo.gif', 'send'],
  ];
  const ids: string[] = [];
  for (const [slug, logoUrl] of rows) ids.push(await t.fx.listing({ slug, logo_url: logoUrl }));
  // A listing with a kept logo, one refused at its current address, one refused at an address it had before.
  const kept = await legacy('sweep-kept-source', `${site.origin}/logo.png`);
  await runListingLogo(deps, kept, `${site.origin}/logo.png`);
  const keptLogo = await listingOf(kept);
  await t.db.updateTable('listings').set(keptLogo).where('id', '=', ids[1]).execute();
  await sql`delete from listings where id = ${kept}`.execute(t.db);
  const refuse = (id: string, url: string) => listingLogosStore(t.db).refuse(id, { source_url: url, code: 'http_error', reason: 'It answered HTTP 404.', refused_at: new Date() });
  await refuse(ids[5], 'https://refused.example/logo.png');
  await refuse(ids[7], 'https://d.example/old-logo.png');

  const { sent, jobs } = recorder();
  const sweepDeps = { store: listingLogosStore(t.db), jobs, publicUrl: PUBLIC, batch: 3 };
  const runs = [];
  for (let after: string | null = start; after; ) {
    const run = await sweepListingLogos(sweepDeps, after);
    runs.push(run);
    after = run.next;
    assert.ok(runs.length < 10, 'the pass ends');
  }
  const wanted = rows.flatMap(([, url, what], i) => (what === 'send' ? [{ listingId: ids[i], url }] : []));
  const copies = sent.filter((s) => s.name === LISTING_LOGO_JOB);
  assert.deepEqual(copies.map((s) => s.data), wanted, 'in id order, each once');
  assert.deepEqual(copies.map((s) => s.opts?.singletonKey), wanted.map((w) => w.listingId), 'keyed by the listing');
  // Waiting rows only (the partial index): a, b, own, refused, c, refused-before, e — 7 rows in batches of 3.
  assert.deepEqual(runs.map((r) => r.read), [3, 3, 1]);
  assert.ok(runs.every((r) => r.read <= 3));
  assert.deepEqual(sent.filter((s) => s.name === LISTING_LOGO_SWEEP_JOB).map((s) => s.data), [{ after: runs[0].next }, { after: runs[1].next }]);
  assert.equal(runs[0].next, ids[4], 'the next batch starts after the last id read');
  assert.equal(runs.at(-1)!.next, null, 'a short batch ends the pass');
});

test('the sweep reads through the partial index, not the listings table', async () => {
  await sql`analyze listings`.execute(t.db);
  const plan = await t.db.transaction().execute(async (trx) => {
    // A test's tiny table is cheaper to read whole or by bitmap: rule those out to see which index
    // serves the query, in id order, as on a directory of a million listings.
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return (await waitingPage(trx, '0', 200).explain()).map((r) => Object.values(r)[0]).join('\n');
  });
  assert.match(plan, /Index Scan using listings_logo_to_copy_idx on listings/, plan);
  assert.doesNotMatch(plan, /Sort|Seq Scan on listings/, plan);
});
