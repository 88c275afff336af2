import { TRENDING } from '../domain/listings/directory.ts';
import type { DemoActivity } from './activity.ts';
import type { DemoListing } from './listings-plan.ts';
import { SCREEN_VIEWS, type ScreenView } from './screenshot-art.ts';

/**
 * How many demo listings get pictures. Every picture goes through the real processing (nine
 * variants; a logo's three AVIFs at effort 4 are most of its ~0.3 s of CPU on a 2-CPU machine),
 * so 300 logos would add about 45 s to `npm run demo`. The most visible get one: every listing
 * the home page shows (about 30), then the leaderboards' tops as far as the cap reaches; the rest
 * keep their initials, as listings whose owners added no logo do on a real directory.
 */
export const DEMO_PICTURE_CAPS = { logos: 32, galleries: 4 } as const;

export interface DemoPicturePlan {
  /** Listings (indexes into the dataset's listings) that get a logo, most visible first. */
  logos: number[];
  /** Listings whose planned screenshots become kept gallery images: one view per planned image, in order. */
  galleries: { listing: number; views: ScreenView[] }[];
}

/**
 * The listings a visitor meets first, most visible first: the tops of the orderings the home
 * page and the leaderboards show (this week's launches, upcoming ones, the newest, the trending,
 * the most viewed, followed and voted, last week's winners, the billboard, Domain Rating and
 * revenue boards), as many of each as those pages show; then the rest of each ordering in turns.
 * A pure function of the dataset.
 */
export function visibilityOrder(listings: readonly DemoListing[], activity: DemoActivity): number[] {
  const all = listings.map((_, i) => i);
  const live = all.filter((i) => listings[i].status === 'live');
  // Live launches are in past weeks or this one: the newest two weeks are this one and the last.
  const [currentWeek, lastWeek] = [...new Set(live.map((i) => listings[i].launchWeek))].sort().reverse();
  const by = (ids: number[], key: (i: number) => number) => [...ids].sort((a, b) => key(b) - key(a) || a - b);
  const total = (rows: readonly { listing: number }[], value: (row: number) => number) => {
    const m = new Map<number, number>();
    rows.forEach((r, k) => m.set(r.listing, (m.get(r.listing) ?? 0) + value(k)));
    return m;
  };
  const billboard = total(activity.billboard, (k) => activity.billboard[k].amountCents);
  // Trending's score (directory.ts TRENDING): each vote halves in weight every two days.
  const newest = activity.votes.reduce((t, v) => Math.max(t, v.createdAt.getTime()), 0);
  const trending = total(activity.votes, (k) => 0.5 ** ((newest - activity.votes[k].createdAt.getTime()) / (TRENDING.halfLifeHours * 3_600_000)));
  const rating = new Map<number, number>();
  for (const r of [...activity.ratings].sort((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime())) rating.set(r.listing, r.value);
  const published = (i: number) => listings[i].publishedAt?.getTime() ?? 0;
  const has = (m: Map<number, number>) => live.filter((i) => (m.get(i) ?? 0) > 0);
  /** Each ordering with how many of it a page shows at once. */
  const orderings: [number[], number][] = [
    [by(live.filter((i) => listings[i].launchWeek === currentWeek), (i) => listings[i].votesCount), 10],
    [
      all
        .filter((i) => listings[i].status === 'scheduled')
        .sort((a, b) => (listings[a].launchWeek ?? '').localeCompare(listings[b].launchWeek ?? '') || listings[a].createdAt.getTime() - listings[b].createdAt.getTime()),
      6,
    ],
    [by(live, published), 6],
    [by(has(trending), (i) => trending.get(i)!), 6],
    [by(live.filter((i) => listings[i].launchWeek === lastWeek), (i) => listings[i].votesCount), 3],
    // 6: trending before its first refresh is this order.
    [by(live, (i) => listings[i].votesCount), 6],
    [by(live, (i) => listings[i].viewsCount), 5],
    [by(live, (i) => listings[i].followsCount), 5],
    [by(has(billboard), (i) => billboard.get(i)!), 5],
    [by(has(rating), (i) => rating.get(i)!), 5],
    [by(live.filter((i) => listings[i].revenueMrrCents !== null), (i) => listings[i].revenueMrrCents!), 5],
    // Then every other listing, newest first, so a larger cap keeps going.
    [by(all, (i) => Math.max(published(i), listings[i].createdAt.getTime())), 0],
  ];
  const seen = new Set<number>();
  const order: number[] = [];
  const take = (i: number | undefined) => {
    if (i === undefined || seen.has(i)) return;
    seen.add(i);
    order.push(i);
  };
  for (const [ids, shown] of orderings) ids.slice(0, shown).forEach(take);
  for (let depth = 0; order.length < listings.length; depth++) for (const [ids] of orderings) take(ids[depth]);
  return order;
}

/** Which listings get a logo, and which few a gallery (live, media section unlocked, screenshots planned). */
export function planDemoPictures(
  listings: readonly DemoListing[],
  activity: DemoActivity,
  caps: { logos: number; galleries: number } = DEMO_PICTURE_CAPS,
): DemoPicturePlan {
  const order = visibilityOrder(listings, activity);
  const imagesOf = (i: number) => listings[i].media.filter((m) => m.kind === 'image').length;
  const galleries = order
    .filter((i) => listings[i].status === 'live' && listings[i].unlockedSections.includes('media') && imagesOf(i) >= 2)
    .slice(0, caps.galleries)
    .map((listing) => ({ listing, views: SCREEN_VIEWS.slice(0, imagesOf(listing)) }));
  // A listing with a gallery has a logo too, whatever the cap.
  const logos = [...new Set([...order.slice(0, caps.logos), ...galleries.map((g) => g.listing)])];
  return { logos, galleries };
}
