import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { decideAwards, seedEditionWeek, WEEKS } from '../../../domain/newsletter/edition-testing.ts';

// The weekly digest in Debian's chromium at 390 px: the mail's HTML as a client shows it (light,
// dark, and with its <style> stripped), with the kept logo loading from PUBLIC_URL; screenshots in
// .screenshots/. Then axe-core on the archive and an edition's web version at 390 px: no serious
// or critical violation, no sideways scrolling, no Content-Security-Policy violation.
const skip = chromiumSkip;
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => new Date('2026-03-09T01:00:00Z'), port, env: { PUBLIC_URL: base } });
await sql`update site_settings set name = 'Yard'`.execute(t.db);
const owner = await t.fx.user({ email: 'maker@test.example' });
const ids = await seedEditionWeek(t, { ownerId: owner });
const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2f5bd3' } }).png().toBuffer();
await t.app.services.pictures.setLogo(owner, Number(ids.alpha), logo);
await decideAwards(t);
const built = await t.app.services.newsletterEditions.buildDue();
assert.ok('edition' in built && built.edition);
const edition = built.edition;
await sql`update newsletter_editions set status = 'sent', sending_at = '2026-03-09T09:00:00Z', sent_at = '2026-03-09T09:10:00Z' where id = ${edition.id}`.execute(t.db);
await t.url();

let browser: Browser;
const contexts: BrowserContext[] = [];
const cspViolations: string[] = [];
const phone = async (opts: Parameters<Browser['newContext']>[0] = {}) => {
  const ctx = await localContext(browser, base, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...opts });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${m.text()}`);
  });
  return page;
};

before(async () => {
  if (skip) return;
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const noSidewaysScroll = async (page: Page) => {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  assert.ok(scroll <= viewport, `${scroll}px in ${viewport}px`);
};

test('the digest as a mail client shows it at 390 px: fluid, the logo loaded, readable light, dark and without <style>', { skip }, async () => {
  const light = await phone();
  // A mail client shows the HTML as a document of its own (no site policy around it).
  await light.setContent(edition.html, { waitUntil: 'load' });
  await noSidewaysScroll(light);
  const card = await light.evaluate(() => {
    const c = document.querySelector('.ly-card') as HTMLElement;
    const logos = [...document.images].map((i) => ({ src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0, width: i.getBoundingClientRect().width }));
    return { width: c.getBoundingClientRect().width, background: getComputedStyle(c).backgroundColor, logos };
  });
  assert.ok(card.width <= 390 && card.width > 340, `the column fills the phone: ${card.width}px`);
  assert.equal(card.background, 'rgb(255, 255, 255)');
  assert.ok(card.logos.length >= 2 && card.logos.every((l) => l.loaded && l.width === 48 && l.src!.startsWith(`${base}/media/`) && l.src!.endsWith('/logo-128.png')), JSON.stringify(card.logos));
  await light.screenshot({ path: path.join(SHOTS, 'newsletter-digest-390.png'), fullPage: true });

  const dark = await phone({ colorScheme: 'dark' });
  await dark.setContent(edition.html, { waitUntil: 'load' });
  const colors = await dark.evaluate(() => ({ card: getComputedStyle(document.querySelector('.ly-card')!).backgroundColor, text: getComputedStyle(document.querySelector('h1')!).color }));
  assert.deepEqual(colors, { card: 'rgb(22, 27, 34)', text: 'rgb(230, 237, 243)' }, 'the dark palette applies where <style> is read');
  await dark.screenshot({ path: path.join(SHOTS, 'newsletter-digest-dark-390.png'), fullPage: true });

  // A client that strips <style> keeps the inline colours: dark text on white, whatever its mode.
  await dark.evaluate(() => document.querySelectorAll('style').forEach((s) => s.remove()));
  const stripped = await dark.evaluate(() => ({ card: getComputedStyle(document.querySelector('.ly-card')!).backgroundColor, text: getComputedStyle(document.querySelector('h1')!).color }));
  assert.deepEqual(stripped, { card: 'rgb(255, 255, 255)', text: 'rgb(31, 35, 40)' });
  await noSidewaysScroll(dark);
});

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url().slice(base.length)}: ${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
}

test('the archive and the web version at 390 px: axe finds nothing serious, light or dark; no sideways scrolling; no CSP violation', { skip }, async () => {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    // axe runs as a script in the page: only this context lets it past the pages' policies.
    const page = await phone({ bypassCSP: true, colorScheme });
    await page.context().addInitScript({ content: AXE });
    for (const url of ['/newsletter', `/newsletter/${WEEKS.closed}`]) {
      assert.equal((await page.goto(base + url))?.status(), 200, url);
      found.push(...(await axeViolations(page)));
      await noSidewaysScroll(page);
    }
  }
  assert.deepEqual(found, []);

  // With the policies in force: the web version's inline styles apply and its logo loads.
  const page = await phone();
  await page.goto(`${base}/newsletter/${WEEKS.closed}`);
  const shown = await page.evaluate(() => ({ card: getComputedStyle(document.querySelector('.ly-card')!).backgroundColor, logo: [...document.images].every((i) => i.complete && i.naturalWidth > 0) }));
  assert.deepEqual(shown, { card: 'rgb(255, 255, 255)', logo: true });
  await page.screenshot({ path: path.join(SHOTS, 'newsletter-web-version-390.png'), fullPage: true });
  await page.goto(`${base}/newsletter`);
  await page.screenshot({ path: path.join(SHOTS, 'newsletter-archive-390.png'), fullPage: true });
  assert.deepEqual(cspViolations, []);
});
