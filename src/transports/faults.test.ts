import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { freshDatabaseUrl } from '../testing/database.ts';
import { startTcpProxy, targetOf } from '../testing/tcp-proxy.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';

// Dependencies that fail (issue 17): a loopback proxy stands between the service and Redis or
// PostgreSQL and cuts it off, without stopping the real servers other tests share. The bounds
// are the issue's: while a dependency is cut every request answers within 1 s; within 10 s of
// its return every operation answers as before, with no restart and no acknowledged write lost.
const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const WHILE_CUT_MS = 1000;
const RECOVERY_MS = 10_000;

/** A client address of its own, so a check never spends another's anonymous budget. */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** One request through inject, from `ip` (a fresh address unless given). */
async function send(t: TestApp, method: string, url: string, opts: { ip?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await t.app.http.inject({
    method: method as 'GET',
    url,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.body === undefined ? opts.headers : { 'content-type': 'application/json', ...opts.headers },
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, headers: res.headers, body: json ? res.json() : res.body };
}

/** Awaits `call` and asserts it answered within the while-cut bound. */
async function fast<T>(what: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const answer = await call();
  const ms = performance.now() - started;
  assert.ok(ms < WHILE_CUT_MS, `${what} answered in ${Math.round(ms)} ms (bound ${WHILE_CUT_MS} ms)`);
  return answer;
}

/** Polls /readyz until `done` holds; returns how long that took, or fails after `limitMs`. */
async function readyzUntil(t: TestApp, done: (body: any, status: number) => boolean, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const r = await send(t, 'GET', '/readyz');
    if (done(r.body, r.status)) return performance.now() - started;
    if (performance.now() - started > limitMs) assert.fail(`/readyz still ${r.status} ${JSON.stringify(r.body)} after ${limitMs} ms`);
    await sleep(100);
  }
}

/** A signed-in site user who creates an API key through the site's form (201): two acknowledged writes. */
async function siteUserWithKey(t: TestApp) {
  const user = await t.signIn({ ip: freshIp() });
  const created = await user.browser.post('/account/api-keys', {
    name: 'made before the outage',
    scopes: ['account:read', 'listings:write'],
    expires: '',
    csrf: await user.browser.csrf('/account/api-keys'),
  });
  assert.equal(created.status, 201, 'the key was created');
  const key = /id="new-key" readonly value="([^"]+)"/.exec(created.body)?.[1];
  assert.ok(key, 'the new key is on the page');
  return { ...user, auth: { authorization: `Bearer ${key}` } };
}

/** PUT /me/interview (answer_interview), acknowledged with 200. */
async function answerInterview(t: TestApp, auth: Record<string, string>, questionId: string, answer: string) {
  const res = await send(t, 'PUT', '/api/v1/me/interview', { headers: auth, body: { answers: [{ question_id: Number(questionId), answer }] } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

const answersOf = async (t: TestApp, userId: string) =>
  (await t.db.selectFrom('interview_answers').select(['question_id', 'answer']).where('user_id', '=', userId).orderBy('question_id').execute()).map(
    (a) => [String(a.question_id), a.answer],
  );

test('Redis cut off: requests answer at once, limits fall back per node, /readyz says degraded; all recovers when it is back', { skip: redisUrl ? false : 'set TEST_REDIS_URL to run (CI does, in both passes)', timeout: 120_000 }, async () => {
  const proxy = await startTcpProxy(targetOf(redisUrl!));
  after(() => proxy.close());
  const env = { REDIS_URL: proxy.via(redisUrl!), RATE_LIMIT_ANONYMOUS_PER_MINUTE: '10' };
  const nodeA = await createTestApp({ env });
  const nodeB = await createTestApp({ env });
  for (const node of [nodeA, nodeB]) await readyzUntil(node, (b) => b.redis === 'up', RECOVERY_MS);
  assert.deepEqual((await send(nodeA, 'GET', '/readyz')).body, { status: 'ready', database: 'up', redis: 'up' });

  // Acknowledged before the cut: a site session, an API key made on the site, an interview answer.
  const user = await siteUserWithKey(nodeA);
  const question = await nodeA.fx.question('Why did you start?', 1);
  await answerInterview(nodeA, user.auth, question, 'Before the cut');

  proxy.cut();
  await readyzUntil(nodeA, (b) => b.redis === 'down', WHILE_CUT_MS);

  const readyz = await fast('/readyz', () => send(nodeA, 'GET', '/readyz'));
  assert.equal(readyz.status, 200, 'degraded is still in rotation');
  assert.deepEqual(readyz.body, { status: 'degraded', database: 'up', redis: 'down' });
  const whileCut: [string, () => Promise<{ status: number }>][] = [
    ['a public read', () => send(nodeA, 'GET', '/api/v1/listings')],
    ['an API-key read', () => send(nodeA, 'GET', '/api/v1/me', { headers: user.auth })],
    ['a write', () => send(nodeA, 'PUT', '/api/v1/me/interview', { headers: user.auth, body: { answers: [{ question_id: Number(question), answer: 'During the cut' }] } })],
    ['a signed-in site page', () => user.browser.get('/account')],
    ['/healthz', () => send(nodeA, 'GET', '/healthz')],
  ];
  for (const [what, call] of whileCut) assert.equal((await fast(what, call)).status, 200, what);
  const tool = await fast('an MCP tool call with an API key', () => nodeA.mcpCall('get_account', {}, user.auth));
  assert.equal(tool.status, 200);
  assert.ok(tool.body.result.structuredContent && !tool.body.result.isError, tool.text);

  // The limit still holds, per node: one client's budget of 10 is spent on node A alone, and
  // node B, which cannot see A's count, still lets the same client through.
  const limited = freshIp();
  const onA: number[] = [];
  for (let i = 0; i < 11; i++) onA.push((await fast('a limited read', () => send(nodeA, 'GET', '/api/v1/site', { ip: limited }))).status);
  assert.deepEqual(onA, [...Array(10).fill(200), 429]);
  assert.equal((await send(nodeB, 'GET', '/api/v1/site', { ip: limited })).status, 200, 'per node while Redis is away');

  proxy.restore();
  const restoredAt = performance.now();
  const recovered = await readyzUntil(nodeA, (b, status) => status === 200 && b.status === 'ready', RECOVERY_MS);
  await readyzUntil(nodeB, (b) => b.status === 'ready', RECOVERY_MS - recovered);
  assert.deepEqual((await send(nodeA, 'GET', '/readyz')).body, { status: 'ready', database: 'up', redis: 'up' });

  // Shared again: one budget of 10 across both nodes.
  const shared = freshIp();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await send(i % 2 ? nodeB : nodeA, 'GET', '/api/v1/site', { ip: shared })).status);
  assert.deepEqual(statuses, [...Array(10).fill(200), 429, 429]);

  // Every write acknowledged before and during the cut is there; the session and key still work.
  assert.equal((await send(nodeA, 'GET', '/api/v1/me', { headers: user.auth })).status, 200);
  assert.equal((await user.browser.get('/account')).status, 200);
  assert.deepEqual(await answersOf(nodeA, user.userId), [[String(question), 'During the cut']]);
  assert.ok(performance.now() - restoredAt < RECOVERY_MS, 'all of it within 10 s of the restore');
});

test('PostgreSQL cut off: requests answer 503 service_unavailable at once, /healthz stays 200, /readyz 503; all recovers when it is back', { skip: databaseUrl ? false : 'set TEST_DATABASE_URL to run (the PostgreSQL pass of CI does)', timeout: 120_000 }, async () => {
  const fresh = await freshDatabaseUrl();
  const proxy = await startTcpProxy(targetOf(fresh.databaseUrl!));
  const apps: TestApp[] = [];
  after(async () => {
    for (const app of apps) await app.close();
    await proxy.close();
    await fresh.drop();
  });
  const t = await createTestApp({ env: { DATABASE_URL: proxy.via(fresh.databaseUrl!) } });
  apps.push(t);
  assert.deepEqual((await send(t, 'GET', '/readyz')).body, { status: 'ready', database: 'up', redis: 'not_configured' });

  // Acknowledged before the cut: a site session, an API key made on the site, an interview answer.
  const user = await siteUserWithKey(t);
  const question = await t.fx.question('Why did you start?', 1);
  await answerInterview(t, user.auth, question, 'Before the cut');

  // A query running when the connection goes fails as "unavailable", and the process lives on
  // (pg also emits 'error' on the checked-out client, which nobody else listens to).
  const inFlight = sql`select pg_sleep(5)`.execute(t.db).then(() => 'answered', (err: unknown) => err);
  await sleep(200);
  proxy.cut();
  const lost = await fast('a query in flight', () => inFlight);
  assert.equal(isDatabaseUnavailable(lost), true, String(lost));

  const readyz = await fast('/readyz', () => send(t, 'GET', '/readyz'));
  assert.equal(readyz.status, 503);
  assert.deepEqual(readyz.body, { status: 'unavailable', database: 'down', redis: 'not_configured' });
  assert.equal((await fast('/healthz', () => send(t, 'GET', '/healthz'))).status, 200, 'the process is alive: no restart wanted');

  const apiCalls: [string, string, string, { headers?: Record<string, string>; body?: unknown }][] = [
    ['a public search', 'GET', '/api/v1/listings', {}],
    ['a public category list', 'GET', '/api/v1/categories', {}],
    ['an API-key read (the key lookup needs the database)', 'GET', '/api/v1/me', { headers: user.auth }],
    ['a write', 'PUT', '/api/v1/me/interview', { headers: user.auth, body: { answers: [{ question_id: Number(question), answer: 'Refused' }] } }],
  ];
  for (const [what, method, url, opts] of apiCalls) {
    const res = await fast(what, () => send(t, method, url, opts));
    assert.equal(res.status, 503, `${what}: ${JSON.stringify(res.body)}`);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/, what);
    assert.equal(res.body.code, 'service_unavailable', what);
    assert.ok(Number(res.headers['retry-after']) > 0, `${what}: Retry-After`);
  }

  const tool = await fast('an MCP tool call', () => t.mcpCall('search_listings', {}));
  assert.equal(tool.body.result.isError, true, 'a tool error, as other domain errors are');
  assert.equal(tool.body.result.structuredContent.code, 'service_unavailable');
  assert.equal(tool.body.result.structuredContent.status, 503);

  const page = await fast('a signed-in site page (the session lookup needs the database)', () => user.browser.get('/account'));
  assert.equal(page.status, 503);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.ok(Number(page.headers['retry-after']) > 0, 'page: Retry-After');

  proxy.restore();
  const restoredAt = performance.now();
  await readyzUntil(t, (b, status) => status === 200 && b.status === 'ready', RECOVERY_MS);
  const back: [string, () => Promise<{ status: number }>][] = [
    ['a public read', () => send(t, 'GET', '/api/v1/listings')],
    ['an API-key read with the key made before the cut', () => send(t, 'GET', '/api/v1/me', { headers: user.auth })],
    ['the site session made before the cut', () => user.browser.get('/account')],
  ];
  for (const [what, call] of back) assert.equal((await call()).status, 200, what);
  const toolBack = await t.mcpCall('search_listings', {});
  assert.ok(toolBack.body.result.structuredContent && !toolBack.body.result.isError, toolBack.text);
  assert.deepEqual(await answersOf(t, user.userId), [[String(question), 'Before the cut']], 'the acknowledged answer is there; the refused one is not');
  await answerInterview(t, user.auth, question, 'After the restore');
  assert.deepEqual(await answersOf(t, user.userId), [[String(question), 'After the restore']]);
  assert.ok(performance.now() - restoredAt < RECOVERY_MS, 'all of it within 10 s of the restore');
});
