/**
 * The people and votes of `npm run bench:votes`, planned in memory from a seed (the same on every
 * run and engine), then written by votes-seed.ts. An organic launch week: voters of every account
 * age and activity, a few sharing an office or university network, votes drawn by a Zipf law of
 * popularity and spread over the days with a daily rhythm.
 */
import type { Random } from '../../src/demo/random.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface Person {
  createdAt: number;
  verified: boolean;
  /** Follows, published reviews and visible comments to write for this person. */
  activity: number;
  identity: { provider: 'github' | 'google'; createdAt: number | null } | null;
}

export interface PlannedVote {
  /** Index into the plan's people. */
  person: number;
  listing: string;
  at: number;
  /** The voter's network for this vote (hashed with the day's salt when written). */
  network: string;
  seenOn: 'listing' | 'list' | null;
}

export interface Plan {
  people: Person[];
  votes: PlannedVote[];
}

/** Picks listings by a Zipf law over a popularity order (first = most popular). */
export function zipfPicker(listings: readonly string[], exponent: number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 0; k < listings.length; k++) cumulative.push((sum += 1 / Math.pow(k + 1, exponent)));
  const one = (rng: Random) => {
    const r = rng.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return listings[lo];
  };
  return {
    /** n distinct listings. */
    pick(rng: Random, n: number): string[] {
      const out = new Set<string>();
      while (out.size < Math.min(n, listings.length)) out.add(one(rng));
      return [...out];
    },
  };
}

/** Launch-week attention: most votes on the first days, more in the afternoon and evening (UTC). */
const DAY_WEIGHTS = [30, 20, 14, 11, 10, 8, 7].map((w, d) => [d, w] as const);
const HOUR_WEIGHTS = [1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 10, 10, 10, 9, 8, 7, 5, 3, 2].map((w, h) => [h, w] as const);

/** A moment of the week a launch-week visitor votes at (listings are published in the first 3 hours). */
export function voteMoment(rng: Random, weekStart: number): number {
  const day = rng.weighted(DAY_WEIGHTS);
  let hour = rng.weighted(HOUR_WEIGHTS);
  if (day === 0 && hour < 4) hour += 4;
  return weekStart + day * DAY + hour * HOUR + Math.floor(rng.next() * HOUR);
}

/** Account age in days for someone who had an account before the week: days to years. */
function accountAgeDays(rng: Random): number {
  const r = rng.next();
  if (r < 0.15) return 1 + rng.next() * 29;
  if (r < 0.45) return 30 + rng.next() * 335;
  return 365 + rng.next() * 1835;
}

/** Genuine actions so far: a third never acted, the rest a long tail; older accounts did more. */
function activityOf(rng: Random, ageDays: number): number {
  if (rng.chance(ageDays < 30 ? 0.55 : 0.3)) return 0;
  const scale = ageDays < 30 ? 1.5 : ageDays < 365 ? 3 : 5;
  return Math.min(40, 1 + Math.floor(-Math.log(1 - rng.next()) * scale));
}

/** A linked GitHub or Google identity for about a third; GitHub says when it was made, Google does not. */
function identityOf(rng: Random, createdAt: number, weekStart: number): Person['identity'] {
  if (!rng.chance(0.3)) return null;
  if (rng.chance(0.3)) return { provider: 'google', createdAt: null };
  const madeAt = rng.chance(0.8) ? Math.min(createdAt, weekStart - (200 + rng.next() * 3800) * DAY) : weekStart - (1 + rng.next() * 150) * DAY;
  return { provider: 'github', createdAt: madeAt };
}

const seenOnOf = (rng: Random): PlannedVote['seenOn'] => {
  const r = rng.next();
  return r < 0.6 ? 'listing' : r < 0.95 ? 'list' : null;
};

export interface OrganicOptions {
  rng: Random;
  voters: number;
  /** Listing ids, most popular first. */
  listings: readonly string[];
  zipf: number;
  /** Mean of the exponential part of votes per voter (a voter casts 1 + ⌊that⌋, at most 25). */
  votesScale: number;
  weekStart: number;
  /** Network names are prefixed with it, so two plans never share a network by accident. */
  label: string;
}

/**
 * The organic week. 5 % of the voters sign up during it (most vote once or twice, within hours of
 * signing up); the rest had accounts from a day to six years old. Networks: 80 % a home line of
 * their own, 15 % an office shared by about four, 5 % one of three universities; 15 % of votes
 * come from a phone's network instead.
 */
export function organicWeek(o: OrganicOptions): Plan {
  const { rng, weekStart } = o;
  const picker = zipfPicker(o.listings, o.zipf);
  const weekEnd = weekStart + 7 * DAY;
  const offices = Math.max(1, Math.round((o.voters * 0.15) / 4));
  const people: Person[] = [];
  const votes: PlannedVote[] = [];
  const cap = Math.min(25, Math.floor(o.listings.length / 2));
  for (let i = 0; i < o.voters; i++) {
    const fresh = rng.chance(0.05);
    const r = rng.next();
    const home = r < 0.05 ? `${o.label}:uni:${rng.int(0, 2)}` : r < 0.2 ? `${o.label}:office:${rng.int(0, offices - 1)}` : `${o.label}:home:${i}`;
    const n = fresh ? (rng.chance(0.7) ? 1 : rng.int(2, 3)) : Math.min(cap, 1 + Math.floor(-Math.log(1 - rng.next()) * o.votesScale));
    const chosen = picker.pick(rng, n);
    let times: number[];
    let createdAt: number;
    let ageDays: number;
    if (fresh) {
      const first = voteMoment(rng, weekStart);
      times = chosen.map((_, k) => (k === 0 ? first : Math.min(weekEnd - 60_000, first + Math.floor(rng.next() * 2 * DAY))));
      createdAt = first - Math.floor((10 / 60 + rng.next() * 20) * HOUR);
      ageDays = 0;
    } else {
      times = chosen.map(() => voteMoment(rng, weekStart));
      ageDays = accountAgeDays(rng);
      createdAt = weekStart - Math.floor(ageDays * DAY);
    }
    people.push({
      createdAt,
      verified: rng.chance(0.99),
      activity: fresh ? (rng.chance(0.7) ? 0 : rng.int(1, 2)) : activityOf(rng, ageDays),
      identity: identityOf(rng, createdAt, weekStart),
    });
    chosen.forEach((listing, k) => {
      const network = rng.chance(0.15) ? `${o.label}:mobile:${i}:${k}` : home;
      votes.push({ person: i, listing, at: times[k], network, seenOn: seenOnOf(rng) });
    });
  }
  return { people, votes };
}
