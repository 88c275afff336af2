import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLaunchyardClient } from './client.ts';
import { retryAfterSeconds } from './retry.ts';

// A loopback server that answers each request with the next scripted answer, and remembers what
// it was sent: 429s with or without Retry-After, then the answer.

interface Seen {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: string;
  at: number;
}
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

const seen: Seen[] = [];
let script: Answer[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  seen.push({
    method: req.method!,
    url: req.url!,
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    authorization: req.headers.authorization,
    body,
    at: performance.now(),
  });
  const answer = script.shift() ?? { status: 500, body: { status: 500, code: 'internal_error', title: 'Internal Server Error', detail: 'the script ran out', type: 'about:blank' } };
  res.writeHead(answer.status, { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json', ...answer.headers });
  res.end(JSON.stringify(answer.body ?? {}));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const tooMany = (retryAfter?: string): Answer => ({
  status: 429,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  body: { type: `${baseUrl}/docs/problems#rate_limited`, title: 'Too Many Requests', status: 429, detail: 'Slow down.', code: 'rate_limited' },
});
const site = { name: 'Loopback', purpose: 'tests' };

function reset(answers: Answer[]) {
  seen.length = 0;
  script = answers;
}

test('a 429 with Retry-After: 1 is waited out (about a second) and the request sent again, then the answer is typed', async () => {
  reset([tooMany('1'), { status: 200, body: site }]);
  const client = createLaunchyardClient({ baseUrl, apiKey: 'ly_test_key' });
  const { data, response } = await client.GET('/site');
  assert.equal(response.status, 200);
  assert.equal(data?.name, 'Loopback');
  assert.equal(seen.length, 2);
  const waited = seen[1].at - seen[0].at;
  assert.ok(waited >= 950 && waited < 5000, `waited ${waited} ms`);
  assert.deepEqual(
    seen.map((s) => [s.method, s.url, s.authorization]),
    [
      ['GET', '/api/v1/site', 'Bearer ly_test_key'],
      ['GET', '/api/v1/site', 'Bearer ly_test_key'],
    ],
  );
});

test('a write is sent again whole, with the same Idempotency-Key, after each 429', async () => {
  const waits: number[] = [];
  reset([tooMany('0'), tooMany('0'), { status: 201, body: { id: 'd1', status: 'crawling', url: 'https://acme.test/' } }]);
  const client = createLaunchyardClient({ baseUrl, apiKey: 'ly_test_key', retry: { sleep: async (ms) => void waits.push(ms) } });
  const { data, response } = await client.POST('/drafts', { body: { url: 'https://acme.test/' } });
  assert.equal(response.status, 201);
  assert.equal(data?.id, 'd1');
  assert.equal(seen.length, 3);
  assert.deepEqual(waits, [0, 0]);
  assert.ok(seen[0].idempotencyKey && seen[0].idempotencyKey.length >= 16);
  assert.deepEqual(new Set(seen.map((s) => s.idempotencyKey)).size, 1, 'one key for every attempt of one call');
  for (const s of seen) assert.deepEqual(JSON.parse(s.body), { url: 'https://acme.test/' });
  // The next call is another request: another key.
  const firstKey = seen[0].idempotencyKey;
  reset([{ status: 201, body: { id: 'd2' } }]);
  await client.POST('/drafts', { body: { url: 'https://acme.test/' } });
  assert.ok(seen[0].idempotencyKey);
  assert.notEqual(seen[0].idempotencyKey, firstKey);
});

test('reads and writes without an Idempotency-Key get none', async () => {
  reset([{ status: 200, body: site }, { status: 200, body: { lines: [] } }]);
  const client = createLaunchyardClient({ baseUrl });
  await client.GET('/site');
  await client.POST('/orders/quote', { body: { items: [{ product: 'unlock-story' }], billing_country: 'US' } });
  assert.deepEqual(
    seen.map((s) => [s.url, s.idempotencyKey, s.authorization]),
    [
      ['/api/v1/site', undefined, undefined],
      ['/api/v1/orders/quote', undefined, undefined],
    ],
  );
});

test('retries are bounded: after `retries` the 429 is the answer, typed as a problem', async () => {
  const waits: number[] = [];
  reset([tooMany(), tooMany(), tooMany(), { status: 200, body: site }]);
  const client = createLaunchyardClient({ baseUrl, retry: { retries: 2, sleep: async (ms) => void waits.push(ms) } });
  const { error, response } = await client.GET('/site');
  assert.equal(response.status, 429);
  assert.equal(error?.code, 'rate_limited');
  assert.equal(seen.length, 3);
  assert.deepEqual(waits, [1000, 2000], 'without Retry-After: 1 s, then 2 s');
});

test('a Retry-After longer than maxWaitSeconds is not waited for; retry: false sends once', async () => {
  const waits: number[] = [];
  reset([tooMany('3600'), { status: 200, body: site }]);
  const patient = createLaunchyardClient({ baseUrl, retry: { maxWaitSeconds: 60, sleep: async (ms) => void waits.push(ms) } });
  const first = await patient.GET('/site');
  assert.equal(first.response.status, 429);
  assert.equal(first.response.headers.get('retry-after'), '3600');
  assert.deepEqual(waits, []);
  assert.equal(seen.length, 1);

  reset([tooMany('0'), { status: 200, body: site }]);
  const once = createLaunchyardClient({ baseUrl, retry: false });
  assert.equal((await once.GET('/site')).response.status, 429);
  assert.equal(seen.length, 1);
});

test('Retry-After: delay-seconds, an HTTP-date, or nothing usable', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  assert.equal(retryAfterSeconds('120', now), 120);
  assert.equal(retryAfterSeconds(' 0 ', now), 0);
  assert.equal(retryAfterSeconds('Sat, 28 Nov 2026 10:00:30 GMT', now), 30);
  assert.equal(retryAfterSeconds('Sat, 28 Nov 2026 09:00:00 GMT', now), 0, 'a date in the past: at once');
  assert.equal(retryAfterSeconds('soon', now), undefined);
  assert.equal(retryAfterSeconds('-5', now), undefined);
  assert.equal(retryAfterSeconds(null, now), undefined);
});

test('an abort while waiting ends the call at once', async () => {
  reset([tooMany('30'), { status: 200, body: site }]);
  const client = createLaunchyardClient({ baseUrl });
  const started = performance.now();
  await assert.rejects(client.GET('/site', { signal: AbortSignal.timeout(100) }), (err: Error) => err.name === 'TimeoutError');
  assert.ok(performance.now() - started < 5000);
  assert.equal(seen.length, 1);
});

test('apiKey and accessToken together are refused', () => {
  assert.throws(() => createLaunchyardClient({ baseUrl, apiKey: 'a', accessToken: 'b' }), /apiKey or accessToken/);
});
