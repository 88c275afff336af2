/**
 * The public reads the bench measures beside get_listing and search: every browse order, a deep
 * page, a category page and the tree, each launch feed section and each leaderboard. Each row is
 * defined once: its HTTP path (measured under load) and the service call the same request makes
 * (timed one at a time, caches off: the path a cache miss takes).
 */
import type { Services } from '../../src/services.ts';

export type ReadGroup = 'browse' | 'category' | 'feed' | 'board';

export interface PublicRead {
  name: string;
  group: ReadGroup;
  path: string;
  call: (services: Services) => Promise<unknown>;
}

const page = { page: 1, per_page: 20 };
const SORTS = ['newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
const SECTIONS = ['today', 'this-week', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed', 'upcoming'] as const;
const BOARDS = ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'] as const;

/** `category`: the slug of the largest category (the slowest page to serve). */
export function publicReads(category: string): PublicRead[] {
  return [
    { name: 'browse default', group: 'browse', path: '/api/v1/listings', call: (s) => s.listings.search({ status: 'live', sort: 'relevance', ...page }) },
    ...SORTS.map((sort): PublicRead => ({
      name: `browse ${sort}`,
      group: 'browse',
      path: `/api/v1/listings?sort=${sort}`,
      call: (s) => s.listings.search({ status: 'live', sort, ...page }),
    })),
    { name: 'browse page 50', group: 'browse', path: '/api/v1/listings?page=50', call: (s) => s.listings.search({ status: 'live', sort: 'relevance', page: 50, per_page: 20 }) },
    { name: 'category page', group: 'category', path: `/api/v1/categories/${category}`, call: (s) => s.categories.detail(category, page) },
    { name: 'categories tree', group: 'category', path: '/api/v1/categories', call: (s) => s.categories.tree({ include_empty: true, ...page }) },
    ...SECTIONS.map((section): PublicRead => ({
      name: `feed ${section}`,
      group: 'feed',
      path: `/api/v1/launches?section=${section}`,
      call: (s) => s.launches.feed(section, page),
    })),
    ...BOARDS.map((board): PublicRead => ({
      name: `board ${board}`,
      group: 'board',
      path: `/api/v1/leaderboards/${board}`,
      call: (s) => s.launches.leaderboard(board, undefined, page),
    })),
  ];
}
