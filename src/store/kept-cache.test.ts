import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeptCache } from './kept-cache.ts';

function setup(opts: { live?: boolean; max?: number } = {}) {
  let clock = 0;
  let live = opts.live ?? true;
  const cache = new KeptCache<string>({ maxAgeMs: 60_000, shortMs: 5_000, max: opts.max ?? 100, live: () => live, now: () => clock });
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return value;
  };
  return { cache, load, loads: () => loads, tick: (ms: number) => void (clock += ms), setLive: (v: boolean) => void (live = v) };
}

/** A load that waits until released, as a database read in flight. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  return { release, load: (value: string) => async () => (await opened, value) };
}

const lifetimes: { name: string; live: boolean; after: number; kept: boolean }[] = [
  { name: 'feed live: kept past the short lifetime', live: true, after: 30_000, kept: true },
  { name: 'feed live: not past the longest age', live: true, after: 60_000, kept: false },
  { name: 'feed down: the short lifetime', live: false, after: 5_000, kept: false },
  { name: 'feed down: within the short lifetime', live: false, after: 4_999, kept: true },
];
for (const s of lifetimes) {
  test(`kept cache: ${s.name}`, async () => {
    const c = setup({ live: s.live });
    await c.cache.through('a', c.load('v1'));
    c.tick(s.after);
    assert.equal(await c.cache.through('a', c.load('v2')), s.kept ? 'v1' : 'v2');
    assert.equal(c.loads(), s.kept ? 1 : 2);
  });
}

test('kept cache: an entry read while the feed was down stays short-lived when it comes up', async () => {
  const c = setup({ live: false });
  await c.cache.through('a', c.load('v1'));
  c.setLive(true);
  c.tick(5_000);
  assert.equal(await c.cache.through('a', c.load('v2')), 'v2');
});

test('kept cache: the feed going down shortens the lifetime of kept entries', async () => {
  const c = setup();
  await c.cache.through('a', c.load('v1'));
  c.tick(10_000);
  c.setLive(false);
  assert.equal(await c.cache.through('a', c.load('v2')), 'v2');
});

test('kept cache: delete() forgets; concurrent misses load once', async () => {
  const c = setup();
  const [x, y] = await Promise.all([c.cache.through('a', c.load('v1')), c.cache.through('a', c.load('other'))]);
  assert.deepEqual([x, y, c.loads()], ['v1', 'v1', 1]);
  c.cache.delete('a');
  assert.equal(await c.cache.through('a', c.load('v2')), 'v2');
});

for (const how of ['delete', 'clear'] as const) {
  test(`kept cache: a load in flight during ${how}() returns its value but does not keep it`, async () => {
    const c = setup();
    const g = gate();
    const pending = c.cache.through('a', g.load('read before the change'));
    if (how === 'delete') c.cache.delete('a');
    else c.cache.clear();
    // A read that starts after the change does not join the stale one.
    const after = c.cache.through('a', c.load('read after'));
    g.release();
    assert.equal(await pending, 'read before the change');
    assert.equal(await after, 'read after');
    assert.equal(await c.cache.through('a', c.load('third')), 'read after');
  });
}

test('kept cache: past max the oldest entry goes first', async () => {
  const c = setup({ max: 2 });
  await c.cache.through('a', c.load('a'));
  await c.cache.through('b', c.load('b'));
  await c.cache.through('c', c.load('c'));
  assert.equal(c.cache.size, 2);
  assert.equal(c.cache.get('a'), undefined);
  assert.equal(c.cache.get('c'), 'c');
});

test('kept cache: weighed entries stay within maxBytes, oldest first; one heavier than the budget is not kept', async () => {
  const cache = new KeptCache<string>({ maxAgeMs: 60_000, shortMs: 5_000, maxBytes: 10, weigh: (v) => v.length, live: () => true });
  await cache.through('a', async () => 'aaaa');
  await cache.through('b', async () => 'bbbb');
  assert.equal(cache.bytes, 8);
  await cache.through('c', async () => 'cccccc'); // 14 > 10: a goes, then b (10 > 10 is false after a: 4 + 6)
  assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c')], [undefined, 'bbbb', 'cccccc']);
  assert.equal(cache.bytes, 10);
  assert.equal(await cache.through('huge', async () => 'x'.repeat(11)), 'x'.repeat(11));
  assert.equal(cache.get('huge'), undefined);
  assert.equal(cache.bytes, 10);
  cache.delete('b');
  assert.equal(cache.bytes, 6);
  await cache.through('c', async () => 'again'); // still kept: no load, no weight change
  assert.equal(cache.bytes, 6);
  cache.clear();
  assert.equal(cache.bytes, 0);
});

test('kept cache: an expired entry read again is weighed once', async () => {
  let clock = 0;
  const cache = new KeptCache<string>({ maxAgeMs: 60_000, shortMs: 5_000, maxBytes: 100, weigh: (v) => v.length, live: () => false, now: () => clock });
  await cache.through('a', async () => 'aaaa');
  clock += 5_000;
  await cache.through('a', async () => 'aaaaa');
  assert.equal(cache.bytes, 5);
});

test('kept cache: a short lifetime of 0 keeps nothing', async () => {
  let n = 0;
  const cache = new KeptCache<number>({ maxAgeMs: 60_000, shortMs: 0, max: 10, live: () => true });
  await cache.through('a', async () => ++n);
  assert.equal(await cache.through('a', async () => ++n), 2);
});
