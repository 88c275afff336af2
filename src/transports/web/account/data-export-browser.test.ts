import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';

// "Download my data" in a real browser (Debian's chromium through playwright-core, as
// pictures-browser.test.ts): the person presses "Prepare my data", the page follows the export
// (draft.js swapping its live region, then loading the ready page), the download link gives the zip,
// which unzips to the JSON document with their listing and its logo. axe-core on the page while
// preparing and when ready; then the same without JavaScript (the form, a reload, the link).
const skip = chromiumSkip;

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ port, env: { PUBLIC_URL: base } });
await t.url();
const DOWNLOADS = mkdtempSync(path.join(tmpdir(), 'data-export-browser-'));
after(() => rmSync(DOWNLOADS, { recursive: true, force: true }));

/** A confirmed account to sign in with in the browser, owning a listing with a kept logo. */
async function account(name: string, slug: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@exports.test`;
  const password = 'correct horse battery staple';
  const userId = await t.app.services.accounts.createUser({ email, name, password });
  await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
  const listing = await t.fx.listing({ owner_id: userId, slug, name: `${name}'s product`, status: 'live' });
  await t.app.services.pictures.setLogo(userId, Number(listing), await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3a6ea5' } }).png().toBuffer());
  return { userId, email, password };
}
const ada = await account('Ada Archive', 'ada-archive');
const noel = await account('Noel Noscript', 'noel-noscript');

let browser: Browser;
const cspViolations: string[] = [];
const scriptErrors: string[] = [];
before(async () => {
  if (!skip) browser = await launchChromium();
});
after(async () => browser?.close());

async function context(opts: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const ctx = await localContext(browser, base, { acceptDownloads: true, ...opts });
  ctx.on('page', (page) => {
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => scriptErrors.push(`${page.url()}: ${e.message}`));
  });
  await ctx.addInitScript({ content: AXE });
  return ctx;
}

/** axe-core's serious and critical findings on the page as it is now. */
async function axeFindings(page: Page) {
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
}

/** The zip a download link gives, unzipped: the document, and the names of every file in it. */
function opened(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  return { doc: JSON.parse(strFromU8(files['launchyard-export.json'])), names: Object.keys(files).sort(), files };
}

test('the person prepares their data, follows it on the page, downloads the zip, and it holds their listing and its logo', { skip }, async () => {
  const page = await (await context({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInThroughForm(page, base, ada);
  await page.goto(`${base}/account`);
  await page.getByRole('link', { name: 'Download my data' }).click();
  await page.waitForURL(`${base}/account/data`);
  assert.deepEqual(await axeFindings(page), [], 'axe on the page before any export');
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: /Download launchyard-export\.zip/ });
  await link.waitFor({ timeout: 20_000 });
  assert.deepEqual(await axeFindings(page), [], 'axe on the ready page');
  assert.match(await page.locator('main').innerText(), /The link works until .* UTC, for you only/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), 'launchyard-export.zip');
  const saved = path.join(DOWNLOADS, 'ada.zip');
  await download.saveAs(saved);
  const { doc, names } = opened(readFileSync(saved));
  assert.equal(doc.format, 'launchyard.account-export');
  assert.equal(doc.version, 1);
  assert.equal(doc.account.email, ada.email);
  assert.deepEqual(doc.listings.map((l: { slug: string }) => l.slug), ['ada-archive']);
  assert.deepEqual(names, ['files/listings/ada-archive/logo.png', 'launchyard-export.json']);
});

test('while an export is prepared the page shows its progress and, once it is done, turns into the ready page by itself', { skip }, async () => {
  const page = await (await context({ viewport: { width: 390, height: 800 } })).newPage();
  await signInThroughForm(page, base, ada);
  // A second export under way (the first is ready; this one is held by the test, as a slow job would be).
  const id = (
    await sql<{ id: string }>`insert into data_exports (user_id, state, progress, step, created_at, updated_at, started_at) values (${ada.userId}, 'preparing', 35, 'Your listings and their history', now(), now(), now()) returning id`.execute(t.db)
  ).rows[0].id;
  await page.goto(`${base}/account/data`);
  assert.equal(await page.locator('#live-status').innerText(), 'Your listings and their history: 35% done.');
  assert.equal(await page.locator('progress').getAttribute('value'), '35');
  assert.deepEqual(await axeFindings(page), [], 'axe while preparing');
  await t.db.updateTable('data_exports').set({ progress: 80, step: 'Your pictures (1 of 1)' }).where('id', '=', id).execute();
  await page.locator('#live-status', { hasText: 'Your pictures (1 of 1): 80% done.' }).waitFor({ timeout: 10_000 });
  await t.app.services.dataExports.prepare(id);
  await page.getByRole('link', { name: /Download launchyard-export\.zip/ }).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByRole('link', { name: /Download launchyard-export\.zip/ }).getAttribute('href'), `/account/data/${id}/launchyard-export.zip`);
});

test('without JavaScript: the form starts it, a reload shows the link, the link gives the zip; another person\'s link is refused', { skip }, async () => {
  const page = await (await context({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })).newPage();
  await signInThroughForm(page, base, noel);
  await page.goto(`${base}/account/data`);
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: /Download launchyard-export\.zip/ });
  for (let i = 0; i < 20 && !(await link.count()); i++) {
    await t.jobsIdle();
    await page.reload();
  }
  const href = await link.getAttribute('href');
  const res = await page.request.get(`${base}${href}`);
  assert.equal(res.status(), 200);
  assert.equal(opened(await res.body()).doc.listings[0].slug, 'noel-noscript');
  // Ada's link, opened in Noel's browser.
  const adas = (await t.app.services.dataExports.page(ada.userId)).latest!.downloadPath!;
  const refused = await page.goto(`${base}${adas}`);
  assert.equal(refused!.status(), 404);
  assert.match(await page.locator('h1').innerText(), /No such download/);
});

test('no page broke its Content-Security-Policy or threw', { skip }, () => {
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(scriptErrors, []);
});
