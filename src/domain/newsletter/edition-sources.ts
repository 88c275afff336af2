import type { NewsletterEditionsStore } from '../../store/newsletter-editions-store.ts';
import type { LaunchCalendar } from '../launches/calendar.ts';
import type { EditionSources } from './edition.ts';

/**
 * What an edition is built from, read the way the site's pages read it: a week through the
 * launch calendar (get_launch_week: live launches by the votes counted that week, then the
 * scheduled ones), the awards of the week, the blog's published posts.
 */
export function editionSources(deps: {
  store: NewsletterEditionsStore;
  launches: Pick<LaunchCalendar, 'week'>;
  blog: { list(input: { page: number; per_page: number }): Promise<{ items: { slug: string; title: string; excerpt: string; published_at: string }[] }> };
}): EditionSources {
  const { store } = deps;
  return {
    siteName: async () => (await store.settings()).name,
    async awards(week) {
      const rows = await store.awards(week);
      return rows.map((r) => ({ place: r.place, votes: r.award_votes, listing: r }));
    },
    async week(week, limit) {
      const w = await deps.launches.week(week, { page: 1, per_page: limit });
      return {
        items: w.items.map((e) => ({ rank: e.rank, votes: e.metric.value, live: e.listing.status === 'live', listing: e.listing })),
        total: w.total,
      };
    },
    async posts(limit) {
      return (await deps.blog.list({ page: 1, per_page: limit })).items;
    },
    decided: (week) => store.awardsDecided(week),
    lastSentAt: (week) => store.lastSentAt(week),
  };
}
