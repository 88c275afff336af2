import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The site's browser tests drive Debian's chromium (never a downloaded one) through playwright-core.
 * CI installs it (.ci/run) and sets BROWSER_TESTS=required, so the tests never go quietly missing there.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
if (missing && process.env.BROWSER_TESTS === 'required') throw new Error(`BROWSER_TESTS=required but ${CHROMIUM} is missing: apt-get install -y chromium`);

/** The `skip` option of a browser test: false, or why it cannot run here. */
export const chromiumSkip: string | false = missing ? `no browser at ${CHROMIUM} (apt-get install -y chromium)` : false;

/** Headless, and quiet: without the background-networking flags chromium dials Google's hosts at every start. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

/** A context that never leaves the test server (listing logos and avatars point at made-up hosts). */
export async function localContext(browser: Browser, base: string, opts: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext(opts);
  await ctx.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
  return ctx;
}

/** Signs this page in through the real sign-in form and waits until it has left it. */
export async function signInThroughForm(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/sign-in')), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
}
