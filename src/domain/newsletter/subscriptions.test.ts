import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../testing/harness.ts';
import { sha256 } from '../accounts/secrets.ts';
import { DomainError } from '../errors.ts';
import { NEWSLETTER_RULES } from './subscriptions.ts';

// The subscription rules as scenario tables on a real database: double opt-in, the same answer for
// every address, fresh links at most every few minutes, consent kept, the throttles, and every bad
// input refused with nothing stored.
let clock = new Date('2026-03-02T09:00:00Z');
const t = await createTestApp({ now: () => clock });
const nl = t.app.services.newsletter;
const MIN = 60_000;
const HOUR = 60 * MIN;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const CONSENT = { page: '/newsletter/subscribe', text: 'Send me the weekly newsletter. I can unsubscribe at any time.' };

let serial = 0;
/** A fresh address and a client address on a network of its own (the network budget is not what most tests are about). */
const fresh = () => {
  serial++;
  return { email: `reader${serial}@test.example`, ip: `198.51.${serial % 250}.${1 + (serial % 200)}` };
};
const row = (email: string) => t.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
async function mailsTo(email: string) {
  await nl.idle();
  return t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).orderBy('id').execute();
}
const tokenIn = (text: string) => /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const lastToken = async (email: string) => tokenIn((await mailsTo(email)).at(-1)!.text_body)!;
const subscribe = (email: string, ip: string, more: Partial<Parameters<typeof nl.subscribe>[0]> = {}) => nl.subscribe({ email, ip, consent: CONSENT, ...more });
async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DomainError, String(e));
    return e;
  }
  assert.fail('expected a refusal');
}
const stored = async () => (await nl.idle(), counts());
const counts = async () =>
  (await sql<{ subscribers: number; attempts: number; mails: number }>`select (select count(*)::int from newsletter_subscribers) as subscribers,
    (select count(*)::int from newsletter_attempts) as attempts, (select count(*)::int from outbox_emails) as mails`.execute(t.db)).rows[0];

test('a new address: pending, one confirmation mail (no unsubscribe link), consent kept, only the token hash stored', async () => {
  const { email, ip } = fresh();
  await subscribe(email, ip);
  const r = (await row(email))!;
  assert.equal(r.status, 'pending');
  assert.deepEqual([r.consent_page, r.consent_text, r.consented_at.getTime()], [CONSENT.page, CONSENT.text, clock.getTime()]);
  assert.equal(r.token_expires_at!.getTime() - clock.getTime(), NEWSLETTER_RULES.linkHours * HOUR);
  const mails = await mailsTo(email);
  assert.equal(mails.length, 1);
  assert.match(mails[0].subject, /^Confirm your subscription to the .+ newsletter$/);
  assert.deepEqual(mails[0].headers, {}, 'transactional: no List-Unsubscribe');
  const token = tokenIn(mails[0].text_body)!;
  assert.equal(r.token_hash, sha256(token));
  assert.doesNotMatch(JSON.stringify(r), new RegExp(token));
});

test('the address is stored lower-cased and trimmed: two spellings are one subscription', async () => {
  await subscribe('  Mixed.Case@Example.COM ', '192.0.2.10');
  await subscribe('mixed.case@example.com', '192.0.2.10');
  const rows = await t.db.selectFrom('newsletter_subscribers').select('email').where('email', 'ilike', 'mixed.case@example.com').execute();
  assert.deepEqual(rows, [{ email: 'mixed.case@example.com' }]);
  assert.equal((await mailsTo('mixed.case@example.com')).length, 1);
});

// Each row: what happens to an address in a given state when it is subscribed again.
const again: { name: string; setup: (email: string, ip: string) => Promise<void>; wait: number; mails: number; status: string }[] = [
  { name: 'pending, asked again at once: no new mail', setup: async (e, ip) => subscribe(e, ip), wait: MIN, mails: 1, status: 'pending' },
  { name: `pending, asked again after ${NEWSLETTER_RULES.resendMinutes} minutes: a fresh link`, setup: async (e, ip) => subscribe(e, ip), wait: NEWSLETTER_RULES.resendMinutes * MIN, mails: 2, status: 'pending' },
  {
    name: 'confirmed, asked again: no mail, still confirmed',
    setup: async (e, ip) => {
      await subscribe(e, ip);
      await nl.confirm(await lastToken(e));
    },
    wait: NEWSLETTER_RULES.resendMinutes * MIN,
    mails: 1,
    status: 'confirmed',
  },
  {
    name: 'unsubscribed, subscribing again a minute later: pending with a new confirmation link',
    setup: async (e, ip) => {
      await subscribe(e, ip);
      const { id } = await nl.confirm(await lastToken(e));
      const link = new URL(await nl.unsubscribeUrl(id));
      const [, , , sid, token] = link.pathname.split('/');
      await nl.unsubscribe(sid, token);
    },
    wait: MIN,
    mails: 2,
    status: 'pending',
  },
];
for (const c of again) {
  test(`again: ${c.name}; the answer is the same`, async () => {
    const { email, ip } = fresh();
    await c.setup(email, ip);
    later(c.wait);
    assert.equal(await subscribe(email, ip), undefined, 'no answer that tells the states apart');
    assert.equal((await mailsTo(email)).length, c.mails);
    assert.equal((await row(email))!.status, c.status);
  });
}

test('a fresh link replaces the previous one; the new one confirms, once', async () => {
  const { email, ip } = fresh();
  await subscribe(email, ip);
  const first = await lastToken(email);
  later(NEWSLETTER_RULES.resendMinutes * MIN);
  await subscribe(email, ip);
  const second = await lastToken(email);
  assert.equal((await refusal(nl.checkLink(first))).code, 'newsletter_link_unknown');
  assert.deepEqual(await nl.checkLink(second), { email });
  assert.equal((await row(email))!.status, 'pending', 'checking a link changes nothing');
  const done = await nl.confirm(second);
  assert.equal(done.email, email);
  const r = (await row(email))!;
  assert.equal(r.status, 'confirmed');
  assert.equal(r.confirmed_at!.getTime(), clock.getTime());
  assert.equal((await refusal(nl.confirm(second))).code, 'newsletter_link_used');
});

// Confirmation links that do not work: each refused with its code, the row as it was.
const badLinks: [string, (email: string, ip: string) => Promise<string>, string][] = [
  ['an expired link (48 hours and a minute later)', async (e, ip) => (await subscribe(e, ip), later(NEWSLETTER_RULES.linkHours * HOUR + MIN), lastToken(e)), 'newsletter_link_expired'],
  ['a used link', async (e, ip) => (await subscribe(e, ip), nl.confirm(await lastToken(e)).then(() => lastToken(e))), 'newsletter_link_used'],
  ['a link cut short', async (e, ip) => (await subscribe(e, ip), (await lastToken(e)).slice(0, 40)), 'newsletter_link_unknown'],
  ['a made-up link of the right shape', async (e, ip) => (await subscribe(e, ip), 'A'.repeat(43)), 'newsletter_link_unknown'],
  ['a link with a line break', async (e, ip) => (await subscribe(e, ip), `${await lastToken(e)}\r\n`), 'newsletter_link_unknown'],
  [
    'a link whose subscription was switched off since',
    async (e, ip) => (await subscribe(e, ip), await nl.unsubscribeAddress(e), lastToken(e)),
    'newsletter_link_void',
  ],
];
for (const [name, setup, code] of badLinks) {
  test(`confirming ${name}: ${code}, nothing changes`, async () => {
    const { email, ip } = fresh();
    const token = await setup(email, ip);
    const before = await row(email);
    assert.equal((await refusal(nl.checkLink(token))).code, code);
    assert.equal((await refusal(nl.confirm(token))).code, code);
    assert.deepEqual(await row(email), before);
  });
}

test('unsubscribe links: work without expiry, once or twice; another subscriber\'s token or a forged one changes nothing', async () => {
  const a = fresh();
  const b = fresh();
  for (const x of [a, b]) {
    await subscribe(x.email, x.ip);
    await nl.confirm(await lastToken(x.email));
  }
  const idA = (await row(a.email))!.id;
  const idB = (await row(b.email))!.id;
  const tokenOf = async (id: string) => new URL(await nl.unsubscribeUrl(id)).pathname.split('/')[4];
  const tokenA = await tokenOf(idA);
  assert.deepEqual(await nl.headers(idA), {
    'List-Unsubscribe': `<http://localhost:3000/newsletter/unsubscribe/${idA}/${tokenA}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  const forged: [string, string, string][] = [
    ["B's id with A's token", idB, tokenA],
    ["A's id with B's token", idA, await tokenOf(idB)],
    ['a token one character off', idA, tokenA.slice(0, -1) + (tokenA.endsWith('A') ? 'B' : 'A')],
    ['an id that is not a number', `${idA}x`, tokenA],
    ['no such subscriber', '999999999', await tokenOf('999999999')],
  ];
  for (const [, id, token] of forged) {
    assert.equal((await refusal(nl.unsubscribe(id, token))).code, 'newsletter_unsubscribe_invalid');
  }
  assert.equal((await row(a.email))!.status, 'confirmed');
  assert.equal((await row(b.email))!.status, 'confirmed');
  later(400 * 24 * HOUR);
  assert.deepEqual(await nl.unsubscribe(idA, tokenA), { email: a.email });
  const r = (await row(a.email))!;
  assert.equal(r.status, 'unsubscribed');
  assert.equal(r.unsubscribed_at!.getTime(), clock.getTime());
  later(MIN);
  await nl.unsubscribe(idA, tokenA);
  assert.equal((await row(a.email))!.unsubscribed_at!.getTime(), r.unsubscribed_at!.getTime(), 'a second click keeps the first time');
  assert.equal((await row(b.email))!.status, 'confirmed');
});

test(`per address: ${NEWSLETTER_RULES.addressPerHour} requests an hour, then 429 with Retry-After until the first is an hour old`, async () => {
  const { email } = fresh();
  for (let i = 0; i < NEWSLETTER_RULES.addressPerHour; i++) {
    await subscribe(email, `203.0.${100 + i}.1`);
    later(10 * MIN);
  }
  const before = await stored();
  const e = await refusal(subscribe(email, '203.0.120.1'));
  assert.equal(e.kind, 'rate_limited');
  assert.equal(e.code, 'newsletter_rate_limited');
  assert.equal(e.retryAfterSeconds, 30 * 60);
  assert.match(e.message, /at most 3 requests an hour for one address\. Try again in 30 minutes\./);
  assert.deepEqual(await stored(), before, 'a refused request is not counted');
  later(30 * MIN + 1000);
  await subscribe(email, '203.0.120.1');
});

test(`per network: ${NEWSLETTER_RULES.networkPerHour} requests an hour from one /24 or /48, other networks unaffected`, async (tt) => {
  const networks: [string, (i: number) => string, string][] = [
    ['IPv4 /24', (i) => `203.0.113.${i + 1}`, '203.0.114.1'],
    ['IPv6 /48', (i) => `2001:db8:77:${i.toString(16)}::1`, '2001:db8:78::1'],
    ['IPv4 inside IPv6', (i) => `::ffff:192.0.2.${i + 1}`, '::ffff:192.0.3.1'],
  ];
  for (const [name, ipOf, elsewhere] of networks) {
    await tt.test(name, async () => {
      for (let i = 0; i < NEWSLETTER_RULES.networkPerHour; i++) await subscribe(fresh().email, ipOf(i));
      const e = await refusal(subscribe(fresh().email, ipOf(50)));
      assert.equal(e.kind, 'rate_limited');
      assert.ok(e.retryAfterSeconds! > 0 && e.retryAfterSeconds! <= 3600);
      await subscribe(fresh().email, elsewhere);
    });
  }
});

test('the attempt log holds hashes only, and nothing older than the hour', async () => {
  const { email } = fresh();
  await subscribe(email, '198.18.7.9');
  const text = JSON.stringify(await t.db.selectFrom('newsletter_attempts').selectAll().execute());
  for (const raw of [email, '198.18.7.9', '198.18.7.0', '198.18.7']) assert.ok(!text.includes(raw), `no ${raw}`);
  later(HOUR + MIN);
  await subscribe(fresh().email, '198.18.8.1');
  const old = await sql<{ n: number }>`select count(*)::int as n from newsletter_attempts where at < ${new Date(clock.getTime() - HOUR)}`.execute(t.db);
  assert.equal(old.rows[0].n, 0);
});

/** A well-formed address of `length` characters (197 to 260): the longest local part, labels of 63. */
function addressOf(length: number) {
  const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;
  assert.equal(email.length, length);
  return email;
}

// Bad input: each refused with a clear message and its code; nothing stored, counted or mailed.
const badInputs: [string, Partial<Parameters<typeof nl.subscribe>[0]>, string, RegExp][] = [
  ['an empty address', { email: '   ' }, 'address_missing', /Enter your e-mail address/],
  ['no @', { email: 'reader.example.com' }, 'address_malformed', /like name@example\.com/],
  ['two @', { email: 'a@b@example.com' }, 'address_malformed', /like name@example\.com/],
  ['no domain dot', { email: 'reader@localhost' }, 'address_malformed', /like name@example\.com/],
  ['a space inside', { email: 'read er@example.com' }, 'address_malformed', /like name@example\.com/],
  ['a quoted local part', { email: '"a b"@example.com' }, 'address_malformed', /like name@example\.com/],
  ['non-ASCII', { email: 'rëader@example.com' }, 'address_malformed', /like name@example\.com/],
  ['a numeric top-level domain', { email: 'a@example.123' }, 'address_malformed', /like name@example\.com/],
  ['a label ending in a hyphen', { email: 'a@example-.com' }, 'address_malformed', /like name@example\.com/],
  ['a 65-character local part', { email: `${'a'.repeat(65)}@example.com` }, 'address_malformed', /like name@example\.com/],
  ['an xn-- label that is not punycode', { email: 'a@xn--bcher-kvaexample.com' }, 'address_domain_invalid', /xn--bcher-kvaexample\.com\) is not a valid internationalised domain name/],
  ['an xn-- label too short to decode', { email: 'a@xn--abc.example.com' }, 'address_domain_invalid', /not a valid internationalised domain name/],
  ['255 characters', { email: addressOf(255) }, 'address_too_long', /at most 254 characters; this one has 255/],
  ['CR/LF and a Bcc header', { email: 'victim@example.com\r\nBcc: everyone@example.com' }, 'address_line_break', /cannot contain a line break/],
  ['a trailing LF', { email: 'victim@example.com\n' }, 'address_line_break', /cannot contain a line break/],
  ['a lone CR', { email: 'victim@example.com\rX-Evil: 1' }, 'address_line_break', /cannot contain a line break/],
  ['the honeypot filled', { email: 'bot@example.com', honeypot: 'https://spam.example' }, 'newsletter_refused', /refused as automated/],
  ['a consent page with a line break', { email: 'ok@example.com', consent: { page: '/newsletter\r\nX: y', text: 'x' } }, 'newsletter_consent_invalid', /Reload the page/],
];
for (const [name, input, code, message] of badInputs) {
  test(`refused: ${name} → ${code}, nothing stored`, async () => {
    const before = await stored();
    const e = await refusal(subscribe('unused@example.com', '198.18.200.1', input));
    assert.equal(e.kind, 'invalid');
    assert.equal(e.code, code);
    assert.match(e.message, message);
    await nl.idle();
    assert.deepEqual(await stored(), before);
  });
}

test('an internationalised domain in its punycode form is taken as typed', async () => {
  await subscribe('leser@xn--bcher-kva.example', '198.18.202.1');
  assert.equal((await row('leser@xn--bcher-kva.example'))!.status, 'pending');
});

test('254 characters is the longest address taken', async () => {
  const email = addressOf(254);
  await subscribe(email, '198.18.201.1');
  assert.equal((await row(email))!.status, 'pending');
});

test('from the account page: a verified address is confirmed at once (no mail), an unverified one gets the confirmation mail', async () => {
  const consent = { page: '/account/email', text: 'The weekly newsletter' };
  const verified = await t.fx.user({ email: 'verified.reader@test.example' });
  assert.deepEqual(await nl.subscribeAccount({ userId: verified, email: 'verified.reader@test.example', verified: true, consent, ip: '198.18.9.1' }), { confirmed: true });
  const v = (await row('verified.reader@test.example'))!;
  assert.deepEqual([v.status, v.user_id, v.consent_page, v.consent_text], ['confirmed', verified, '/account/email', 'The weekly newsletter']);
  assert.equal((await mailsTo('verified.reader@test.example')).length, 0);
  assert.equal(await nl.stateOf('verified.reader@test.example'), 'confirmed');

  const unverified = await t.fx.user({ email: 'unverified.reader@test.example' });
  assert.deepEqual(await nl.subscribeAccount({ userId: unverified, email: 'unverified.reader@test.example', verified: false, consent, ip: '198.18.9.1' }), { confirmed: false });
  assert.equal((await row('unverified.reader@test.example'))!.status, 'pending');
  assert.equal((await row('unverified.reader@test.example'))!.user_id, unverified);
  assert.equal((await mailsTo('unverified.reader@test.example')).length, 1);
  assert.equal(await nl.stateOf('unverified.reader@test.example'), 'pending');
  later(NEWSLETTER_RULES.linkHours * HOUR + MIN);
  assert.equal(await nl.stateOf('unverified.reader@test.example'), 'off', 'an expired link is not a subscription waiting');

  await nl.unsubscribeAddress('verified.reader@test.example');
  assert.equal(await nl.stateOf('verified.reader@test.example'), 'off');
  assert.equal((await row('verified.reader@test.example'))!.status, 'unsubscribed');
});

test('a subscriber\'s account is deleted: the subscription stays, without the account', async () => {
  const user = await t.fx.user({ email: 'leaving@test.example' });
  await nl.subscribeAccount({ userId: user, email: 'leaving@test.example', verified: true, consent: { page: '/account/email', text: 'x' }, ip: null });
  await t.db.deleteFrom('users').where('id', '=', user).execute();
  const r = (await row('leaving@test.example'))!;
  assert.deepEqual([r.status, r.user_id], ['confirmed', null]);
});
