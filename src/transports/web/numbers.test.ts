import { test } from 'node:test';
import assert from 'node:assert/strict';
import { day, plural, usd, votesWords } from './numbers.ts';

test('counts, prices and dates as the site writes them', () => {
  const cases: [string, string][] = [
    [plural(1, 'vote'), '1 vote'],
    [plural(1204, 'vote'), '1,204 votes'],
    [plural(0, 'reply', 'replies'), '0 replies'],
    [usd(4900), '$49'],
    [usd(125050), '$1,250.50'],
    [usd(99), '$0.99'],
    [day('2026-11-23'), '23 Nov 2026'],
    [day('2026-01-05T23:30:00Z'), '5 Jan 2026'],
    [votesWords(1500, 1499.6).votes, '1,500 votes'],
    [String(votesWords(1500, 1499.6).counted), 'null'],
    [String(votesWords(1500, 1210.2).counted), '1,210 counted'],
  ];
  for (const [got, want] of cases) assert.equal(got, want);
});
