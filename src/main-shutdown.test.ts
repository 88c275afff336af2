import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { freePort, startService, userWithKey } from './testing/service-process.ts';
import { openDatabase } from './store/database.ts';
import { migratedDataDir } from './testing/database.ts';

// Shutdown of the real process: SIGTERM stops new work, lets what runs finish until
// SHUTDOWN_TIMEOUT_SECONDS, then exits; a second SIGTERM exits at once; a job cut short is left
// to run again, never failed for the founder. One data directory serves every test in turn.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-shutdown-'));
await migratedDataDir(dataDir);
const base = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', CRAWLER_ALLOW_HOSTS: '127.0.0.1' };

async function serve(env: Record<string, string> = {}) {
  const port = await freePort();
  const service = startService({ ...base, PORT: String(port), ...env });
  await service.listening;
  await settled(port);
  return { ...service, port };
}

/**
 * Waits for the start-up work after "listening" (the job queue's schema and first runs, which on
 * the in-process PGlite hold the event loop for up to a second) to end: a request sent meanwhile
 * is not routed before the SIGTERM the tests send, and Fastify refuses it as new work.
 */
async function settled(port: number) {
  for (let quick = 0, tries = 0; quick < 3 && tries < 100; tries++) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/healthz`);
    quick = performance.now() - t0 < 30 ? quick + 1 : 0;
    await sleep(50);
  }
}

/**
 * A POST /mcp whose body is held back after its first half, so the request stays in flight. It asks
 * for "100 Continue", which the server sends once it has the request: `received` says it is in the
 * server's hands (a fixed wait was not always long enough on a loaded machine).
 */
function heldRequest(port: number) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  let isReceived: () => void = () => {};
  const received = new Promise<void>((r) => (isReceived = r));
  socket.on('data', (d) => {
    answer += d;
    if (/^HTTP\/1\.1 100 /.test(answer)) isReceived();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  socket.write(
    `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.end(body.slice(10)), answer: () => answer.replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, ''), closed, received };
}

/** True when a new TCP connection to the port is accepted. */
const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });

test('SIGTERM: a request in flight still gets its answer, new connections are refused, the process exits 0', async () => {
  const s = await serve();
  const held = heldRequest(s.port);
  await held.received;
  s.child.kill('SIGTERM');
  await sleep(500);
  assert.equal(await connects(s.port), false, 'no new connections once stopping');
  held.finish();
  await held.closed;
  assert.match(held.answer(), /^HTTP\/1\.1 200/, 'the running request was answered');
  assert.equal(await s.exited, 0);
});

test('SIGTERM: a request still running at the deadline is cut, and the process exits by the deadline', async () => {
  const s = await serve({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
  const held = heldRequest(s.port);
  await held.received;
  const t0 = performance.now();
  s.child.kill('SIGTERM');
  const code = await s.exited;
  const took = performance.now() - t0;
  await held.closed;
  assert.equal(code, 0);
  assert.ok(took >= 1500 && took < 5000, `exited after the 2 s deadline (${Math.round(took)} ms)`);
});

test('a second SIGTERM exits at once', async () => {
  const s = await serve({ SHUTDOWN_TIMEOUT_SECONDS: '60' });
  await heldRequest(s.port).received;
  s.child.kill('SIGTERM');
  await sleep(300);
  const t0 = performance.now();
  s.child.kill('SIGTERM');
  const code = await s.exited;
  assert.equal(code, 1);
  assert.ok(performance.now() - t0 < 2000, 'exited at once');
  assert.match(s.err(), /SIGTERM again: exiting now/);
});

test('a draft job cut short by SIGTERM is not failed: it waits in pg-boss and runs on the next start', { timeout: 120_000 }, async () => {
  // The site holds its home page until released: the crawl is running when SIGTERM comes.
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  const site = http.createServer(async (req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('');
    await released;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Slowly</title></head><body><h1>Slowly</h1><p>Slowly is based in Porto, Portugal.</p></body></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  after(() => new Promise((r) => site.close(r)));
  const origin = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;

  const key = userWithKey(base, 'slow@shutdown.test', 'account:read,listings:write');
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const first = await serve({ SHUTDOWN_TIMEOUT_SECONDS: '3' });
  const created = await fetch(`http://127.0.0.1:${first.port}/api/v1/drafts`, { method: 'POST', headers: auth, body: JSON.stringify({ url: `${origin}/` }) });
  assert.equal(created.status, 201);
  const { id } = await created.json();
  const stageOf = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/v1/drafts/${id}`, { headers: auth })).json()) as { status: string; progress: { stage: string } };
  for (let i = 0; i < 100 && (await stageOf(first.port)).progress.stage !== 'fetching'; i++) await sleep(100);
  assert.equal((await stageOf(first.port)).progress.stage, 'fetching', 'the crawl is waiting for the home page');

  first.child.kill('SIGTERM');
  assert.equal(await first.exited, 0);

  // pg-boss put the job back for a retry, after its retry delay; the test skips the wait.
  const db = await openDatabase({ dataDir });
  try {
    const jobs = await sql<{ state: string }>`select state from pgboss.job where name = 'draft-pipeline'`.execute(db.db);
    assert.deepEqual(jobs.rows.map((r) => r.state), ['retry']);
    const draft = await db.db.selectFrom('drafts').select(['status', 'failure_code']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(draft, { status: 'crawling', failure_code: null }, 'the draft is still in the pipeline, not failed');
    await sql`update pgboss.job set start_after = now() where name = 'draft-pipeline'`.execute(db.db);
  } finally {
    await db.close();
  }

  release();
  const second = await serve();
  try {
    let d = await stageOf(second.port);
    for (let i = 0; i < 300 && (d.status === 'crawling' || d.status === 'drafting'); i++) {
      await sleep(100);
      d = await stageOf(second.port);
    }
    // The whole answer in the message: a failure here (seen once under a loaded CI machine) names its code and reason.
    assert.equal(d.status, 'ready', `the next start ran the job to the end: ${JSON.stringify(d)}`);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
});
