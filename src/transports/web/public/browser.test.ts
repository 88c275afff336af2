import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as cheerio from 'cheerio';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { loadDemoData } from '../../../demo/load.ts';

// The public site in a real browser (Debian's chromium driven by playwright-core), on the demo
// dataset: a visitor's paths, axe-core on the main pages, an internal-link crawl, the layout at
// phone and desktop widths, and the same pages without JavaScript. One browser for the file;
// each context keeps one page that every test reuses.
const skip = chromiumSkip;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const NOW = new Date('2026-11-25T12:00:00Z');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => NOW, port, env: { PUBLIC_URL: base } });
await loadDemoData(t.db, { now: NOW });
await t.url();

const api = async (p: string) => (await t.get(`/api/v1${p}`)).body;
const topListing = (await api('/launches?section=this-week&per_page=1')).items[0].listing;

/** The pages every check visits: each kind of page of the public site once. */
const MAIN_PAGES = [
  '/',
  '/search?q=invoicng&category=finance',
  `/listings/${topListing.slug}`,
  `/listings/${topListing.slug}/badges`,
  '/categories',
  '/categories/finance',
  '/launches/weeks/this',
  '/launches/weeks/last',
  '/leaderboards',
  '/leaderboards/billboard',
  '/awards',
  '/founders',
  `/founders/${(await api('/founders?per_page=1')).items[0].slug}`,
  '/blog',
  `/blog/${(await api('/blog?per_page=1')).items[0].slug}`,
  '/pricing',
  '/about/ranking',
  '/interview',
  `/compare?a=${topListing.slug}&b=${(await api(`/listings/${topListing.slug}/alternatives?per_page=1`)).items[0].slug}`,
];

let browser: Browser;
const pages: Record<'desktop' | 'phone' | 'axe' | 'dark' | 'nojs', Page> = {} as never;
const cspViolations: string[] = [];

/** A context that never leaves the test server (listing logos and avatars point at made-up hosts). */
const context = (opts: Parameters<Browser['newContext']>[0]) => localContext(browser, base, opts);

before(async () => {
  if (skip) return;
  browser = await launchChromium();
  pages.desktop = await (await context({ viewport: { width: 1280, height: 900 } })).newPage();
  pages.phone = await (await context({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  // axe runs as a script in the page: these contexts alone let it past the pages' Content-Security-Policy.
  for (const name of ['axe', 'dark'] as const) {
    const ctx = await context({ viewport: { width: 1280, height: 900 }, bypassCSP: true, colorScheme: name === 'dark' ? 'dark' : 'light' });
    await ctx.addInitScript({ content: AXE });
    pages[name] = await ctx.newPage();
  }
  pages.nojs = await (await context({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false })).newPage();
  for (const p of [pages.desktop, pages.phone, pages.nojs]) {
    p.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) cspViolations.push(`${p.url()}: ${m.text()}`);
    });
  }
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => browser?.close());

async function open(page: Page, url: string) {
  const res = await page.goto(base + url);
  assert.equal(res?.status(), 200, `${url} answered ${res?.status()}`);
  return res!;
}

const h1 = (page: Page) => page.locator('h1').innerText();

test('a visitor opens the home page and follows a launch to its listing page', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/');
  const first = page.locator('section[aria-labelledby="section-this-week"] .card-title a').first();
  const name = await first.innerText();
  await first.click();
  await page.waitForURL(`${base}/listings/**`);
  assert.equal(await h1(page), name);
  assert.ok(await page.locator('#about').isVisible());
  assert.ok(await page.getByRole('link', { name: 'Sign in' }).first().isVisible());
});

test('search with a typo and a category filter (the filter applies on change), then open a result', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/search');
  await page.getByLabel('Search', { exact: true }).fill('invoicng');
  await Promise.all([page.waitForURL(/category=finance/), page.getByLabel('Category').selectOption('finance')]);
  assert.match(page.url(), /q=invoicng/);
  assert.match(await page.locator('.count').innerText(), /^[1-9]\d* products?/);
  const first = page.locator('.card-title a').first();
  const name = await first.innerText();
  await first.click();
  assert.equal(await h1(page), name);
  assert.match(await page.locator('main').innerText(), /invoic/i, 'the misspelling found invoicing products');
});

test('a category, then one of its subcategories', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/categories');
  const tile = page.locator('.tiles > li').filter({ has: page.locator('ul li') }).first();
  const parent = (await tile.locator('h2 a').innerText()).trim();
  await tile.locator('h2 a').click();
  assert.equal(await h1(page), parent);
  const sub = page.locator('nav[aria-label=Subcategories] a').first();
  const subName = (await sub.innerText()).replace(/\s*\(\d+\)$/, '');
  await sub.click();
  assert.equal(await h1(page), subName);
  assert.equal(await page.locator('.crumbs').getByRole('link', { name: parent }).count(), 1, 'the breadcrumb leads back to the parent');
});

test('the launch calendar: back a week and forward again', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/launches/weeks/this');
  const thisWeek = await page.locator('link[rel=canonical]').getAttribute('href');
  assert.equal(thisWeek, `${base}/launches/weeks/2026-11-23`);
  await page.locator('.week-nav a[rel=prev]').click();
  await page.waitForURL(`${base}/launches/weeks/2026-11-16`);
  assert.match(await h1(page), /Launches of the week of 16 Nov 2026/);
  assert.ok((await page.locator('.card').count()) > 0, 'last week has ranked launches');
  await page.locator('.week-nav a[rel=next]').click();
  await page.waitForURL(`${base}/launches/weeks/2026-11-23`);
  assert.equal(await h1(page), 'This week’s launches');
});

test('each leaderboard, the billboard labelled as paid', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/leaderboards');
  const tabs = await page.locator('nav[aria-label=Leaderboards] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  assert.equal(tabs.length, 5);
  for (const href of tabs) {
    await page.locator(`nav[aria-label=Leaderboards] a[href="${href}"]`).click();
    await page.waitForURL(base + href);
    assert.ok((await page.locator('.card').count()) > 0, `${href} has entries`);
    if (href.endsWith('billboard')) assert.match(await page.locator('.paid-label').innerText(), /Paid placement/);
    else assert.equal(await page.locator('.paid-label').count(), 0, href);
  }
});

test('a founder and a blog post', { skip }, async () => {
  const page = pages.desktop;
  await open(page, '/founders');
  const founder = page.locator('.tiles h2 a').first();
  const name = await founder.innerText();
  await founder.click();
  assert.equal(await h1(page), name);
  assert.ok((await page.locator('section[aria-labelledby="companies"] a').count()) > 0, 'the founder’s companies');
  await open(page, '/blog');
  const post = page.locator('.tiles h2 a').first();
  const title = await post.innerText();
  await post.click();
  assert.equal(await page.locator('article h1').innerText(), title);
  assert.ok((await page.locator('article p').count()) > 2, 'the Markdown text rendered');
});

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page, tags: string[]): Promise<string[]> {
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, tags);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url().slice(base.length)}: ${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
}

test('at 1280 px: axe-core finds no serious or critical violation on the main pages, and none is wider than the viewport', { skip }, async () => {
  const found: string[] = [];
  const tooWide: string[] = [];
  for (const url of MAIN_PAGES) {
    await open(pages.axe, url);
    found.push(...(await axeViolations(pages.axe, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])));
    const { scroll, viewport } = await pages.axe.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    if (scroll > viewport) tooWide.push(`${url}: ${scroll}px in ${viewport}px`);
  }
  assert.deepEqual(found, []);
  assert.deepEqual(tooWide, []);
});

test('dark mode (from the system setting): colours still pass WCAG AA contrast', { skip }, async () => {
  const found: string[] = [];
  for (const url of ['/', `/listings/${topListing.slug}`, '/launches/weeks/last', '/search?q=invoicng', '/leaderboards/billboard', `/listings/${topListing.slug}/badges`]) {
    await open(pages.dark, url);
    assert.equal(await pages.dark.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(22, 22, 26)', 'the dark palette applies');
    found.push(...(await axeViolations(pages.dark, ['wcag2aa'])));
  }
  assert.deepEqual(found, []);
});

test('every internal link from the home page, to depth 2, answers 2xx', { skip }, async () => {
  const seen = new Map<string, number>();
  const linksOf = (html: string, from: string) => {
    const $ = cheerio.load(html);
    return $('a[href]')
      .map((_, a) => new URL($(a).attr('href')!, base + from))
      .get()
      .filter((u) => u.origin === base)
      .map((u) => u.pathname + u.search);
  };
  // Links that differ only in a parameter's value (/sign-in?return_to=… under every listing, a sort
  // or page of one list) are one page drawn by the same code: two of each kind are fetched. Every
  // distinct path is.
  const kinds = new Map<string, number>();
  const worthFetching = (u: string) => {
    const at = u.indexOf('?');
    if (at < 0) return true;
    const kind = `${u.slice(0, at)}?${[...new URLSearchParams(u.slice(at + 1)).keys()].sort().join('&')}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    return kinds.get(kind)! <= 2;
  };
  const fetchAll = async (urls: string[]) => {
    const bodies = new Map<string, string>();
    const queue = [...new Set(urls)].filter((u) => !seen.has(u) && worthFetching(u));
    for (const u of queue) seen.set(u, 0);
    const worker = async () => {
      for (let u = queue.shift(); u !== undefined; u = queue.shift()) {
        const res = await fetch(base + u, { redirect: 'follow' });
        seen.set(u, res.status);
        bodies.set(u, (res.headers.get('content-type') ?? '').startsWith('text/html') ? await res.text() : (await res.arrayBuffer(), ''));
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return bodies;
  };
  const home = await fetchAll(['/']);
  const depth1 = await fetchAll(linksOf(home.get('/')!, '/'));
  const depth2: string[] = [];
  for (const [from, body] of depth1) depth2.push(...linksOf(body, from));
  await fetchAll(depth2);
  const broken = [...seen].filter(([, status]) => status < 200 || status >= 300);
  assert.deepEqual(broken, [], `${broken.length} of ${seen.size} links broken`);
  assert.ok(seen.size > 100, `crawled ${seen.size} URLs`);
  assert.ok(kinds.size > 10, `${kinds.size} kinds of query`);
});

test('at 390 px: no page is wider than the viewport; screenshots of home, listing and week at both widths', { skip }, async () => {
  const tooWide: string[] = [];
  for (const url of MAIN_PAGES) {
    await open(pages.phone, url);
    const { scroll, viewport } = await pages.phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    if (scroll > viewport) tooWide.push(`${url}: ${scroll}px in ${viewport}px`);
  }
  for (const page of [pages.phone, pages.desktop]) {
    for (const [shot, url] of [['home', '/'], ['listing', `/listings/${topListing.slug}`], ['week', '/launches/weeks/this']] as const) {
      await open(page, url);
      await page.screenshot({ path: path.join(SHOTS, `${shot}-${page.viewportSize()!.width}.png`), fullPage: true });
    }
  }
  assert.deepEqual(tooWide, []);
  assert.deepEqual(cspViolations, [], 'nothing on the pages breaks their Content-Security-Policy');
});

test('without JavaScript: the same pages, search, filters and the FAQ all work', { skip }, async () => {
  const page = pages.nojs;
  for (const url of MAIN_PAGES) {
    await open(page, url);
    assert.ok((await h1(page)).length > 0, url);
  }
  await open(page, '/search');
  await page.getByLabel('Search', { exact: true }).fill('invoicng');
  await page.getByLabel('Category').selectOption('finance');
  assert.match(page.url(), /\/search$/, 'without JavaScript a choice waits for Apply');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/q=invoicng/);
  assert.ok((await page.locator('.card').count()) > 0);
  await open(page, `/listings/${topListing.slug}`);
  const faq = page.locator('section[aria-labelledby="faqs"] details').first();
  await faq.locator('summary').click();
  assert.equal(await faq.getAttribute('open'), '', 'a question opens its answer');
  await open(page, `/listings/${topListing.slug}/badges`);
  assert.equal(await page.locator('button.copy').count(), 0, 'copy buttons come only with JavaScript');
  assert.ok((await page.locator('textarea.embed').first().inputValue()).startsWith('<a href='), 'the embed code is there to select');
});

test('with JavaScript: copy buttons on the badges page; feeds and sitemaps are well-formed XML', { skip }, async () => {
  await open(pages.desktop, `/listings/${topListing.slug}/badges`);
  assert.equal(await pages.desktop.locator('button.copy').count(), await pages.desktop.locator('textarea.embed').count());
  // Read through the one context that may fetch from a page: the pages' CSP allows no fetch().
  const page = pages.axe;
  await open(page, '/robots.txt');
  for (const url of ['/feeds/launches.rss', '/feeds/launches.atom', '/feeds/blog.rss', '/feeds/blog.atom', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/listings-1.xml']) {
    const error = await page.evaluate(async (u) => {
      const text = await (await fetch(u)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return doc.querySelector('parsererror')?.textContent ?? null;
    }, url);
    assert.equal(error, null, url);
  }
});
