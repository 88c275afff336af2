import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';

// Pictures in a real browser (Debian's chromium through playwright-core, as paid-browser.test.ts):
// the owner uploads a logo and three images through the drop-zone fields (files made with sharp,
// handed to the file inputs), reorders, captions, adds a YouTube link, buys the media section in
// test mode on the checkout page, and a visitor sees it all on the public page at 390 and
// 1280 px: pictures loaded, in order, captioned, the video a play link until clicked (the
// player's host is never reached: the context aborts every request that leaves the test
// server). axe-core on both pages, no sideways scrolling, no CSP violation; then the plain form
// without JavaScript.
const skip = chromiumSkip;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const clock = new Date('2027-01-06T12:00:00Z');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => clock, port, env: { PUBLIC_URL: base, SELLER_COUNTRY: 'IE' } });
await t.fx.product({ code: 'unlock-media', price_cents: 3900, kind: 'section_unlock', options: { section: 'media' } });
await t.url();

/** A confirmed account to sign in with in the browser (t.signIn posts as http://localhost:3000, not this PUBLIC_URL). */
async function account(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@founders.test`;
  const password = 'correct horse battery staple';
  const userId = await t.app.services.accounts.createUser({ email, name, password });
  await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', userId).execute();
  return { userId, email, password };
}

const owner = await account('Iris Imager');
const listingId = await t.fx.listing({ owner_id: owner.userId, slug: 'snapshot-studio', name: 'Snapshot Studio', tagline: 'Screenshots that explain themselves', status: 'live', launch_week: '2026-12-28' });
const plainId = await t.fx.listing({ owner_id: owner.userId, slug: 'plain-forms', name: 'Plain Forms', status: 'live', launch_week: '2026-12-28' });
const picturesUrl = `${base}/my/listings/${listingId}/pictures`;
const publicUrl = `${base}/listings/snapshot-studio`;

// The files a founder would pick: a square PNG logo, two JPEG screenshots and a PNG one, each its own colour.
const FILES = mkdtempSync(path.join(tmpdir(), 'pictures-browser-'));
after(() => rmSync(FILES, { recursive: true, force: true }));
const shot = (width: number, height: number, background: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="8%" y="10%" width="84%" height="14%" rx="12" fill="#fff"/><rect x="8%" y="32%" width="40%" height="56%" rx="12" fill="${background}" stroke="#fff" stroke-width="8"/></svg>`) }])
    [format]()
    .toBuffer();
const file = async (name: string, bytes: Promise<Buffer>) => {
  const at = path.join(FILES, name);
  writeFileSync(at, await bytes);
  return at;
};
const LOGO = await file('logo.png', sharp({ create: { width: 320, height: 320, channels: 4, background: { r: 30, g: 110, b: 200, alpha: 1 } } }).composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><circle cx="160" cy="160" r="100" fill="#fff"/></svg>') }]).png().toBuffer());
const PLAIN_LOGO = await file('plain-logo.png', sharp({ create: { width: 200, height: 200, channels: 3, background: '#b4321e' } }).png().toBuffer());
const IMAGES = [
  { alt: 'The editor with a screenshot being annotated', caption: 'Annotate in place', path: await file('editor.jpg', shot(1600, 1000, '#2d6a4f', 'jpeg')) },
  { alt: 'The share dialog with a link and its expiry', caption: 'Share with a link', path: await file('share.png', shot(1200, 800, '#7b2cbf', 'png')) },
  { alt: 'The library of screenshots in a grid', caption: 'Everything in one library', path: await file('library.jpg', shot(900, 600, '#c1121f', 'jpeg')) },
];

let browser: Browser;
const cspViolations: string[] = [];
const scriptErrors: string[] = [];
/** Requests the contexts refused because they left the test server (the video host's player). */
const leftTheServer: string[] = [];

/** A context that never leaves the test server, noting where a page tried to go and what broke its CSP. */
async function context(opts: Parameters<Browser['newContext']>[0], axe = false): Promise<BrowserContext> {
  const ctx = await localContext(browser, base, opts);
  ctx.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) leftTheServer.push(r.url());
  });
  ctx.on('page', (page) => {
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => scriptErrors.push(`${page.url()}: ${e.message}`));
  });
  if (axe) await ctx.addInitScript({ content: AXE });
  return ctx;
}

async function signedIn(opts: Parameters<Browser['newContext']>[0], axe = false) {
  const page = await (await context(opts, axe)).newPage();
  await signInThroughForm(page, base, owner);
  return page;
}

/** axe-core's serious and critical findings on the page as it is now. */
async function axeFindings(page: Page, runOnly: string[]) {
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, runOnly);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${new URL(page.url()).pathname}: ${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
}
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * What axe-core (4.x) no longer reports: an id used twice (a label then names only the first
 * field with it) and a form field with no label of its own, as the browser itself associates them.
 */
const unlabelled = (page: Page) =>
  page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `id ${id} twice`);
    const fields = [...document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, textarea')];
    return [...twice, ...fields.filter((f) => !f.labels?.length && !f.getAttribute('aria-label')).map((f) => `${f.name} has no label`)];
  });

/** Scrolls an image into view (they load lazily) and waits until it has decoded; its natural width. */
async function loaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((el: HTMLImageElement) => (el.complete ? undefined : new Promise((done) => { el.addEventListener('load', done, { once: true }); el.addEventListener('error', done, { once: true }); })));
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

before(async () => {
  if (skip) return;
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => browser?.close());

const notice = (page: Page) => page.getByRole('status').innerText();

test('the owner uploads a logo and three images by the drop-zone fields, reorders, captions, adds a YouTube link', { skip }, async () => {
  const page = await signedIn({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/my/listings/${listingId}`);
  await page.getByRole('navigation', { name: 'This listing' }).getByRole('link', { name: 'Pictures' }).click();
  await page.waitForURL(picturesUrl);
  assert.match(await page.locator('#gallery-heading').locator('..').innerText(), /visitors see it once the section is unlocked/);

  // The logo: the file field is a drop zone that previews the chosen picture (a blob: address the CSP allows).
  const logoField = page.locator('form', { has: page.getByRole('button', { name: 'Upload the logo' }) });
  assert.equal(await logoField.locator('.drop-zone input[type=file]').count(), 1, 'enhance.js wrapped the file input in a drop zone');
  await logoField.getByLabel('Logo').setInputFiles(LOGO);
  const preview = logoField.locator('.drop-zone img');
  await preview.waitFor({ state: 'visible' });
  assert.ok((await loaded(preview)) > 0, 'the preview shows the chosen file');
  assert.match(await logoField.locator('.drop-zone p').innerText(), /^logo\.png \(\d+ kB\)$/);
  await logoField.getByRole('button', { name: 'Upload the logo' }).click();
  await page.waitForURL(/notice=logo-saved/);
  assert.match(await notice(page), /The logo is saved/);
  assert.ok((await loaded(page.locator('.logo-now img'))) > 0, 'the kept logo shows');

  // Three images with alt text and captions.
  const imageForm = page.locator('form', { has: page.getByRole('button', { name: 'Add the image' }) });
  for (const image of IMAGES) {
    await imageForm.getByLabel('Alt text', { exact: true }).fill(image.alt);
    await imageForm.getByLabel('Caption').fill(image.caption);
    await imageForm.getByLabel('Image').setInputFiles(image.path);
    await imageForm.getByRole('button', { name: 'Add the image' }).click();
    await page.waitForURL(/notice=image-added/);
    assert.match(await notice(page), /The image is added to the gallery/);
  }
  const items = page.locator('.gallery-edit > li');
  assert.equal(await items.count(), 3);

  // The third moves up (above the second); the first's caption changes.
  await items.nth(2).getByRole('button', { name: 'Move up' }).click();
  await page.waitForURL(/notice=item-saved/);
  await page.getByLabel('Caption of item 1').fill('Annotate in place, then crop');
  await items.nth(0).getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/notice=item-saved/);
  assert.match(await notice(page), /The gallery is saved/);

  // A YouTube link.
  const videoForm = page.locator('form', { has: page.getByRole('button', { name: 'Add the video' }) });
  await videoForm.getByLabel('Link to the video').fill(YOUTUBE);
  await videoForm.getByLabel('Caption').fill('A two-minute tour');
  await videoForm.getByRole('button', { name: 'Add the video' }).click();
  await page.waitForURL(/notice=video-added/);

  assert.equal(await items.count(), 4);
  const alts = await Promise.all([0, 1, 2].map((i) => page.getByLabel(`Alt text of item ${i + 1}`).inputValue()));
  assert.deepEqual(alts, [IMAGES[0].alt, IMAGES[2].alt, IMAGES[1].alt]);
  const captions = await Promise.all([0, 1, 2, 3].map((i) => page.getByLabel(`Caption of item ${i + 1}`).inputValue()));
  assert.deepEqual(captions, ['Annotate in place, then crop', IMAGES[2].caption, IMAGES[1].caption, 'A two-minute tour']);
  for (const i of [0, 1, 2]) assert.ok((await loaded(items.nth(i).locator('img'))) > 0, `thumbnail ${i + 1} loaded`);
  assert.equal(await items.nth(3).getByRole('link', { name: 'YouTube video' }).getAttribute('href'), YOUTUBE);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-pictures-1280.png'), fullPage: true });
});

test('the media section bought in test mode on the checkout page unlocks the gallery', { skip }, async () => {
  const page = await signedIn({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/my/listings/${listingId}/launch`);
  await page.getByLabel(/Media section/).check();
  await page.getByLabel('Billing country').selectOption('IE');
  await page.getByRole('button', { name: 'See the price' }).click();
  await page.waitForURL(/quote=1/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/LY-2027-\d{6}\?token=/);
  assert.match(await page.locator('main').innerText(), /TEST MODE: this is a test payment\./);
  await page.getByLabel('Name or company').fill('Snapshot Ltd');
  await page.getByLabel('Address').fill('1 Grafton Street');
  await page.getByLabel('City').fill('Dublin');
  await page.getByRole('button', { name: /^Pay \(test\)/ }).click();
  await page.waitForLoadState();
  assert.match(await page.locator('main').innerText(), /Paid\. Thank you!/);
  await page.goto(picturesUrl);
  assert.match(await page.locator('#gallery-heading').locator('..').innerText(), /Visitors see the gallery on the listing page\./);
});

for (const [width, height] of [[390, 844], [1280, 900]] as const) {
  test(`a visitor at ${width} px sees the logo, the three pictures in order with their captions, and a play link that becomes the player only on a click`, { skip }, async () => {
    const phone = width < 600;
    leftTheServer.length = 0;
    const page = await (await context({ viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) })).newPage();
    await page.goto(publicUrl);
    const logo = page.locator('.profile-head .logo img');
    assert.ok(await logo.isVisible(), 'the logo, not the initials');
    assert.ok((await loaded(logo)) > 0, 'the logo loaded');

    const gallery = page.locator('section[aria-labelledby="media"] ul.gallery');
    const images = gallery.locator('figure img');
    assert.equal(await images.count(), 3);
    for (let i = 0; i < 3; i++) {
      const img = images.nth(i);
      assert.ok((await loaded(img)) > 0, `picture ${i + 1} loaded`);
      assert.ok(await img.isVisible());
      const box = (await img.boundingBox())!;
      assert.ok(box.width > 100 && box.x >= 0 && box.x + box.width <= width, `picture ${i + 1} fits: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(await images.evaluateAll((els) => els.map((e) => e.getAttribute('alt'))), [IMAGES[0].alt, IMAGES[2].alt, IMAGES[1].alt]);
    assert.deepEqual(await gallery.locator('figcaption').allInnerTexts(), ['Annotate in place, then crop', IMAGES[2].caption, IMAGES[1].caption, 'A two-minute tour']);
    if (phone) {
      const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      assert.ok(scroll <= viewport, `no sideways scrolling: ${scroll}px in ${viewport}px`);
    }

    const play = gallery.locator('a.video');
    await play.scrollIntoViewIfNeeded();
    assert.ok(await play.isVisible());
    assert.match(await play.innerText(), /Play the video on YouTube/);
    assert.equal(await play.getAttribute('href'), YOUTUBE);
    assert.equal(await page.locator('iframe').count(), 0, 'nothing from the video host before a click');
    assert.deepEqual(leftTheServer.filter((u) => /youtube/.test(u)), [], 'the page did not reach for the video host');
    await page.screenshot({ path: path.join(SHOTS, `listing-gallery-${width}.png`), fullPage: true });

    await play.click();
    const frame = gallery.locator('iframe.video-frame');
    await frame.waitFor({ state: 'attached' });
    assert.equal(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    assert.equal(await frame.getAttribute('title'), 'A two-minute tour');
    assert.equal(await play.count(), 0, 'the link became the player');
    await page.waitForTimeout(200);
    assert.ok(leftTheServer.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/')), 'the player was asked for (and refused by the test) after the click');
    assert.deepEqual(leftTheServer.filter((u) => !u.startsWith('https://www.youtube-nocookie.com/')), [], 'nothing else left the server');
    await page.context().close();
  });
}

test('axe-core: no serious or critical finding on the pictures page (also with a refusal) and the public page, light and dark', { skip }, async () => {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const tags = colorScheme === 'light' ? AXE_TAGS : ['wcag2aa'];
    const page = await signedIn({ viewport: { width: 1280, height: 900 }, bypassCSP: true, colorScheme }, true);
    await page.goto(picturesUrl);
    found.push(...(await axeFindings(page, tags)), ...(await unlabelled(page)));
    // A refused image: alt text and file missing, the messages beside the fields.
    const imageForm = page.locator('form', { has: page.getByRole('button', { name: 'Add the image' }) });
    await imageForm.getByRole('button', { name: 'Add the image' }).click();
    await page.waitForLoadState();
    assert.equal(await page.getByLabel('Alt text', { exact: true }).getAttribute('aria-invalid'), 'true');
    found.push(...[...(await axeFindings(page, tags)), ...(await unlabelled(page))].map((f) => `(refused) ${f}`));
    const visitor = await (await context({ viewport: { width: 1280, height: 900 }, bypassCSP: true, colorScheme }, true)).newPage();
    await visitor.goto(publicUrl);
    found.push(...(await axeFindings(visitor, tags)), ...(await unlabelled(visitor)));
  }
  const phone = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(picturesUrl);
  const { scroll, viewport } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  for (const img of await phone.locator('.logo-now img, .gallery-edit img').all()) await loaded(img);
  await phone.screenshot({ path: path.join(SHOTS, 'workspace-pictures-390.png'), fullPage: true });
  assert.deepEqual(found, []);
  assert.ok(scroll <= viewport, `the pictures page at 390 px: ${scroll}px wide`);
});

test('without JavaScript: a plain file field and form upload the logo', { skip }, async () => {
  const page = await signedIn({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  await page.goto(`${base}/my/listings/${plainId}/pictures`);
  assert.equal(await page.locator('.drop-zone').count(), 0, 'no drop zone without the script');
  assert.match(await page.locator('.logo-now').innerText(), /No logo yet/);
  const logoField = page.locator('form', { has: page.getByRole('button', { name: 'Upload the logo' }) });
  await logoField.getByLabel('Logo').setInputFiles(PLAIN_LOGO);
  await logoField.getByRole('button', { name: 'Upload the logo' }).click();
  await page.waitForURL(/notice=logo-saved/);
  assert.match(await notice(page), /The logo is saved/);
  assert.match(await page.locator('.logo-now').innerText(), /The current logo\./);
  assert.ok((await loaded(page.locator('.logo-now img'))) > 0);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-pictures-nojs-1280.png'), fullPage: true });
  const row = await t.db.selectFrom('listings').select('logo_url').where('id', '=', plainId).executeTakeFirstOrThrow();
  assert.match(String(row.logo_url), /\/media\/[0-9a-f]{64}\/logo-256\.png$/);
  // The video stays a plain link to its host without the script.
  await page.goto(publicUrl);
  assert.equal(await page.locator('a.video').getAttribute('href'), YOUTUBE);
  assert.equal(await page.locator('iframe').count(), 0);
});

test('no page broke its Content-Security-Policy or threw', { skip }, () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(scriptErrors, []);
});
