import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { loopbackSite } from '../../../testing/loopback-site.ts';
import { stockShop, submittedListing } from '../../../operations/orders/orders-testing.ts';

// The founder's launch and orders in a real browser (Debian's chromium through playwright-core,
// as browser.test.ts): (a) a paid launch in test mode with an EU business VAT number, paid on the
// checkout page, then the order page and the public page with the paid section unlocked; (b) the
// free plan with the badge put on a loopback homepage, "check now", verified and scheduled. Then
// axe-core on every workspace page, 390 px without sideways scrolling, screenshots.
const skip = chromiumSkip;

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let clock = new Date('2027-01-06T12:00:00Z'); // Wednesday of the week of 2027-01-04
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => clock, port, env: { PUBLIC_URL: base, CRAWLER_ALLOW_HOSTS: '127.0.0.1', SELLER_COUNTRY: 'IE' } });
const shop = await stockShop(t, 'br-');
await t.url();

const site = await loopbackSite({ '/': '<!doctype html><html lang="en"><head><title>Beacon</title></head><body><h1>Beacon</h1><p>Uptime alerts.</p></body></html>' });
after(() => site.close());

/** A confirmed account to sign in with in the browser (t.signIn posts as http://localhost:3000, not this PUBLIC_URL). */
async function account(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@founders.test`;
  const password = 'correct horse battery staple';
  const userId = await t.app.services.accounts.createUser({ email, name, password });
  await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', userId).execute();
  return { userId, email, password };
}

const payer = await account('Paula Payer');
const paidId = await submittedListing(t, payer.userId, { name: 'Acme Ledger', category: shop.category('invoicing') });
const paidSlug = (await t.db.selectFrom('listings').select('slug').where('id', '=', paidId).executeTakeFirstOrThrow()).slug;
const freeFounder = await account('Fred Free');
const freeId = await t.fx.listing({ owner_id: freeFounder.userId, slug: 'beacon', name: 'Beacon', status: 'draft', url: `${site.origin}/`, domain: '127.0.0.1' });

let browser: Browser;
const cspViolations: string[] = [];
let orderNumber = '';

/** A context that never leaves the test server. */
const context = (opts: Parameters<Browser['newContext']>[0]) => localContext(browser, base, opts);

/** A page signed in as this person through the real sign-in form. */
async function signedIn(who: { email: string; password: string }, opts: Parameters<Browser['newContext']>[0] = { viewport: { width: 1280, height: 900 } }, axe = false) {
  const ctx = await context(opts);
  if (axe) await ctx.addInitScript({ content: AXE });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(`${page.url()}: ${m.text()}`);
  });
  await signInThroughForm(page, base, who);
  return page;
}

before(async () => {
  if (skip) return;
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => browser?.close());

const main = (page: Page) => page.locator('main').innerText();

test('(a) a founder buys a paid launch in test mode as an EU business (reverse charge), pays, and sees it scheduled with the paid section unlocked', { skip }, async () => {
  const page = await signedIn(payer);
  await page.goto(`${base}/my/listings`);
  await page.getByRole('link', { name: 'Acme Ledger' }).click();
  await page.waitForURL(`${base}/my/listings/${paidId}`);

  // The story is written before it is bought: the owner sees it, visitors once it is unlocked.
  await page.getByRole('navigation', { name: 'This listing' }).getByRole('link', { name: 'Founder story' }).click();
  await page.getByLabel('Title of the story').fill('From spreadsheets to Acme Ledger');
  await page.getByLabel(/^The story/).fill('We kept our books in spreadsheets until they broke.');
  await page.getByRole('button', { name: 'Save the story' }).click();
  await page.waitForURL(/notice=story-saved/);
  assert.match(await page.getByRole('status').innerText(), /The founder story is saved/);

  await page.getByRole('navigation', { name: 'This listing' }).getByRole('link', { name: 'Launch' }).click();
  await page.getByLabel('Launch week').selectOption('2027-01-18');
  await page.getByLabel(/Founder story section/).check();
  await page.getByLabel('Billboard amount in US dollars').fill('25');
  await page.getByLabel('Billing country').selectOption('FR');
  await page.getByLabel('EU VAT number').fill('FR40303265045');
  await page.getByRole('button', { name: 'See the price' }).click();
  await page.waitForURL(/quote=1/);
  const quote = page.locator('section[aria-labelledby="quote"]');
  assert.match(await quote.innerText(), /VAT 0 % \(reverse charge\)\s+\$0/);
  assert.match(await quote.innerText(), /Reverse charge: VAT to be accounted for by the recipient/);
  assert.match(await quote.innerText(), /Total\s+\$103/);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-launch-paid-1280.png'), fullPage: true });

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/checkout\/LY-2027-\d{6}\?token=/);
  orderNumber = /\/checkout\/(LY-2027-\d{6})/.exec(page.url())![1];
  assert.match(await main(page), /TEST MODE: this is a test payment\./);
  await page.getByLabel('Name or company').fill('Acme SAS');
  await page.getByLabel('Address').fill('1 rue de la Paix');
  await page.getByLabel('City').fill('Paris');
  await page.getByRole('button', { name: /^Pay \(test\) \$103/ }).click();
  await page.waitForLoadState();
  assert.match(await main(page), /Paid\. Thank you!/);

  await page.goto(`${base}/my/orders`);
  await page.getByRole('link', { name: orderNumber }).click();
  const order = await main(page);
  assert.match(order, /Paid\. Ordered/);
  assert.match(order, /Scheduled for the launch week of 2027-01-18; it goes live that Monday\./);
  assert.match(order, /The story section is unlocked\./);
  assert.match(order, /VAT 0 % \(reverse charge\)/);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-order-1280.png'), fullPage: true });

  await page.goto(`${base}/my/listings/${paidId}`);
  assert.match(await page.locator('.meta').first().innerText(), /Scheduled\s+Paid plan\s+launch week of 18 Jan 2027/);
  await page.getByRole('link', { name: 'Public page' }).click();
  await page.waitForURL(`${base}/listings/${paidSlug}`);
  assert.match(await main(page), /Upcoming launch: the week of 18 Jan 2027/);
  const story = page.locator('section[aria-labelledby="story"]');
  assert.equal(await story.locator('h2').innerText(), 'From spreadsheets to Acme Ledger');
  assert.match(await story.innerText(), /We kept our books in spreadsheets/);
});

test('(b) a founder chooses the free plan, puts the badge on the homepage, presses "check now", sees it verified and scheduled', { skip }, async () => {
  const page = await signedIn(freeFounder);
  await page.goto(`${base}/my/listings/${freeId}/launch`);
  await page.getByRole('button', { name: 'Launch for free' }).click();
  await page.waitForURL(/notice=free-chosen/);
  assert.match(await page.locator('#free').innerText(), /The free plan: launch week of 15 Feb 2027/);
  assert.match(await page.locator('#badge-check').locator('..').innerText(), /Not checked yet\.[\s\S]*Next scheduled check: around 2027-01-06 12:40 UTC/);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-launch-free-1280.png'), fullPage: true });

  // Checked before the badge is there: not found, and when the next check comes.
  await page.getByRole('button', { name: 'Check now' }).click();
  await page.waitForURL(/notice=checking/);
  await page.getByText('Not found: we read your homepage, and the badge was not on it.').waitFor({ timeout: 15_000 });
  assert.match(await main(page), /Next scheduled check: around 2027-01-06 18:40 UTC/);

  // The copy button puts the code on the clipboard; the test puts it on the homepage.
  const code = await page.getByLabel('Badge code for your homepage').inputValue();
  assert.match(code, new RegExp(`^<a href="${base}/listings/beacon"`));
  assert.equal(await page.locator('button.copy').count(), 1, 'a copy button with JavaScript');
  site.pages['/'] = `<!doctype html><html lang="en"><head><title>Beacon</title></head><body><h1>Beacon</h1><footer>${code}</footer></body></html>`;
  clock = new Date(clock.getTime() + 61_000);
  await page.goto(`${base}/my/listings/${freeId}/launch`);
  await page.getByRole('button', { name: 'Check now' }).click();
  await page.getByText('Verified: the badge is on your homepage.').waitFor({ timeout: 15_000 });
  const after = await main(page);
  assert.match(after, /Scheduled: the badge was found 2027-01-06 12:01 UTC; the listing goes live on Monday 15 Feb 2027/);
  assert.doesNotMatch(after, /Check now/);
  assert.match(await page.locator('.meta').first().innerText(), /Scheduled\s+Free plan\s+launch week of 15 Feb 2027/);
  await page.screenshot({ path: path.join(SHOTS, 'workspace-launch-verified-1280.png'), fullPage: true });
});

test('every workspace page: axe-core finds no serious or critical violation, nothing is wider than 390 px, no CSP violation', { skip }, async () => {
  assert.ok(orderNumber, 'the paid test ran first');
  const urls = [
    '/my/listings',
    `/my/listings/${paidId}`,
    `/my/listings/${paidId}/launch`,
    `/my/listings/${paidId}/updates`,
    `/my/listings/${paidId}/milestones`,
    `/my/listings/${paidId}/story`,
    `/my/listings/${paidId}/interview`,
    `/my/listings/${paidId}/badges`,
    '/my/orders',
    `/my/orders/${orderNumber}`,
  ];
  const second = await submittedListing(t, payer.userId, { name: 'Acme Second' });
  urls.push(`/my/listings/${second}/launch?quote=1&week=2027-01-25&billing_country=DE&billboard=12.50`, `/my/listings/${second}/launch?quote=1&billing_country=`);
  const axePage = await signedIn(payer, { viewport: { width: 1280, height: 900 }, bypassCSP: true }, true);
  const dark = await signedIn(payer, { viewport: { width: 1280, height: 900 }, bypassCSP: true, colorScheme: 'dark' }, true);
  const phone = await signedIn(payer, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const found: string[] = [];
  const tooWide: string[] = [];
  for (const url of urls) {
    for (const [page, tags] of [[axePage, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']], [dark, ['wcag2aa']]] as const) {
      await page.goto(base + url);
      const violations = await page.evaluate(async (runOnly) => {
        const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run(document, { runOnly, resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
      }, [...tags]);
      found.push(...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${url}: ${v.id} [${v.impact}] at ${v.targets.join(', ')}`));
    }
    await phone.goto(base + url);
    const { scroll, viewport } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    if (scroll > viewport) tooWide.push(`${url}: ${scroll}px in ${viewport}px`);
  }
  await phone.goto(`${base}/my/listings/${second}/launch?quote=1&week=2027-01-25&billing_country=DE&billboard=12.50`);
  await phone.screenshot({ path: path.join(SHOTS, 'workspace-launch-paid-390.png'), fullPage: true });
  await phone.goto(`${base}/my/orders/${orderNumber}`);
  await phone.screenshot({ path: path.join(SHOTS, 'workspace-order-390.png'), fullPage: true });
  assert.deepEqual(found, []);
  assert.deepEqual(tooWide, []);
  assert.deepEqual(cspViolations, [], 'nothing on the pages breaks their Content-Security-Policy');
});
