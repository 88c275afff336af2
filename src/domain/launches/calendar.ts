import type { LaunchesStore, RankedRow } from '../../store/launches-store.ts';
import type { SiteStore } from '../../store/site-store.ts';
import type { ListingDirectory } from '../listings/directory.ts';
import { countedVotes, drTrend, toSummary } from '../listings/present.ts';
import { DomainError, notFound } from '../errors.ts';
import { limitOffset, pageOf, totalOf, type PageRequest } from '../pagination.ts';
import { resolveWeek, weekStatus } from './week-ref.ts';
import { addDays, localDate, weekOf } from './weeks.ts';
import { awardLabel } from './awards.ts';
import { TtlCache } from '../../store/ttl-cache.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';

export const SECTIONS = ['today', 'this-week', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed', 'upcoming'] as const;
export type Section = (typeof SECTIONS)[number];
export const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;
export type Board = (typeof BOARDS)[number];

const PAID_LABEL = 'Paid placement: ranked by money contributed, not by votes.';

type MetricName = 'week_votes' | 'day_votes' | 'votes' | 'amount_cents' | 'domain_rating' | 'mrr_cents';

export function createLaunchCalendar(deps: {
  store: LaunchesStore;
  site: SiteStore;
  listings: ListingDirectory;
  publicUrl: string;
  now: () => Date;
  /** Rankings may be this stale (ms): they are the most requested pages after profiles. */
  cacheMs?: number;
  cache: CacheFactory;
}) {
  const { store, publicUrl, now } = deps;
  const cacheMs = deps.cacheMs ?? 5000;
  const settings = new TtlCache<string>(cacheMs, 1);
  const pages = deps.cache<unknown>('rankings', cacheMs, 2000);
  // One entry per listing page that shows its awards: apart, so they never push rankings out.
  const awardPages = deps.cache<Awaited<ReturnType<typeof fresh.awards>>>('awards', cacheMs, 10_000);
  const timezone = () => settings.through('timezone', async () => (await deps.site.settings()).timezone);
  /** The same page of a ranking, recomputed at most once per cache period. */
  const cached = <T>(key: string, load: () => Promise<T>) => pages.through(key, load) as Promise<T>;

  const entry = (row: RankedRow, rank: number | null, name: MetricName, paid = false) => ({
    rank,
    listing: toSummary(row, publicUrl),
    metric: {
      name,
      value: row.metric === null ? null : Number(row.metric),
      ...(name === 'domain_rating' && row.metric !== null ? drTrend(Number(row.metric), row.previous ?? null) : {}),
      ...(name === 'mrr_cents' ? { verified: row.verified === true } : {}),
      ...(row.counted !== undefined && row.counted !== null ? { counted: countedVotes(row.counted) } : {}),
    },
    paid,
  });

  /** Ranks continue across pages; rows not live (scheduled) have no rank. */
  const ranked = (rows: RankedRow[], page: PageRequest, name: MetricName, paid = false) =>
    rows.map((row, i) => entry(row, row.status === 'live' ? limitOffset(page).offset + i + 1 : null, name, paid));

  const weekInfo = (week: string, tz: string) => ({
    start: week,
    end: addDays(week, 6),
    timezone: tz,
    status: weekStatus(week, now(), tz),
  });

  /** The rankings as computed from the database; the methods below serve them through the cache. */
  const fresh = {
    async week(week: string, tz: string, page: PageRequest) {
      const { limit, offset } = limitOffset(page);
      const { rows, total } = await store.week(week, { liveOnly: false, limit, offset });
      const awards = await store.awards({ week, limit: 3, offset: 0 });
      return {
        ...pageOf(ranked(rows, page, 'week_votes'), page, total),
        week: weekInfo(week, tz),
        awards: awards.map((a) => ({ place: a.place, votes: a.award_votes, slug: a.slug })),
      };
    },

    async feed(section: Section, page: PageRequest) {
      const tz = await timezone();
      const { limit, offset } = limitOffset(page);
      const current = weekOf(now(), tz);
      if (section === 'this-week' || section === 'today') {
        let listed: { rows: RankedRow[]; total: number };
        if (section === 'today') {
          listed = await store.byDayVotes(current, localDate(now(), tz), limit, offset);
        } else {
          listed = await store.week(current, { liveOnly: true, limit, offset });
        }
        return { ...pageOf(ranked(listed.rows, page, section === 'today' ? 'day_votes' : 'week_votes'), page, listed.total), section, week: current };
      }
      if (section === 'upcoming') {
        const { rows, total } = await store.upcoming(limit, offset);
        const items = rows.map((row) => ({ ...entry(row, null, 'week_votes'), metric: { name: 'launch_week' as const, value: null } }));
        return { ...pageOf(items, page, total), section, week: null };
      }
      // The other sections are orderings of all live listings: the search engine's sorts.
      const sort = ({ trending: 'trending', 'most-voted': 'votes', recent: 'newest', 'most-viewed': 'most_viewed', 'most-followed': 'most_followed' } as const)[section];
      const result = await deps.listings.search({ status: 'live', sort, ...page });
      const metric = ({ trending: 'trending_score', 'most-voted': 'votes', recent: 'votes', 'most-viewed': 'views', 'most-followed': 'follows' } as const)[section];
      const value = (l: (typeof result.items)[number]) =>
        metric === 'views' ? l.views : metric === 'follows' ? l.follows : metric === 'trending_score' ? null : l.votes;
      return {
        ...result,
        items: result.items.map((listing, i) => ({ rank: offset + i + 1, listing, metric: { name: metric, value: value(listing) }, paid: false })),
        section,
        week: null,
      };
    },

    async leaderboard(board: string, weekRef: string | undefined, page: PageRequest) {
      if (!(BOARDS as readonly string[]).includes(board)) {
        throw notFound('board_not_found', `No leaderboard "${board}"; boards: ${BOARDS.join(', ')}.`);
      }
      if (weekRef !== undefined && board !== 'community-weekly') {
        throw new DomainError('invalid', 'week_not_applicable', 'week applies to the community-weekly board only.', [
          { field: 'week', message: 'only for community-weekly' },
        ]);
      }
      const { limit, offset } = limitOffset(page);
      const tz = await timezone();
      const base = { board: board as Board, paid: false, label: null as string | null, week: null as ReturnType<typeof weekInfo> | null };
      switch (board as Board) {
        case 'community-weekly': {
          const week = resolveWeek(weekRef ?? 'this', now(), tz, ['this', 'last']);
          const { rows, total } = await store.week(week, { liveOnly: true, limit, offset });
          return { ...pageOf(ranked(rows, page, 'week_votes'), page, total), ...base, title: 'Top launches of the week', week: weekInfo(week, tz) };
        }
        case 'community-all-time': {
          const { rows, total } = await store.allTimeVotes(limit, offset);
          return { ...pageOf(ranked(rows, page, 'votes'), page, total), ...base, title: 'Most voted of all time' };
        }
        case 'billboard': {
          const rows = await store.billboard(limit, offset);
          const n = await totalOf(rows, page, () => store.countBillboard());
          return { ...pageOf(ranked(rows, page, 'amount_cents', true), page, n), ...base, title: 'Billboard (paid)', paid: true, label: PAID_LABEL };
        }
        case 'domain-rating': {
          const { rows, total } = await store.domainRating(limit, offset);
          return { ...pageOf(ranked(rows, page, 'domain_rating'), page, total), ...base, title: 'Highest Domain Rating' };
        }
        case 'revenue': {
          const { rows, total } = await store.revenue(limit, offset);
          return { ...pageOf(ranked(rows, page, 'mrr_cents'), page, total), ...base, title: 'Highest monthly revenue' };
        }
      }
    },

    async awards(filter: PageRequest & { listing?: string }) {
      const { limit, offset } = limitOffset(filter);
      const rows = await store.awards({ slug: filter.listing, limit, offset });
      const n = await totalOf(rows, filter, () => store.countAwards(filter.listing));
      return pageOf(
        rows.map((r) => ({
          week: r.week,
          place: r.place,
          label: awardLabel(r.place),
          votes: r.award_votes,
          listing: toSummary(r, publicUrl),
        })),
        filter,
        n,
      );
    },
  };

  return {
    async week(ref: string, page: PageRequest) {
      const tz = await timezone();
      const week = resolveWeek(ref, now(), tz);
      return cached(`week:${week}:${page.page}:${page.per_page}`, () => fresh.week(week, tz, page));
    },

    async feed(section: Section, page: PageRequest) {
      return cached(`feed:${section}:${page.page}:${page.per_page}:${weekOf(now(), await timezone())}`, () => fresh.feed(section, page));
    },

    async leaderboard(board: string, weekRef: string | undefined, page: PageRequest) {
      const tz = await timezone();
      // Resolve the week first so "this" is cached per actual week; errors are not cached.
      const resolved = board === 'community-weekly' ? resolveWeek(weekRef ?? 'this', now(), tz, ['this', 'last']) : weekRef;
      return cached(`board:${board}:${resolved ?? ''}:${weekRef === undefined}:${page.page}:${page.per_page}`, () =>
        fresh.leaderboard(board, weekRef, page),
      );
    },

    async awards(filter: PageRequest & { listing?: string }) {
      return awardPages.through(`${filter.listing ?? ''}:${filter.page}:${filter.per_page}`, () => fresh.awards(filter));
    },
  };
}
export type LaunchCalendar = ReturnType<typeof createLaunchCalendar>;
