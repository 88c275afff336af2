import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { domainToASCII, domainToUnicode } from 'node:url';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { startSmtpSink } from '../../../testing/smtp-sink.ts';
import { readAddress } from '../../../domain/newsletter/address.ts';

// The fuzz table of issue 30: a few hundred generated posts to the site's newsletter form (hostile
// addresses of every kind, garbage in every other field within a valid pre-session token) and
// random links to the confirm and unsubscribe pages. Every answer is a page with one of the
// expected statuses, never a 5xx or a stack trace; no row holds an address that is not one
// single-line address of at most 254 characters; no mail leaves for one; random links change no
// row. Seeded: NEWSLETTER_FUZZ_SEED replays a run.
const SEED = Number(process.env.NEWSLETTER_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SUBSCRIBE_CASES = 300;
const LINK_CASES = 50;
const ALLOWED = new Set([303, 400, 403, 404, 409, 410, 429]);

const sink = await startSmtpSink({ keepRaw: false });
after(() => sink.close());
const t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Launchyard <news@test.example>' } });

function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}
type Rng = ReturnType<typeof random>;
const pick = <T>(r: Rng, items: readonly T[]): T => items[r(items.length)];
const chars = (r: Rng, alphabet: string, min: number, max: number) => Array.from({ length: min + r(max - min + 1) }, () => alphabet[r(alphabet.length)]).join('');
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ATEXT = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~.-";
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
/** A code point from anywhere: controls, Latin, RTL marks, CJK, emoji, lone surrogates, the BOM, NUL. */
const unicode = (r: Rng, n: number) =>
  Array.from({ length: n }, () => {
    const ranges: [number, number][] = [[0, 0x1f], [0x20, 0x7e], [0x7f, 0x9f], [0xa0, 0x2ff], [0x200b, 0x202e], [0x4e00, 0x4fff], [0xd800, 0xdfff], [0xfeff, 0xfeff], [0x1f600, 0x1f64f], [0x10000, 0x10ffff]];
    const [lo, hi] = pick(r, ranges);
    return String.fromCodePoint(lo + r(hi - lo + 1));
  }).join('');
const validAddress = (r: Rng) => `${chars(r, LOWER, 1, 12)}.${r(100000)}@${chars(r, LOWER, 2, 10)}.${pick(r, ['test', 'example', 'co.uk', 'xn--bcher-kva.example'])}`;

/** The hostile address kinds, by name (the failure message names the kind). */
const EMAILS: Record<string, (r: Rng) => string> = {
  valid: validAddress,
  'valid, mixed case': (r) => validAddress(r).toUpperCase(),
  'valid, spaces around': (r) => `${pick(r, [' ', '\t', '  ', '\u00a0'])}${validAddress(r)}${pick(r, [' ', '\t', ''])}`,
  'atext local part': (r) => `${chars(r, ATEXT, 1, 64)}@fuzz.test`,
  'random unicode': (r) => unicode(r, 1 + r(40)),
  'unicode around an @': (r) => `${unicode(r, 1 + r(8))}@${unicode(r, 1 + r(8))}.test`,
  'control characters': (r) => {
    const a = validAddress(r);
    const at = r(a.length + 1);
    return a.slice(0, at) + String.fromCharCode(pick(r, [0, 1, 7, 8, 9, 11, 12, 27, 127])) + a.slice(at);
  },
  'header injection': (r) => `${validAddress(r)}${pick(r, ['\r\n', '\n', '\r', '\u0000', '%0d%0a', '\r\n '])}${pick(r, ['Bcc: everyone@fuzz.test', 'Subject: hi', '', 'To: x@y.z\r\n\r\nbody'])}`,
  'line break at the end': (r) => `${validAddress(r)}${pick(r, ['\n', '\r\n', '\r'])}`,
  'NUL inside': (r) => `${chars(r, LOWER, 1, 8)}\u0000@fuzz.test`,
  'very long': (r) => {
    const length = 300 + r(4701);
    return pick(r, [`${'a'.repeat(length)}@fuzz.test`, `user@${'b'.repeat(length)}.test`, `${'ab.'.repeat(length / 3 | 0)}x@fuzz.test`, `user@${'label.'.repeat(length / 6 | 0)}test`]);
  },
  'at the length limits': (r) => {
    const label = (n: number) => 'd'.repeat(n);
    // 64 + 1 + 63.63.63.59 = 254 exactly; one more character is 255.
    const local = 'l'.repeat(64 + r(2));
    return `${local}@${label(63)}.${label(63)}.${label(63)}.${label(59 + r(3))}`;
  },
  'many @': (r) => Array.from({ length: 2 + r(6) }, () => chars(r, LOWER, 0, 5)).join('@') + pick(r, ['.test', '', '@']),
  'quoted local part': (r) => pick(r, ['"john doe"', '"a\\"b"', '"@"', '""', '"a\r\nb"', `"${unicode(r, 4)}"`]) + '@fuzz.test',
  IDN: (r) => pick(r, ['user@bücher.example', 'пользователь@пример.рф', 'ユーザー@例え.jp', 'user@xn--.test', 'user@-bad-.test', 'user@ex ample.test', 'δοκιμή@παράδειγμα.δοκιμή', 'user@bu\u0308cher.example']),
  'dots and dashes': (r) => pick(r, ['.a@fuzz.test', 'a.@fuzz.test', 'a..b@fuzz.test', 'a@.fuzz.test', 'a@fuzz..test', 'a@fuzz.test.', 'a@fuzz.t', 'a@fuzz.123', 'a@localhost', 'a@[127.0.0.1]', 'a@fuzz', '@fuzz.test', 'a@']),
  empty: (r) => pick(r, ['', ' ', '\t', '\u3000', '   ']),
  'mutated valid': (r) => {
    const a = [...validAddress(r)];
    for (let i = 0, n = 1 + r(3); i < n; i++) {
      const at = r(a.length);
      const op = r(3);
      if (op === 0) a.splice(at, 1);
      else if (op === 1) a.splice(at, 0, unicode(r, 1));
      else a[at] = pick(r, ['@', '.', ' ', '"', '\\', ',', ';', '<', '>', '(', ')', '[', ']', ':']);
    }
    return a.join('');
  },
  'the same address again': () => 'again@fuzz.test',
};
const EMAIL_KINDS = Object.keys(EMAILS);

/** What the server reads from a form value after URL encoding (lone surrogates become U+FFFD). */
const asSent = (v: string) => new URLSearchParams({ v }).get('v')!;
/** What `field()` reads: a repeated field is an array, read as empty. */
const fieldValue = (v: string | string[] | undefined) => (typeof v === 'string' ? asSent(v) : '');
/** A stored address as the issue asks it to be, checked without the product's own parser. */
const singleLineAddress = (s: string) => s.length <= 254 && /^[!-~]+$/.test(s) && s.split('@').length === 2 && !s.includes('"') && s === s.toLowerCase();
/** A stack trace or a path into the code in a page. */
const leaks = (body: string) => /\.(ts|js):\d+:\d+/.test(body) || body.includes('node_modules') || /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/.test(body);

function checkAnswer(label: string, res: { status: number; headers: Record<string, unknown>; body: string }, url = '') {
  assert.ok(ALLOWED.has(res.status), `${label}: status ${res.status}\n${res.body.slice(0, 400)}`);
  // A path with a malformed escape (%zz) never reaches the site's routes: the router refuses it for
  // the whole service, as a problem+json 400 (known; the site's pages are HTML everywhere else).
  if (/%(?![0-9A-Fa-f]{2})/.test(url)) assert.equal(res.status, 400, label);
  else if (res.status !== 303) assert.match(String(res.headers['content-type']), /^text\/html/, `${label}: an HTML page`);
  assert.ok(!leaks(res.body), `${label}: the page leaks code\n${res.body.slice(0, 800)}`);
}

const replay = `NEWSLETTER_FUZZ_SEED=${SEED} node --test src/transports/web/newsletter/subscribe-fuzz.test.ts`;

test(`${SUBSCRIBE_CASES} generated subscribe posts and ${LINK_CASES} random links: expected answers, only valid addresses stored and mailed, no row changed by a random link (seed ${SEED}; replay: ${replay})`, async () => {
  const r = random(SEED);
  const home = t.siteBrowser({ ip: '192.0.2.10' });
  const page = await home.get('/newsletter/subscribe');
  const CSRF = /name="csrf" value="([^"]+)"/.exec(page.body)![1];
  const CONSENT = /name="consent" value="([0-9a-f]{16})"/.exec(page.body)![1];
  const accepted = new Set<string>(); // addresses answered 303
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

  for (let i = 0; i < SUBSCRIBE_CASES; i++) {
    const kind = pick(r, EMAIL_KINDS);
    const email = EMAILS[kind](r);
    const form: Record<string, string | string[]> = { email };
    // csrf: mostly the valid token, else a variant of it (all refused: 403).
    const csrfKind = r(100) < 85 ? 'valid' : pick(r, ['missing', 'empty', 'appended', 'cut', 'repeated', 'line break', 'unicode']);
    if (csrfKind === 'valid') form.csrf = CSRF;
    else if (csrfKind === 'empty') form.csrf = '';
    else if (csrfKind === 'appended') form.csrf = CSRF + chars(r, B64URL, 1, 4);
    else if (csrfKind === 'cut') form.csrf = CSRF.slice(0, -1 - r(5));
    else if (csrfKind === 'repeated') form.csrf = [CSRF, CSRF];
    else if (csrfKind === 'line break') form.csrf = `${CSRF}\r\n`;
    else if (csrfKind === 'unicode') form.csrf = unicode(r, 20);
    const consent = r(100) < 85 ? CONSENT : pick(r, ['', 'x', CONSENT.toUpperCase(), `${CONSENT}\n`, unicode(r, 16), '0'.repeat(16), 'repeat']);
    if (consent === 'repeat') form.consent = [CONSENT, CONSENT];
    else form.consent = consent;
    const honeypot = r(100) < 85 ? pick(r, ['', undefined]) : pick(r, [' ', 'http://spam.example', unicode(r, 6), '\r\n', '0']);
    if (honeypot !== undefined) form.website = honeypot;
    if (r(10) === 0) form[pick(r, ['extra', 'email[]', '__proto__', 'constructor', unicode(r, 3)])] = unicode(r, 5);
    // A network of its own mostly (the per-network throttle would stop the run otherwise), a shared one now and then.
    const ip = r(10) === 0 ? '192.0.2.77' : `198.${18 + (i >> 8)}.${i & 255}.${1 + r(250)}`;

    const browser = t.siteBrowser({ ip });
    for (const [k, v] of home.jar) browser.jar.set(k, v);
    const res = await browser.post('/newsletter/subscribe', form);
    const label = `case ${i} (${kind}, csrf ${csrfKind}) ${JSON.stringify(email).slice(0, 120)} (seed ${SEED})`;
    checkAnswer(label, res);
    count(`${res.status}`);

    // The answer the rules call for.
    const typed = fieldValue(form.email);
    let address: string | undefined;
    try {
      address = readAddress(typed);
    } catch {}
    const otherBroken = ['csrf', 'consent', 'website'].some((name) => /[\r\n]/.test(fieldValue(form[name])));
    if (csrfKind !== 'valid') assert.equal(res.status, 403, label);
    else if (otherBroken || fieldValue(form.consent) !== CONSENT || fieldValue(form.website) !== '') assert.equal(res.status, 400, label);
    else if (!address) assert.equal(res.status, 400, `${label}: an invalid address is refused`);
    else assert.ok(res.status === 303 || res.status === 429, `${label}: a valid address is taken (${res.status})`);
    if (res.status === 303) {
      assert.ok(address && singleLineAddress(address), `${label}: 303 for an address that is not one`);
      accepted.add(address);
    }
  }
  await t.app.services.newsletter.idle();

  // What is stored and what left: only single-line addresses of at most 254 characters, each one answered 303.
  const rows = (await sql<{ email: string }>`select email from newsletter_subscribers`.execute(t.db)).rows;
  for (const row of rows) {
    assert.ok(singleLineAddress(row.email), `stored: ${JSON.stringify(row.email)} (seed ${SEED})`);
    assert.ok(accepted.has(row.email), `stored without a 303: ${row.email}`);
  }
  const outbox = (await sql<{ to_address: string }>`select to_address from outbox_emails`.execute(t.db)).rows;
  for (const o of outbox) assert.ok(singleLineAddress(o.to_address) && accepted.has(o.to_address), `mailed: ${JSON.stringify(o.to_address)} (seed ${SEED})`);
  // smtp-server shows an IDN domain decoded (xn--bcher-kva → bücher): compare in the form that was sent.
  const ascii = (to: string) => `${to.slice(0, to.lastIndexOf('@'))}@${domainToASCII(to.slice(to.lastIndexOf('@') + 1))}`;
  // An A-label that is not valid punycode ("xn--bcher-kvaexample") names no domain: such an address is refused, so
  // every accepted domain decodes and encodes back (smtp-server decoded such a label to text that did not).
  const domain = (a: string) => a.slice(a.lastIndexOf('@') + 1);
  // (domainToUnicode leaves a label it cannot decode as it is.)
  for (const a of accepted) assert.ok(!domainToUnicode(domain(a)).split('.').some((l) => l.startsWith('xn--')), `accepted ${a}: its domain is valid punycode (seed ${SEED})`);
  for (const m of sink.accepted) for (const to of m.to) assert.ok(accepted.has(ascii(to)), `the SMTP server got a mail for ${JSON.stringify(to)} (seed ${SEED})`);
  assert.equal(sink.count(), outbox.length, 'every mail handed out reached the SMTP server, once');
  assert.ok(rows.length > 0 && sink.count() > 0, 'the valid addresses went through (the run tested something)');

  // Random links: confirm and unsubscribe with random tokens and ids, against the rows the posts left.
  const snapshot = async () => JSON.stringify((await sql`select * from newsletter_subscribers order by id`.execute(t.db)).rows);
  const before = await snapshot();
  const ids = (await sql<{ id: string }>`select id::text as id from newsletter_subscribers`.execute(t.db)).rows.map((x) => x.id);
  const token = () =>
    pick(r, [
      () => chars(r, B64URL, 43, 43),
      () => chars(r, B64URL, 1, 120),
      () => encodeURIComponent(unicode(r, 1 + r(20)).toWellFormed()),
      () => '%zz',
      () => '%00',
      () => '..%2F..%2Fetc',
      () => 'A'.repeat(2000 + r(3000)),
      () => encodeURIComponent(' ' + chars(r, B64URL, 43, 43)),
    ])();
  const id = () => pick(r, [() => pick(r, ids) ?? '1', () => String(r(1_000_000)), () => '9'.repeat(18 + r(10)), () => '0', () => '-1', () => '1e3', () => encodeURIComponent(unicode(r, 3).toWellFormed()), () => '%20'])();
  for (let i = 0; i < LINK_CASES; i++) {
    const confirm = r(2) === 0;
    const method = r(2) === 0 ? 'GET' : 'POST';
    const url = confirm ? `/newsletter/confirm/${token()}` : `/newsletter/unsubscribe/${id()}/${token()}`;
    const browser = t.siteBrowser({ ip: `203.0.113.${i}` });
    let res;
    if (method === 'GET') res = await browser.get(url);
    else if (confirm) {
      for (const [k, v] of home.jar) browser.jar.set(k, v);
      res = await browser.post(url, r(4) === 0 ? { csrf: unicode(r, 8) } : { csrf: CSRF });
    } else {
      res = await browser.post(url, r(2) === 0 ? {} : { 'List-Unsubscribe': 'One-Click', junk: unicode(r, 10) }, r(2) === 0 ? { origin: 'https://mail.example' } : {});
    }
    const label = `link case ${i}: ${method} ${url.slice(0, 140)} (seed ${SEED})`;
    checkAnswer(label, res, url);
    assert.notEqual(res.status, 303, `${label}: nothing confirmed`);
    count(`link ${res.status}`);
  }
  assert.equal(await snapshot(), before, `no row changed by a random link (seed ${SEED})`);
  console.log(`newsletter fuzz seed ${SEED}: ${[...tally].sort().map(([k, v]) => `${k}×${v}`).join(', ')}; ${rows.length} rows, ${sink.count()} mails`);
});
