import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BADGE_SWEEP_CRON, nextBadgeCheckAt, nextSweepAt } from './badge-schedule.ts';

const at = (iso: string) => new Date(iso);

test('the sweep runs at minute 40 of every sixth hour; the cron says the same', () => {
  assert.equal(BADGE_SWEEP_CRON, '40 */6 * * *');
  assert.equal(nextSweepAt(at('2027-01-06T12:00:00Z'), 'UTC').toISOString(), '2027-01-06T12:40:00.000Z');
  assert.equal(nextSweepAt(at('2027-01-06T12:40:00Z'), 'UTC').toISOString(), '2027-01-06T12:40:00.000Z');
  assert.equal(nextSweepAt(at('2027-01-06T12:40:01Z'), 'UTC').toISOString(), '2027-01-06T18:40:00.000Z');
  assert.equal(nextSweepAt(at('2027-01-06T23:59:00Z'), 'UTC').toISOString(), '2027-01-07T00:40:00.000Z');
});

test('in the site timezone: half-hour offsets and daylight saving time', () => {
  // India (UTC+5:30): 12:40 local is 07:10 UTC, 18:40 local is 13:10 UTC.
  assert.equal(nextSweepAt(at('2027-01-06T12:00:00Z'), 'Asia/Kolkata').toISOString(), '2027-01-06T13:10:00.000Z');
  // Berlin in winter (UTC+1) and summer (UTC+2).
  assert.equal(nextSweepAt(at('2027-01-06T12:00:00Z'), 'Europe/Berlin').toISOString(), '2027-01-06T17:40:00.000Z');
  assert.equal(nextSweepAt(at('2027-07-06T12:00:00Z'), 'Europe/Berlin').toISOString(), '2027-07-06T16:40:00.000Z');
  // The night the clocks go forward (28 Mar 2027, 02:00 → 03:00): 06:40 local is 04:40 UTC.
  assert.equal(nextSweepAt(at('2027-03-28T00:00:00Z'), 'Europe/Berlin').toISOString(), '2027-03-28T04:40:00.000Z');
});

test('the next check of a listing: the first sweep that finds it due (checked more than 5 hours before), never in the past', () => {
  // Checked at 12:00: due after 17:00, so the 18:40 sweep.
  assert.equal(nextBadgeCheckAt(at('2027-01-06T12:00:00Z'), at('2027-01-06T12:01:00Z'), 'UTC').toISOString(), '2027-01-06T18:40:00.000Z');
  // Checked at 13:00: the 18:40 sweep finds it due (5 h 40 min).
  assert.equal(nextBadgeCheckAt(at('2027-01-06T13:00:00Z'), at('2027-01-06T13:00:00Z'), 'UTC').toISOString(), '2027-01-06T18:40:00.000Z');
  // Checked at 13:45: not due at 18:40 (4 h 55 min), so 00:40.
  assert.equal(nextBadgeCheckAt(at('2027-01-06T13:45:00Z'), at('2027-01-06T14:00:00Z'), 'UTC').toISOString(), '2027-01-07T00:40:00.000Z');
  // Never checked: the next sweep.
  assert.equal(nextBadgeCheckAt(null, at('2027-01-06T12:50:00Z'), 'UTC').toISOString(), '2027-01-06T18:40:00.000Z');
  // Long overdue (the sweep was busy): the next sweep from now.
  assert.equal(nextBadgeCheckAt(at('2027-01-01T00:00:00Z'), at('2027-01-06T12:00:00Z'), 'UTC').toISOString(), '2027-01-06T12:40:00.000Z');
});
