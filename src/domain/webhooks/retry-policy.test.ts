import { test } from 'node:test';
import assert from 'node:assert/strict';
import { givenUp, retryDelayMs, WEBHOOK_RETRY } from './retry-policy.ts';

const S = 1000;
const H = 3_600_000;

test('the backoff: 5 s, 30 s, 3 min, 18 min, 1.8 h, 10.8 h, then capped at 12 h', () => {
  const table: [number, number][] = [
    [1, 5 * S],
    [2, 30 * S],
    [3, 180 * S],
    [4, 1080 * S],
    [5, 6480 * S],
    [6, 38_880 * S],
    [7, 12 * H],
    [20, 12 * H],
  ];
  for (const [attempts, ms] of table) assert.equal(retryDelayMs(attempts), ms, `after ${attempts} failed attempts`);
  assert.equal(retryDelayMs(0), 5 * S, 'never less than the first delay');
});

test('given up exactly three days after the first failure of a run, not before; never without a failure', () => {
  const since = new Date('2026-03-02T10:00:00Z');
  const at = (ms: number) => new Date(since.getTime() + ms);
  const table: [Date | null, Date, boolean][] = [
    [null, at(10 * 24 * H), false],
    [since, at(0), false],
    [since, at(72 * H - 1), false],
    [since, at(72 * H), true],
    [since, at(100 * H), true],
  ];
  for (const [failingSince, now, expected] of table) assert.equal(givenUp(failingSince, now), expected, `${failingSince?.toISOString()} → ${now.toISOString()}`);
  assert.equal(WEBHOOK_RETRY.giveUpAfterMs, 72 * H);
});
