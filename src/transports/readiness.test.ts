import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readinessProbe, readinessStatusCode, type Readiness } from './readiness.ts';

type Behaviour = 'up' | 'fails' | 'hangs' | 'answers false';
const TIMEOUT_MS = 100;

function check(b: Behaviour): () => Promise<boolean> {
  if (b === 'up') return async () => true;
  if (b === 'answers false') return async () => false;
  if (b === 'fails') return async () => Promise.reject(new Error('connect ECONNREFUSED'));
  return () => new Promise(() => {}); // never answers
}

const scenarios: [database: Behaviour, redis: Behaviour | 'not configured', expected: Readiness, code: number][] = [
  ['up', 'not configured', { status: 'ready', database: 'up', redis: 'not_configured' }, 200],
  ['up', 'up', { status: 'ready', database: 'up', redis: 'up' }, 200],
  ['up', 'fails', { status: 'degraded', database: 'up', redis: 'down' }, 200],
  ['up', 'answers false', { status: 'degraded', database: 'up', redis: 'down' }, 200],
  ['up', 'hangs', { status: 'degraded', database: 'up', redis: 'down' }, 200],
  ['fails', 'not configured', { status: 'unavailable', database: 'down', redis: 'not_configured' }, 503],
  ['hangs', 'up', { status: 'unavailable', database: 'down', redis: 'up' }, 503],
  ['fails', 'fails', { status: 'unavailable', database: 'down', redis: 'down' }, 503],
  ['hangs', 'hangs', { status: 'unavailable', database: 'down', redis: 'down' }, 503],
];

for (const [database, redis, expected, code] of scenarios) {
  test(`readiness: database ${database}, Redis ${redis} → ${expected.status} (${code})`, async () => {
    const probe = readinessProbe({ database: check(database), redis: redis === 'not configured' ? undefined : check(redis) }, TIMEOUT_MS);
    const started = performance.now();
    const answer = await probe();
    const took = performance.now() - started;
    assert.deepEqual(answer, expected);
    assert.equal(readinessStatusCode(answer), code);
    // Both checks run side by side, each bounded: a hanging dependency costs one timeout, not more.
    assert.ok(took < TIMEOUT_MS * 2, `answered in ${Math.round(took)} ms`);
  });
}

test('readiness: a check that throws synchronously is a down dependency, not a failed probe', async () => {
  const probe = readinessProbe({
    database: () => {
      throw new Error('pool ended');
    },
  });
  assert.deepEqual(await probe(), { status: 'unavailable', database: 'down', redis: 'not_configured' });
});
