import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumSkip, launchChromium, signInThroughForm } from '../../../testing/chromium.ts';
import { createTestApp, freePort } from '../../../testing/harness.ts';
import { oidcUpstream } from '../../../testing/oidc-upstream.ts';
import { gitHubUpstream } from '../../../testing/github-upstream.ts';

// Sign in with GitHub and with Google in a real browser (Debian's chromium through playwright-core),
// against the loopback upstreams of social-sign-in.test.ts (an oidc-provider playing Google, a small
// server playing GitHub): a new account through Google; an existing account linked through GitHub;
// a refusal when GitHub's address is not verified; unlinking from the account page. The provider's
// own pages approve at once for the person the test names, so the browser only follows redirects
// there. axe-core on the sign-in page with its buttons and on the sign-in methods page.
const skip = chromiumSkip;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const google = await oidcUpstream({ clientId: 'ly-google', clientSecret: 'google-client-secret', redirectUri: `${base}/sign-in/google/callback` });
const github = await gitHubUpstream({ clientId: 'ly-github', clientSecret: 'github-client-secret' });
after(() => Promise.all([google.close(), github.close()]));
const t = await createTestApp({ port, env: { PUBLIC_URL: base, ...google.env, ...github.env } });
await t.url();

const lena = { email: 'lena@people.test', password: 'correct horse battery staple' };
const lenaId = await t.app.services.accounts.createUser({ email: lena.email, name: 'Lena Local', password: lena.password });
await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', lenaId).execute();

let browser: Browser;
before(async () => {
  if (skip) return;
  browser = await launchChromium();
});
after(async () => browser?.close());

/** A fresh browser context that reaches the site and the two providers, and nothing else. */
async function context(): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const allowed = [base, google.issuer, github.origin];
  await ctx.route('**/*', (route) => (allowed.some((o) => route.request().url().startsWith(o)) ? route.continue() : route.abort()));
  return ctx;
}

/** Clicks a provider's button on the sign-in page and waits to be back on the site. */
async function clickProvider(page: Page, label: 'GitHub' | 'Google') {
  await page.goto(`${base}/sign-in`);
  await Promise.all([page.waitForURL((u) => u.origin === base && !u.pathname.startsWith('/sign-in/')), page.getByRole('button', { name: `Sign in with ${label}` }).click()]);
}

async function axe(page: Page) {
  // Evaluated over the DevTools protocol: the page's CSP (no inline script) stays as it is.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const a = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
    const r = await a.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'], resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(found, [], `${page.url()}: ${found.join(', ')}`);
}

test('social sign-in in chromium: a new account, a link to an existing one, a refusal for an unverified address, unlink', { skip }, async () => {
  // A new person through Google: an account is made and signed in.
  google.state.person = { sub: 'g-nova', email: 'nova@people.test', email_verified: true, name: 'Nova Newcomer' };
  let ctx = await context();
  let page = await ctx.newPage();
  await clickProvider(page, 'Google');
  assert.equal(new URL(page.url()).pathname, '/account');
  assert.match(await page.getByRole('status').innerText(), /Welcome! Your account is made/);
  const main = await page.locator('main').innerText();
  assert.match(main, /Nova Newcomer/);
  assert.match(main, /nova@people\.test\s*\(confirmed\)/);
  await ctx.close();

  // Lena has a password account with this address, confirmed: GitHub links to it and signs her in.
  github.state.person = { id: 4242, login: 'lena-gh', name: 'Lena', created_at: '2012-06-01T00:00:00Z', emails: [{ email: lena.email, primary: true, verified: true }] };
  ctx = await context();
  page = await ctx.newPage();
  await clickProvider(page, 'GitHub');
  assert.equal(new URL(page.url()).pathname, '/account/sign-in-methods');
  assert.match(await page.getByRole('status').innerText(), /now linked to your account/);
  assert.match(await page.locator('main').innerText(), /GitHub: linked as lena@people\.test/);
  await axe(page);
  await ctx.close();

  // GitHub says the address is not verified: a page explains, nothing is made, nobody is signed in.
  github.state.person = { id: 5151, login: 'unverified', emails: [{ email: 'quinn@people.test', primary: true, verified: false }] };
  ctx = await context();
  page = await ctx.newPage();
  await page.goto(`${base}/sign-in`);
  await axe(page);
  await Promise.all([page.waitForURL((u) => u.pathname === '/sign-in/github/callback'), page.getByRole('button', { name: 'Sign in with GitHub' }).click()]);
  assert.equal(await page.locator('h1').innerText(), 'GitHub did not confirm an e-mail address');
  assert.equal(await page.getByRole('link', { name: 'Sign in' }).count(), 1, 'still signed out');
  assert.equal((await t.db.selectFrom('users').select('id').where('email', '=', 'quinn@people.test').execute()).length, 0);
  await ctx.close();

  // Lena, signed in with her password, unlinks GitHub on her account page.
  ctx = await context();
  page = await ctx.newPage();
  await signInThroughForm(page, base, lena);
  await page.goto(`${base}/account`);
  await page.getByRole('link', { name: 'Sign-in methods' }).click();
  await page.getByRole('button', { name: 'Unlink GitHub' }).click();
  await page.waitForURL(/notice=identity-unlinked/);
  assert.match(await page.getByRole('status').innerText(), /Unlinked/);
  assert.match(await page.locator('main').innerText(), /GitHub: not linked/);
  assert.equal((await t.db.selectFrom('user_identities').select('id').where('user_id', '=', lenaId).execute()).length, 0);
  await ctx.close();
});
