import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { createTestApp } from '../testing/harness.ts';
import { defineOperation, type AnyOperation } from './define.ts';
import { DomainError } from '../domain/errors.ts';

// A test-only signed-in write that declares idempotency, as the spec's 14 writes will: it counts
// how often its effect really ran.
const applied = new Map<string, number>();
const probe = defineOperation({
  id: 'probe_write',
  summary: 'Test write',
  description: 'Counts how often it ran, per value (test only).',
  tag: 'Test',
  method: 'POST',
  path: '/test/probe',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  input: z.strictObject({ value: z.string().max(20), delay_ms: z.number().int().min(0).max(2000).optional() }),
  output: z.object({ value: z.string(), applied: z.number().int() }),
  handle: async ({ value, delay_ms }) => {
    if (delay_ms) await new Promise((r) => setTimeout(r, delay_ms));
    if (value === 'refuse') throw new DomainError('unprocessable', 'probe_refused', 'The probe refuses this value.');
    if (value === 'crash') throw new Error('boom');
    const n = (applied.get(value) ?? 0) + 1;
    applied.set(value, n);
    return { value, applied: n };
  },
});

const t = await createTestApp({ extraOperations: [probe as AnyOperation] });
const alice = await t.apiKey(['listings:write']);
const bob = await t.apiKey(['listings:write']);
const post = (body: unknown, key: string | undefined, auth = alice.auth) =>
  t.rest('POST', '/api/v1/test/probe', body, { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) });

test('the same key and payload replays the stored response; the effect runs once', async () => {
  const first = await post({ value: 'a' }, 'key-1');
  const again = await post({ value: 'a' }, 'key-1');
  assert.equal(first.status, 201);
  assert.deepEqual(first.body, { value: 'a', applied: 1 });
  assert.equal(again.status, 201);
  assert.deepEqual(again.body, first.body);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(first.headers['idempotent-replayed'], undefined);
  assert.equal(applied.get('a'), 1);
});

test('the quoted form of RFC 8941 names the same key', async () => {
  await post({ value: 'q' }, '"key-q"');
  const again = await post({ value: 'q' }, 'key-q');
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(applied.get('q'), 1);
});

test('without a key every call runs', async () => {
  await post({ value: 'n' }, undefined);
  await post({ value: 'n' }, undefined);
  assert.equal(applied.get('n'), 2);
});

test('the same key with another payload is 422; keys are scoped per caller', async () => {
  await post({ value: 'b' }, 'key-2');
  const other = await post({ value: 'c' }, 'key-2');
  assert.equal(other.status, 422);
  assert.equal(other.body.code, 'idempotency_key_reused');
  // Bob's key-2 is his own.
  const bobs = await post({ value: 'c' }, 'key-2', bob.auth);
  assert.equal(bobs.status, 201);
  assert.equal(bobs.headers['idempotent-replayed'], undefined);
});

test('a concurrent duplicate is 409 with Retry-After, then replays once the first finished', async () => {
  const slow = post({ value: 'slow', delay_ms: 300 }, 'key-3');
  await new Promise((r) => setTimeout(r, 50));
  const dup = await post({ value: 'slow', delay_ms: 300 }, 'key-3');
  assert.equal(dup.status, 409);
  assert.equal(dup.body.code, 'idempotency_in_progress');
  assert.equal(dup.headers['retry-after'], '1');
  assert.equal((await slow).status, 201);
  const after = await post({ value: 'slow', delay_ms: 300 }, 'key-3');
  assert.equal(after.headers['idempotent-replayed'], 'true');
  assert.equal(applied.get('slow'), 1);
});

test('a 4xx outcome is stored and replayed; a fault on our side frees the key for a retry', async () => {
  const refused = await post({ value: 'refuse' }, 'key-4');
  assert.equal(refused.status, 422);
  assert.equal(refused.body.code, 'probe_refused');
  const replay = await post({ value: 'refuse' }, 'key-4');
  assert.equal(replay.status, 422);
  assert.deepEqual(replay.body, refused.body);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.match(replay.type, /^application\/problem\+json/);

  const crash = await post({ value: 'crash' }, 'key-5');
  assert.equal(crash.status, 500);
  const row = await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'key-5').executeTakeFirst();
  assert.equal(row, undefined, 'a 5xx is not remembered');
});

test('a malformed key is 400; keys expire after 24 hours', async () => {
  for (const bad of ['', 'x'.repeat(256), 'has space', 'ünïcode']) {
    const res = await post({ value: 'm' }, bad);
    assert.equal(res.status, 400, JSON.stringify(bad));
    assert.equal(res.body.code, 'invalid_idempotency_key');
  }
  await post({ value: 'e' }, 'key-6');
  await t.db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', 'key-6').execute();
  const fresh = await post({ value: 'e' }, 'key-6');
  assert.equal(fresh.headers['idempotent-replayed'], undefined);
  assert.equal(applied.get('e'), 2);
});

for (const era of ['legacy', 'modern'] as const) {
  test(`MCP (${era}): the same guarantee through _meta["idempotency-key"], shared with REST`, async () => {
    const client = await t.mcp(era, alice.auth);
    const call = (value: string, key: string) =>
      client.callTool({ name: 'probe_write', arguments: { value }, _meta: { 'idempotency-key': key } }) as Promise<any>;
    const first = await call(`m-${era}`, `mcp-${era}`);
    const again = await call(`m-${era}`, `mcp-${era}`);
    assert.deepEqual(again.structuredContent, first.structuredContent);
    assert.equal(again._meta?.['idempotency-key/replayed'], true);
    assert.equal(applied.get(`m-${era}`), 1);
    const reused = await call('other', `mcp-${era}`);
    assert.equal(reused.isError, true);
    assert.equal(reused.structuredContent.code, 'idempotency_key_reused');
    // The REST call with the same key and payload replays the MCP result.
    const rest = await post({ value: `m-${era}` }, `mcp-${era}`);
    assert.equal(rest.headers['idempotent-replayed'], 'true');
    assert.deepEqual(rest.body, first.structuredContent);
  });
}
