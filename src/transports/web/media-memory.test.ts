import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mediaMemory } from './media-memory.ts';

// The media route's memory of small pictures: kept while small, least recently used out first
// past the byte budget, gone after its time (a deleted picture stops being served).
const pic = (size: number) => ({ body: Buffer.alloc(size), contentType: 'image/png', size, etag: `"${size}"` });

test('small pictures are kept; a large one is not; the least recently used leave first past the budget; entries expire', () => {
  let clock = 0;
  const m = mediaMemory({ maxBytes: 300, maxEntryBytes: 150, ttlMs: 1000, now: () => clock });
  m.set('a', pic(100));
  m.set('b', pic(100));
  m.set('huge', pic(151));
  assert.equal(m.get('huge'), undefined, 'over the entry size: not kept');
  assert.equal(m.get('a')?.size, 100, 'a is now the most recently used');
  m.set('c', pic(100));
  m.set('d', pic(100));
  assert.deepEqual(m.stats(), { entries: 3, bytes: 300 });
  assert.equal(m.get('b'), undefined, 'b, the least recently used, left first');
  assert.ok(m.get('a') && m.get('c') && m.get('d'));
  clock = 1001;
  assert.equal(m.get('a'), undefined, 'expired');
  assert.equal(m.stats().bytes, 200);
});
