import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maintenanceOf, maintenancePlan, type TableActivity } from './vacuum-policy.ts';

const table = (over: Partial<TableActivity>): TableActivity => ({
  schema: 'public',
  table: 't',
  estimatedRows: 10_000,
  deadRows: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  ...over,
});

// autovacuum's defaults: vacuum past 50 + 20 % dead rows, or 1,000 + 20 % inserted; analyse past 50 + 10 % changed.
const scenarios: Array<[string, Partial<TableActivity>, { vacuum: boolean; analyze: boolean } | undefined]> = [
  ['a quiet table', {}, undefined],
  ['dead rows at the threshold (50 + 2,000): not yet', { deadRows: 2050 }, undefined],
  ['dead rows past it', { deadRows: 2051 }, { vacuum: true, analyze: false }],
  ['inserts only, past 1,000 + 2,000: vacuumed so its pages become all-visible', { insertedSinceVacuum: 3001 }, { vacuum: true, analyze: false }],
  ['inserts at the threshold', { insertedSinceVacuum: 3000 }, undefined],
  ['changes past 50 + 1,000: analysed', { modifiedSinceAnalyze: 1051 }, { vacuum: false, analyze: true }],
  ['both', { deadRows: 5000, modifiedSinceAnalyze: 5000 }, { vacuum: true, analyze: true }],
  ['never analysed (reltuples −1) counts as empty: 51 dead rows are due', { estimatedRows: -1, deadRows: 51 }, { vacuum: true, analyze: false }],
  ['an empty table with 50 changes: not yet', { estimatedRows: 0, modifiedSinceAnalyze: 50 }, undefined],
];

for (const [name, over, expected] of scenarios) {
  test(`vacuum policy: ${name}`, () => {
    const step = maintenanceOf(table(over));
    assert.deepEqual(step && { vacuum: step.vacuum, analyze: step.analyze }, expected);
  });
}

test('vacuum policy: the plan puts the table furthest past its threshold first and leaves quiet ones out', () => {
  const plan = maintenancePlan([
    table({ table: 'slightly', deadRows: 2100 }),
    table({ table: 'quiet' }),
    table({ table: 'badly', estimatedRows: 100, deadRows: 5000 }),
    table({ table: 'stale', modifiedSinceAnalyze: 3000 }),
  ]);
  assert.deepEqual(plan.map((s) => s.table), ['badly', 'stale', 'slightly']);
});
