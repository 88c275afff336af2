import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addWeeks, isValidDate, localDate, mondayOf, weekOf, weeksBetween } from './weeks.ts';

test('mondayOf snaps every day of a week to its Monday, across a year boundary', () => {
  // 2024-12-30 is a Monday; that week runs to Sunday 2025-01-05.
  for (const d of ['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-04', '2025-01-05']) {
    assert.equal(mondayOf(d), '2024-12-30', d);
  }
  assert.equal(mondayOf('2025-01-06'), '2025-01-06');
  assert.equal(mondayOf('2024-12-29'), '2024-12-23');
});

test('a 53-week ISO year (2026) has a Monday on Dec 28 whose week ends Jan 3', () => {
  assert.equal(mondayOf('2026-12-28'), '2026-12-28');
  assert.equal(mondayOf('2027-01-03'), '2026-12-28');
  assert.equal(mondayOf('2027-01-04'), '2027-01-04');
  assert.equal(weeksBetween('2026-01-05', '2027-01-04'), 52);
});

test('the week of an instant depends on the site timezone', () => {
  const instant = new Date('2025-01-05T23:30:00Z'); // Sunday night in UTC, Monday morning in Berlin
  assert.equal(weekOf(instant, 'UTC'), '2024-12-30');
  assert.equal(weekOf(instant, 'Europe/Berlin'), '2025-01-06');
  assert.equal(localDate(new Date('2025-03-10T05:00:00Z'), 'America/Los_Angeles'), '2025-03-09');
});

test('addWeeks and weeksBetween are inverse, and isValidDate rejects impossible dates', () => {
  assert.equal(addWeeks('2024-12-30', 8), '2025-02-24');
  assert.equal(weeksBetween('2024-12-30', '2025-02-24'), 8);
  assert.equal(isValidDate('2025-02-29'), false);
  assert.equal(isValidDate('2024-02-29'), true);
  assert.equal(isValidDate('2024-2-9'), false);
});

test('the date and week of instants asked for in turn, across midnight and timezones, are each their own', () => {
  // One second before and at local midnight, Berlin (UTC+1 in winter) and Auckland, alternately: the last answer kept per timezone never leaks.
  const before = new Date('2026-11-29T22:59:59.999Z');
  const at = new Date('2026-11-29T23:00:00.000Z');
  for (let i = 0; i < 3; i++) {
    assert.equal(localDate(before, 'Europe/Berlin'), '2026-11-29');
    assert.equal(weekOf(before, 'Europe/Berlin'), '2026-11-23');
    assert.equal(localDate(at, 'Europe/Berlin'), '2026-11-30');
    assert.equal(weekOf(at, 'Europe/Berlin'), '2026-11-30');
    assert.equal(localDate(at, 'Pacific/Auckland'), '2026-11-30');
    assert.equal(weekOf(before, 'UTC'), '2026-11-23');
  }
});
