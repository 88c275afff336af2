import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TtlCache } from './ttl-cache.ts';

test('entries expire after their time-to-live and the oldest go first when full', async () => {
  let now = 0;
  const cache = new TtlCache<string>(100, 2, () => now);
  cache.set('a', 'A');
  cache.set('b', 'B');
  assert.equal(cache.get('a'), 'A');
  cache.set('c', 'C'); // evicts a, the oldest
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.get('b'), 'B');
  now = 100;
  assert.equal(cache.get('b'), undefined, 'expired');
  let loads = 0;
  const load = async () => `v${++loads}`;
  assert.equal(await cache.through('k', load), 'v1');
  assert.equal(await cache.through('k', load), 'v1');
  cache.delete('k');
  assert.equal(await cache.through('k', load), 'v2');
});
