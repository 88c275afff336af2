import type { BadgeKind, BadgeList, BadgeStyle } from '../../contract/badge.ts';
import type { BadgesStore, BadgeSubjectRow } from '../../store/badges-store.ts';
import { notFound } from '../errors.ts';
import { weekOf, type IsoDate } from '../launches/weeks.ts';
import { listingLinks } from '../listings/present.ts';
import { badgeForImage, earnedBadges, type EarnedBadge } from './eligibility.ts';
import { badgeImageUrl, embedHtml, embedMarkdown } from './embed.ts';
import { badgeSize, renderBadge, type RenderedBadge } from './render.ts';
import { badgeWording } from './wording.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';

/** get_badges and the badge images: eligibility from the store, words from site settings, pure rendering. */
export function createBadges(deps: { store: BadgesStore; publicUrl: string; now: () => Date; cache?: CacheFactory; cacheMs?: number }) {
  const { store, publicUrl, now } = deps;
  // Every listing page shows its badges: the lists are public reads like the profile, as fresh.
  const lists = deps.cache?.<BadgeList>('badges', deps.cacheMs ?? 5000, 10_000);

  async function subject(slug: string, opts: { awaitingBadge?: boolean } = {}) {
    const row = await store.subject(slug, opts);
    if (!row) throw notFound('listing_not_found', `No listing with slug "${slug}".`);
    // A free listing awaiting its badge check may show only "listed": the image its owner embeds.
    if (row.status === 'awaiting_badge') return { row, earned: [{ kind: 'listed' as const }] };
    // "Launched" compares with the week now in the site timezone, as launch weeks are stored.
    return { row, earned: earnedBadges({ ...row, status: row.status }, weekOf(now(), row.timezone)) };
  }

  function render(row: BadgeSubjectRow, badge: EarnedBadge, style: BadgeStyle): RenderedBadge & { label: string; alt: string } {
    const wording = badgeWording(badge, row.site_name, row.name);
    const pageUrl = listingLinks(publicUrl, row.slug).page;
    return { ...renderBadge({ badge, wording, style, pageUrl }), label: wording.label, alt: wording.alt };
  }

  async function listOf(slug: string, style: BadgeStyle): Promise<BadgeList> {
    const { row, earned } = await subject(slug);
    const pageUrl = listingLinks(publicUrl, row.slug).page;
    return {
      slug: row.slug,
      page_url: pageUrl,
      ...style,
      badges: earned.map((badge) => {
        const wording = badgeWording(badge, row.site_name, row.name);
        const { width, height } = badgeSize({ badge, wording, style });
        const { label, alt } = wording;
        const url = (mode = style.mode) => badgeImageUrl(publicUrl, row.slug, badge, style, mode);
        return {
          kind: badge.kind,
          label,
          ...(badge.place !== undefined && { place: badge.place }),
          ...(badge.week !== undefined && { week: badge.week }),
          image_url: url(),
          light_url: url('light'),
          dark_url: url('dark'),
          width,
          height,
          html: embedHtml(pageUrl, url(), alt, width, height),
          markdown: embedMarkdown(pageUrl, url(), alt),
        };
      }),
    };
  }

  return {
    /** Every badge the listing may show, with embed code for the requested style. */
    async list(slug: string, style: BadgeStyle): Promise<BadgeList> {
      return lists ? lists.through(`${slug}:${style.shape}:${style.mode}:${style.size}`, () => listOf(slug, style)) : listOf(slug, style);
    },

    /** One badge image; 404 when the listing is not public or has not earned the badge. */
    async image(slug: string, kind: BadgeKind, week: IsoDate | undefined, style: BadgeStyle): Promise<string> {
      const { row, earned } = await subject(slug, { awaitingBadge: true });
      const badge = badgeForImage(earned, kind, week);
      if (!badge) {
        const what = kind === 'launch_of_the_week' ? `a Launch of the Week award for the week of ${week}` : `the "${kind}" badge`;
        throw notFound('badge_not_found', `Listing "${slug}" does not have ${what}.`);
      }
      return render(row, badge, style).svg;
    },
  };
}
export type Badges = ReturnType<typeof createBadges>;
