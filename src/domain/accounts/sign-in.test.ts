import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMAIL_POLICY, IP_POLICY, lockDuration } from './sign-in.ts';

const MIN = 60_000;
const table: [string, number, number][] = [
  ['email', 1, 0],
  ['email', 4, 0],
  ['email', 5, 1 * MIN],
  ['email', 6, 2 * MIN],
  ['email', 7, 4 * MIN],
  ['email', 10, 32 * MIN],
  ['email', 11, 60 * MIN],
  ['email', 500, 60 * MIN],
  ['ip', 19, 0],
  ['ip', 20, 1 * MIN],
  ['ip', 23, 8 * MIN],
  ['ip', 10_000, 60 * MIN],
];
for (const [kind, failures, expected] of table) {
  test(`${kind}: ${failures} failures lock for ${expected / MIN} min`, () => {
    assert.equal(lockDuration(failures, kind === 'email' ? EMAIL_POLICY : IP_POLICY), expected);
  });
}
