import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { createTestApp } from '../testing/harness.ts';

// Needs a Redis server: CI sets TEST_REDIS_URL (the machine's Redis); without it there is
// nothing to share a limit through, so the test says so instead of pretending.
const redisUrl = process.env.TEST_REDIS_URL;

test('two app nodes sharing Redis enforce one per-IP limit', { skip: redisUrl ? false : 'set TEST_REDIS_URL to run' }, async () => {
  const redis = new Redis(redisUrl!);
  // Only this test's key: other files (faults.test.ts) count their own clients in Redis meanwhile.
  await redis.del('launchyard:rl:ip:127.0.0.1');
  const env = { REDIS_URL: redisUrl!, RATE_LIMIT_ANONYMOUS_PER_MINUTE: '4' };
  const nodeA = await createTestApp({ env });
  const nodeB = await createTestApp({ env });
  const statuses = [];
  for (const node of [nodeA, nodeB, nodeA, nodeB, nodeA, nodeB]) statuses.push((await node.get('/api/v1/site')).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  redis.disconnect();
});
