import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSuspects, type DetectionVote, type DetectionVoter } from './vote-detection.ts';

// Detection outcomes as scenarios: a week of organic votes, plus one pattern each.
const DAY = 86_400_000;
const MIN = 60_000;
const WEEK = Date.parse('2026-03-02T00:00:00Z');

/** A deterministic pseudo-random sequence, so each scenario is the same every run. */
function random(seed: number) {
  return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

interface World {
  votes: DetectionVote[];
  voters: DetectionVoter[];
}

/** 300 organic voters over 30 listings (popularity skewed), each on their own network, accounts months old. */
function organic(): World {
  const rnd = random(7);
  const votes: DetectionVote[] = [];
  const voters: DetectionVoter[] = [];
  for (let u = 1; u <= 300; u++) {
    const user = String(u);
    const picks = new Set<number>();
    const n = 1 + Math.floor(rnd() * 8);
    while (picks.size < n) picks.add(Math.floor(30 * rnd() ** 2)); // skewed: low ids popular
    for (const l of picks) votes.push({ id: `o${u}-${l}`, listing: `L${l}`, user, at: WEEK + Math.floor(rnd() * 7 * DAY), network: `net-${u}` });
    voters.push({ user, createdAt: WEEK - (30 + Math.floor(rnd() * 700)) * DAY, votesEver: n + 10, activity: Math.floor(rnd() * 10) });
  }
  return { votes, voters };
}

function add(world: World, p: { prefix: string; count: number; listing: (i: number) => string[]; at: (i: number) => number; network: (i: number) => string | null; createdAt: (i: number) => number; votesEver?: number; activity?: number }) {
  for (let i = 0; i < p.count; i++) {
    const user = `${p.prefix}${i}`;
    const listings = p.listing(i);
    for (const l of listings) world.votes.push({ id: `${user}-${l}`, listing: l, user, at: p.at(i), network: p.network(i) });
    world.voters.push({ user, createdAt: p.createdAt(i), votesEver: p.votesEver ?? listings.length, activity: p.activity ?? 0 });
  }
  return world;
}

const reasons = (held: Map<string, { reason: string }>, prefix: string) => new Set([...held].filter(([id]) => id.startsWith(prefix)).map(([, s]) => s.reason));
const heldCount = (held: Map<string, unknown>, prefix: string) => [...held.keys()].filter((id) => id.startsWith(prefix)).length;

const T0 = WEEK + 3 * DAY + 10 * 3_600_000;
const SCENARIOS: { name: string; world: () => World; prefix: string; held: number; reason?: string }[] = [
  {
    name: 'organic votes alone: nothing held',
    world: organic,
    prefix: 'o',
    held: 0,
  },
  {
    name: '50 bought votes from accounts made that day, within two hours, distinct networks: a burst of fresh accounts',
    world: () => add(organic(), { prefix: 'buy', count: 50, listing: () => ['L12'], at: (i) => T0 + i * 2 * MIN, network: (i) => `bought-${i}`, createdAt: () => T0 - 3 * 3_600_000, activity: 1, votesEver: 3 }),
    prefix: 'buy',
    held: 50,
    reason: 'fresh_burst',
  },
  {
    name: '7 fresh accounts in an hour (under the burst size): not held',
    world: () => add(organic(), { prefix: 'few', count: 7, listing: () => ['L12'], at: (i) => T0 + i * 5 * MIN, network: (i) => `few-${i}`, createdAt: () => T0 - DAY, activity: 2, votesEver: 2 }),
    prefix: 'few',
    held: 0,
  },
  {
    name: '200 votes from one network in two hours, accounts of mixed ages: a network burst',
    world: () => add(organic(), { prefix: 'net', count: 200, listing: () => ['L15'], at: (i) => T0 + Math.floor(i * 0.6 * MIN), network: () => 'one-network', createdAt: (i) => T0 - (i % 2 ? 400 : 1) * DAY, activity: 3, votesEver: 4 }),
    prefix: 'net',
    held: 200,
    reason: 'network_burst',
  },
  {
    name: 'an office of 6 voting for a colleague over the day, one network: not held',
    world: () => add(organic(), { prefix: 'office', count: 6, listing: () => ['L9'], at: (i) => T0 + i * 90 * MIN, network: () => 'office', createdAt: () => T0 - 300 * DAY, activity: 4, votesEver: 9 }),
    prefix: 'office',
    held: 0,
  },
  {
    name: '6 accounts made to cast one vote for one listing, over a day: single-purpose',
    world: () => add(organic(), { prefix: 'single', count: 6, listing: () => ['L20'], at: (i) => T0 + i * 3 * 3_600_000, network: (i) => `single-${i}`, createdAt: (i) => T0 + i * 3 * 3_600_000 - 20 * MIN, votesEver: 1, activity: 0 }),
    prefix: 'single',
    held: 6,
    reason: 'single_purpose',
  },
  {
    name: '6 newcomers who each signed up to vote for a popular listing, a few days apart: not held',
    world: () => add(organic(), { prefix: 'newcomer', count: 6, listing: () => ['L1'], at: (i) => T0 - 3 * DAY + i * 30 * 3_600_000, network: (i) => `new-${i}`, createdAt: (i) => T0 - 3 * DAY + i * 30 * 3_600_000 - 20 * MIN, votesEver: 1, activity: 0 }),
    prefix: 'newcomer',
    held: 0,
  },
  {
    name: 'a ring of 30 that also votes for one of the week\'s most popular listings as cover: still a ring, the cover votes stay',
    world: () => add(organic(), { prefix: 'cover', count: 30, listing: (i) => [...Array.from({ length: 10 }, (_, k) => `R${k}`), `L${i % 3}`], at: (i) => T0 + i * 37 * MIN, network: (i) => `cover-${i}`, createdAt: () => T0 - 500 * DAY, activity: 8, votesEver: 30 }),
    prefix: 'cover',
    held: 300,
    reason: 'ring',
  },
  {
    name: 'a ring of 30 aged accounts voting for each other\'s 10 listings: a ring',
    world: () => add(organic(), { prefix: 'ring', count: 30, listing: () => Array.from({ length: 10 }, (_, k) => `R${k}`), at: (i) => T0 + i * 37 * MIN, network: (i) => `ring-${i}`, createdAt: () => T0 - 500 * DAY, activity: 8, votesEver: 30 }),
    prefix: 'ring',
    held: 300,
    reason: 'ring',
  },
  {
    name: "a maker's 20 aged, active friends voting once each on launch day: legitimate",
    world: () => add(organic(), { prefix: 'friend', count: 20, listing: () => ['L25'], at: (i) => T0 + i * 11 * MIN, network: (i) => `friend-${i}`, createdAt: () => T0 - 800 * DAY, activity: 15, votesEver: 40 }),
    prefix: 'friend',
    held: 0,
  },
  {
    name: 'four friends who vote for the same five listings (too few for a ring): not held',
    world: () => add(organic(), { prefix: 'pals', count: 4, listing: () => ['L21', 'L22', 'L23', 'L24', 'L26'], at: (i) => T0 + i * DAY, network: (i) => `pals-${i}`, createdAt: () => T0 - 500 * DAY, activity: 5, votesEver: 20 }),
    prefix: 'pals',
    held: 0,
  },
];

for (const s of SCENARIOS) {
  test(`detection: ${s.name}`, () => {
    const world = s.world();
    const held = detectSuspects(world);
    assert.equal(heldCount(held, s.prefix), s.held, `${s.prefix} votes held`);
    if (s.reason) assert.deepEqual(reasons(held, s.prefix), new Set([s.reason]));
    // Organic voters are never caught in an attack's net.
    assert.equal(heldCount(held, 'o'), 0, 'organic votes held');
  });
}

test('held votes of one pattern share a group, so a moderator decides them at once', () => {
  const held = detectSuspects(add(organic(), { prefix: 'buy', count: 20, listing: () => ['L3'], at: (i) => T0 + i * MIN, network: (i) => `b${i}`, createdAt: () => T0 - 3_600_000 }));
  assert.deepEqual(new Set([...held.values()].map((s) => s.group)), new Set(['fresh_burst:L3']));
});
