import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, localContext, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { runAccountErasure } from '../../../jobs/account-erasure.ts';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../../../domain/privacy/retention.ts';

// "Delete my account" in Debian's chromium (as the other *-browser tests): a founder asks for the
// deletion with their password, signs in again within the grace (which cancels it and says so),
// asks again; the erasure job runs with the clock moved past the grace; the account signs in no
// more and its listing is out of the directory. axe-core on the pages, and 390 px without sideways scrolling.
const skip = chromiumSkip;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DAY = 86_400_000;

let clock = new Date();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const t = await createTestApp({ now: () => clock, port, env: { PUBLIC_URL: base } });
await t.url();

const who = { email: 'fern.founder@delete-browser.test', password: 'a password Fern remembers' };
const userId = await t.app.services.accounts.createUser({ email: who.email, name: 'Fern Founder', password: who.password });
await t.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', userId).execute();
await t.fx.listing({ slug: 'ferns-ferns', name: 'Ferns Ferns', owner_id: userId, status: 'live' });

let browser: Browser;
before(async () => {
  if (skip) return;
  browser = await launchChromium();
});
after(async () => browser?.close());

async function freshPage(opts: Parameters<Browser['newContext']>[0] = { viewport: { width: 1280, height: 900 } }) {
  const ctx = await localContext(browser, base, { ...opts, bypassCSP: true });
  await ctx.addInitScript({ content: AXE });
  return ctx.newPage();
}

/** Serious or critical axe-core findings on the page as it is. */
async function axeFindings(page: Page) {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${page.url()}: ${v.id} at ${v.targets.join(', ')}`);
}

/** From the account page, through the link, the password and the button. */
async function askForDeletion(page: Page, findings: string[]) {
  await page.goto(`${base}/account`);
  await Promise.all([page.waitForURL(`${base}/account/delete`), page.getByRole('link', { name: 'Delete my account' }).click()]);
  findings.push(...(await axeFindings(page)));
  await page.getByLabel('Your current password').fill(who.password);
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Delete my account' }).click()]);
  await page.getByRole('heading', { name: 'Your account will be deleted' }).waitFor();
  findings.push(...(await axeFindings(page)));
}

test('ask, sign in again (cancelled), ask again, the job after the grace: no more sign-in, the listing unlisted', { skip }, async () => {
  const findings: string[] = [];
  const page = await freshPage();
  await signInThroughForm(page, base, who);

  // A wrong password first: the message is beside the field, nothing happens.
  await page.goto(`${base}/account/delete`);
  await page.getByLabel('Your current password').fill('not my password at all');
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Delete my account' }).click()]);
  await assert.doesNotReject(page.locator('#password-error', { hasText: 'This is not your current password.' }).waitFor());
  assert.equal(await page.getByLabel('Your current password').getAttribute('aria-invalid'), 'true');
  findings.push(...(await axeFindings(page)));

  await askForDeletion(page, findings);
  assert.match(await page.locator('main').innerText(), /You are signed out everywhere/);
  await page.goto(`${base}/account`);
  assert.match(new URL(page.url()).pathname, /^\/sign-in/, 'signed out');

  // Three days later the person signs in again: the deletion is cancelled, and the page says so.
  clock = new Date(clock.getTime() + 3 * DAY);
  await signInThroughForm(page, base, who);
  assert.equal(new URL(page.url()).pathname, '/account');
  assert.match(await page.getByRole('status').innerText(), /signing in cancelled the deletion of your account/);
  assert.equal((await runAccountErasure(t.app.services.accountDeletion)).erased, 0);

  // Asked again; the job runs once the grace is over.
  await askForDeletion(page, findings);
  clock = new Date(clock.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY + 60_000);
  assert.equal((await runAccountErasure(t.app.services.accountDeletion)).erased, 1);

  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  assert.match(new URL(page.url()).pathname, /^\/sign-in/);
  assert.match(await page.getByRole('alert').innerText(), /The email or the password is wrong/);
  const listing = await page.goto(`${base}/listings/ferns-ferns`);
  assert.equal(listing?.status(), 404, 'the listing is out of the directory');

  // The page at phone width: nothing wider than the screen.
  const phone = await freshPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const other = { email: 'phone@delete-browser.test', password: 'a phone password here' };
  await t.app.services.accounts.createUser({ ...other, name: 'Phone Person' });
  await signInThroughForm(phone, base, other);
  await phone.goto(`${base}/account/delete`);
  const { scroll, viewport } = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  assert.ok(scroll <= viewport, `${scroll}px in ${viewport}px`);
  await phone.context().close();
  await page.context().close();
  assert.deepEqual(findings, []);
});
