import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';

// /privacy in Debian's chromium at 390 px, light and dark, with the operator's settings and every
// outside service named: axe-core finds nothing serious or critical, nothing scrolls sideways, the
// page keeps its Content-Security-Policy, and the footer of another page leads to it. Screenshots
// in .screenshots/.
const skip = chromiumSkip;
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, '.screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({
  port,
  env: {
    PUBLIC_URL: base,
    OPERATOR_NAME: 'Example Launches GmbH',
    OPERATOR_ADDRESS: 'Hauptstraße 1\n10115 Berlin\nGermany',
    OPERATOR_CONTACT: 'privacy-and-data-protection-requests@a-rather-long-domain-name.launches.example',
    SMTP_URL: 'smtp://smtp.relay.example:587',
    STRIPE_SECRET_KEY: 'sk_test_notreal',
    STRIPE_WEBHOOK_SECRET: 'whsec_notreal',
    SELLER_COUNTRY: 'DE',
    GITHUB_CLIENT_ID: 'gh-id',
    GITHUB_CLIENT_SECRET: 'gh-secret-not-real',
  },
});
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

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} [${v.impact}] at ${v.targets.join(', ')}`);
}

test('/privacy at 390 px, light and dark: axe finds nothing serious, no sideways scrolling, no CSP violation', { skip }, async () => {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    // axe runs as a script in the page: only this context lets it past the page's policy.
    const page = await phone({ bypassCSP: true, colorScheme });
    await page.context().addInitScript({ content: AXE });
    assert.equal((await page.goto(`${base}/privacy`))?.status(), 200);
    found.push(...(await axeViolations(page)).map((v) => `${colorScheme}: ${v}`));
    await noSidewaysScroll(page);
    if (colorScheme === 'dark') {
      const colors = await page.evaluate(() => ({ body: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.querySelector('h1')!).color }));
      assert.notEqual(colors.body, 'rgb(255, 255, 255)', 'the dark palette applies');
    }
    await page.screenshot({ path: path.join(SHOTS, `privacy-390-${colorScheme}.png`), fullPage: true });
  }
  assert.deepEqual(found, []);

  // With the policy in force, reached as a visitor would: from another page's footer.
  const page = await phone();
  await page.goto(`${base}/`);
  await Promise.all([page.waitForURL(`${base}/privacy`), page.locator('footer').getByRole('link', { name: 'Privacy' }).click()]);
  assert.equal(await page.locator('h1').innerText(), 'Privacy');
  assert.match(await page.locator('#operator').innerText(), /Example Launches GmbH/);
  assert.match(await page.locator('#recipients').innerText(), /smtp\.relay\.example[\s\S]*Stripe[\s\S]*GitHub/);
  for (const heading of ['Who runs this site', 'What we keep, why, and for how long', 'Who else receives your data', 'Your rights', 'Cookies']) {
    assert.ok(await page.getByRole('region', { name: heading }).isVisible(), heading);
  }
  await noSidewaysScroll(page);
  assert.deepEqual(cspViolations, []);
});
