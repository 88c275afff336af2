import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRandom, hashSeed } from '../../src/demo/random.ts';
import { kendallTauB, scenarioPass, type ScenarioResult } from './votes-report.ts';
import { DAY, HOUR, organicWeek } from './votes-world.ts';

test('Kendall tau-b: ties in either series count in neither concordant nor discordant pairs', () => {
  const cases: [number[], number[], number][] = [
    [[1, 2, 3, 4], [1, 2, 3, 4], 1],
    [[1, 2, 3, 4], [4, 3, 2, 1], -1],
    [[1, 2, 2, 3], [1, 2, 3, 4], 5 / Math.sqrt(30)], // scipy.stats.kendalltau: 0.9128709
    [[1, 2, 3, 4], [1, 3, 2, 4], 4 / 6],
    [[5, 5], [1, 2], 1], // nothing to compare: no disagreement
  ];
  for (const [x, y, expected] of cases) assert.ok(Math.abs(kendallTauB(x, y) - expected) < 1e-9, `${x} / ${y}`);
});

test('an attack passes when no target climbs more than one place; the friends when they keep half their weight', () => {
  const scenario = (kind: ScenarioResult['kind'], places: [number, number][], counted = 0): ScenarioResult => ({
    key: 'x',
    title: 'x',
    kind,
    targets: places.map(([organic, attacked], i) => ({ id: String(i), organic: { weighted: organic, unweighted: organic }, attacked: { weighted: attacked, unweighted: 1 } })),
    votes: 20,
    held: 0,
    reasons: {},
    collateral: 0,
    targetPeople: 20,
    targetCounted: counted,
    jobMs: 0,
  });
  const cases: [ScenarioResult, boolean][] = [
    [scenario('attack', [[15, 15]]), true],
    [scenario('attack', [[15, 14]]), true],
    [scenario('attack', [[15, 13]]), false],
    [scenario('attack', [[15, 17]]), true], // falling is not the attacker's gain
    [scenario('attack', [[21, 21], [22, 20]]), false],
    [scenario('legitimate', [[35, 18]], 10), true],
    [scenario('legitimate', [[35, 30]], 9.9), false],
  ];
  for (const [s, expected] of cases) assert.equal(scenarioPass(s), expected, JSON.stringify(s.targets));
});

test('the organic week is the same for a seed, and every vote is one a person could cast', () => {
  const weekStart = Date.UTC(2026, 10, 9);
  const listings = Array.from({ length: 40 }, (_, i) => String(i));
  const make = () => organicWeek({ rng: createRandom(hashSeed('test')), voters: 300, listings, zipf: 1, votesScale: 3.5, weekStart, label: 't' });
  const plan = make();
  assert.deepEqual(make(), plan);
  const seen = new Set<string>();
  for (const v of plan.votes) {
    assert.ok(v.at >= weekStart + 4 * HOUR && v.at < weekStart + 7 * DAY, 'cast in the week, after the launches');
    assert.ok(plan.people[v.person].createdAt < v.at, 'by an account that existed');
    const key = `${v.person}:${v.listing}`;
    assert.ok(!seen.has(key), 'one vote per person and listing');
    seen.add(key);
  }
  // Zipf: the most popular listing draws far more people than the least.
  const per = (l: string) => plan.votes.filter((v) => v.listing === l).length;
  assert.ok(per('0') > 10 * per('39'));
});
