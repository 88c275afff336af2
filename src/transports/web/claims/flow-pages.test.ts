import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../testing/harness.ts';
import { loopbackSite } from '../../../testing/loopback-site.ts';

// The claim flow on the site (claim-flow-pages.ts, claim-pages.ts): "Is this your company?" on a
// listing page → choose a proof → the claim's page with what to publish → "Verify now" with the
// outcome in words → the listing in My listings. The same operations as the API (claim_listing,
// verify_claim, list_my_claims), their rules and errors beside the fields; another person's claim
// is a 404. Loopback websites carry the meta tag (127.0.0.1 allowed, as in the claims API tests).
let clock = new Date('2027-01-06T12:00:00Z');
const t = await createTestApp({ now: () => clock, env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' } });
const home = (head = '') => `<!doctype html><html lang="en"><head><title>Acme</title>${head}</head><body><h1>Acme</h1></body></html>`;
const site = await loopbackSite({ '/': home() });
after(() => site.close());
const gone = await loopbackSite({});
const unreachable = gone.origin;
await gone.close();

let serial = 0;
async function listing(p: { url?: string; owner?: string; status?: 'live' | 'scheduled' | 'draft' | 'archived' } = {}) {
  const n = ++serial;
  const slug = `claim-me-${n}`;
  const id = await t.fx.listing({ slug, name: `Claim Me ${n}`, url: p.url ?? `https://www.claim-me-${n}.test/`, owner_id: p.owner ?? null, status: p.status ?? 'live' });
  return { id, slug, name: `Claim Me ${n}`, domain: `claim-me-${n}.test` };
}
type Browser = Awaited<ReturnType<typeof t.signIn>>['browser'];
/** The hidden fields of the first form on a page: csrf and the Idempotency-Key. */
async function formOf(browser: Browser, url: string) {
  const page = await browser.get(url);
  assert.equal(page.status, 200, `${url}: ${page.status} ${page.body.slice(0, 300)}`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
  const key = /name="idempotency_key" value="([^"]+)"/.exec(page.body)![1];
  return { page, csrf, idempotency_key: key };
}
const claimsOf = (userId: string) => t.db.selectFrom('listing_claims').selectAll().where('user_id', '=', userId).orderBy('id').execute();

test('the listing page invites a visitor and another person to claim it, but not its owner', async () => {
  const owner = await t.signIn();
  const l = await listing({ owner: owner.userId });
  const invite = new RegExp(`Is this your company\\? <a href="/listings/${l.slug}/claim">Claim ${l.name}</a>`);
  assert.match((await t.siteBrowser().get(`/listings/${l.slug}`)).body, invite);
  assert.match((await (await t.signIn()).browser.get(`/listings/${l.slug}`)).body, invite);
  assert.doesNotMatch((await owner.browser.get(`/listings/${l.slug}`)).body, /Is this your company/);
  const signedOut = await t.siteBrowser().get(`/listings/${l.slug}/claim`);
  assert.deepEqual([signedOut.status, signedOut.location], [303, `/sign-in?return_to=${encodeURIComponent(`/listings/${l.slug}/claim`)}`]);
});

test('the claim page offers the four proofs with the listing\'s domain; an unknown or unlisted listing is a 404 page', async () => {
  const me = await t.signIn();
  const l = await listing();
  const { page } = await formOf(me.browser, `/listings/${l.slug}/claim`);
  assert.match(page.body, /<h1>Claim Claim Me \d+<\/h1>/);
  for (const method of ['meta', 'file', 'dns', 'email']) assert.match(page.body, new RegExp(`<input type="radio" name="method" value="${method}">`));
  assert.match(page.body, new RegExp(`<label for="email">Your address at ${l.domain.replace('.', '\\.')}`));
  assert.match(page.body, /launchyard-verification\.txt/);
  const ip = await listing({ url: 'http://127.0.0.1:9/' });
  const noDomain = (await me.browser.get(`/listings/${ip.slug}/claim`)).body;
  assert.match(noDomain, /value="dns" disabled>/);
  assert.match(noDomain, /value="email" disabled>/);
  assert.doesNotMatch(noDomain, /id="email"/);
  for (const slug of ['nobody-has-this', (await listing({ status: 'draft' })).slug, (await listing({ status: 'archived' })).slug]) {
    const res = await me.browser.get(`/listings/${slug}/claim`);
    assert.equal(res.status, 404, slug);
    assert.match(res.body, /<h1>Not found<\/h1>/);
  }
});

test('by meta tag: start (a double click makes one claim) → not found yet, explained → tag published → verified, in My listings', async () => {
  const me = await t.signIn({ email: 'meta-founder@example.test' });
  const l = await listing({ url: `${site.origin}/` });
  const form = await formOf(me.browser, `/listings/${l.slug}/claim`);
  const post = { csrf: form.csrf, idempotency_key: form.idempotency_key, method: 'meta' };
  const first = await me.browser.post(`/listings/${l.slug}/claim`, post);
  const again = await me.browser.post(`/listings/${l.slug}/claim`, post);
  assert.equal(first.status, 303, first.body.slice(0, 500));
  assert.match(first.location!, /^\/my\/claims\/\d+\?started=1$/);
  assert.equal(again.location, first.location, 'the same Idempotency-Key answers the same claim');
  assert.equal((await claimsOf(me.userId)).length, 1);

  const claimUrl = first.location!.split('?')[0];
  const started = await me.browser.get(first.location!);
  assert.equal(started.status, 200);
  assert.match(started.body, /Claim started: publish the proof below, then press &quot;Verify now&quot;\./);
  const tag = /<textarea id="proof-meta" class="embed" readonly data-copy="the meta tag">([^<]+)<\/textarea>/.exec(started.body)![1];
  assert.match(tag, /^&lt;meta name=&quot;launchyard-verification&quot; content=&quot;[A-Za-z0-9_-]{43}&quot;&gt;$/);
  assert.match(started.body, /<script src="\/assets\/enhance\.[^"]+\.js" defer><\/script>/, 'copy buttons come with the script; the text is there without it');
  assert.match(started.body, /<button type="submit">Verify now<\/button>/);

  const verifyForm = await formOf(me.browser, claimUrl);
  const notYet = await me.browser.post(`${claimUrl}/verify`, { csrf: verifyForm.csrf, idempotency_key: verifyForm.idempotency_key });
  assert.deepEqual([notYet.status, notYet.location], [303, `${claimUrl}?checked=1`]);
  const pending = await me.browser.get(notYet.location!);
  assert.match(pending.body, /Still pending: the proof was not found\./);
  assert.match(pending.body, /<h2 id="last-check">Last check<\/h2>/);
  assert.match(pending.body, /not found yet/);

  site.pages['/'] = home(tag.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"'));
  const second = await formOf(me.browser, claimUrl);
  assert.notEqual(second.idempotency_key, verifyForm.idempotency_key, 'each rendering carries a fresh key, so "Verify now" checks again');
  const found = await me.browser.post(`${claimUrl}/verify`, { csrf: second.csrf, idempotency_key: second.idempotency_key });
  const verified = await me.browser.get(found.location!);
  assert.match(verified.body, new RegExp(`Verified: ${l.name} is yours\\. It is in My listings`));
  assert.match(verified.body, new RegExp(`<a href="/my/listings/${l.id}">Edit ${l.name}</a>`));
  assert.doesNotMatch(verified.body, /Verify now/);
  assert.doesNotMatch(verified.body, /<script/, 'a settled claim has nothing to copy');
  const owned = await t.db.selectFrom('listings').select('owner_id').where('id', '=', l.id).executeTakeFirstOrThrow();
  assert.equal(owned.owner_id, me.userId);
  assert.doesNotMatch((await me.browser.get(`/listings/${l.slug}`)).body, /Is this your company/, 'the owner is not invited to claim');

  const mine = await me.browser.get('/my/claims');
  assert.match(mine.body, new RegExp(`<a href="${claimUrl}">${l.name}</a>`));
  assert.match(mine.body, /Verified: the listing is yours/);
  site.pages['/'] = home();
});

test('"Verify now" on a site that cannot be read: still pending, could not check, which never counts against the claim', async () => {
  const me = await t.signIn();
  const l = await listing({ url: `${unreachable}/` });
  const form = await formOf(me.browser, `/listings/${l.slug}/claim`);
  const started = await me.browser.post(`/listings/${l.slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, method: 'file' });
  const url = started.location!.split('?')[0];
  const page = await me.browser.get(url);
  assert.match(page.body, /<p class="secret" id="proof-url" data-copy="the file address">http:\/\/127\.0\.0\.1:\d+\/\.well-known\/launchyard-verification\.txt<\/p>/);
  const v = await formOf(me.browser, url);
  const checked = await me.browser.post(`${url}/verify`, { csrf: v.csrf, idempotency_key: v.idempotency_key });
  const after = await me.browser.get(checked.location!);
  assert.match(after.body, /Still pending: we could not check\. Could not read/);
  assert.match(after.body, /This does not count against the claim/);
  assert.equal((await claimsOf(me.userId))[0].status, 'pending');
});

// Each refused start: the status, the message beside the field (or in the summary), the values kept, nothing written.
const REFUSALS: [string, (l: Awaited<ReturnType<typeof listing>>) => Record<string, string>, number, RegExp][] = [
  ['no method chosen', () => ({}), 400, /<p class="field-error" id="method-error">Choose how you will prove it\.<\/p>/],
  ['an unknown method', () => ({ method: 'phone' }), 400, /id="method-error"/],
  ['e-mail without an address', () => ({ method: 'email' }), 400, /<p class="field-error" id="email-error">Enter your address at the listing&#39;s domain\.<\/p>/],
  ['e-mail that is no address', () => ({ method: 'email', email: 'not-an-address' }), 400, /value="not-an-address"[^>]*aria-invalid="true"/],
  ['e-mail at another domain', () => ({ method: 'email', email: 'jane@gmail.com' }), 400, /id="email-error">must be an address at claim-me-\d+\.test</],
];
for (const [name, body, status, shows] of REFUSALS) {
  test(`starting a claim with ${name} → ${status}, shown beside the field, nothing written`, async () => {
    const me = await t.signIn();
    const l = await listing();
    const form = await formOf(me.browser, `/listings/${l.slug}/claim`);
    const res = await me.browser.post(`/listings/${l.slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, ...body(l) });
    assert.equal(res.status, status, res.body.slice(0, 300));
    assert.match(res.body, shows);
    assert.match(res.body, /role="alert"/);
    assert.equal((await claimsOf(me.userId)).length, 0);
    const fresh = /name="idempotency_key" value="([^"]+)"/.exec(res.body)![1];
    assert.notEqual(fresh, form.idempotency_key, 'the corrected form is a new request');
  });
}

test('refusals the operation gives: your own listing, a method the site cannot take, an owned listing by e-mail; and CSRF', async () => {
  const me = await t.signIn();
  const start = async (slug: string, fields: Record<string, string>) => {
    const form = await formOf(me.browser, `/listings/${slug}/claim`);
    return me.browser.post(`/listings/${slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, ...fields });
  };
  const mine = await listing({ owner: me.userId });
  const own = await start(mine.slug, { method: 'meta' });
  assert.equal(own.status, 409);
  assert.match(own.body, /You already own Claim Me \d+\. Edit it from <a href="\/my\/listings">My listings<\/a>/);
  const ip = await listing({ url: 'http://127.0.0.1:9/' });
  const dns = await start(ip.slug, { method: 'dns' });
  assert.equal(dns.status, 409);
  assert.match(dns.body, /has no domain name, so it cannot be proven by dns: use meta or file/);
  const other = await t.signIn();
  const owned = await listing({ owner: other.userId });
  const mail = await start(owned.slug, { method: 'email', email: `jane@${owned.domain}` });
  assert.equal(mail.status, 409);
  assert.match(mail.body, /already has an owner/);
  const form = await formOf(me.browser, `/listings/${owned.slug}/claim`);
  assert.equal((await me.browser.post(`/listings/${owned.slug}/claim`, { idempotency_key: form.idempotency_key, method: 'meta' })).status, 403, 'no CSRF token');
  assert.equal((await me.browser.post(`/listings/${owned.slug}/claim`, { csrf: 'forged', method: 'meta' })).status, 403, 'a wrong token');
  assert.equal((await me.browser.post(`/listings/${owned.slug}/claim`, { csrf: form.csrf, method: 'meta' }, { origin: 'https://evil.example' })).status, 403, 'another origin');
  assert.equal((await t.siteBrowser().post(`/listings/${owned.slug}/claim`, { method: 'meta' })).status, 401, 'signed out');
  assert.equal((await claimsOf(me.userId)).length, 0);
});

test('by e-mail: the link from the outbox, opened signed in, makes the listing yours; the confirmation links to My listings', async () => {
  const me = await t.signIn({ email: 'mail-founder@example.test' });
  const l = await listing();
  const form = await formOf(me.browser, `/listings/${l.slug}/claim`);
  const address = `founder@${l.domain}`;
  const started = await me.browser.post(`/listings/${l.slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, method: 'email', email: address });
  assert.equal(started.status, 303, started.body.slice(0, 300));
  const page = await me.browser.get(started.location!);
  assert.match(page.body, new RegExp(`Claim started: we sent a link to ${address.replace('.', '\\.')}`));
  assert.match(page.body, /Send a new link/);
  const mail = await t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', address).executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000(\/claims\/confirm\/\S+)/.exec(mail.text_body)![1];
  const opened = await me.browser.get(link);
  assert.equal(opened.status, 200);
  assert.match(opened.body, new RegExp(`${l.name} is yours`));
  assert.match(opened.body, new RegExp(`<a class="button" href="/my/listings/${l.id}">Edit ${l.name}</a>`));
  assert.match(opened.body, /<a href="\/my\/listings">My listings<\/a>/);
  const claimPage = await me.browser.get(started.location!.split('?')[0]);
  assert.match(claimPage.body, new RegExp(`<h2 id="owned">${l.name} is yours</h2>`));
});

test("another person's claim is a 404 page, to look at and to verify; so is an id that is no claim id", async () => {
  const owner = await t.signIn();
  const l = await listing();
  const form = await formOf(owner.browser, `/listings/${l.slug}/claim`);
  const started = await owner.browser.post(`/listings/${l.slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, method: 'dns' });
  const url = started.location!.split('?')[0];
  const stranger = await t.signIn();
  const seen = await stranger.browser.get(url);
  assert.equal(seen.status, 404);
  assert.match(seen.body, /You have no claim with id \d+\./);
  assert.doesNotMatch(seen.body, /_launchyard-verification/);
  const verify = await stranger.browser.post(`${url}/verify`, { csrf: stranger.csrf });
  assert.equal(verify.status, 404);
  for (const bad of ['/my/claims/abc', '/my/claims/0', '/my/claims/99999999999999999999']) assert.equal((await stranger.browser.get(bad)).status, 404, bad);
  assert.match((await stranger.browser.get('/my/claims')).body, /You have not claimed a listing/);
  assert.equal((await t.siteBrowser().get(url)).status, 303, 'signed out: sign in first');
});

test('a claim not proven in time: "Verify now" says it expired, and the page offers a new claim', async () => {
  const saved = clock;
  try {
    const me = await t.signIn();
    const l = await listing();
    const form = await formOf(me.browser, `/listings/${l.slug}/claim`);
    const started = await me.browser.post(`/listings/${l.slug}/claim`, { csrf: form.csrf, idempotency_key: form.idempotency_key, method: 'dns' });
    const url = started.location!.split('?')[0];
    const v = await formOf(me.browser, url);
    clock = new Date(clock.getTime() + 8 * 86_400_000);
    const res = await me.browser.post(`${url}/verify`, { csrf: v.csrf, idempotency_key: v.idempotency_key });
    assert.equal(res.status, 409);
    assert.match(res.body, /expired on .* before it was proven/);
    assert.match(res.body, /<strong>Expired<\/strong>/);
    assert.match(res.body, new RegExp(`<a href="/listings/${l.slug}/claim">Start a new claim of ${l.name}</a>`));
  } finally {
    clock = saved;
  }
});
