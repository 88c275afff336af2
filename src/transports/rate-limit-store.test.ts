import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RedisLink } from '../store/redis.ts';
import { failoverStore, type RateLimitStore } from './rate-limit-store.ts';

type Shared = 'usable' | 'away' | 'failing';

/**
 * A link whose Redis is usable, away (usable() false) or failing (usable, but its commands
 * fail), with a fake `rateLimit` command (the one RedisStore defines) counting in a Map.
 */
function fakeLink(state: { shared: Shared }) {
  const counts = new Map<string, number>();
  const failures: unknown[] = [];
  const client = {
    defineCommand() {},
    rateLimit(key: string, timeWindow: number, _max: number, _ce: boolean, _eb: boolean, cb: (err: Error | null, r?: [number, number]) => void) {
      if (state.shared === 'failing') return cb(new Error('Command timed out'));
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      cb(null, [n, timeWindow]);
    },
  };
  const link = {
    client,
    usable: () => state.shared !== 'away',
    failed: (err: unknown) => failures.push(err),
  } as unknown as RedisLink;
  return { link, counts, failures };
}

const incr = (store: RateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), 60_000, 3),
  );

const scenarios: [Shared, { counted: 'shared' | 'local'; failureReported: boolean }][] = [
  ['usable', { counted: 'shared', failureReported: false }],
  ['away', { counted: 'local', failureReported: false }],
  ['failing', { counted: 'local', failureReported: true }],
];

for (const [shared, expected] of scenarios) {
  test(`rate limit store, Redis ${shared}: counted ${expected.counted}`, async () => {
    const state = { shared };
    const { link, counts, failures } = fakeLink(state);
    const Store = failoverStore(link, 'ns:');
    const store = new Store({});
    const currents = [];
    for (let i = 0; i < 4; i++) currents.push((await incr(store, 'ip:192.0.2.1')).current);
    assert.deepEqual(currents, [1, 2, 3, 4], 'every request counted, so the limit (3) is exceeded on the 4th either way');
    assert.equal(counts.get('ns:ip:192.0.2.1'), expected.counted === 'shared' ? 4 : undefined);
    assert.equal(failures.length > 0, expected.failureReported, 'a failed command is reported to the link');
  });
}

test('rate limit store: counting moves to memory while Redis is away and back to Redis when it returns', async () => {
  const state: { shared: Shared } = { shared: 'usable' };
  const { link, counts } = fakeLink(state);
  const store = new (failoverStore(link, 'ns:'))({});
  const key = 'cred:api_key:7';
  assert.equal((await incr(store, key)).current, 1);
  state.shared = 'away';
  assert.equal((await incr(store, key)).current, 1, 'this node starts its own count');
  assert.equal((await incr(store, key)).current, 2);
  state.shared = 'usable';
  assert.equal((await incr(store, key)).current, 2, 'the shared count resumes where Redis left it');
  assert.equal(counts.get(`ns:${key}`), 2);
});
