import { weekOf, type IsoDate } from '../domain/launches/weeks.ts';
import type { DemoListing } from './listings-plan.ts';
import { usersAt } from './listings-plan.ts';
import type { DemoFounder, DemoUser } from './people.ts';
import { documentationIp } from './people.ts';
import type { Random } from './random.ts';
import { REVIEW_BODIES, UPDATE_BODIES, UPDATE_TITLES, USER_AGENTS } from './vocabulary.ts';
import { weekBounds } from '../domain/launches/zoned-time.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface DemoVote {
  listing: number;
  user: number;
  week: IsoDate;
  ip: string;
  userAgent: string;
  createdAt: Date;
}

export interface DemoActivity {
  votes: DemoVote[];
  follows: { listing: number; user: number; createdAt: Date }[];
  reviews: { listing: number; user: number; rating: number; body: string; status: 'published' | 'pending' | 'rejected'; createdAt: Date }[];
  viewDays: { listing: number; day: IsoDate; views: number }[];
  updates: { listing: number; title: string; body: string; createdAt: Date }[];
  ratings: { listing: number; value: number; source: string; measuredAt: Date }[];
  billboard: { listing: number; amountCents: number; createdAt: Date }[];
  alternatives: { listing: number; alternative: number; position: number; createdAt: Date }[];
}

export interface ActivityContext {
  now: Date;
  timeZone: string;
  users: DemoUser[];
  founders: DemoFounder[];
  listings: DemoListing[];
}

/** `n` instants in [from, to], sorted; `skew` > 1 bunches them towards `from`. */
function instants(rng: Random, n: number, from: number, to: number, skew = 1): number[] {
  const span = Math.max(0, to - from);
  return Array.from({ length: n }, () => from + Math.floor(span * Math.pow(rng.next(), skew))).sort((a, b) => a - b);
}

/**
 * Distinct people for a listing, each of whom had an account at their instant and is not
 * excluded (owner, founders). Instants nobody can fill are dropped.
 */
function assignPeople(rng: Random, users: DemoUser[], times: number[], excluded: ReadonlySet<number>) {
  const used = new Set<number>();
  const out: { user: number; at: number }[] = [];
  for (const at of times) {
    const eligible = usersAt(users, at);
    if (eligible === 0) continue;
    let chosen = -1;
    for (let tries = 0; tries < 30 && chosen < 0; tries++) {
      const u = rng.int(0, eligible - 1);
      if (!used.has(u) && !excluded.has(u)) chosen = u;
    }
    if (chosen < 0) {
      const startAt = rng.int(0, eligible - 1);
      for (let k = 0; k < eligible && chosen < 0; k++) {
        const u = (startAt + k) % eligible;
        if (!used.has(u) && !excluded.has(u)) chosen = u;
      }
    }
    if (chosen < 0) continue;
    used.add(chosen);
    out.push({ user: chosen, at });
  }
  return out;
}

const RATING_WEIGHTS = [[5, 45], [4, 30], [3, 13], [2, 7], [1, 5]] as const;

/** Votes, follows, reviews and the rest; sets each listing's counters to match the rows. */
export function generateActivity(rng: Random, ctx: ActivityContext): DemoActivity {
  const { now, timeZone, users, founders, listings } = ctx;
  const nowMs = now.getTime();
  const out: DemoActivity = { votes: [], follows: [], reviews: [], viewDays: [], updates: [], ratings: [], billboard: [], alternatives: [] };
  const live = listings.map((l, i) => [l, i] as const).filter(([l]) => l.status === 'live');

  listings.forEach((l, li) => {
    const r = rng.fork(`activity-${l.slug}`);
    const insiders = new Set<number>(
      [l.ownerIndex, ...l.founders.map((f) => founders[f.index].userIndex)].filter((u): u is number => u !== null),
    );

    if (l.status === 'live' && l.publishedAt && l.launchWeek) {
      const published = l.publishedAt.getTime();
      const weekEnd = weekBounds(l.launchWeek, timeZone).end.getTime();
      let target = Math.floor((2 + 100 * Math.pow(r.next(), 2.5)) * (l.plan === 'paid' ? 1.3 : 1));
      // A launch still in its week has had only part of its week to collect votes.
      if (weekEnd > nowMs) target = Math.round(target * Math.max(0.05, (nowMs - published) / (weekEnd - published)));
      const times = Array.from({ length: target }, () => {
        if (weekEnd > nowMs || r.chance(0.75)) return published + Math.floor((Math.min(weekEnd - 1, nowMs) - published) * Math.pow(r.next(), 1.5));
        return weekEnd + Math.floor((nowMs - weekEnd) * Math.pow(r.next(), 2));
      }).sort((a, b) => a - b);
      for (const { user, at } of assignPeople(r, users, times, insiders)) {
        const createdAt = new Date(at);
        out.votes.push({
          listing: li,
          user,
          week: weekOf(createdAt, timeZone),
          ip: r.chance(0.8) ? users[user].homeIp : documentationIp(r),
          userAgent: r.chance(0.9) ? users[user].userAgent : r.pick(USER_AGENTS),
          createdAt,
        });
        l.votesCount++;
      }

      if (r.chance(0.4) && published + HOUR < nowMs) {
        const reviewTimes = instants(r, r.int(1, 6), published + HOUR, nowMs, 1.3);
        for (const { user, at } of assignPeople(r, users, reviewTimes, insiders)) {
          const rating = r.weighted(RATING_WEIGHTS);
          out.reviews.push({
            listing: li,
            user,
            rating,
            body: r.pick(REVIEW_BODIES[rating]),
            status: r.weighted([['published', 90], ['pending', 8], ['rejected', 2]] as const),
            createdAt: new Date(at),
          });
        }
      }

      if (r.chance(0.55) && published + DAY < nowMs) {
        const titles = r.sample(UPDATE_TITLES, r.int(1, 4));
        instants(r, titles.length, published + DAY, nowMs).forEach((at, k) =>
          out.updates.push({ listing: li, title: titles[k], body: r.pick(UPDATE_BODIES), createdAt: new Date(at) }),
        );
      }

      l.viewsCount = l.votesCount * r.int(8, 30) + r.int(20, 400);
    } else if (l.status === 'scheduled') {
      l.viewsCount = r.int(5, 150);
    }

    if (l.status === 'live' || l.status === 'scheduled') {
      const from = l.status === 'live' ? Math.max(l.createdAt.getTime(), l.publishedAt!.getTime() - 7 * DAY) : l.createdAt.getTime();
      const n = l.status === 'live' ? Math.floor(l.votesCount * (0.1 + 0.35 * r.next())) + r.int(0, 4) : r.int(0, 15);
      for (const { user, at } of assignPeople(r, users, instants(r, n, from, nowMs), new Set(l.ownerIndex === null ? [] : [l.ownerIndex]))) {
        out.follows.push({ listing: li, user, createdAt: new Date(at) });
        l.followsCount++;
      }
    }
  });

  const r = rng.fork('extras');
  // Daily view rows for the most recent launches: the "most viewed this week" window needs them.
  const byLaunch = [...live].sort(([a], [b]) => a.publishedAt!.getTime() - b.publishedAt!.getTime());
  for (const [l, li] of byLaunch.slice(-30)) {
    let added = 0;
    for (let k = 13; k >= 0; k--) {
      const day = new Date(nowMs - k * DAY).toISOString().slice(0, 10);
      if (day < l.publishedAt!.toISOString().slice(0, 10)) continue;
      const views = r.int(0, 40 + l.votesCount);
      if (views === 0) continue;
      out.viewDays.push({ listing: li, day, views });
      added += views;
    }
    l.viewsCount += added;
  }

  for (const [l, li] of live) {
    if (!r.chance(0.45)) continue;
    const n = r.int(2, 4);
    const trend = r.weighted([[1, 60], [0, 20], [-1, 20]] as const);
    let value = r.int(3, 65);
    for (let k = n - 1; k >= 0; k--) {
      out.ratings.push({ listing: li, value, source: 'ahrefs', measuredAt: new Date(nowMs - (k * 30 + r.int(0, 10)) * DAY - r.int(1, 600) * MIN) });
      value = Math.min(100, Math.max(0, value + trend * r.int(1, 5)));
    }
  }

  const paidLive = live.filter(([l]) => l.plan === 'paid');
  const freeLive = live.filter(([l]) => l.plan === 'free');
  for (const [l, li] of [...r.sample(paidLive, 7), ...r.sample(freeLive, 3)]) {
    for (const at of instants(r, r.int(1, 3), l.publishedAt!.getTime(), nowMs)) {
      out.billboard.push({ listing: li, amountCents: r.pick([1000, 2000, 2500, 5000, 10000, 25000]), createdAt: new Date(at) });
    }
  }

  for (const [l, li] of r.sample(live, 40)) {
    const peers = live.filter(([o, oi]) => oi !== li && o.categorySlugs[0] === l.categorySlugs[0]);
    r.sample(peers, r.int(1, 3)).forEach(([o, oi], position) => {
      const from = Math.max(l.publishedAt!.getTime(), o.publishedAt!.getTime());
      out.alternatives.push({ listing: li, alternative: oi, position, createdAt: new Date(from + Math.floor((nowMs - from) * r.next())) });
    });
  }
  return out;
}
