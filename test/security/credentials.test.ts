import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../src/testing/harness.ts';
import { registerClient, tokenRequest } from '../../src/testing/oauth.ts';

// An attacker guessing credentials, with the production budgets (the harness raises them for
// other tests): failed API keys, bearer tokens and token-endpoint grants per address; passwords per
// address and per account and address, behind /sign-in's own request budget.
const t = await createTestApp({ env: { RATE_LIMIT_FAILED_CREDENTIALS: '20', RATE_LIMIT_SIGN_IN_PER_MINUTE: '10' } });

const from = (ip: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
  t.app.http.inject({ method, url, headers, payload, remoteAddress: ip });

const randomKey = () => `lyk_${crypto.randomUUID().replaceAll('-', '')}${crypto.randomUUID().replaceAll('-', '')}`.slice(0, 47);
const randomJwt = () => `${btoa(JSON.stringify({ alg: 'ES256', typ: 'at+jwt' })).replaceAll('=', '')}.${btoa(crypto.randomUUID()).replaceAll('=', '')}.c2lnbmF0dXJl`;

async function statuses(n: number, send: (i: number) => Promise<{ statusCode: number }>) {
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const { statusCode } = await send(i);
    seen.set(statusCode, (seen.get(statusCode) ?? 0) + 1);
  }
  return Object.fromEntries(seen);
}

test('1,000 invalid API keys from one address: 20 are answered 401, the rest 429 with RateLimit headers; a valid key from there is refused too, from elsewhere it works', async () => {
  const ip = '203.0.113.1';
  const counts = await statuses(1000, () => from(ip, 'GET', '/api/v1/me', { authorization: `Bearer ${randomKey()}` }));
  assert.deepEqual(counts, { 401: 20, 429: 980 });
  const refused = await from(ip, 'GET', '/api/v1/me', { authorization: `Bearer ${randomKey()}` });
  assert.equal(refused.json().code, 'too_many_failed_credentials');
  assert.equal(refused.headers['ratelimit-limit'], '20');
  assert.equal(refused.headers['ratelimit-remaining'], '0');
  assert.equal(refused.headers['ratelimit-policy'], '20;w=600');
  assert.ok(Number(refused.headers['retry-after']) > 0);

  const { auth } = await t.apiKey(['account:read']);
  assert.equal((await from(ip, 'GET', '/api/v1/me', auth)).statusCode, 429, 'a lucky guess cannot be told from a wrong one');
  assert.equal((await from('203.0.113.2', 'GET', '/api/v1/me', auth)).statusCode, 200, 'another address is not affected');
});

test('invalid bearer tokens (JWT-shaped) count the same on /api/v1 and /mcp', async () => {
  const ip = '203.0.113.3';
  const rest = await statuses(15, () => from(ip, 'GET', '/api/v1/me', { authorization: `Bearer ${randomJwt()}` }));
  assert.deepEqual(rest, { 401: 15 });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const mcp = await statuses(10, () =>
    from(ip, 'POST', '/mcp', { authorization: `Bearer ${randomJwt()}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: 'localhost:3000' }, body),
  );
  assert.deepEqual(mcp, { 401: 5, 429: 5 }, 'one budget per address across both resources');
});

test('valid credentials never spend the budget', async () => {
  const ip = '203.0.113.4';
  const { auth } = await t.apiKey(['account:read']);
  assert.deepEqual(await statuses(60, () => from(ip, 'GET', '/api/v1/me', auth)), { 200: 60 });
  const wrong = await from(ip, 'GET', '/api/v1/me', { authorization: `Bearer ${randomKey()}` });
  assert.equal(wrong.statusCode, 401);
  assert.equal(wrong.headers['ratelimit-remaining'] === '0', false);
});

test('the token endpoint: guessed codes and refresh tokens are answered invalid_grant 20 times, then 429', async () => {
  const ip = '203.0.113.5';
  const { client_id } = await registerClient(t.app);
  const form = (i: number) =>
    new URLSearchParams(
      i % 2
        ? { grant_type: 'refresh_token', refresh_token: `guess-${i}-${crypto.randomUUID()}`, client_id }
        : { grant_type: 'authorization_code', code: `guess-${i}-${crypto.randomUUID()}`, code_verifier: 'v'.repeat(43), redirect_uri: 'http://127.0.0.1:7777/callback', client_id },
    ).toString();
  const answers: { statusCode: number; json: () => { error: string } }[] = [];
  for (let i = 0; i < 25; i++) answers.push(await from(ip, 'POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, form(i)));
  assert.deepEqual(answers.slice(0, 20).map((a) => a.json().error), Array(20).fill('invalid_grant'));
  assert.deepEqual(answers.slice(20).map((a) => a.statusCode), Array(5).fill(429));
  assert.equal(answers[24].json().error, 'too_many_failed_credentials');
  // Another address still exchanges (and fails honestly).
  const other = await from('203.0.113.6', 'POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, form(0));
  assert.equal(other.statusCode, 400);
  // The same budget as API keys: this address is refused there too.
  assert.equal((await from(ip, 'GET', '/api/v1/me', { authorization: `Bearer ${randomKey()}` })).statusCode, 429);
});

test('a malformed token request is not a guess: it never spends the budget', async () => {
  const ip = '203.0.113.7';
  const bad = await statuses(30, () => from(ip, 'POST', '/oauth/token', { 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=password&username=a&password=b'));
  assert.deepEqual(bad, { 400: 30 });
  const res = await tokenRequest(t.app, { grant_type: 'password' });
  assert.notEqual(res.body.error, 'invalid_grant');
});

async function signInFrom(ip: string, email: string, password: string) {
  const b = t.siteBrowser({ ip });
  const res = await b.post('/sign-in', { email, password, csrf: await b.csrf('/sign-in') });
  return res;
}

test('1,000 wrong passwords from one address: /sign-in has its own budget (10 a minute), so at most 10 are even checked', async () => {
  const ip = '198.51.100.1';
  const { email } = await t.signIn({ ip: '192.0.2.1' });
  const counts = await statuses(1000, (i) => signInFrom(ip, email, `guess number ${i}`).then((r) => ({ statusCode: r.status })));
  assert.equal(counts[401], 4, JSON.stringify(counts));
  assert.equal(counts[429], 996);
  // The posts spent /sign-in's own budget, not the anonymous API's.
  const post = await signInFrom(ip, email, 'one more');
  assert.equal(post.headers['ratelimit-limit'], '10');
  assert.equal(post.headers['ratelimit-policy'], '10;w=60');
  const api = await from(ip, 'GET', '/api/v1/categories');
  assert.equal(api.statusCode, 200);
  assert.notEqual(api.headers['ratelimit-limit'], '10');
});

test('lockout abuse: strangers on 12 addresses failing for an account never lock its owner out; each stranger locks only itself', async () => {
  const { email, password } = await t.signIn({ ip: '192.0.2.2' });
  const strangers: number[] = [];
  for (let n = 1; n <= 12; n++) {
    for (let i = 0; i < 6; i++) strangers.push((await signInFrom(`198.18.1.${n}`, email, `not it ${i}`)).status);
  }
  assert.equal(strangers.filter((s) => s === 429).length, 12 * 2, 'each stranger is locked after 5 failures (5th and 6th are 429)');
  assert.equal((await signInFrom('198.18.1.1', email, password)).status, 429, 'a stranger locked for this account stays locked, even with the right password');
  assert.equal((await signInFrom('192.0.2.99', email, password)).status, 303, 'the owner, from their own address, signs in');
});
