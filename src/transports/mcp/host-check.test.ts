import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../testing/harness.ts';

const t = await createTestApp();

const ping = (host: string) =>
  t.app.http.inject({
    method: 'POST',
    url: '/mcp',
    headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

// PUBLIC_URL is http://localhost:3000 in tests.
const scenarios: [host: string, allowed: boolean][] = [
  ['localhost:3000', true],
  ['localhost', true],
  ['127.0.0.1:8080', true],
  ['[::1]:3000', true],
  ['evil.example', false],
  ['localhost.evil.example', false],
  ['evil.example:3000', false],
  ['127.0.0.2', false],
  ['local host', false],
];

for (const [host, allowed] of scenarios) {
  test(`/mcp with Host ${JSON.stringify(host)} is ${allowed ? 'served' : 'refused with 403 (DNS rebinding)'}, every time`, async () => {
    // Twice: the second answer comes from the remembered verdict.
    for (const round of [1, 2]) {
      const res = await ping(host);
      if (allowed) {
        assert.equal(res.statusCode, 200, `round ${round}`);
      } else {
        assert.equal(res.statusCode, 403, `round ${round}`);
        const body = res.json();
        assert.equal(body.error.code, -32000);
        assert.match(body.error.message, /^Invalid Host/);
      }
    }
  });
}

test('past the remembered Host values, each one is still checked', async () => {
  for (let i = 0; i < 80; i++) assert.equal((await ping(`spam-${i}.example`)).statusCode, 403);
  assert.equal((await ping('spam-79.example')).statusCode, 403);
  assert.equal((await ping('localhost:3000')).statusCode, 200);
  assert.equal((await ping('evil.example')).statusCode, 403);
});
