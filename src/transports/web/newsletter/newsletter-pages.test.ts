import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import * as cheerio from 'cheerio';
import { createTestApp } from '../../../testing/harness.ts';
import { NEWSLETTER_RULES } from '../../../domain/newsletter/subscriptions.ts';

// The newsletter's pages over inject: the form and its one answer, the confirmation link (GET
// asks, POST confirms), the one-click unsubscribe, the account switch, every bad input as a clear
// page with nothing changed, and the throttles' 429 with Retry-After.
let clock = new Date('2026-03-02T09:00:00Z');
const t = await createTestApp({ now: () => clock });
const nl = t.app.services.newsletter;
const MIN = 60_000;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

let serial = 0;
const nextIp = () => `198.51.${100 + (++serial % 100)}.${1 + (serial % 200)}`;
const nextEmail = () => `page-reader${++serial}@test.example`;
const row = (email: string) => t.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
const stored = async () => {
  await nl.idle();
  return (await sql<{ subscribers: number; attempts: number; mails: number; pending: number; confirmed: number }>`select
    (select count(*)::int from newsletter_subscribers) as subscribers, (select count(*)::int from newsletter_attempts) as attempts,
    (select count(*)::int from outbox_emails) as mails,
    (select count(*)::int from newsletter_subscribers where status = 'pending') as pending,
    (select count(*)::int from newsletter_subscribers where status = 'confirmed') as confirmed`.execute(t.db)).rows[0];
};
async function linkFor(email: string) {
  await nl.idle();
  const mail = await t.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /http:\/\/localhost:3000(\/newsletter\/confirm\/[A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
}

/** A visitor's browser with the form's fields as the page gives them. */
async function visitor(ip = nextIp()) {
  const browser = t.siteBrowser({ ip });
  const $ = cheerio.load((await browser.get('/newsletter/subscribe')).body);
  const form = $('form[action="/newsletter/subscribe"]');
  const fields = Object.fromEntries(form.find('input[name]').map((_, el) => [[$(el).attr('name')!, $(el).attr('value') ?? '']]).get());
  const submit = (email: string, more: Record<string, string> = {}, headers: Record<string, string | undefined> = {}) =>
    browser.post('/newsletter/subscribe', { ...fields, email, ...more }, headers);
  return { browser, fields, submit };
}
/** Subscribed and confirmed through the pages. */
async function confirmed(email = nextEmail()) {
  const v = await visitor();
  await v.submit(email);
  const link = await linkFor(email);
  const csrf = await v.browser.csrf(link);
  assert.equal((await v.browser.post(link, { csrf })).status, 303);
  const r = (await row(email))!;
  assert.equal(r.status, 'confirmed');
  return { email, id: r.id, unsubscribe: new URL(await nl.unsubscribeUrl(r.id)).pathname };
}

test('the form: address with its label, the consent words it stores, a hidden honeypot, the pre-session token', async () => {
  const page = await t.siteBrowser().get('/newsletter/subscribe');
  assert.equal(page.status, 200);
  const $ = cheerio.load(page.body);
  const form = $('form[action="/newsletter/subscribe"]');
  assert.equal(form.attr('method'), 'post');
  assert.equal($('label[for="newsletter-email"]').text(), 'Your e-mail address');
  assert.equal(form.find('input[name=email]').attr('maxlength'), '254');
  assert.match($('#newsletter-consent').text(), /^Send me the weekly newsletter of Launchyard at this address: .+ I can unsubscribe at any time with the link in every issue\.$/);
  assert.equal(form.find('input[name=website]').closest('[aria-hidden=true]').length, 1, 'the honeypot is hidden from people and screen readers');
  assert.equal(form.find('input[name=website]').attr('tabindex'), '-1');
  assert.ok(form.find('input[name=csrf]').attr('value'));
  assert.match(String(page.headers['set-cookie']), /ly_csrf=/);
});

test('the footer of every page and the home page lead to the form with a plain link; public pages stay the same bytes for everyone', async () => {
  for (const path of ['/', '/categories', '/awards', '/sign-in']) {
    const $ = cheerio.load((await t.siteBrowser().get(path)).body);
    assert.equal($('footer a[href="/newsletter/subscribe"]').length, 1, path);
    assert.equal($('footer form').length, 0, `${path}: no form (and no token) in the footer`);
  }
  const [a, b] = [await t.siteBrowser().get('/'), await t.siteBrowser().get('/')];
  assert.equal(a.body, b.body);
  assert.equal(a.headers['set-cookie'], undefined, 'no per-browser cookie on a public page');
  assert.match(String(a.headers['cache-control']), /public/);
  const $ = cheerio.load(a.body);
  assert.equal($('#section-newsletter').text(), 'The weekly newsletter');
  assert.equal($('#section-newsletter').closest('section').find('a.button[href="/newsletter/subscribe"]').length, 1);
});

test('the answer is the same for a new, a pending, a confirmed and an unsubscribed address', async () => {
  const pending = nextEmail();
  await (await visitor()).submit(pending);
  const subscribed = await confirmed();
  const gone = await confirmed();
  assert.equal((await t.siteBrowser().post(gone.unsubscribe, {})).status, 200);
  const answers: [string | undefined, number, string][] = [];
  for (const email of [nextEmail(), pending, subscribed.email, gone.email]) {
    const v = await visitor();
    const res = await v.submit(email);
    assert.equal(res.status, 303);
    const page = await v.browser.get(res.location!);
    answers.push([res.location, page.status, page.body]);
  }
  assert.deepEqual(answers.map((a) => a[0]), Array(4).fill('/newsletter/check-your-inbox'));
  assert.ok(answers.every((a) => a[2] === answers[0][2]), 'the same page, byte for byte');
  assert.match(String(answers[0][2]), /If the address can receive mail, a link to confirm the subscription is on its way/);
  assert.equal((await row(subscribed.email))!.status, 'confirmed');
  assert.equal((await row(gone.email))!.status, 'pending', 'an unsubscribed address needs a new confirmation');
});

test('the confirmation link: its GET only shows a button (a scanner changes nothing); the POST confirms; consent is kept', async () => {
  const email = nextEmail();
  const v = await visitor();
  await v.submit(email);
  const link = await linkFor(email);
  for (let i = 0; i < 3; i++) {
    const page = await t.siteBrowser().get(link);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`<form method="post" action="${link}">`));
    assert.match(page.body, new RegExp(`receive the weekly newsletter at <strong>${email}</strong>`));
  }
  assert.equal((await row(email))!.status, 'pending');
  const csrf = await v.browser.csrf(link);
  const res = await v.browser.post(link, { csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/newsletter/confirmed');
  assert.match((await v.browser.get(res.location!)).body, /<h1>You are subscribed<\/h1>/);
  const r = (await row(email))!;
  assert.deepEqual([r.status, r.consent_page], ['confirmed', '/newsletter/subscribe']);
  assert.match(r.consent_text, /^Send me the weekly newsletter of Launchyard at this address/);
});

// Bad input on the form: a clear page (the message beside the field or above the form), the form
// again, and nothing stored, counted or mailed.
const badForms: [string, (v: Awaited<ReturnType<typeof visitor>>) => Promise<{ status: number; body: string }>, number, RegExp][] = [
  ['a malformed address', (v) => v.submit('not-an-address'), 400, /Enter an e-mail address like name@example\.com/],
  ['255 characters', (v) => v.submit(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`), 400, /at most 254 characters; this one has 255/],
  ['CR/LF in the address (a Bcc header)', (v) => v.submit('victim@example.com\r\nBcc: all@example.com'), 400, /cannot contain a line break/],
  ['CR/LF in the consent field', (v) => v.submit(nextEmail(), { consent: `${v.fields.consent}\r\nX-Evil: 1` }), 400, /a line break is not allowed in the field &quot;consent&quot;/],
  ['CR/LF in the honeypot field', (v) => v.submit(nextEmail(), { website: '\r\nBcc: x@example.com' }), 400, /a line break is not allowed in the field &quot;website&quot;/],
  ['the honeypot filled', (v) => v.submit(nextEmail(), { website: 'https://spam.example' }), 400, /refused as automated: a field meant to stay empty was filled in/],
  ['consent words of another version', (v) => v.submit(nextEmail(), { consent: '0000000000000000' }), 400, /The words of this form changed since you loaded it/],
  ['the address twice', (v) => v.browser.post('/newsletter/subscribe', { ...v.fields, email: ['a@example.com', 'b@example.com'] }), 400, /Enter your e-mail address/],
];
for (const [name, send, status, message] of badForms) {
  test(`the form refuses ${name}: ${status}, a clear message, nothing changed`, async () => {
    const v = await visitor();
    const before = await stored();
    const res = await send(v);
    assert.equal(res.status, status, res.body.slice(0, 300));
    assert.match(res.body, message);
    assert.match(res.body, /<form method="post" action="\/newsletter\/subscribe"/, 'the form again');
    assert.deepEqual(await stored(), before);
  });
}

// Confirmation links that do not work: a page saying why, on GET and POST, the row as it was.
const badLinks: [string, () => Promise<string>, number, RegExp][] = [
  ['an expired link', async () => {
    const email = nextEmail();
    await (await visitor()).submit(email);
    const link = await linkFor(email);
    later(NEWSLETTER_RULES.linkHours * 60 * MIN + MIN);
    return link;
  }, 410, /has expired \(links work for 48 hours\)/],
  ['a used link', async () => {
    const { email } = await confirmed();
    return linkFor(email);
  }, 409, /already used: links work once/],
  ['an unknown link', async () => '/newsletter/confirm/' + 'x'.repeat(43), 404, /This confirmation link is not valid/],
  ['a link with an encoded CR/LF', async () => `${await (async () => {
    const email = nextEmail();
    await (await visitor()).submit(email);
    return linkFor(email);
  })()}%0D%0ABcc:%20x@example.com`, 404, /This confirmation link is not valid/],
];
for (const [name, make, status, message] of badLinks) {
  test(`the confirmation page: ${name} → ${status}, a clear page, nothing changed`, async () => {
    const link = await make();
    const before = await stored();
    const browser = t.siteBrowser();
    const page = await browser.get(link);
    assert.equal(page.status, status);
    assert.match(page.body, message);
    assert.match(page.body, /Nothing was changed/);
    const csrf = await browser.csrf('/newsletter/subscribe');
    const post = await browser.post(link, { csrf });
    assert.equal(post.status, status);
    assert.match(post.body, message);
    assert.deepEqual(await stored(), before);
  });
}

test('RFC 8058 one-click: a POST with no cookie, from another origin, url-encoded, multipart or empty, unsubscribes; the GET only asks', async () => {
  const cases: [string, (url: string) => Promise<{ statusCode: number; body: string }>][] = [
    ['url-encoded, another origin', (url) => t.app.http.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' }, payload: 'List-Unsubscribe=One-Click' })],
    ['multipart', (url) => t.app.http.inject({ method: 'POST', url, headers: { 'content-type': 'multipart/form-data; boundary=b8058' }, payload: '--b8058\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b8058--\r\n' })],
    ['no body', (url) => t.app.http.inject({ method: 'POST', url })],
  ];
  for (const [name, post] of cases) {
    const s = await confirmed();
    const ask = await t.siteBrowser().get(s.unsubscribe);
    assert.equal(ask.status, 200);
    assert.match(ask.body, new RegExp(`<form method="post" action="${s.unsubscribe}"><button type="submit">Unsubscribe</button></form>`));
    assert.doesNotMatch(ask.body, /name="csrf"/, 'the link is the credential');
    assert.equal((await row(s.email))!.status, 'confirmed', 'a GET changes nothing');
    const res = await post(s.unsubscribe);
    assert.equal(res.statusCode, 200, `${name}: ${res.body.slice(0, 300)}`);
    assert.match(res.body, new RegExp(`<strong>${s.email}</strong> will no longer get the weekly newsletter`));
    assert.equal((await row(s.email))!.status, 'unsubscribed', name);
    assert.match((await t.siteBrowser().get(s.unsubscribe)).body, /already unsubscribed/);
  }
});

test("an unsubscribe link with another address's token, or tampered, is a 404 page on GET and POST; nothing changes", async () => {
  const a = await confirmed();
  const b = await confirmed();
  const tokenA = a.unsubscribe.split('/').at(-1)!;
  const urls = [
    `/newsletter/unsubscribe/${b.id}/${tokenA}`,
    `/newsletter/unsubscribe/${a.id}/${tokenA.slice(0, 42)}`,
    `/newsletter/unsubscribe/${a.id}/${tokenA}%0D%0A`,
    `/newsletter/unsubscribe/0${a.id}/${tokenA}`,
  ];
  for (const url of urls) {
    const get = await t.siteBrowser().get(url);
    const post = await t.app.http.inject({ method: 'POST', url, headers: { origin: 'https://mail.example' } });
    for (const res of [get, { status: post.statusCode, body: post.body }]) {
      assert.equal(res.status, 404, url);
      assert.match(res.body, /This unsubscribe link is not valid/);
      assert.match(res.body, /Nothing was changed/);
    }
  }
  assert.deepEqual([(await row(a.email))!.status, (await row(b.email))!.status], ['confirmed', 'confirmed']);
});

test(`rate limits: the ${NEWSLETTER_RULES.addressPerHour + 1}th request for one address in an hour, the ${NEWSLETTER_RULES.networkPerHour + 1}th from one network → 429 with Retry-After, nothing stored`, async () => {
  const email = nextEmail();
  for (let i = 0; i < NEWSLETTER_RULES.addressPerHour; i++) assert.equal((await (await visitor(`192.0.2.${10 + i}`)).submit(email)).status, 303);
  let before = await stored();
  const byAddress = await (await visitor('192.0.2.50')).submit(email);
  assert.equal(byAddress.status, 429);
  assert.equal(byAddress.headers['retry-after'], '3600');
  assert.match(byAddress.body, /Too many requests: at most 3 requests an hour for one address\. Try again in 60 minutes\./);
  assert.deepEqual(await stored(), before);

  const network = await visitor('203.0.113.7');
  for (let i = 0; i < NEWSLETTER_RULES.networkPerHour; i++) assert.equal((await network.submit(nextEmail())).status, 303);
  later(5 * MIN);
  before = await stored();
  const byNetwork = await (await visitor('203.0.113.200')).submit(nextEmail());
  assert.equal(byNetwork.status, 429);
  assert.equal(byNetwork.headers['retry-after'], String(55 * 60));
  assert.match(byNetwork.body, /at most 20 subscription requests an hour from one network/);
  assert.deepEqual(await stored(), before);
  assert.equal((await (await visitor('203.0.114.7')).submit(nextEmail())).status, 303, 'the next network is not affected');
});

test('the switch on /account/email: a verified account is subscribed at once, an unverified one is sent the link; off unsubscribes', async () => {
  const checked = (body: string) => cheerio.load(body)('input[name=newsletter]').attr('checked') !== undefined;
  const verified = await t.signIn();
  let page = await verified.browser.get('/account/email');
  assert.equal(checked(page.body), false);
  assert.match(page.body, /The weekly newsletter<\/label>/);
  const mails = (await stored()).mails;
  assert.equal((await verified.browser.post('/account/email', { csrf: verified.csrf, on: ['comments'], newsletter: 'on' })).status, 303);
  const v = (await row(verified.email.toLowerCase()))!;
  assert.deepEqual([v.status, v.user_id, v.consent_page], ['confirmed', verified.userId, '/account/email']);
  assert.match(v.consent_text, /^The weekly newsletter: /);
  assert.equal((await stored()).mails, mails, 'no confirmation mail for a verified address');
  page = await verified.browser.get('/account/email');
  assert.ok(checked(page.body));
  assert.match(page.body, new RegExp(`On: it goes to ${verified.email}`));
  assert.equal((await verified.browser.post('/account/email', { csrf: verified.csrf, on: ['comments'] })).status, 303);
  assert.equal((await row(verified.email.toLowerCase()))!.status, 'unsubscribed');

  const unverified = await t.signIn({ verified: false });
  assert.equal((await unverified.browser.post('/account/email', { csrf: unverified.csrf, newsletter: 'on' })).status, 303);
  assert.equal((await row(unverified.email.toLowerCase()))!.status, 'pending');
  assert.ok(await linkFor(unverified.email.toLowerCase()));
  page = await unverified.browser.get('/account/email');
  assert.ok(checked(page.body));
  assert.match(page.body, /Waiting for you: we sent a confirmation link/);
  // Saving the page again (the box still checked) changes nothing and sends nothing.
  const before = await stored();
  await unverified.browser.post('/account/email', { csrf: unverified.csrf, newsletter: 'on', on: ['replies'] });
  assert.deepEqual(await stored(), before);
});
