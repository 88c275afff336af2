import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { loadDemoData } from '../../../demo/load.ts';

// The site at phone widths in Debian's chromium, on the demo dataset: the header is the name, the
// search box and a Menu disclosure (no script needed), so a page's own content starts near the
// top; nothing is wider than the screen; at desktop width the links sit in the bar as before.
const skip = chromiumSkip;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const NOW = new Date('2026-11-25T12:00:00Z');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The two phones: a small Android (360 × 740) and an iPhone 12–15 (390 × 844). */
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
/** The header before this layout took 207 px at 390 px signed out, 263 signed in; now about 103 either way. */
const HEADER_MAX = 110;
const PERSON = { email: 'phone@people.test', password: 'correct horse battery staple' };

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => NOW, port, env: { PUBLIC_URL: base } });
await loadDemoData(t.db, { now: NOW });
await t.url();
await t.app.services.accounts.createUser({ email: PERSON.email, name: 'Pat Phone', password: PERSON.password });

const topListing = (await t.get('/api/v1/launches?section=this-week&per_page=1')).body.items[0].listing;

/** The pages a phone visitor meets first: each must fit the screen. */
const KEY_PAGES = ['/', '/search?q=invoicing', `/listings/${topListing.slug}`, '/launches/weeks/this', '/categories', '/leaderboards', '/sign-in'];

let browser: Browser;
const contexts: BrowserContext[] = [];

/** A phone (or desktop) context that never leaves the test server; axe may run in it (CSP bypassed for its script). */
async function newPage(viewport: { width: number; height: number }, opts: { javaScript?: boolean; axe?: boolean; dark?: boolean } = {}): Promise<Page> {
  const phone = viewport.width < 600;
  const ctx = await localContext(browser, base, {
    viewport,
    isMobile: phone,
    hasTouch: phone,
    javaScriptEnabled: opts.javaScript ?? true,
    bypassCSP: opts.axe ?? false,
    colorScheme: opts.dark ? 'dark' : 'light',
  });
  if (opts.axe) await ctx.addInitScript({ content: AXE });
  contexts.push(ctx);
  return ctx.newPage();
}

before(async () => {
  if (skip) return;
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => browser?.close());

async function open(page: Page, url: string) {
  const res = await page.goto(base + url);
  assert.equal(res?.status(), 200, `${url} answered ${res?.status()}`);
}

const headerHeight = (page: Page) => page.evaluate(() => Math.round(document.querySelector('header')!.getBoundingClientRect().height));
const menu = (page: Page) => page.locator('header summary', { hasText: 'Menu' });
const directoryLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Directory' }).getByRole('link', { name });

for (const phone of PHONES) {
  test(`at ${phone.width} px: a short header, every key page fits the screen, the first launch shows without scrolling`, { skip }, async () => {
    const page = await newPage(phone);
    const tooWide: string[] = [];
    const tallHeaders: string[] = [];
    for (const url of KEY_PAGES) {
      await open(page, url);
      const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
      if (scroll > viewport) tooWide.push(`${url}: ${scroll}px in ${viewport}px`);
      const height = await headerHeight(page);
      if (height > HEADER_MAX) tallHeaders.push(`${url}: ${height}px`);
    }
    assert.deepEqual(tooWide, []);
    assert.deepEqual(tallHeaders, [], `the header is at most ${HEADER_MAX}px`);

    await open(page, '/');
    const card = await page.locator('section[aria-labelledby="section-this-week"] .card').first().boundingBox();
    assert.ok(card, 'the home page lists this week’s launches');
    assert.ok(card.y >= 0 && card.y + card.height <= phone.height, `the first launch (${Math.round(card.y)}–${Math.round(card.y + card.height)}px) is within the ${phone.height}px screen`);
    assert.equal(await directoryLink(page, 'Categories').isVisible(), false, 'the links wait in the menu');
    await page.screenshot({ path: path.join(SHOTS, `phone-home-${phone.width}.png`) });

    await open(page, `/listings/${topListing.slug}`);
    // The text under the name starts at the page's edge, not indented by the logo's column.
    const [logo, tagline] = await Promise.all([page.locator('.profile-head .logo').boundingBox(), page.locator('.profile-head .lede').boundingBox()]);
    assert.ok(logo && tagline);
    assert.ok(Math.abs(tagline.x - logo.x) < 1, `the tagline starts at ${tagline.x}px, the logo at ${logo.x}px`);
    assert.ok(tagline.width > phone.width - 40, `the tagline uses the full width (${tagline.width}px)`);
    await page.screenshot({ path: path.join(SHOTS, `phone-listing-${phone.width}.png`) });
  });
}

test('the menu opens without JavaScript and with it', { skip }, async () => {
  for (const javaScript of [false, true]) {
    const page = await newPage(PHONES[1], { javaScript });
    await open(page, '/');
    assert.equal(await directoryLink(page, 'Leaderboards').isVisible(), false, 'closed at first');
    await menu(page).click();
    assert.ok(await directoryLink(page, 'Leaderboards').isVisible(), `open (JavaScript ${javaScript ? 'on' : 'off'})`);
    assert.ok(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).isVisible());
    if (!javaScript) await page.screenshot({ path: path.join(SHOTS, 'phone-menu-390.png') });
    await Promise.all([page.waitForURL(`${base}/leaderboards`), directoryLink(page, 'Leaderboards').click()]);
    assert.equal(await page.locator('h1').innerText(), 'Leaderboards');
  }
});

test('signed in on a phone, without JavaScript: the account links are in the menu and Sign out posts its form', { skip }, async () => {
  const page = await newPage(PHONES[0], { javaScript: false });
  await signInThroughForm(page, base, PERSON);
  await open(page, '/');
  assert.ok((await headerHeight(page)) <= HEADER_MAX, 'signed in, the header stays short');
  await menu(page).click();
  const account = page.getByRole('navigation', { name: 'Account' });
  for (const name of ['Submit', 'My listings', 'Orders', 'Account']) assert.ok(await account.getByRole('link', { name }).isVisible(), name);
  assert.equal(await account.locator('form[action="/sign-out"][method="post"] input[name=csrf]').count(), 1, 'the sign-out form carries the CSRF token');
  await Promise.all([page.waitForURL(/\/sign-in\?notice=signed-out$/), account.getByRole('button', { name: 'Sign out' }).click()]);
  await menu(page).click();
  assert.ok(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).isVisible(), 'signed out');
});

test('at 390 px, light and dark: axe-core finds no serious or critical violation in the header, menu closed or open; the skip link comes first', { skip }, async () => {
  const found: string[] = [];
  for (const dark of [false, true]) {
    const page = await newPage(PHONES[1], { axe: true, dark });
    await open(page, `/listings/${topListing.slug}`);
    for (const state of ['closed', 'open']) {
      if (state === 'open') await menu(page).click();
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: string, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run('header', { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
      });
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${dark ? 'dark' : 'light'}, menu ${state}: ${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
    }
    if (!dark) {
      await open(page, '/');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    }
  }
  assert.deepEqual(found, []);
});

test('at 1280 px the disclosure is gone: the links sit in the bar, in their old order', { skip }, async () => {
  const page = await newPage({ width: 1280, height: 900 });
  await open(page, '/');
  assert.equal(await menu(page).isVisible(), false, 'no Menu button');
  assert.ok(await directoryLink(page, 'Categories').isVisible());
  assert.ok(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).isVisible());
  const x = async (selector: string) => (await page.locator(selector).boundingBox())!.x;
  const order = [await x('.brand'), await x('nav.primary'), await x('.site-search'), await x('nav.account')];
  assert.deepEqual([...order].sort((a, b) => a - b), order, `name, directory, search, account from left to right (${order.join(', ')})`);
  assert.ok((await headerHeight(page)) < 70, 'one row');
});
