import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measure } from './load.ts';

// A run of a fixed number of requests (`once`) lasts until its last answer, not until
// autocannon's next one-second tick: 300 answers in about 0.35 s are about 850 req/s, not 150.
test('a once-run\'s req/s is its answers over the time to the last answer', async () => {
  const server = createServer((_req, res) => setTimeout(() => res.end('ok'), 20));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const started = performance.now();
    const m = await measure(
      { name: 'once', label: 'GET /n', baseUrl, requests: Array.from({ length: 300 }, (_, i) => ({ method: 'GET' as const, path: `/${i}` })), once: true, shared: true },
      { connections: 20, durationS: 10, warmupS: 0 },
    );
    const wall = (performance.now() - started) / 1000;
    assert.equal(m.requests, 300);
    assert.ok(m.durationS < 0.95, `duration ${m.durationS} s: the tick, not the last answer`);
    assert.ok(m.durationS <= wall, `duration ${m.durationS} s within the call's ${wall} s`);
    // 20 connections, 20 ms each: at most 1,000 req/s; the figure is the answers over that duration.
    assert.ok(m.reqPerSec > 300 && m.reqPerSec <= 1000, `${m.reqPerSec} req/s`);
    assert.equal(Math.round(m.reqPerSec * m.durationS), 300);
  } finally {
    server.close();
  }
});
