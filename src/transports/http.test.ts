import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createTestApp } from '../testing/harness.ts';

const t = await createTestApp();
const limited = await createTestApp({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });

test('errors are RFC 9457 problems with a stable code and a documented type', async () => {
  const res = await t.rest('GET', '/api/v1/nothing-here', undefined, { 'x-forwarded-for': '198.51.100.1' });
  assert.equal(res.status, 404);
  assert.match(res.type, /^application\/problem\+json/);
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'detail', 'status', 'title', 'type']);
  assert.equal(res.body.code, 'route_not_found');
  assert.equal(res.body.type, 'http://localhost:3000/docs/problems#route_not_found');
  const docs = await t.get('/docs/problems');
  assert.match(String(docs.body), /id="route_not_found"/);
  assert.match(String(docs.body), /id="validation_failed"/);
});

test('anonymous callers over the per-IP limit get 429 with Retry-After and RateLimit headers', async () => {
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < 5; i++) {
    last = await limited.get('/api/v1/listings');
    statuses.push(last.status);
  }
  assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
  assert.match(last!.type, /^application\/problem\+json/);
  assert.equal(last!.body.code, 'rate_limited');
  assert.ok(Number(last!.headers['retry-after']) > 0, 'Retry-After');
  assert.equal(last!.headers['ratelimit-limit'], '3');
  assert.equal(last!.headers['ratelimit-remaining'], '0');
  assert.ok(Number(last!.headers['ratelimit-reset']) > 0);
});

test('health endpoints are never rate limited', async () => {
  for (let i = 0; i < 5; i++) {
    assert.equal((await limited.get('/healthz')).status, 200);
    assert.equal((await limited.get('/readyz')).status, 200);
  }
});

/** fetch() may not set Host; node:http can. */
function post(base: string, path: string, host: string, body: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode!, headers: res.headers });
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('MCP refuses a foreign Host header (DNS rebinding) and is rate limited like REST', async () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  assert.equal((await post(await t.url(), '/mcp', 'evil.example.com', body)).status, 403);
  assert.equal((await post(await t.url(), '/mcp', 'localhost', body)).status, 200);
  // Over a real socket the caller is 127.0.0.1, the same address inject uses: its budget is spent.
  const limitedRes = await post(await limited.url(), '/mcp', 'localhost', body);
  assert.equal(limitedRes.status, 429);
  assert.ok(Number(limitedRes.headers['retry-after']) > 0);
});

test('signed-in callers are limited per credential: each API key has its own budget', async () => {
  const keyed = await createTestApp({ env: { RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '2', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000' } });
  const a = await keyed.apiKey(['account:read']);
  const b = await keyed.apiKey(['account:read']);
  const statuses = async (auth: Record<string, string>) => {
    const out = [];
    for (let i = 0; i < 3; i++) out.push((await keyed.get('/api/v1/me', auth)).status);
    return out;
  };
  assert.deepEqual(await statuses(a.auth), [200, 200, 429]);
  assert.deepEqual(await statuses(b.auth), [200, 200, 429], "another key is not charged for the first one's calls");
  const limited = await keyed.get('/api/v1/me', a.auth);
  assert.equal(limited.headers['ratelimit-limit'], '2');
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.equal((await keyed.get('/api/v1/site')).status, 200, 'anonymous callers of the same IP have their own budget');
});

// Every route the discussion added (issue 27), and sign-in with a provider (issue 28: its start and
// callback on the sign-in budget, here the same 3), spends a per-address budget like the rest of
// the service: [method, path, form body]. Each row from its own address, so one row's requests
// never spend another's.
const DISCUSSION_ROUTES: [string, string, string | undefined][] = [
  ['GET', '/api/v1/listings/limited-talk/comments', undefined],
  ['GET', '/listings/limited-talk?comments=newest', undefined],
  ['POST', '/listings/limited-talk/comments', 'body=hello'],
  ['POST', '/comments/1/edit', 'body=hello'],
  ['POST', '/comments/1/delete', ''],
  ['POST', '/comments/1/upvote', 'intent=add'],
  ['POST', '/comments/1/pin', 'intent=add'],
  ['GET', '/report?type=listing&id=1', undefined],
  ['POST', '/report', 'type=listing&id=1&reason=spam'],
  ['GET', '/account/email', undefined],
  ['POST', '/account/email', 'on=replies'],
  ['GET', '/unsubscribe/comments/1/not-a-token', undefined],
  ['POST', '/unsubscribe/comments/1/not-a-token', 'List-Unsubscribe=One-Click'],
  ['GET', '/admin/reports', undefined],
  ['GET', '/admin/comments', undefined],
  ['POST', '/admin/reports/hide', 'type=comment&id=1&reason=x'],
  ['GET', '/admin/votes', undefined],
  ['POST', '/admin/votes/release', 'group=fresh_burst:1&listing_id=1'],
  ['POST', '/admin/votes/confirm', 'group=fresh_burst:1&listing_id=1'],
  ['GET', '/sign-in/github', undefined],
  ['GET', '/sign-in/github/callback?code=x&state=y', undefined],
  ['GET', '/account/sign-in-methods', undefined],
  ['POST', '/account/sign-in-methods/github/link', ''],
  ['POST', '/account/sign-in-methods/github/unlink', ''],
  // "Download my data" (issue 31): its page, its start and its download link.
  ['GET', '/account/data', undefined],
  ['POST', '/account/data', ''],
  ['GET', '/account/data/00000000-0000-4000-8000-000000000000/launchyard-export.zip', undefined],
  // Webhooks (issue 33): the operations over REST and the account pages.
  ['POST', '/api/v1/me/webhooks', undefined],
  ['GET', '/api/v1/me/webhooks', undefined],
  ['DELETE', '/api/v1/me/webhooks/1', undefined],
  ['GET', '/api/v1/me/webhooks/1/deliveries', undefined],
  ['POST', '/api/v1/me/webhooks/1/deliveries/1/redeliver', undefined],
  ['GET', '/account/webhooks', undefined],
  ['POST', '/account/webhooks', 'url=https%3A%2F%2F93.184.215.14%2F&events=listing.live'],
  ['GET', '/account/webhooks/1', undefined],
  ['POST', '/account/webhooks/1/delete', ''],
  ['POST', '/account/webhooks/1/enable', ''],
  ['POST', '/account/webhooks/1/deliveries/1/redeliver', ''],
];
// GitHub's start needs no network (its endpoints are settings); nothing here reaches the callback's exchange.
const proxied = await createTestApp({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3', RATE_LIMIT_SIGN_IN_PER_MINUTE: '3', TRUST_PROXY: 'true', GITHUB_CLIENT_ID: 'rate', GITHUB_CLIENT_SECRET: 'limits' } });
await proxied.fx.listing({ slug: 'limited-talk' });
DISCUSSION_ROUTES.forEach(([method, url, form], i) => {
  test(`rate limited per address: ${method} ${url}`, async () => {
    const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${100 + i}` };
    if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const statuses: number[] = [];
    let last;
    for (let n = 0; n < 4; n++) {
      last = await proxied.app.http.inject({ method: method as 'GET', url, headers, payload: form });
      statuses.push(last.statusCode);
    }
    assert.ok(statuses.slice(0, 3).every((s) => s !== 429), `the first three are not refused: ${statuses}`);
    assert.equal(statuses[3], 429, `the fourth is refused: ${statuses}`);
    assert.ok(Number(last!.headers['retry-after']) > 0, 'Retry-After');
  });
});
