import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_WEIGHTING, networkFactor, trustOf, VoteWeighting, voteWeight, type VoteFacts } from './vote-weighting.ts';

// The published formula (/about/ranking), as a table: who votes → what the vote counts.
const aged: VoteFacts = { verified: true, held: false, accountAgeDays: 400, activity: 12, identity: 'none', sameNetwork: 1, pageSeen: true };
const SCENARIOS: [string, Partial<VoteFacts>, number][] = [
  ['an unverified account counts 0, however old and active', { verified: false, identity: 'aged' }, 0],
  ['a held vote counts 0', { held: true, identity: 'aged' }, 0],
  ['a verified account made today with nothing done: the base alone', { accountAgeDays: 0, activity: 0 }, 0.1],
  ['half the full age, no activity', { accountAgeDays: 15, activity: 0 }, 0.45],
  ['full age, no activity', { accountAgeDays: 30, activity: 0 }, 0.8],
  ['full age and full activity: 1', { accountAgeDays: 30, activity: 5 }, 1],
  ['half the age, activity past the full count adds only its full part', { accountAgeDays: 15, activity: 500 }, 0.65],
  ['half the age, a linked identity without a known age adds half its part', { accountAgeDays: 15, activity: 0, identity: 'linked' }, 0.55],
  ['a fresh account with an aged GitHub identity', { accountAgeDays: 0, activity: 0, identity: 'aged' }, 0.3],
  ['everything at once is capped at 1', { identity: 'aged' }, 1],
  ['three votes from one network within the hour count fully', { sameNetwork: 3 }, 1],
  ['six share three: half each', { sameNetwork: 6 }, 0.5],
  ['two hundred share three', { sameNetwork: 200 }, 0.015],
  ['no page of the site showed the listing: half', { pageSeen: false }, 0.5],
  ['a negative age (clock skew) counts as none', { accountAgeDays: -3, activity: 0 }, 0.1],
];
for (const [what, facts, expected] of SCENARIOS) {
  test(`weight: ${what} → ${expected}`, () => {
    assert.equal(voteWeight({ ...aged, ...facts }), expected);
  });
}

test('every weight lies in 0..1 over a grid of facts', () => {
  for (const accountAgeDays of [0, 1, 29, 30, 3650]) {
    for (const activity of [0, 1, 5, 1000]) {
      for (const identity of ['none', 'linked', 'aged'] as const) {
        for (const sameNetwork of [0, 1, 4, 1000]) {
          const w = voteWeight({ verified: true, held: false, accountAgeDays, activity, identity, sameNetwork, pageSeen: true });
          assert.ok(w >= 0 && w <= 1, `${w}`);
        }
      }
    }
  }
});

test('the settings change the formula: VOTE_WEIGHTING overrides are validated and used', () => {
  const slower = VoteWeighting.parse({ ageFullDays: 60 });
  assert.ok(Math.abs(trustOf({ accountAgeDays: 30, activity: 0, identity: 'none' }, slower) - 0.45) < 1e-9, 'half of 60 days: 0.1 + 0.35');
  assert.equal(networkFactor(10, VoteWeighting.parse({ networkFree: 5 })), 0.5);
  assert.equal(DEFAULT_WEIGHTING.base, 0.1);
  assert.throws(() => VoteWeighting.parse({ base: 2 }));
  assert.throws(() => VoteWeighting.parse({ agefulldays: 3 }), 'unknown keys are refused, not ignored');
});
