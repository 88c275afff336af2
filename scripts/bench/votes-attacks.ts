/**
 * The four patterns of issue 28, each a plan added to the organic week: (a) bought votes from
 * accounts made that day, (b) a ring voting for each other's listings, (c) one network voting in
 * a burst, (d) a maker's real friends, invited the same day (legitimate: they must keep weight).
 * Targets are named by their place on the organic weighted board.
 */
import type { Random } from '../../src/demo/random.ts';
import { DAY, HOUR, type Person, type Plan, type PlannedVote } from './votes-world.ts';

export interface AttackContext {
  rng: Random;
  weekStart: number;
  /** The organic weekly board (weighted), first place first. */
  board: readonly string[];
}

export interface Attack {
  key: 'a' | 'b' | 'c' | 'd';
  title: string;
  /** The listings it pushes. */
  targets: string[];
  plan: Plan;
  /** Listings its accounts own (the ring's makers): target index → person index. */
  owners?: Map<string, number>;
  /** (d): counted weight must stay at least this share of its people; (a)–(c): target moves at most one place. */
  kind: 'attack' | 'legitimate';
}

const at = (ctx: AttackContext, day: number, hour: number) => ctx.weekStart + day * DAY + hour * HOUR;
const spread = (rng: Random, from: number, hours: number) => from + Math.floor(rng.next() * hours * HOUR);

/** (a) 50 accounts made on Wednesday morning, verified, one vote each for place 15, all within 3 hours, each from its own network. */
export function boughtVotes(ctx: AttackContext): Attack {
  const { rng } = ctx;
  const target = ctx.board[14];
  const people: Person[] = [];
  const votes: PlannedVote[] = [];
  for (let i = 0; i < 50; i++) {
    const voteAt = spread(rng, at(ctx, 2, 10), 3);
    people.push({ createdAt: voteAt - Math.floor((10 + rng.next() * 110) * 60_000), verified: true, activity: 0, identity: null });
    votes.push({ person: i, listing: target, at: voteAt, network: `bought:${i}`, seenOn: 'listing' });
  }
  return { key: 'a', title: '(a) 50 bought votes, accounts made that day', targets: [target], plan: { people, votes }, kind: 'attack' };
}

/**
 * (b) 30 aged, active accounts (1–4 years, 3–10 actions, a third with an old GitHub identity),
 * makers of the listings at places 21–30, each voting for all ten over Monday to Wednesday from
 * its own network.
 */
export function ring(ctx: AttackContext): Attack {
  const { rng } = ctx;
  const targets = ctx.board.slice(20, 30);
  const people: Person[] = [];
  const votes: PlannedVote[] = [];
  for (let i = 0; i < 30; i++) {
    const createdAt = ctx.weekStart - Math.floor((365 + rng.next() * 1100) * DAY);
    people.push({
      createdAt,
      verified: true,
      activity: rng.int(3, 10),
      identity: rng.chance(1 / 3) ? { provider: 'github', createdAt: createdAt - 400 * DAY } : null,
    });
    for (const listing of targets) votes.push({ person: i, listing, at: spread(rng, at(ctx, 0, 4), 68), network: `ring:${i}`, seenOn: 'listing' });
  }
  const owners = new Map(targets.map((t, k) => [t, k]));
  return { key: 'b', title: '(b) ring of 30 on each other’s 10 listings', targets, plan: { people, votes }, owners, kind: 'attack' };
}

/**
 * (c) 200 accounts of mixed ages (a quarter made that day, a quarter 1–30 days, half months to
 * years; some active), one vote each for place 18 on Thursday afternoon within 2 hours, all from
 * one network.
 */
export function oneNetwork(ctx: AttackContext): Attack {
  const { rng } = ctx;
  const target = ctx.board[17];
  const people: Person[] = [];
  const votes: PlannedVote[] = [];
  for (let i = 0; i < 200; i++) {
    const voteAt = spread(rng, at(ctx, 3, 14), 2);
    const r = rng.next();
    const ageDays = r < 0.25 ? rng.next() * 0.3 : r < 0.5 ? 1 + rng.next() * 29 : 60 + rng.next() * 1500;
    people.push({
      createdAt: voteAt - Math.floor(Math.max(ageDays * DAY, 15 * 60_000)),
      verified: true,
      activity: ageDays < 1 ? 0 : rng.int(0, 8),
      identity: ageDays > 60 && rng.chance(0.2) ? { provider: 'github', createdAt: voteAt - (ageDays + 300) * DAY } : null,
    });
    votes.push({ person: i, listing: target, at: voteAt, network: 'farm:one', seenOn: rng.chance(0.5) ? 'listing' : null });
  }
  return { key: 'c', title: '(c) 200 votes from one network in 2 hours', targets: [target], plan: { people, votes }, kind: 'attack' };
}

/**
 * (d) 20 friends of the maker of place 35: accounts 1–8 years old, 5–25 actions, half with an old
 * GitHub identity, each on their own network; invited on Tuesday morning, they vote within 6
 * hours (half in the first hour), from the listing's page. Real people: most also voted for 0–2
 * of the week's top ten on other days.
 */
export function friends(ctx: AttackContext): Attack {
  const { rng } = ctx;
  const target = ctx.board[34];
  const people: Person[] = [];
  const votes: PlannedVote[] = [];
  const top = ctx.board.slice(0, 10).filter((l) => l !== target);
  for (let i = 0; i < 20; i++) {
    const createdAt = ctx.weekStart - Math.floor((365 + rng.next() * 2555) * DAY);
    people.push({
      createdAt,
      verified: true,
      activity: rng.int(5, 25),
      identity: rng.chance(0.5) ? { provider: 'github', createdAt: createdAt - 200 * DAY } : null,
    });
    const voteAt = i < 10 ? spread(rng, at(ctx, 1, 9), 1) : spread(rng, at(ctx, 1, 10), 5);
    votes.push({ person: i, listing: target, at: voteAt, network: `friend:${i}`, seenOn: 'listing' });
    for (const other of rng.sample(top, rng.int(0, 2))) {
      votes.push({ person: i, listing: other, at: spread(rng, at(ctx, rng.int(0, 6), 8), 14), network: `friend:${i}`, seenOn: rng.chance(0.5) ? 'listing' : 'list' });
    }
  }
  return { key: 'd', title: '(d) 20 aged friends of a maker, same day', targets: [target], plan: { people, votes }, kind: 'legitimate' };
}

export const ATTACKS = [boughtVotes, ring, oneNetwork, friends];
