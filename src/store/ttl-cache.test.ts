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

test('expired entries go as new ones come: distinct reads hold one lifetime\'s worth, not the bound', () => {
  let now = 0;
  const cache = new TtlCache<number>(100, 10_000, () => now);
  for (let i = 0; i < 1000; i++) {
    cache.set(`k${i}`, i);
    now += 1; // 1,000 distinct keys over 1,000 ms: at most the last 100 ms of them stay
  }
  assert.ok(cache.size <= 101, `size ${cache.size}`);
  assert.equal(cache.get('k999'), 999);
  assert.equal(cache.get('k800'), undefined);
});

test('a key set again moves to the new end: it is not swept as the oldest', () => {
  let now = 0;
  const cache = new TtlCache<string>(100, 2, () => now);
  cache.set('a', 'A1');
  cache.set('b', 'B');
  cache.set('a', 'A2'); // b is now the oldest
  cache.set('c', 'C'); // full: b goes
  assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c')], ['A2', undefined, 'C']);
  now = 50;
  cache.set('d', 'D', 10); // a shorter life (a copy shared with its expiry)
  now = 70;
  cache.set('e', 'E');
  assert.equal(cache.get('d'), undefined);
  assert.equal(cache.get('e'), 'E');
});
