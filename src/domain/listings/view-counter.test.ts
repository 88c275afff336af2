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
