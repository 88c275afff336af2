import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readBatch } from './read-batch.ts';

/** A reader that records each batch it is given and answers `key → KEY` except for keys starting with "missing". */
function recorder() {
  const batches: string[][] = [];
  const read = async (keys: string[]) => {
    batches.push(keys);
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, k.toUpperCase()]));
  };
  return { batches, read };
}

test('keys asked in the same turn are read in one batch, each answered with its own value', async () => {
  const { batches, read } = recorder();
  const get = readBatch(read);
  const answers = await Promise.all(['a', 'b', 'missing-c', 'a'].map(get));
  assert.deepEqual(answers, ['A', 'B', undefined, 'A']);
  assert.deepEqual(batches, [['a', 'b', 'missing-c']], 'one statement, the repeated key once');
});

test('keys asked in later turns go in later batches', async () => {
  const { batches, read } = recorder();
  const get = readBatch(read);
  assert.equal(await get('a'), 'A');
  await new Promise((r) => setImmediate(r));
  assert.equal(await get('b'), 'B');
  assert.deepEqual(batches, [['a'], ['b']]);
});

test('requests answered from separate I/O callbacks of one loop turn share a batch', async () => {
  const { batches, read } = recorder();
  const get = readBatch(read);
  // Timers due together run in one timers phase, as sockets ready together run in one poll phase.
  const answers = await Promise.all(['x', 'y', 'z'].map((k) => new Promise((r) => setTimeout(() => r(get(k)), 1))));
  assert.deepEqual(answers, ['X', 'Y', 'Z']);
  assert.deepEqual(batches, [['x', 'y', 'z']]);
});

test('a batch larger than maxKeys is split', async () => {
  const { batches, read } = recorder();
  const get = readBatch(read, 2);
  assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(get)), ['A', 'B', 'C', 'D', 'E']);
  assert.deepEqual(batches, [['a', 'b'], ['c', 'd'], ['e']]);
});

test("a failed read fails every key of its batch and none of the next one's", async () => {
  let fail = true;
  const get = readBatch<string>(async (keys) => {
    if (fail) throw new Error('connection lost');
    return new Map(keys.map((k) => [k, k]));
  });
  const results = await Promise.allSettled([get('a'), get('b')]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  assert.match(String((results[0] as PromiseRejectedResult).reason), /connection lost/);
  fail = false;
  assert.equal(await get('a'), 'a');
});
