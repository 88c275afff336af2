import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAIR_POLICY, IP_POLICY, lockDuration } from './sign-in.ts';

const MIN = 60_000;
const table: [string, number, number][] = [
  ['pair', 1, 0],
  ['pair', 4, 0],
  ['pair', 5, 1 * MIN],
  ['pair', 6, 2 * MIN],
  ['pair', 7, 4 * MIN],
  ['pair', 10, 32 * MIN],
  ['pair', 11, 60 * MIN],
  ['pair', 500, 60 * MIN],
  ['ip', 19, 0],
  ['ip', 20, 1 * MIN],
  ['ip', 23, 8 * MIN],
  ['ip', 10_000, 60 * MIN],
];
for (const [kind, failures, expected] of table) {
  test(`${kind}: ${failures} failures lock for ${expected / MIN} min`, () => {
    assert.equal(lockDuration(failures, kind === 'pair' ? PAIR_POLICY : IP_POLICY), expected);
  });
}
