import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ViewCounter } from './view-counter.ts';

test('views counted while the database is away are written by the first flush after it is back', async () => {
  let away = false;
  const written: Record<string, number>[] = [];
  const counter = new ViewCounter(
    async (counts) => {
      if (away) throw new Error('Connection terminated unexpectedly');
      written.push(Object.fromEntries(counts));
    },
    () => new Date('2026-03-02T10:00:00Z'),
    0,
  );
  counter.record('1');
  away = true;
  await assert.rejects(counter.flush());
  counter.record('1');
  counter.record('2');
  await assert.rejects(counter.flush(), 'still away');
  away = false;
  await counter.flush();
  assert.deepEqual(written, [{ '1': 2, '2': 1 }], 'nothing lost, nothing counted twice');
  counter.record('2');
  await counter.flush();
  assert.deepEqual(written, [{ '1': 2, '2': 1 }, { '2': 1 }]);
});

test('a flush writes in chunks in id order; a chunk that fails keeps its counts and the rest, not those written', async () => {
  const written: Record<string, number>[] = [];
  let failAt = 2;
  const counter = new ViewCounter(
    async (counts) => {
      if (written.length === failAt) throw new Error('Connection terminated unexpectedly');
      written.push(Object.fromEntries(counts));
    },
    () => new Date('2026-03-02T10:00:00Z'),
    0,
    2,
  );
  for (const id of ['10', '9', '100', '2', '2', '11']) counter.record(id);
  await assert.rejects(counter.flush());
  assert.deepEqual(written, [{ '2': 2, '9': 1 }, { '10': 1, '11': 1 }], 'numeric order: 2, 9, 10, 11, 100');
  failAt = -1;
  counter.record('100');
  await counter.flush();
  assert.deepEqual(written.slice(2), [{ '100': 2 }], 'the failed chunk comes back once, with the new view');
});
