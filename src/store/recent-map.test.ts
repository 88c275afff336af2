import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecentMap } from './recent-map.ts';

test('recent map: keeps about max entries, the most recently set or read', () => {
  const m = new RecentMap<string, number>(4);
  for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) m.set(k, i);
  assert.equal(m.get('a'), 0, 'read: moves to the young generation');
  m.set('e', 4);
  m.set('f', 5); // the young generation (a, e) was full: it becomes the old one; c and d go
  assert.deepEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => m.get(k)), [0, undefined, undefined, undefined, 4, 5]);
  m.clear();
  assert.equal(m.get('f'), undefined);
});
