import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DomainError } from '../errors.ts';
import { resolveWeek, weekStatus } from './week-ref.ts';

const NOW = new Date('2027-01-01T12:00:00Z'); // a Friday in the week of Monday 2026-12-28

test('this, next and last resolve around the current week, across the year boundary', () => {
  assert.equal(resolveWeek('this', NOW, 'UTC'), '2026-12-28');
  assert.equal(resolveWeek('next', NOW, 'UTC'), '2027-01-04');
  assert.equal(resolveWeek('last', NOW, 'UTC'), '2026-12-21');
});

test('a date snaps to its Monday; the site timezone decides which week "this" is', () => {
  assert.equal(resolveWeek('2027-01-03', NOW, 'UTC'), '2026-12-28'); // Sunday of the same week
  assert.equal(resolveWeek('2026-12-28', NOW, 'UTC'), '2026-12-28');
  // Sunday 23:30 UTC is already Monday in Tokyo.
  const sundayNight = new Date('2027-01-03T23:30:00Z');
  assert.equal(resolveWeek('this', sundayNight, 'UTC'), '2026-12-28');
  assert.equal(resolveWeek('this', sundayNight, 'Asia/Tokyo'), '2027-01-04');
});

const notFound: [string, string][] = [
  ['an impossible date', '2026-02-30'],
  ['a word', 'soon'],
  ['a date without padding', '2026-1-5'],
  ['a week before the calendar starts', '1999-12-31'],
  ['a week more than a year ahead', '2028-02-01'],
];
for (const [name, ref] of notFound) {
  test(`404 week_not_found for ${name}`, () => {
    assert.throws(() => resolveWeek(ref, NOW, 'UTC'), (e: DomainError) => e.kind === 'not_found' && e.code === 'week_not_found');
  });
}

test('"next" is refused where only this and last make sense', () => {
  assert.throws(() => resolveWeek('next', NOW, 'UTC', ['this', 'last']), (e: DomainError) => e.code === 'week_not_found');
});

test('weekStatus tells past, current and future weeks apart', () => {
  assert.equal(weekStatus('2026-12-21', NOW, 'UTC'), 'past');
  assert.equal(weekStatus('2026-12-28', NOW, 'UTC'), 'current');
  assert.equal(weekStatus('2027-01-04', NOW, 'UTC'), 'future');
});
