import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp } from '../../../testing/harness.ts';
import { SESSION_COOKIE } from '../site-session.ts';

// Site accounts through the real pages (Fastify inject with a cookie jar): sign-up, sign-in,
// sign-out, sessions, the email confirmation link, throttling and the admin outbox.
let clock = new Date('2026-03-04T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

const outboxFor = (email: string) =>
  t.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).orderBy('id', 'desc').execute();
const linkIn = (text: string) => /http:\/\/localhost:3000(\/verify-email\?token=[\w%-]+)/.exec(text)?.[1];
const userByEmail = (email: string) => t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

async function signUp(email: string, password = 'a long enough password', name = 'New Person') {
  const b = t.siteBrowser();
  const res = await b.post('/sign-up', { name, email, password, csrf: await b.csrf('/sign-up') });
  return { b, res };
}

test('sign-up: the account exists, the browser is signed in, and a confirmation link is in the outbox', async () => {
  const b = t.siteBrowser();
  const form = await b.get('/sign-up');
  assert.equal(form.status, 200);
  assert.match(String(form.headers['content-type']), /^text\/html/);
  assert.equal(form.headers['cache-control'], 'no-store');
  assert.match(String(form.headers['content-security-policy']), /default-src 'none'/);
  const res = await b.post('/sign-up', { name: 'Ada', email: 'Ada@Test.example', password: 'correct horse battery', csrf: await b.csrf('/sign-up') });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/account?notice=welcome');
  assert.ok(b.jar.has(SESSION_COOKIE), 'session cookie set');
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith(SESSION_COOKIE));
  assert.match(String(cookie), /HttpOnly/i);
  assert.match(String(cookie), /SameSite=Lax/i);

  const account = await b.get('/account?notice=welcome');
  assert.equal(account.status, 200);
  assert.match(account.body, /Ada@Test\.example/);
  assert.match(account.body, /not confirmed yet/);
  assert.match(account.body, /We sent you a link to confirm/);

  const [mail] = await outboxFor('Ada@Test.example');
  assert.ok(mail, 'mail in the outbox');
  assert.equal(mail.transport, 'outbox');
  assert.match(mail.subject, /Confirm your email address/);
  assert.ok(linkIn(mail.text_body), 'the mail carries the link');
});

const badSignUps: [string, Record<string, string>, number, RegExp][] = [
  ['no name', { name: ' ', email: 'x1@test.example', password: 'long enough password' }, 400, /Enter your name/],
  ['name over 100 characters', { name: 'n'.repeat(101), email: 'x2@test.example', password: 'long enough password' }, 400, /At most 100 characters/],
  ['not an email', { name: 'X', email: 'not-an-email', password: 'long enough password' }, 400, /Enter an email address/],
  ['email over 254 characters', { name: 'X', email: `${'a'.repeat(250)}@t.example`, password: 'long enough password' }, 400, /At most 254/],
  ['password under 10 characters', { name: 'X', email: 'x3@test.example', password: 'zq9shrt' }, 400, /At least 10 characters/],
  ['password over 200 characters', { name: 'X', email: 'x4@test.example', password: 'p'.repeat(201) }, 400, /At most 200 characters/],
  ['email taken (any case)', { name: 'X', email: 'ADA@test.EXAMPLE', password: 'long enough password' }, 409, /An account with this email exists/],
];
for (const [name, form, status, message] of badSignUps) {
  test(`sign-up refuses ${name}: the form again, with the error, without the password`, async () => {
    const users = (await t.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const b = t.siteBrowser();
    const res = await b.post('/sign-up', { ...form, csrf: await b.csrf('/sign-up') });
    assert.equal(res.status, status);
    assert.match(res.body, message);
    assert.match(res.body, /role="alert"/);
    assert.match(res.body, /aria-invalid="true"/);
    if (form.password.length > 3) assert.ok(!res.body.includes(form.password), 'password not echoed');
    assert.ok(!b.jar.has(SESSION_COOKIE), 'not signed in');
    assert.equal((await t.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n, users, 'no account created');
  });
}

test('sign-in: the right password signs in; a wrong password and an unknown address get the same answer', async () => {
  await t.app.services.accounts.createUser({ email: 'bob@test.example', name: 'Bob', password: 'bobs long password' });
  const answer = async (email: string, password: string, ip: string) => {
    const b = t.siteBrowser({ ip });
    const res = await b.post('/sign-in', { email, password, csrf: await b.csrf('/sign-in') });
    return { status: res.status, body: res.body.replace(/name="csrf" value="[^"]+"/, '').replace(email, 'EMAIL'), signedIn: b.jar.has(SESSION_COOKIE) };
  };
  const wrong = await answer('bob@test.example', 'not his password', '198.51.100.10');
  const unknown = await answer('nobody@test.example', 'not his password', '198.51.100.11');
  assert.equal(wrong.status, 401);
  assert.deepEqual(unknown, wrong, 'indistinguishable');
  assert.match(wrong.body, /The email or the password is wrong/);
  assert.equal(wrong.signedIn, false);

  const b = t.siteBrowser({ ip: '198.51.100.12' });
  const ok = await b.post('/sign-in', { email: 'BOB@test.example', password: 'bobs long password', csrf: await b.csrf('/sign-in') });
  assert.equal(ok.status, 303);
  assert.equal(ok.location, '/account');
  assert.equal((await b.get('/account')).status, 200);
});

test('without GitHub or Google settings: no provider buttons, no provider routes; a password sign-in records its method', async () => {
  for (const page of ['/sign-in', '/sign-up']) assert.doesNotMatch((await t.siteBrowser().get(page)).body, /Sign in with (GitHub|Google)|\/sign-in\/(github|google)/);
  for (const url of ['/sign-in/github', '/sign-in/google/callback?code=x&state=y', '/account/sign-in-methods']) assert.equal((await t.siteBrowser().get(url)).status, 404, url);
  const s = await t.signIn();
  assert.doesNotMatch((await s.browser.get('/account')).body, /sign-in-methods/);
  assert.equal((await s.browser.post('/account/sign-in-methods/github/link', { csrf: s.csrf })).status, 404);
  const session = await t.db.selectFrom('sessions').select('method').where('user_id', '=', s.userId).executeTakeFirstOrThrow();
  assert.equal(session.method, 'password');
});

test('sign-in: empty fields are a 400 and not a counted failure', async () => {
  const b = t.siteBrowser({ ip: '198.51.100.13' });
  const counters = async () => (await t.db.selectFrom('sign_in_failures').select('key').execute()).map((r) => r.key).sort();
  const before = await counters();
  const res = await b.post('/sign-in', { email: '', password: '', csrf: await b.csrf('/sign-in') });
  assert.equal(res.status, 400);
  assert.match(res.body, /Enter your email and your password/);
  assert.deepEqual(await counters(), before);
});

test('pages that need a session send the browser to sign in and back', async () => {
  for (const path of ['/account', '/account/api-keys', '/account/apps', '/admin/outbox']) {
    const res = await t.siteBrowser().get(path);
    assert.equal(res.status, 303, path);
    assert.equal(res.location, `/sign-in?return_to=${encodeURIComponent(path)}`, path);
  }
});

const returnTos: [string, string][] = [
  ['/oauth/interaction/abc123', '/oauth/interaction/abc123'],
  ['/account/api-keys?x=1#top', '/account/api-keys?x=1#top'],
  ['https://evil.example/steal', '/account'],
  ['//evil.example/steal', '/account'],
  ['/\\evil.example', '/account'],
  ['\\\\evil.example', '/account'],
  ['javascript:alert(1)', '/account'],
  ['/%0d%0aSet-Cookie:x=1', '/%0d%0aSet-Cookie:x=1'],
  ['/\t/evil.example', '/account'],
  ['relative/path', '/account'],
];
for (const [given, expected] of returnTos) {
  test(`sign-in with return_to ${JSON.stringify(given)} goes to ${expected}`, async () => {
    const { email, password } = await t.signIn();
    const b = t.siteBrowser({ ip: '198.51.100.20' });
    const form = await b.get(`/sign-in?return_to=${encodeURIComponent(given)}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1];
    const hidden = /name="return_to" value="([^"]*)"/.exec(form.body)?.[1];
    const res = await b.post('/sign-in', { email, password, csrf, ...(hidden ? { return_to: hidden.replace(/&amp;/g, '&') } : {}) });
    assert.equal(res.status, 303);
    assert.equal(res.location, expected);
    // Signed in already, the sign-in page itself forwards to the same place.
    assert.equal((await b.get(`/sign-in?return_to=${encodeURIComponent(given)}`)).location, expected);
  });
}

test('sign-out ends the session on the server: the old cookie no longer works', async () => {
  const { browser, cookie, csrf } = await t.signIn();
  const res = await browser.post('/sign-out', { csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/sign-in?notice=signed-out');
  assert.ok(!browser.jar.has(SESSION_COOKIE), 'cookie cleared');
  const replay = await t.siteBrowser().get('/account', { cookie });
  assert.equal(replay.status, 303, 'a copy of the old cookie is refused');
  assert.match(String(replay.location), /^\/sign-in/);
});

test('a new sign-in replaces the session the browser had (a fresh token every time)', async () => {
  const { browser, cookie, email, password } = await t.signIn();
  const preSession = decodeURIComponent(browser.jar.get('ly_csrf')!).split('.')[0];
  const again = await browser.post('/sign-in', { email, password, csrf: preSession });
  assert.equal(again.status, 303);
  assert.notEqual(browser.cookieHeader(), cookie, 'a new session cookie');
  assert.equal((await t.siteBrowser().get('/account', { cookie })).status, 303, 'the previous session ended');
  assert.equal((await browser.get('/account')).status, 200);
});

test('sign out everywhere ends every session of the person (and nobody else’s)', async () => {
  const a = await t.signIn({ email: 'many@test.example' });
  const second = await t.signIn({ email: 'many@test.example' });
  const other = await t.signIn();
  const account = await a.browser.get('/account');
  assert.match(account.body, /signed in on 2 browsers or devices/);
  const res = await a.browser.post('/account/sign-out-everywhere', { csrf: a.csrf });
  assert.equal(res.status, 303);
  assert.equal(res.location, '/sign-in?notice=signed-out-everywhere');
  assert.equal((await t.siteBrowser().get('/account', { cookie: a.cookie })).status, 303);
  assert.equal((await t.siteBrowser().get('/account', { cookie: second.cookie })).status, 303);
  assert.equal((await t.siteBrowser().get('/account', { cookie: other.cookie })).status, 200, 'other people stay signed in');
});

test('a forged or tampered session cookie is ignored', async () => {
  const { cookie } = await t.signIn();
  const value = cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.slice(SESSION_COOKIE.length + 1);
  const unsigned = decodeURIComponent(value).split('.')[0];
  for (const forged of [unsigned, value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'x']) {
    assert.equal((await t.siteBrowser().get('/account', { cookie: `${SESSION_COOKIE}=${forged}` })).status, 303);
  }
});

test('sessions expire 30 days after the last visit', async () => {
  const saved = clock;
  try {
    const { cookie } = await t.signIn();
    advance(29 * 86_400_000);
    assert.equal((await t.siteBrowser().get('/account', { cookie })).status, 200, 'a visit within 30 days extends it');
    advance(29 * 86_400_000);
    assert.equal((await t.siteBrowser().get('/account', { cookie })).status, 200);
    advance(31 * 86_400_000);
    assert.equal((await t.siteBrowser().get('/account', { cookie })).status, 303, 'expired');
  } finally {
    clock = saved;
  }
});

test('throttling per account and address: 5 failures from one address lock that pair (even for the right password), the lock doubles, then expires; the owner elsewhere is never blocked', async () => {
  const saved = clock;
  try {
    await t.app.services.accounts.createUser({ email: 'carol@test.example', name: 'Carol', password: 'carols long password' });
    const attempt = async (email: string, password: string, ip = '203.0.113.10') => {
      const b = t.siteBrowser({ ip });
      const res = await b.post('/sign-in', { email, password, csrf: await b.csrf('/sign-in') });
      return { status: res.status, retryAfter: Number(res.headers['retry-after'] ?? 0), body: res.body, headers: res.headers };
    };
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await attempt('carol@test.example', 'wrong password'));
    assert.deepEqual(tries.map((r) => r.status), [401, 401, 401, 401, 429], 'the fifth failure locks');
    assert.deepEqual(tries.map((r) => r.headers['ratelimit-remaining']), ['4', '3', '2', '1', '0'], 'RateLimit headers count the attempts left');
    assert.equal(tries[0].headers['ratelimit-policy'], '5;w=86400');
    const locked = await attempt('carol@test.example', 'carols long password');
    assert.equal(locked.status, 429, 'locked even with the right password, from that address');
    assert.ok(locked.retryAfter > 0 && locked.retryAfter <= 60, `Retry-After ${locked.retryAfter}`);
    assert.match(locked.body, /Too many failed sign-in attempts from your network/);
    assert.equal((await attempt('carol@test.example', 'carols long password', '198.51.100.7')).status, 303, 'the owner from another address signs in');

    advance(61_000);
    const sixth = await attempt('carol@test.example', 'wrong again');
    assert.equal(sixth.status, 429, 'one more failure locks again at once');
    assert.ok(sixth.retryAfter > 60 && sixth.retryAfter <= 120, `doubled: ${sixth.retryAfter}`);
    advance(121_000);
    assert.equal((await attempt('carol@test.example', 'carols long password')).status, 303, 'after the lock, the right password works');
    assert.equal((await attempt('carol@test.example', 'wrong password')).status, 401, 'and success reset the count');

    // An unknown address is counted and locked exactly alike (nothing tells them apart).
    const ghost = [];
    for (let i = 0; i < 6; i++) ghost.push((await attempt('ghost@test.example', 'whatever it is', '203.0.113.99')).status);
    assert.deepEqual(ghost, [401, 401, 401, 401, 429, 429]);
  } finally {
    clock = saved;
  }
});

test('lockout abuse: strangers on many addresses failing for an account never lock its owner out', async () => {
  const { email, password } = await t.signIn();
  for (let ip = 1; ip <= 10; ip++) {
    const b = t.siteBrowser({ ip: `198.18.0.${ip}` });
    for (let i = 0; i < 5; i++) await b.post('/sign-in', { email, password: `not it ${i}`, csrf: await b.csrf('/sign-in') });
  }
  const owner = t.siteBrowser({ ip: '192.0.2.200' });
  assert.equal((await owner.post('/sign-in', { email, password, csrf: await owner.csrf('/sign-in') })).status, 303);
});

test('throttling per IP: 20 failures from one address lock it for every account; other IPs are unaffected', async () => {
  const saved = clock;
  try {
    const { email, password } = await t.signIn();
    const from = async (ip: string, e: string, p: string) => {
      const b = t.siteBrowser({ ip });
      return (await b.post('/sign-in', { email: e, password: p, csrf: await b.csrf('/sign-in') })).status;
    };
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push(await from('192.0.2.50', `spray${i}@test.example`, 'guess guess guess'));
    assert.deepEqual(statuses.slice(0, 19), Array(19).fill(401));
    assert.equal(statuses[19], 429);
    assert.equal(await from('192.0.2.50', email, password), 429, 'the IP is locked');
    assert.equal(await from('192.0.2.51', email, password), 303, 'another IP signs in');
    advance(61_000);
    assert.equal(await from('192.0.2.50', email, password), 303, 'the lock expired');
  } finally {
    clock = saved;
  }
});

test('throttle counters live in the database (sign_in_failures), shared by every node, with no address in clear', async () => {
  const rows = await t.db.selectFrom('sign_in_failures').select(['key', 'failures', 'locked_until']).execute();
  assert.ok(rows.length > 0);
  // HMACs under an installation key: neither the address nor a plain hash one could reverse by trying every address.
  assert.ok(rows.every((r) => /^(pair|ip):[0-9a-f]{64}$/.test(r.key)), JSON.stringify(rows.map((r) => r.key)));
  assert.ok(!rows.some((r) => r.key.includes('@') || r.key.includes('198.51.100.') || r.key.includes('192.0.2.')));
});

test('email confirmation: the link works once; a used, unknown or expired link is refused', async () => {
  const saved = clock;
  try {
    const { b } = await signUp('dora@test.example');
    const link = linkIn((await outboxFor('dora@test.example'))[0].text_body)!;
    const first = await t.siteBrowser().get(link); // another device, not signed in
    assert.equal(first.status, 200);
    assert.match(first.body, /dora@test\.example<\/strong> is confirmed/);
    assert.ok((await userByEmail('dora@test.example'))!.email_verified_at);
    assert.match((await b.get('/account')).body, /\(confirmed\)/);

    const again = await t.siteBrowser().get(link);
    assert.equal(again.status, 400);
    assert.match(again.body, /already used/);

    for (const bad of ['/verify-email', '/verify-email?token=', '/verify-email?token=nonsense', `/verify-email?token=${'x'.repeat(300)}`]) {
      const res = await t.siteBrowser().get(bad);
      assert.equal(res.status, 400, bad);
      assert.match(res.body, /not valid/, bad);
    }

    await signUp('eve@test.example');
    const late = linkIn((await outboxFor('eve@test.example'))[0].text_body)!;
    advance(24 * 3_600_000 + 1000);
    const expired = await t.siteBrowser().get(late);
    assert.equal(expired.status, 400);
    assert.match(expired.body, /expired/);
    assert.equal((await userByEmail('eve@test.example'))!.email_verified_at, null);
  } finally {
    clock = saved;
  }
});

test('asking for a new link: at most one a minute; the new link works', async () => {
  const saved = clock;
  try {
    const { b } = await signUp('finn@test.example');
    const csrf = await b.csrf('/account');
    const tooSoon = await b.post('/account/verify-email', { csrf });
    assert.equal(tooSoon.status, 429);
    assert.match(tooSoon.body, /less than a minute ago/);
    advance(61_000);
    const res = await b.post('/account/verify-email', { csrf });
    assert.equal(res.status, 303);
    assert.equal(res.location, '/account?notice=verify-sent');
    const mails = await outboxFor('finn@test.example');
    assert.equal(mails.length, 2);
    assert.equal((await t.siteBrowser().get(linkIn(mails[0].text_body)!)).status, 200);
  } finally {
    clock = saved;
  }
});

test('no secret is stored in clear: password, session token, API key, email link token', async () => {
  const password = 'a very particular password 42';
  const { b } = await signUp('gus@test.example', password);
  const sessionToken = decodeURIComponent(b.jar.get(SESSION_COOKIE)!).split('.')[0];
  const link = linkIn((await outboxFor('gus@test.example'))[0].text_body)!;
  const emailToken = decodeURIComponent(link.split('token=')[1]);
  const created = await b.post('/account/api-keys', { csrf: await b.csrf('/account/api-keys'), name: 'dump test', scopes: 'account:read', expires: '' });
  const apiKey = /value="(lyk_[\w-]+)"/.exec(created.body)![1];

  const tables = (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db)).rows.map((r) => r.table_name);
  const holders = (secret: string) =>
    Promise.all(tables.map(async (name) => ((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} x where strpos(x::text, ${secret}) > 0`.execute(t.db)).rows[0].n ? name : null))).then((x) => x.filter(Boolean));
  assert.deepEqual(await holders(password), [], 'password');
  assert.deepEqual(await holders(sessionToken), [], 'session token');
  assert.deepEqual(await holders(apiKey), [], 'API key');
  // Without SMTP the outbox is the delivery channel and keeps the mail as sent (the link expires
  // within a day); the token table holds only its hash. With SMTP the outbox copy is redacted (mailer.test.ts).
  assert.deepEqual(await holders(emailToken), ['outbox_emails'], 'email token');
  const user = (await userByEmail('gus@test.example'))!;
  assert.match(user.password_hash!, /^\$argon2id\$/);
});

test('the admin outbox: administrators read every mail; others are refused', async () => {
  const member = await t.signIn();
  const refused = await member.browser.get('/admin/outbox');
  assert.equal(refused.status, 403);
  assert.match(refused.body, /for administrators/);
  const admin = await t.signIn({ admin: true });
  const page = await admin.browser.get('/admin/outbox');
  assert.equal(page.status, 200);
  assert.match(page.body, /No SMTP server is configured/);
  assert.match(page.body, /Confirm your email address for/);
  assert.match(page.body, /kept in the outbox \(no SMTP\)/);
  assert.match(page.body, /dora@test\.example/);
  assert.match(page.body, /http:\/\/localhost:3000\/verify-email\?token=/);
  assert.match((await admin.browser.get('/account')).body, /href="\/admin\/outbox"/);
});

test('pages are plain HTML: labelled fields, one main, no scripts', async () => {
  const { browser } = await t.signIn({ admin: true });
  const anon = t.siteBrowser();
  const pages = [
    [anon, '/sign-in'],
    [anon, '/sign-up'],
    [browser, '/account'],
    [browser, '/account/api-keys'],
    [browser, '/account/apps'],
    [browser, '/admin/outbox'],
  ] as const;
  for (const [b, path] of pages) {
    const res = await b.get(path);
    assert.equal(res.status, 200, path);
    const body = res.body;
    assert.match(body, /^<!doctype html>\n<html lang="en">/, path);
    assert.equal(body.match(/<main\b/g)?.length, 1, path);
    assert.match(body, /<title>[^<]+<\/title>/, path);
    assert.ok(!/<script\b/i.test(body) && !/\son\w+=/i.test(body), `${path}: no script`);
    for (const m of body.matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
      const attrs = m[2];
      if (/type="(hidden|submit)"/.test(attrs)) continue;
      const id = /\bid="([^"]+)"/.exec(attrs)?.[1];
      const labelled = (id && body.includes(`<label for="${id}"`)) || /<label><input/.test(body.slice(Math.max(0, m.index! - 7), m.index! + 6));
      assert.ok(labelled, `${path}: ${m[0]} has a label`);
    }
    for (const form of body.matchAll(/<form method="post"[^>]*>([\s\S]*?)<\/form>/g)) {
      assert.match(form[1], /name="csrf" value="[^"]+"/, `${path}: every form carries a CSRF token`);
    }
  }
  const css = await anon.get('/assets/site.css');
  assert.equal(css.status, 200);
  assert.match(String(css.headers['content-type']), /^text\/css/);
});

test('the JSON API still refuses form bodies (the form parser is scoped to the site)', async () => {
  const res = await t.app.http.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, text/event-stream' },
    payload: 'jsonrpc=2.0',
  });
  assert.equal(res.statusCode, 415);
  assert.equal(res.json().code, 'unsupported_media_type');
});
