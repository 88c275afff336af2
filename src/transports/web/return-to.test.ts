import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeReturnTo, withReturnTo } from './return-to.ts';

// return_to may only point back into this site: the OAuth pages send people to /sign-in with it.
const cases: [unknown, string | undefined][] = [
  ['/account', '/account'],
  ['/oauth/interaction/Xy_9?prompt=login', '/oauth/interaction/Xy_9?prompt=login'],
  ['/a/b#frag', '/a/b#frag'],
  ['/a/../b', '/b'],
  ['/', '/'],
  ['', undefined],
  [undefined, undefined],
  [42, undefined],
  [['/account'], undefined],
  ['account', undefined],
  ['https://evil.example/', undefined],
  ['http://localhost:3000/account', undefined],
  ['//evil.example/', undefined],
  ['///evil.example/', undefined],
  ['/\\evil.example', undefined],
  ['\\/evil.example', undefined],
  ['/\t/evil.example', undefined],
  ['/\n/evil.example', undefined],
  ['javascript:alert(1)', undefined],
  ['data:text/html,x', undefined],
  ['/' + 'a'.repeat(2000), undefined],
];
for (const [input, expected] of cases) {
  test(`safeReturnTo(${JSON.stringify(input)?.slice(0, 40)}) → ${expected}`, () => {
    assert.equal(safeReturnTo(input), expected);
  });
}

test('withReturnTo encodes the path', () => {
  assert.equal(withReturnTo('/sign-in', '/a?b=c&d'), '/sign-in?return_to=%2Fa%3Fb%3Dc%26d');
  assert.equal(withReturnTo('/sign-in', undefined), '/sign-in');
});
