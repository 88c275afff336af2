import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { createTestApp } from '../../../testing/harness.ts';
import { ConfigError, loadConfig } from '../../../config.ts';
import * as retention from '../../../domain/privacy/retention.ts';
import { privacyNoticeOf } from '../../../domain/privacy/privacy-notice.ts';

// /privacy states the periods the code enforces (every constant of domain/privacy/retention.ts, in
// the sentence about what it keeps: changing a number without the page fails here), names who runs
// the site from OPERATOR_* or says plainly that they have not, and names an outside service only
// when this installation is set up to use it.
const plain = await createTestApp();
const configured = await createTestApp({
  env: {
    OPERATOR_NAME: 'Example Launches GmbH',
    OPERATOR_ADDRESS: 'Hauptstraße 1\\n10115 Berlin\\nGermany',
    OPERATOR_CONTACT: 'privacy@launches.example',
    SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.relay.example:587',
    STRIPE_SECRET_KEY: 'sk_test_notreal',
    STRIPE_WEBHOOK_SECRET: 'whsec_notreal',
    SELLER_COUNTRY: 'DE',
    MEDIA_S3_BUCKET: 'pictures',
    MEDIA_S3_ENDPOINT: 'https://objects.storage.example',
    MEDIA_S3_ACCESS_KEY_ID: 'AKIDNOTREAL',
    MEDIA_S3_SECRET_ACCESS_KEY: 'secret-key-not-real',
    GITHUB_CLIENT_ID: 'gh-id',
    GITHUB_CLIENT_SECRET: 'gh-secret-not-real',
    LLM_BASE_URL: 'https://models.example/v1',
    LLM_MODEL: 'drafter',
    LLM_API_KEY: 'llm-key-not-real',
    VOTE_WEIGHTING: '{"settleDays": 45}',
  },
});

async function privacy(app: typeof plain) {
  const res = await app.siteBrowser().get('/privacy');
  assert.equal(res.status, 200);
  return { res, $: cheerio.load(res.body) };
}
/** The words of one part of the page, spaces collapsed. */
const words = ($: cheerio.CheerioAPI, selector: string) => {
  const found = $(selector);
  assert.equal(found.length, 1, `${selector} is on the page`);
  return found.text().replace(/\s+/g, ' ');
};
const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;

/** Each constant: where the page says it, and the sentence it is in. */
const STATED: Record<keyof typeof retention, [selector: string, sentence: (n: number) => string]> = {
  SESSION_LIFETIME_DAYS: ['#keep-sessions', (n) => `a session ends ${unit(n, 'day')} after your last visit`],
  VOTE_PROVENANCE_SETTLE_DAYS: ['#keep-votes', (n) => `page are erased ${unit(n, 'day')} after the vote`],
  NETWORK_SALT_KEPT_DAYS: ['#keep-votes', (n) => `a key that changes every day and is deleted ${unit(n, 'day')} after its day`],
  IDEMPOTENCY_KEPT_HOURS: ['#keep-security', (n) => `retry keys ${unit(n, 'hour')}`],
  UPLOAD_LOG_KEPT_HOURS: ['#keep-security', (n) => `the upload log ${unit(n, 'hour')}`],
  UNUSED_PICTURE_KEPT_HOURS: ['#keep-security', (n) => `unused pictures ${unit(n, 'hour')}`],
  SIGN_IN_FAILURES_KEPT_DAYS: ['#keep-security', (n) => `failed sign-ins ${unit(n, 'day')}`],
  NEWSLETTER_ATTEMPTS_KEPT_HOURS: ['#keep-newsletter', (n) => `The counted requests: ${unit(n, 'hour')}.`],
  ACCOUNT_DELETION_GRACE_DAYS: ['#keep-account', (n) => `you are signed out at once and it is erased ${unit(n, 'day')} later`],
  INVOICE_RETENTION_YEARS: ['#keep-orders', (n) => `${unit(n, 'year')}, also after you delete your account`],
  DATA_EXPORT_LINK_HOURS: ['#rights', (n) => `its download link works for ${unit(n, 'hour')}`],
  WEBHOOK_LOG_KEPT_DAYS: ['#keep-webhooks', (n) => `the delivery log and its events ${unit(n, 'day')}`],
  BACKUP_KEEP_DEFAULT: ['#keep-backups', (n) => `backups: the newest ${n} daily ones by default`],
};

test('every retention constant the code enforces is stated in its sentence', async () => {
  const { $ } = await privacy(plain);
  assert.deepEqual(Object.keys(STATED).sort(), Object.keys(retention).sort(), 'each constant has its sentence here');
  for (const [name, value] of Object.entries(retention)) {
    const [selector, sentence] = STATED[name as keyof typeof retention];
    assert.ok(words($, selector).includes(sentence(value)), `${name} = ${value}: "${sentence(value)}" in ${words($, selector)}`);
  }
  assert.ok(words($, '#cookies').includes(`for ${unit(retention.SESSION_LIFETIME_DAYS, 'day')} after your last visit`));
});

test('the vote fingerprints\' period is the setting in force (VOTE_WEIGHTING.settleDays)', async () => {
  const { $ } = await privacy(configured);
  assert.ok(words($, '#keep-votes').includes('page are erased 45 days after the vote'), words($, '#keep-votes'));
});

test('a public page like the others: title, canonical URL, OpenGraph, landmarks, one h1, linked from every page\'s footer and the sitemap', async () => {
  const { res, $ } = await privacy(plain);
  assert.match($('title').text(), /^Privacy/);
  assert.equal($('link[rel=canonical]').attr('href'), 'http://localhost:3000/privacy');
  assert.equal($('meta[property="og:url"]').attr('content'), 'http://localhost:3000/privacy');
  assert.equal($('meta[property="og:title"]').attr('content'), 'Privacy');
  assert.match($('meta[name=description]').attr('content') ?? '', /keeps about you/);
  assert.equal($('main').length, 1);
  assert.equal($('h1').length, 1);
  assert.equal($('header').length, 1);
  for (const section of $('main section').toArray()) {
    const label = $(section).attr('aria-labelledby');
    assert.ok(label && $(`#${label}`).is('h2'), `${$(section).attr('id')} is named by its heading`);
  }
  // Cached for visitors like the rest of the directory.
  assert.match(String(res.headers.etag), /^"/);
  assert.match(String(res.headers['cache-control']), /public/);
  const home = cheerio.load((await plain.siteBrowser().get('/')).body);
  assert.equal(home('footer a[href="/privacy"]').text(), 'Privacy');
  assert.match((await plain.siteBrowser().get('/sitemaps/pages.xml')).body, /<loc>http:\/\/localhost:3000\/privacy<\/loc>/);
});

test('rights link to the pages that download and delete a person\'s data', async () => {
  const { $ } = await privacy(plain);
  assert.equal($('#rights a[href="/account/data"]').text(), 'download my data');
  assert.equal($('#rights a[href="/account/delete"]').text(), 'delete my account');
  assert.equal($('#rights a[href="/account/email"]').length, 1);
});

test('without OPERATOR_* settings or outside services: plain fallback words, nobody named', async () => {
  const { $ } = await privacy(plain);
  assert.match(words($, '#operator'), /is run by whoever installed it there; they have not published their name on this page yet\./);
  assert.match(words($, '#operator'), /No contact address has been published yet\./);
  assert.equal($('#operator address').length, 0);
  assert.match(words($, '#rights'), /the operator has not published a contact address yet/);
  assert.match(words($, '#recipients'), /No outside service: this site is set up to send your data to no other company\./);
  assert.doesNotMatch(words($, '#recipients'), /Stripe|mail server|file storage|GitHub|Google|AI model/);
});

test('with OPERATOR_* settings and outside services: the operator and each configured recipient, never a credential', async () => {
  const { res, $ } = await privacy(configured);
  assert.match(words($, '#operator'), /is run by Example Launches GmbH, who decides/);
  assert.equal($('#operator address').html(), 'Hauptstraße 1<br>10115 Berlin<br>Germany');
  assert.equal($('#operator a[href="mailto:privacy@launches.example"]').length, 1);
  assert.equal($('#rights a[href="mailto:privacy@launches.example"]').length, 1);
  const recipients = words($, '#recipients');
  for (const named of ['The mail server at smtp.relay.example', 'Stripe', 'The file storage at objects.storage.example', 'GitHub, if you sign in with it', 'The AI model service at models.example']) {
    assert.ok(recipients.includes(named), `${named} in ${recipients}`);
  }
  assert.doesNotMatch(recipients, /Google/, 'Google sign-in is not configured');
  for (const secret of ['s3cret-pass', 'mailer', 'sk_test_notreal', 'whsec_notreal', 'AKIDNOTREAL', 'secret-key-not-real', 'gh-secret-not-real', 'llm-key-not-real']) {
    assert.ok(!res.body.includes(secret), `${secret} is not on the page`);
  }
});

test('OPERATOR_CONTACT is an e-mail address or an https:// page; an address splits into lines', () => {
  const notice = (env: Record<string, string>) => privacyNoticeOf(loadConfig(env)).operator;
  assert.deepEqual(notice({ OPERATOR_CONTACT: 'https://launches.example/contact' }).contact, { kind: 'url', value: 'https://launches.example/contact' });
  assert.deepEqual(notice({ OPERATOR_CONTACT: 'dpo@launches.example' }).contact, { kind: 'email', value: 'dpo@launches.example' });
  assert.deepEqual(notice({ OPERATOR_ADDRESS: 'One Street 1\nTown' }).address, ['One Street 1', 'Town']);
  assert.deepEqual(notice({}), { name: null, address: [], contact: null });
  for (const [name, value] of [
    ['OPERATOR_CONTACT', 'javascript:alert(1)'],
    ['OPERATOR_CONTACT', 'http://launches.example/contact'],
    ['OPERATOR_CONTACT', 'not an address'],
    ['OPERATOR_NAME', 'Two\nlines'],
    ['OPERATOR_NAME', 'x'.repeat(201)],
    ['OPERATOR_ADDRESS', 'Street\u0007 1'],
  ]) {
    assert.throws(() => loadConfig({ [name]: value }), (err: unknown) => err instanceof ConfigError && err.message.startsWith(`config error: ${name} `), `${name}=${JSON.stringify(value)}`);
  }
});

test('a signed-in person gets the page too, with their own header (not the shared copy)', async () => {
  const s = await plain.signIn({ name: 'Reader Person' });
  const res = await s.browser.get('/privacy');
  assert.equal(res.status, 200);
  assert.match(res.body, /Reader Person/);
  assert.equal(res.headers.etag, undefined);
});
