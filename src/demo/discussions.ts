/**
 * The demo's discussions: comments under about sixty live launches (many under the most voted,
 * none under most others), the makers' answers and pinned first comments, upvotes, two comments
 * their authors deleted after replies came in, one comment a spam rule held, and a few reports
 * waiting in the moderation queue. Only people who could post at that moment post: an account
 * that existed and had confirmed its address, never a maker of the listing posing as a visitor.
 */
import type { ReportReason } from '../store/schema.ts';
import type { DemoActivity } from './activity.ts';
import { HELD_BODY, makerIntro, makerReply, visitorComment, visitorReply, type BodyContext, type Said } from './comment-bodies.ts';
import type { DemoListing } from './listings-plan.ts';
import { usersAt } from './listings-plan.ts';
import type { DemoFounder, DemoUser } from './people.ts';
import type { Random } from './random.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The most voted launches all have discussions; this many others are drawn at random. */
const POPULAR = 20;
const OTHERS = 40;
const PINNED_POPULAR = 5;
const PINNED_OTHERS = 3;

export interface DemoComment {
  listing: number;
  user: number;
  body: string;
  createdAt: Date;
  upvotes: { user: number; at: Date }[];
  pinnedAt: Date | null;
  /** What became of it: its author deleted it once it had replies, or a spam rule held it. */
  fate: 'visible' | 'deleted' | 'held';
  reason: string | null;
  byMaker: boolean;
}

/** A reply; `thread` is the index of the comment it answers in `threads`. */
export interface DemoReply extends DemoComment {
  thread: number;
}

export interface DemoReport {
  subject: { type: 'comment'; thread: number } | { type: 'review'; review: number };
  reporter: number;
  reason: ReportReason;
  details: string;
  createdAt: Date;
}

export interface DemoDiscussions {
  threads: DemoComment[];
  replies: DemoReply[];
  reports: DemoReport[];
}

export interface DiscussionContext {
  now: Date;
  users: DemoUser[];
  founders: DemoFounder[];
  listings: DemoListing[];
  reviews: DemoActivity['reviews'];
}

const REPORT_DETAILS: Record<Exclude<ReportReason, 'illegal'>, string[]> = {
  spam: ['Looks like an advertisement for another product.', 'Same text was posted under several launches.'],
  off_topic: ['Nothing to do with this product.', 'This is a support question for a different tool.'],
  harassment: ['Rude towards the maker and not constructive at all.'],
  misleading: ['Claims a feature the product does not have.', 'Reads like it was written by someone from the company.'],
  other: ['Not sure this belongs here, please have a look.'],
};

/** `n` instants in [from, to], sorted; `skew` > 1 bunches them towards `from`. */
function instants(r: Random, n: number, from: number, to: number, skew: number): number[] {
  const span = Math.max(0, to - from);
  return Array.from({ length: n }, () => from + Math.floor(span * Math.pow(r.next(), skew))).sort((a, b) => a - b);
}

export function generateDiscussions(rng: Random, ctx: DiscussionContext): DemoDiscussions {
  const { users, founders, listings } = ctx;
  const nowMs = ctx.now.getTime();
  const out: DemoDiscussions = { threads: [], replies: [], reports: [] };

  /** An account that existed and had confirmed its address at `at`. */
  const canPost = (u: number, at: number) => {
    const verified = users[u].emailVerifiedAt;
    return users[u].createdAt.getTime() <= at && verified !== null && verified.getTime() <= at;
  };
  const person = (r: Random, at: number, excluded: ReadonlySet<number>) => {
    const eligible = usersAt(users, at);
    for (let tries = 0; tries < 40 && eligible > 0; tries++) {
      const u = r.int(0, eligible - 1);
      if (!excluded.has(u) && canPost(u, at)) return u;
    }
    return -1;
  };
  const makersOf = (l: DemoListing) =>
    [...new Set([l.ownerIndex, ...l.founders.map((f) => founders[f.index].userIndex)].filter((u): u is number => u !== null))];

  const candidates = listings
    .map((l, li) => ({ l, li }))
    .filter(({ l }) => l.status === 'live' && l.publishedAt && l.publishedAt.getTime() + 6 * HOUR < nowMs)
    .sort((a, b) => b.l.votesCount - a.l.votesCount || a.li - b.li);
  const r0 = rng.fork('choice');
  const popular = candidates.slice(0, POPULAR);
  const chosen = [...popular, ...r0.sample(candidates.slice(POPULAR), OTHERS).sort((a, b) => a.li - b.li)];
  const withMakers = (xs: typeof chosen) => xs.filter(({ l }) => makersOf(l).length > 0).map(({ li }) => li);
  const pinned = new Set([...r0.sample(withMakers(popular), PINNED_POPULAR), ...r0.sample(withMakers(chosen.slice(POPULAR)), PINNED_OTHERS)]);

  chosen.forEach(({ l, li }, place) => {
    const r = rng.fork(`discussion-${l.slug}`);
    const body: BodyContext = { name: l.name, domain: l.domain };
    const published = l.publishedAt!.getTime();
    const start = published + 10 * MIN;
    const end = nowMs - 5 * MIN;
    const makers = makersOf(l);
    const makerAt = (at: number) => makers.find((m) => canPost(m, at)) ?? -1;
    // Comments of one listing never share an instant: the loader finds each one's id by it.
    const taken = new Set<number>();
    const unique = (t: number) => {
      while (taken.has(t)) t -= 1000;
      taken.add(t);
      return t;
    };
    const big = place < 3;
    const threadsHere: number[] = [];
    const said = new Map<number, Said>();

    const introAt = unique(published + r.int(2, 40) * MIN);
    const intro = pinned.has(li) || r.chance(0.2) ? makerAt(introAt) : -1;
    if (intro >= 0) {
      const text = makerIntro(r, { ...body, maker: users[intro].name });
      said.set(out.threads.length, { text, kind: 'intro' });
      threadsHere.push(out.threads.length);
      out.threads.push({
        listing: li, user: intro, body: text, createdAt: new Date(introAt),
        upvotes: [], pinnedAt: pinned.has(li) ? new Date(introAt + r.int(1, 10) * MIN) : null, fate: 'visible', reason: null, byMaker: true,
      });
    }

    const n = big ? r.int(22, 30) : place < POPULAR ? r.int(5, 14) : r.int(1, 6);
    const commented = new Set(makers);
    for (const at of instants(r, n, start, end, 1.8)) {
      const u = person(r, at, commented);
      if (u < 0) continue;
      commented.add(u);
      const comment = visitorComment(r, body);
      said.set(out.threads.length, comment);
      threadsHere.push(out.threads.length);
      out.threads.push({
        listing: li, user: u, body: comment.text, createdAt: new Date(unique(at)),
        upvotes: [], pinnedAt: null, fate: 'visible', reason: null, byMaker: false,
      });
    }

    for (const t of threadsHere) {
      const thread = out.threads[t];
      const count = r.weighted([[0, 45], [1, 25], [2, 14], [3, 9], [4, 5], [6, 2]] as const);
      let makerAnswered = thread.byMaker;
      let last = thread.user;
      for (const at of instants(r, count, thread.createdAt.getTime() + 5 * MIN, end, 2.5)) {
        const maker = !makerAnswered && r.chance(0.6) ? makerAt(at) : -1;
        const backToAuthor = makerAnswered && last !== thread.user && !thread.byMaker && r.chance(0.4);
        const u = maker >= 0 ? maker : backToAuthor ? thread.user : person(r, at, new Set([last, ...makers]));
        if (u < 0) continue;
        const opening = said.get(t)!;
        const text = maker >= 0
          ? makerReply(r, { ...body, to: users[thread.user].name, said: opening })
          : visitorReply(r, { ...body, to: users[last].name, said: opening, makerAnswered: makerAnswered && !thread.byMaker });
        out.replies.push({
          listing: li, thread: t, user: u, body: text, createdAt: new Date(unique(at)),
          upvotes: [], pinnedAt: null, fate: 'visible', reason: null, byMaker: maker >= 0,
        });
        makerAnswered ||= maker >= 0;
        last = u;
      }
    }

    for (const c of [...threadsHere.map((t) => out.threads[t]), ...out.replies.filter((x) => x.listing === li)]) {
      const most = c.pinnedAt ? 30 : 'thread' in c ? 6 : big ? 25 : 10;
      const want = c.pinnedAt ? r.int(8, most) : Math.floor(Math.pow(r.next(), 2.5) * most);
      const chosenBy = new Set([c.user]);
      for (const at of instants(r, want, c.createdAt.getTime() + MIN, end, 2)) {
        const u = person(r, at, chosenBy);
        if (u < 0) continue;
        chosenBy.add(u);
        c.upvotes.push({ user: u, at: new Date(at) });
      }
    }
  });

  const r = rng.fork('moderation');
  // Two authors deleted their comment after people had answered it: the thread keeps its place.
  const answered = new Set(out.replies.map((x) => x.thread));
  const deletable = out.threads.map((c, i) => ({ c, i })).filter(({ c, i }) => !c.byMaker && answered.has(i));
  for (const { c } of r.sample(deletable, 2)) {
    c.fate = 'deleted';
    c.upvotes = [];
  }

  // A link the spam rule caught, by an account between one and seven days old: held for review.
  const newest = chosen.reduce((a, b) => (b.l.publishedAt!.getTime() > a.l.publishedAt!.getTime() ? b : a));
  const times = new Set([...out.threads, ...out.replies].filter((c) => c.listing === newest.li).map((c) => c.createdAt.getTime()));
  let heldAt = nowMs - r.int(20, 180) * MIN;
  while (times.has(heldAt)) heldAt -= 1000;
  let spammer = -1;
  for (let u = users.length - 1; u >= 0 && spammer < 0; u--) {
    const age = heldAt - users[u].createdAt.getTime();
    if (age > DAY && age < 7 * DAY && canPost(u, heldAt) && !makersOf(newest.l).includes(u)) spammer = u;
  }
  if (spammer < 0) spammer = person(r, heldAt, new Set(makersOf(newest.l)));
  out.threads.push({
    listing: newest.li, user: spammer, body: HELD_BODY, createdAt: new Date(heldAt), upvotes: [], pinnedAt: null,
    fate: 'held', reason: 'the same link was posted by 3 new accounts within an hour', byMaker: false,
  });

  // Open reports: two or three comments by visitors (one or two reporters each, below the three
  // that would hold a comment) and one review.
  const reportable = out.threads.map((c, i) => ({ c, i })).filter(({ c }) => c.fate === 'visible' && !c.byMaker);
  for (const { c, i } of r.sample(reportable, r.int(2, 3))) {
    const reporters = new Set([c.user, ...makersOf(listings[c.listing])]);
    for (let k = r.int(1, 2); k > 0; k--) {
      const at = Math.max(c.createdAt.getTime(), nowMs - 5 * DAY) + r.int(10, 600) * MIN;
      const reporter = person(r, Math.min(at, nowMs - MIN), reporters);
      if (reporter < 0) continue;
      reporters.add(reporter);
      const reason = r.pick(['spam', 'off_topic', 'harassment', 'misleading', 'other'] as const);
      out.reports.push({ subject: { type: 'comment', thread: i }, reporter, reason, details: r.pick(REPORT_DETAILS[reason]), createdAt: new Date(Math.min(at, nowMs - MIN)) });
    }
  }
  const reviews = ctx.reviews.map((v, i) => ({ v, i })).filter(({ v }) => v.status === 'published' && listings[v.listing].status === 'live');
  if (reviews.length) {
    const { v, i } = r.pick(reviews);
    const at = Math.max(v.createdAt.getTime(), nowMs - 3 * DAY) + r.int(10, 600) * MIN;
    const reporter = person(r, Math.min(at, nowMs - MIN), new Set([v.user, ...makersOf(listings[v.listing])]));
    if (reporter >= 0) {
      out.reports.push({ subject: { type: 'review', review: i }, reporter, reason: 'misleading', details: REPORT_DETAILS.misleading[1], createdAt: new Date(Math.min(at, nowMs - MIN)) });
    }
  }
  return out;
}
