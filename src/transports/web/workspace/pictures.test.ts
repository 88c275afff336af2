import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp } from '../../../testing/harness.ts';
import { PICTURE_RULES } from '../../../domain/pictures/listing-pictures.ts';

// /my/listings/{id}/pictures end to end over inject: a logo and gallery images uploaded as
// multipart, processed in the worker pool, kept under DATA_DIR/media (a temporary folder here) and
// served from /media; the gallery public only with the media section unlocked; every bad input
// refused beside its field with nothing stored; another person's listing a 404; the per-account
// budget. Pictures are made with sharp here, as a camera or an editor would make them.
const t = await createTestApp();
const owner = await t.signIn({ name: 'Pia Pictures' });
const other = await t.signIn({ name: 'Otto Other' });
const id = await t.fx.listing({ owner_id: owner.userId, slug: 'pictured', name: 'Pictured App', status: 'live', launch_week: '2026-11-23' });
const page = `/my/listings/${id}/pictures`;

const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })[format]().toBuffer();
const squareLogo = () =>
  sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 40, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();

async function upload(who: typeof owner, path: string, fields: Record<string, string>, file: { field: string; bytes: Uint8Array; name?: string; type?: string }) {
  const csrf = await who.browser.csrf(page).catch(() => who.csrf);
  return who.browser.upload(`${page}${path}`, { csrf, ...fields }, { field: file.field, name: file.name ?? 'picture.jpg', type: file.type ?? 'image/jpeg', bytes: file.bytes });
}
const stored = async () => Number((await sql<{ n: string }>`select count(*)::text as n from media_files`.execute(t.db)).rows[0].n);
const items = async () => (await sql<{ id: string; kind: string; alt: string | null; caption: string | null; url: string; position: number }>`
  select id, kind, alt, caption, url, position from listing_media where listing_id = ${id} order by position, id`.execute(t.db)).rows;
const folderOf = (url: string) => /\/media\/([0-9a-f]{64})\//.exec(url)![1];

test('the owner uploads a logo: variants kept and served from /media, the listing and its card show it, the API names it', async () => {
  const res = await upload(owner, '/logo', {}, { field: 'logo', bytes: await squareLogo(), name: 'logo.png', type: 'image/png' });
  assert.equal(res.status, 303, res.body.slice(0, 500));
  assert.equal(res.location, `${page}?notice=logo-saved`);
  const listing = (await t.get('/api/v1/listings/pictured')).body;
  assert.match(listing.logo_url, /^http:\/\/localhost:3000\/media\/[0-9a-f]{64}\/logo-256\.png$/);
  const folder = folderOf(listing.logo_url);
  for (const [name, type] of [['logo-64.webp', 'image/webp'], ['logo-128.avif', 'image/avif'], ['logo-256.png', 'image/png']]) {
    const file = await t.app.http.inject({ url: `/media/${folder}/${name}` });
    assert.equal(file.statusCode, 200, name);
    assert.equal(file.headers['content-type'], type);
    assert.match(String(file.headers['cache-control']), /max-age=31536000, immutable/);
  }
  const size = await sharp((await t.app.http.inject({ url: `/media/${folder}/logo-128.png` })).rawPayload).metadata();
  assert.deepEqual([size.width, size.height, size.hasAlpha], [128, 128, true]);
  const profile = (await t.get('/listings/pictured')).body;
  assert.match(profile, new RegExp(`<source type="image/avif" srcset="/media/${folder}/logo-64\\.avif 1x, /media/${folder}/logo-128\\.avif 2x">`));
  const search = (await t.get('/search?q=pictured')).body;
  assert.match(search, new RegExp(`/media/${folder}/logo-64\\.png`), 'the card shows it');
  const history = await sql<{ source: string }>`select source from listing_versions where listing_id = ${id} order by id`.execute(t.db);
  assert.deepEqual(history.rows.map((r) => r.source), ['upload_logo']);
});

test('a replaced logo\'s files are deleted; a logo on another site is never loaded by a page (initials instead)', async () => {
  const before = folderOf((await t.get('/api/v1/listings/pictured')).body.logo_url);
  const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c33' } }).png().toBuffer();
  assert.equal((await upload(owner, '/logo', {}, { field: 'logo', bytes: logo })).status, 303);
  assert.equal((await t.app.http.inject({ url: `/media/${before}/logo-64.png` })).statusCode, 404, 'the old variants are gone');
  const remote = await t.fx.listing({ slug: 'hotlinked', name: 'Hot Linked', status: 'live', launch_week: '2026-11-23', logo_url: 'https://elsewhere.example/logo.png' });
  assert.ok(remote);
  const profile = (await t.get('/listings/hotlinked')).body;
  assert.doesNotMatch(profile, /elsewhere\.example\/logo\.png"? ?(alt|width)|<img src="https:\/\/elsewhere/);
  assert.match(profile, /<span class="logo logo-l tone-\d" aria-hidden="true"><span>HL<\/span><\/span>/);
});

test('the gallery: three images with alt text and captions, a video, reordered, described, one deleted (its files too)', async () => {
  for (const [i, w] of [[1, 2400], [2, 1000], [3, 500]] as const) {
    const res = await upload(owner, '/images', { alt: `Screen ${i}`, caption: `Caption ${i}` }, { field: 'image', bytes: await photo(w, Math.round(w * 0.6)) });
    assert.equal(res.status, 303, res.body.slice(0, 300));
  }
  const video = await owner.browser.post(`${page}/videos`, { csrf: owner.csrf, video_url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'A tour' });
  assert.equal(video.status, 303);
  let list = await items();
  assert.deepEqual(list.map((i) => [i.kind, i.alt, i.caption]), [['image', 'Screen 1', 'Caption 1'], ['image', 'Screen 2', 'Caption 2'], ['image', 'Screen 3', 'Caption 3'], ['video', null, 'A tour']]);
  assert.match(list[0].url, /\/gallery-1920\.jpg$/, 'a 2400 px image has all three widths');
  assert.match(list[2].url, /\/gallery-640\.jpg$/, 'a 500 px image is never enlarged');
  assert.equal(list[3].url, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  // Move the third up, describe the first, delete the second.
  assert.equal((await owner.browser.post(`${page}/items/${list[2].id}`, { csrf: owner.csrf, action: 'up' })).status, 303);
  assert.equal((await owner.browser.post(`${page}/items/${list[0].id}`, { csrf: owner.csrf, action: 'save', alt: 'The dashboard', caption: '' })).status, 303);
  const second = folderOf(list[1].url);
  assert.equal((await owner.browser.post(`${page}/items/${list[1].id}`, { csrf: owner.csrf, action: 'delete' })).status, 303);
  list = await items();
  assert.deepEqual(list.map((i) => [i.alt, i.caption]), [['The dashboard', null], ['Screen 3', 'Caption 3'], [null, 'A tour']]);
  assert.equal((await t.app.http.inject({ url: `/media/${second}/gallery-640.webp` })).statusCode, 404);
  const edit = (await owner.browser.get(page)).body;
  assert.match(edit, /<label for="item-\d+-alt">Alt text of item 1<\/label>/);
  assert.match(edit, /visitors see it once the section is unlocked|visitors see the gallery/i);
});

test('the gallery shows publicly only while the media section is unlocked; then as pictures with srcset, sizes and alt, videos click-to-load', async () => {
  assert.doesNotMatch((await t.get('/listings/pictured')).body, /class="gallery"/);
  await sql`update listings set unlocked_sections = array['media'] where id = ${id}`.execute(t.db);
  t.app.services.listings.forget('pictured');
  const res = await t.get('/listings/pictured');
  const body = res.body;
  assert.match(body, /<ul class="gallery">/);
  assert.match(body, /<img src="\/media\/[0-9a-f]{64}\/gallery-1280\.jpg" srcset="[^"]*gallery-640\.jpg 640w, [^"]*gallery-1280\.jpg 1280w, [^"]*gallery-1920\.jpg 1920w" sizes="[^"]+" alt="The dashboard" width="1280" height="768" loading="lazy"/);
  assert.match(body, /<source type="image\/avif" srcset="[^"]*gallery-640\.avif 500w"/, 'the 500 px image: one width, its own');
  assert.match(body, /<a class="video" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" data-embed="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1"/);
  assert.doesNotMatch(body, /<iframe/, 'nothing from the video host before a click');
  assert.match(String(res.headers['content-security-policy']), /frame-src https:\/\/www\.youtube-nocookie\.com/);
  const api = (await t.get('/api/v1/listings/pictured/profile')).body;
  const media = api.media ?? (await t.get('/api/v1/listings/pictured')).body.media;
  assert.ok(Array.isArray(media), JSON.stringify(api).slice(0, 200));
  assert.deepEqual(media.map((m: { kind: string; alt: string | null; width: number | null }) => [m.kind, m.alt, m.width]), [['image', 'The dashboard', 2400], ['image', 'Screen 3', 500], ['video', null, null]]);
});

// Every refusal: its status, the message beside the field, and nothing stored.
const BAD: { name: string; path: string; field: string; fields?: Record<string, string>; bytes: () => Promise<Uint8Array> | Uint8Array; status: number; message: RegExp }[] = [
  { name: 'a renamed executable', path: '/logo', field: 'logo', bytes: () => Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01'), Buffer.alloc(4000, 7)]), status: 400, message: /not a JPEG, PNG, WebP, AVIF, GIF or SVG/i },
  { name: 'a 0-byte file', path: '/logo', field: 'logo', bytes: () => new Uint8Array(), status: 400, message: /empty/i },
  { name: 'a truncated JPEG', path: '/images', field: 'image', fields: { alt: 'Cut' }, bytes: async () => (await photo(800, 600)).subarray(0, 3000), status: 400, message: /truncated|incomplete|cut off/i },
  { name: 'an SVG with a script', path: '/logo', field: 'logo', bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>'), status: 400, message: /script|SVG/i },
  { name: 'an SVG with an external reference', path: '/logo', field: 'logo', bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="http://127.0.0.1/x.png" width="100" height="100"/></svg>'), status: 400, message: /external|SVG/i },
  { name: 'a file over 10 MB', path: '/images', field: 'image', fields: { alt: 'Big' }, bytes: () => Buffer.alloc(PICTURE_RULES.fileBytes + 1024, 1), status: 413, message: /at most 10 MB/i },
  { name: 'missing alt text', path: '/images', field: 'alt', fields: { alt: '  ' }, bytes: () => photo(800, 600), status: 400, message: /Describe the image/ },
  { name: 'a caption over 200', path: '/images', field: 'caption', fields: { alt: 'Fine', caption: 'x'.repeat(201) }, bytes: () => photo(800, 600), status: 400, message: /At most 200 characters/ },
];

test('bad input: each refused beside its field with its status, and nothing stored', async () => {
  for (const bad of BAD) {
    const [files, rows] = [await stored(), (await items()).length];
    const res = await upload(owner, bad.path, bad.fields ?? {}, { field: bad.path === '/logo' ? 'logo' : 'image', bytes: await bad.bytes() });
    assert.equal(res.status, bad.status, `${bad.name}: ${res.body.slice(0, 200)}`);
    const id = bad.field === 'logo' ? 'f-logo' : bad.field === 'image' ? 'f-image' : `f-${bad.field}`;
    const beside = new RegExp(`<p class="field-error" id="${id}-error">([^<]+)</p>`).exec(res.body);
    assert.ok(beside, `${bad.name}: a message beside ${bad.field}`);
    assert.match(beside[1], bad.message, bad.name);
    assert.deepEqual([await stored(), (await items()).length], [files, rows], `${bad.name}: nothing stored`);
  }
  const notVideo = await owner.browser.post(`${page}/videos`, { csrf: owner.csrf, video_url: 'https://example.com/movie.mp4', caption: '' });
  assert.equal(notVideo.status, 400);
  assert.match(notVideo.body, /<p class="field-error" id="f-video_url-error">Give the link of a YouTube, Vimeo or Loom video\.<\/p>/);
});

test('a 9th image and a 3rd video are refused; the page says the gallery is full', async () => {
  while ((await items()).filter((i) => i.kind === 'image').length < PICTURE_RULES.maxImages) {
    assert.equal((await upload(owner, '/images', { alt: 'More' }, { field: 'image', bytes: await photo(400, 300) })).status, 303);
  }
  const ninth = await upload(owner, '/images', { alt: 'Ninth' }, { field: 'image', bytes: await photo(400, 300) });
  assert.equal(ninth.status, 400);
  assert.match(ninth.body, /already has 8 images/);
  assert.equal((await owner.browser.post(`${page}/videos`, { csrf: owner.csrf, video_url: 'https://vimeo.com/76979871', caption: '' })).status, 303);
  const third = await owner.browser.post(`${page}/videos`, { csrf: owner.csrf, video_url: 'https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184', caption: '' });
  assert.equal(third.status, 400);
  assert.match((await owner.browser.get(page)).body, /The gallery has 8 images, the most it takes/);
});

test('another person\'s listing is a 404 and their file is not processed; a forged post is refused', async () => {
  const files = await stored();
  const res = await upload(other, '/logo', {}, { field: 'logo', bytes: await squareLogo() });
  assert.equal(res.status, 404);
  assert.equal((await other.browser.get(page)).status, 404);
  assert.equal((await other.browser.post(`${page}/logo/remove`, { csrf: other.csrf })).status, 404);
  assert.equal(await stored(), files);
  const forged = await owner.browser.upload(`${page}/logo`, { csrf: 'forged' }, { field: 'logo', name: 'l.png', type: 'image/png', bytes: await squareLogo() });
  assert.equal(forged.status, 403);
  const foreign = await owner.browser.upload(`${page}/logo`, { csrf: owner.csrf }, { field: 'logo', name: 'l.png', type: 'image/png', bytes: await squareLogo() }, { origin: 'https://evil.example' });
  assert.equal(foreign.status, 403);
  // Multipart is taken by the upload routes only.
  const elsewhere = await owner.browser.upload(`/my/listings/${id}/story`, { csrf: owner.csrf }, { field: 'x', name: 'x', type: 'text/plain', bytes: Buffer.from('x') });
  assert.equal(elsewhere.status, 415);
});

test('the per-account upload budget: past it, 429 with Retry-After and the reason beside the field', async () => {
  const budget = await t.signIn({ name: 'Busy Uploader' });
  const mineToo = await t.fx.listing({ owner_id: budget.userId, slug: 'busy', name: 'Busy', status: 'live', launch_week: '2026-11-23' });
  const url = `/my/listings/${mineToo}/pictures/logo`;
  let last;
  for (let i = 0; i <= PICTURE_RULES.perHour; i++) {
    last = await budget.browser.upload(url, { csrf: budget.csrf }, { field: 'logo', name: 'e.png', type: 'image/png', bytes: new Uint8Array() }, { 'x-forwarded-for': `10.0.0.${i}` });
  }
  assert.equal(last!.status, 429);
  assert.ok(Number(last!.headers['retry-after']) > 0);
  assert.match(last!.body, /uploaded 30 pictures this hour/);
});

test('the per-address budget of the upload routes: the 61st upload in a minute from one address is 429 before its body is read', async () => {
  const people = await Promise.all([1, 2, 3].map(() => t.signIn({ ip: '203.0.113.9' })));
  const listings = await Promise.all(people.map((p, i) => t.fx.listing({ owner_id: p.userId, slug: `address-${i}`, name: `Address ${i}`, status: 'live', launch_week: '2026-11-23' })));
  for (let i = 0; i < 60; i++) {
    const p = people[i % 3];
    const res = await p.browser.upload(`/my/listings/${listings[i % 3]}/pictures/logo`, { csrf: p.csrf }, { field: 'logo', name: 'e.png', type: 'image/png', bytes: new Uint8Array() });
    assert.equal(res.status, 400, `upload ${i + 1}`);
  }
  const logged = Number((await sql<{ n: string }>`select count(*)::text as n from media_upload_log where user_id = any(${people.map((p) => p.userId)}::bigint[])`.execute(t.db)).rows[0].n);
  const over = await people[0].browser.upload(`/my/listings/${listings[0]}/pictures/logo`, { csrf: people[0].csrf }, { field: 'logo', name: 'e.png', type: 'image/png', bytes: new Uint8Array() });
  assert.equal(over.status, 429);
  assert.ok(Number(over.headers['retry-after']) > 0);
  const after = Number((await sql<{ n: string }>`select count(*)::text as n from media_upload_log where user_id = any(${people.map((p) => p.userId)}::bigint[])`.execute(t.db)).rows[0].n);
  assert.equal(after, logged, 'refused before the handler ran');
});
