import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { createTestApp } from '../testing/harness.ts';
import { loopbackSite } from '../testing/loopback-site.ts';
import { draftStores, type DraftRecord } from '../store/drafts-store.ts';
import { mediaStore } from '../store/media-store.ts';
import { insertDraft, aiField } from '../operations/drafts/drafts-testing.ts';
import { processImage } from '../media/process-image.ts';
import { LOGO_FORMATS, LOGO_SIZES, extensionOf } from '../media/variants.ts';
import { runDraftLogo, type DraftLogoDeps } from './draft-logo.ts';
import { pictureDownloader } from './picture-download.ts';

// A drafted site's logo copied into the site's own media storage: through the real pipeline (the
// crawler, the built-in extractor, the worker pool, the storage) on loopback sites, and the job
// alone against every way a picture can fail to be kept. The loopback sites are allowed as the
// crawler's CRAWLER_ALLOW_HOSTS; every other private address stays refused by the address policy.
const t = await createTestApp({ env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
const storage = t.app.services.mediaStorage;

/** Every TCP connection attempt this process makes (as test/security/ssrf.test.ts records them). */
const dials: string[] = [];
const onSocket = (message: unknown) => (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string) => dials.push(ip));
dc.subscribe('net.client.socket', onSocket);

const square = (side: number, background: string) => sharp({ create: { width: side, height: side, channels: 4, background } }).png().toBuffer();
const LOGO = await square(300, '#3366ff');
const OTHER = await square(200, '#ff6633');
const TINY = await square(32, '#33aa66');
/** Noise does not compress: a picture of some 30 kB. */
/** An owner's own upload (My listings → Logo). */
const TINY_UPLOAD = await square(96, '#aa33cc');
const NOISE = await sharp(randomBytes(100 * 100 * 3), { raw: { width: 100, height: 100, channels: 3 } }).png().toBuffer();
const SHARE = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#222244' } }).png().toBuffer();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const ROBOTS = { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
const home = (head: string, header: string) =>
  `<!doctype html><html lang="en"><head><title>Acme Invoicing</title>${head}</head><body><header>${header}<a href="/">Acme Invoicing</a></header>
   <main><h1>Acme Invoicing</h1><p>Invoices in one click for freelancers and small agencies.</p></main></body></html>`;
const site = await loopbackSite({
  '/robots.txt': ROBOTS,
  '/': home('', '<a href="/"><img class="logo" src="/img/logo.png" alt="Acme Invoicing logo"></a>'),
  '/img/logo.png': { type: 'image/png', body: LOGO },
  '/img/other.png': { type: 'image/png', body: OTHER },
});
// Its logo is a redirect to a private address: the metadata service, or the office network.
const redirected = await loopbackSite({
  '/robots.txt': ROBOTS,
  '/': home('', '<a href="/"><img class="logo" src="/logo.png" alt="Acme Invoicing logo"></a>'),
  '/logo.png': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/logo.png' }, body: '' },
  '/office.png': { status: 302, headers: { location: 'http://10.0.0.1/logo.png' }, body: '' },
});
const shareOnly = await loopbackSite({
  '/robots.txt': ROBOTS,
  '/': home('<meta property="og:image" content="/og.png">', ''),
  '/og.png': { type: 'image/png', body: SHARE },
});
after(() => {
  dc.unsubscribe('net.client.socket', onSocket);
  return Promise.all([site.close(), redirected.close(), shareOnly.close()]);
});

/** The values a form sends as the page shows it (no buttons). */
function formValues(body: string, selector: string): Record<string, string> {
  const $ = cheerio.load(body);
  const form = $(selector).first();
  assert.equal(form.length, 1, `a form ${selector}`);
  return Object.fromEntries(form.find('input[name]').map((_, el) => [[$(el).attr('name')!, $(el).attr('value') ?? '']]).get());
}

/** A founder's draft of a site through the website, once the pipeline and the logo copy are done. */
async function draftOf(origin: string) {
  const s = await t.signIn({ name: 'Ada Founder' });
  const res = await s.browser.post('/submit', { ...formValues((await s.browser.get('/submit')).body, 'form[action="/submit"]'), url: `${origin}/` });
  assert.equal(res.status, 303);
  const id = res.location!.slice('/drafts/'.length);
  await t.jobsIdle();
  return { ...s, id, page: `/drafts/${id}` };
}
const row = async (id: string) => (await t.db.selectFrom('drafts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as DraftRecord;
const mediaRow = (hash: string) => t.db.selectFrom('media_files').selectAll().where('source_hash', '=', hash).executeTakeFirst();
const listingOf = (listingId: string | null) =>
  t.db.selectFrom('listings').select(['logo_url', 'logo_hash']).where('id', '=', String(listingId)).executeTakeFirstOrThrow();
async function storedKeys() {
  const keys: string[] = [];
  for await (const o of storage.list('')) keys.push(o.key);
  return keys.sort();
}
async function submitDraft(s: Awaited<ReturnType<typeof draftOf>>) {
  const res = await s.browser.post(`/drafts/${s.id}/submit`, formValues((await s.browser.get(s.page)).body, `form[action="/drafts/${s.id}/submit"]`));
  assert.equal(res.status, 303, res.body);
  return (await row(s.id)).listing_id;
}

test('a drafted logo is kept: its variants stored, media_files with its source, the editor shows it, the listing takes it', async () => {
  const s = await draftOf(site.origin);
  const d = await row(s.id);
  const source = `${site.origin}/img/logo.png`;
  const hash = sha256(LOGO);
  assert.equal(d.status, 'ready');
  // The field keeps the address on the page and its evidence; the copy is held beside it.
  assert.equal(d.fields.logo_url?.value, source);
  assert.equal(d.fields.logo_url?.state, 'ai');
  assert.ok(d.fields.logo_url!.evidence.length > 0);
  assert.deepEqual(d.logo_copy, { source_url: source, from: 'logo_url', status: 'kept', url: `http://localhost:3000/media/${hash}/logo-256.png`, reason: null });
  assert.equal(d.logo_hash, hash);
  for (const side of LOGO_SIZES) {
    for (const format of LOGO_FORMATS) {
      const o = await storage.get(`${hash}/logo-${side}.${extensionOf(format)}`);
      assert.ok(o && o.size > 0, `logo-${side}.${format} is stored`);
      assert.equal(o.contentType, `image/${format}`);
      if (format === 'png') assert.deepEqual(await sharp(o.body).metadata().then((m) => [m.width, m.height]), [side, side]);
    }
  }
  const registered = await mediaRow(hash);
  assert.equal(registered?.source_url, source);
  assert.equal(registered?.purpose, 'logo');
  assert.ok(site.requests.some((r) => r.path === '/img/logo.png' && /LaunchyardBot/.test(r.userAgent ?? '')), 'fetched as the crawler');
  const served = await t.get(`/media/${hash}/logo-128.webp`);
  assert.equal(served.status, 200);
  assert.equal(served.headers['content-type'], 'image/webp');

  // The API says so too; the editor draws the copy from /media and names its source.
  const { key } = await t.app.services.accounts.createApiKey(s.userId, { name: 'test', scopes: ['account:read'] });
  const api = await t.get(`/api/v1/drafts/${s.id}`, { authorization: `Bearer ${key}` });
  assert.deepEqual(api.body.logo_copy, d.logo_copy);
  assert.equal(api.body.fields.logo_url.value, source);
  const $ = cheerio.load((await s.browser.get(s.page)).body);
  const figure = $('#field-logo_url #logo-copy');
  assert.match(figure.text(), /The copy this site keeps, from/);
  assert.equal(figure.find(`a[href="${source}"]`).length, 1);
  assert.equal(figure.find(`img[src="/media/${hash}/logo-64.png"]`).length, 1);
  assert.equal($(`img[src^="${site.origin}"], source[srcset*="${site.origin}"]`).length, 0, 'nothing loads from the product’s site');

  const listingId = await submitDraft(s);
  assert.deepEqual(await listingOf(listingId), { logo_url: `http://localhost:3000/media/${hash}/logo-256.png`, logo_hash: hash });

  // The owner changes the logo's address: it is copied too, and the saved listing follows.
  const edited = formValues((await s.browser.get(s.page)).body, `form[action="/drafts/${s.id}/fields"]`);
  const saved = await s.browser.post(`/drafts/${s.id}/fields`, { ...edited, 'fields.logo_url': `${site.origin}/img/other.png`, act: 'save' });
  assert.equal(saved.status, 303);
  await t.jobsIdle();
  const other = sha256(OTHER);
  assert.equal((await row(s.id)).logo_copy?.status, 'kept');
  assert.deepEqual(await listingOf(listingId), { logo_url: `http://localhost:3000/media/${other}/logo-256.png`, logo_hash: other });
  // The first copy is used by nothing now: the media sweep may delete it; the new one is the draft's and the listing's.
  assert.equal(await mediaStore(t.db).referenced(hash), false);
  assert.equal(await mediaStore(t.db).referenced(other), true);
});

test('a logo address that redirects to a private address is refused, nothing is stored, the draft stays ready', async () => {
  const before = await storedKeys();
  const mediaRows = await t.db.selectFrom('media_files').select('source_hash').execute();
  const s = await draftOf(redirected.origin);
  const d = await row(s.id);
  assert.equal(d.status, 'ready');
  assert.equal(d.fields.logo_url?.value, `${redirected.origin}/logo.png`, 'the drafted value keeps its evidence');
  assert.equal(d.logo_copy?.status, 'refused');
  assert.match(d.logo_copy?.reason ?? '', /169\.254\.169\.254 is a private or reserved address/);
  assert.equal(d.logo_hash, null);
  assert.ok(redirected.requests.some((r) => r.path === '/logo.png'), 'the allowed host was asked');
  assert.ok(!dials.includes('169.254.169.254'), 'no connection was attempted to the metadata address');

  // The owner tries the office network instead: refused the same way.
  const edited = formValues((await s.browser.get(s.page)).body, `form[action="/drafts/${s.id}/fields"]`);
  await s.browser.post(`/drafts/${s.id}/fields`, { ...edited, 'fields.logo_url': `${redirected.origin}/office.png`, act: 'save' });
  await t.jobsIdle();
  const again = await row(s.id);
  assert.equal(again.logo_copy?.status, 'refused');
  assert.match(again.logo_copy?.reason ?? '', /10\.0\.0\.1 is a private or reserved address/);
  assert.ok(!dials.includes('10.0.0.1'));

  assert.deepEqual(await storedKeys(), before, 'no file was stored');
  assert.deepEqual(await t.db.selectFrom('media_files').select('source_hash').execute(), mediaRows, 'no picture was registered');
  const $ = cheerio.load((await s.browser.get(s.page)).body);
  assert.match($('#field-logo_url #logo-copy').text(), /Not kept: .*10\.0\.0\.1/);
  assert.deepEqual(await listingOf(await submitDraft(s)), { logo_url: null, logo_hash: null }, 'the listing has no logo, never the address');
});

test('a site without a logo: its og:image is kept and offered, and becomes the logo only when the owner chooses it', async () => {
  const s = await draftOf(shareOnly.origin);
  const d = await row(s.id);
  const source = `${shareOnly.origin}/og.png`;
  const hash = sha256(SHARE);
  assert.equal(d.fields.logo_url?.value, null, 'a share picture is not drafted as the logo');
  assert.deepEqual(d.logo_copy, { source_url: source, from: 'og_image', status: 'kept', url: `http://localhost:3000/media/${hash}/logo-256.png`, reason: null });
  assert.equal((await mediaRow(hash))?.source_url, source);

  const page = (await s.browser.get(s.page)).body;
  const $ = cheerio.load(page);
  assert.match($('#logo-copy').text(), /share picture \(og:image\)/);
  assert.equal($('#logo-copy button[form="logo-copy-use"]').length, 1);
  const requests = shareOnly.requests.length;
  const used = await s.browser.post(`/drafts/${s.id}/fields`, formValues(page, '#logo-copy-use'));
  assert.equal(used.status, 303);
  await t.jobsIdle();
  const chosen = await row(s.id);
  assert.equal(chosen.fields.logo_url?.value, source);
  assert.equal(chosen.fields.logo_url?.state, 'manual');
  assert.equal(chosen.logo_copy?.status, 'kept');
  assert.equal(shareOnly.requests.length, requests, 'the kept copy is used, not downloaded again');
  assert.deepEqual(await listingOf(await submitDraft(s)), { logo_url: `http://localhost:3000/media/${hash}/logo-256.png`, logo_hash: hash });
});

test('editing a saved draft leaves a logo the owner uploaded since', async () => {
  const s = await draftOf(site.origin);
  const listingId = await submitDraft(s);
  await t.app.services.pictures.setLogo(s.userId, Number(listingId), TINY_UPLOAD);
  const uploaded = await listingOf(listingId);
  assert.equal(uploaded.logo_hash, sha256(TINY_UPLOAD));
  const fields = formValues((await s.browser.get(s.page)).body, `form[action="/drafts/${s.id}/fields"]`);
  assert.equal((await s.browser.post(`/drafts/${s.id}/fields`, { ...fields, 'fields.tagline': 'Invoices in one click.', act: 'save' })).status, 303);
  await t.jobsIdle();
  assert.deepEqual(await listingOf(listingId), uploaded, 'another field’s edit keeps the upload');
});

// ---------------------------------------------------------------------------------------------
// The job alone: every picture that cannot be kept leaves a reason and nothing stored.

const odd = await loopbackSite({
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
  '/page.html': '<html><body>Not a picture</body></html>',
  '/tiny.png': { type: 'image/png', body: TINY },
  '/big.png': { type: 'image/png', body: NOISE },
  '/private/logo.png': { type: 'image/png', body: LOGO },
  '/empty.png': { type: 'image/png', body: '' },
  '/renamed.png': { type: 'image/png', body: '#!/bin/sh\necho hello\n' },
  '/loop.png': { status: 302, headers: { location: '/loop.png' }, body: '' },
});
after(() => odd.close());
const owner = await t.fx.user();

const REFUSALS: [string, string, string, RegExp][] = [
  ['not a picture', '/page.html', 'unsupported_type', /is not a JPEG, PNG, WebP, AVIF, GIF or SVG picture/],
  ['a renamed script', '/renamed.png', 'unsupported_type', /is not a JPEG, PNG/],
  ['an empty file', '/empty.png', 'empty', /empty file/],
  ['too small', '/tiny.png', 'too_small', /32 × 32 pixels; a logo must be at least 64 × 64/],
  ['too large', '/big.png', 'too_large', /is larger than 1 kB, the most a picture may be/],
  ['not found', '/missing.png', 'http_error', /answered HTTP 404/],
  ['disallowed by robots.txt', '/private/logo.png', 'robots_disallowed', /disallows LaunchyardBot on \/private\/logo\.png/],
  ['a redirect loop', '/loop.png', 'too_many_redirects', /redirected more than 5 times/],
  ['a private address written in the page', 'http://10.0.0.1/logo.png', 'blocked_address', /10\.0\.0\.1 is a private or reserved address/],
  ['not a web address', 'ftp://acme.test/logo.png', 'invalid_url', /is not an http\(s\) address/],
];

const downloader = pictureDownloader({ userAgent: 'LaunchyardBot/1.0 (+http://localhost:3000/bot)', allowHosts: ['127.0.0.1'], maxBytes: 1024, timeMs: 5_000, maxRedirects: 5 });
const roomy = pictureDownloader({ userAgent: 'LaunchyardBot/1.0', allowHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeMs: 5_000, maxRedirects: 5 });
after(() => Promise.all([downloader.close(), roomy.close()]));
const deps: DraftLogoDeps = {
  stores: draftStores(t.db),
  download: downloader.download,
  process: (bytes) => processImage({ bytes, purpose: 'logo' }),
  storage,
  publicUrl: 'http://localhost:3000',
  now: () => new Date(),
  forget: () => {},
};

for (const [name, path, code, reason] of REFUSALS) {
  test(`refused, with its reason: ${name}`, async () => {
    const url = path.startsWith('/') ? `${odd.origin}${path}` : path;
    const id = await insertDraft(t, owner, {
      fields: { name: aiField('Acme'), logo_url: aiField(url) },
      logo_copy: { source_url: url, from: 'logo_url', status: 'pending', url: null, reason: null },
    });
    const before = await storedKeys();
    const rows = await t.db.selectFrom('media_files').select('source_hash').execute();
    assert.deepEqual(await runDraftLogo(deps, id), { draftId: id, refused: code });
    const d = await row(id);
    assert.equal(d.status, 'ready', 'the draft is untouched');
    assert.equal(d.fields.logo_url?.value, url);
    assert.equal(d.logo_copy?.status, 'refused');
    assert.match(d.logo_copy?.reason ?? '', reason);
    assert.equal(d.logo_hash, null);
    assert.deepEqual(await storedKeys(), before);
    assert.deepEqual(await t.db.selectFrom('media_files').select('source_hash').execute(), rows);
    assert.deepEqual(await runDraftLogo(deps, id), { draftId: id, skipped: 'nothing to copy' }, 'done once');
  });
}

test('a copy whose address changed while it was made is dropped', async () => {
  const url = `${site.origin}/img/logo.png`;
  const id = await insertDraft(t, owner, { fields: { name: aiField('Acme'), logo_url: aiField(url) }, logo_copy: { source_url: url, from: 'logo_url', status: 'pending', url: null, reason: null } });
  const changing: DraftLogoDeps = {
    ...deps,
    download: async (u, signal) => {
      const got = await roomy.download(u, signal);
      await draftStores(t.db).drafts.update(id, { logo_copy: { source_url: `${site.origin}/img/other.png`, from: 'logo_url', status: 'pending', url: null, reason: null } }, new Date());
      return got;
    },
  };
  assert.deepEqual(await runDraftLogo(changing, id), { draftId: id, skipped: 'changed meanwhile' });
  const d = await row(id);
  assert.equal(d.logo_copy?.status, 'pending');
  assert.equal(d.logo_hash, null);
});
