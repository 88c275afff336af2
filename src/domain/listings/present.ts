import type { z } from 'zod';
import type { ListingProfile, ListingSummary } from '../../contract/listing.ts';
import type { ProfileRow } from '../../store/listings-store.ts';
import type { SummaryRow } from '../../store/listing-summary.ts';

export const listingLinks = (publicUrl: string, slug: string) => ({
  page: `${publicUrl}/listings/${slug}`,
  api: `${publicUrl}/api/v1/listings/${slug}`,
});

export function toSummary(row: SummaryRow, publicUrl: string): z.infer<typeof ListingSummary> {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    url: row.url,
    tagline: row.tagline,
    logo_url: row.logo_url,
    status: row.status,
    plan: row.plan,
    launch_week: row.launch_week,
    primary_category: row.category_slug ? { slug: row.category_slug, name: row.category_name!, primary: true } : null,
    pricing_model: row.pricing_model,
    country: row.country,
    stage: row.stage,
    votes: row.votes_count,
    counted_votes: countedVotes(row.vote_points),
    views: Number(row.views_count),
    follows: row.follows_count,
    comments: row.comments_count,
    published_at: row.published_at ? new Date(row.published_at).toISOString() : null,
    links: listingLinks(publicUrl, row.slug),
  };
}

const STORY_KEYS = ['title', 'story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;

export function toStory(raw: Record<string, string> | null) {
  return Object.fromEntries(STORY_KEYS.map((k) => [k, raw?.[k] ?? null])) as Record<(typeof STORY_KEYS)[number], string | null>;
}

/** Trend of a Domain Rating against the measurement before it. */
export function drTrend(value: number, previous: number | null) {
  if (previous === null) return { trend: 'new' as const, change: 0 };
  const change = value - previous;
  return { trend: change > 0 ? ('up' as const) : change < 0 ? ('down' as const) : ('flat' as const), change };
}

/** The public profile. Paid-only sections appear only when the listing has them unlocked. */
export function toProfile(row: ProfileRow, publicUrl: string): z.infer<typeof ListingProfile> {
  const unlocked = new Set(row.unlocked_sections);
  const links = listingLinks(publicUrl, row.slug);
  const founders = row.founders.map((f, i) => ({ ...f, primary: i === 0 }));
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    url: row.url,
    domain: row.domain,
    status: row.status,
    plan: row.plan,
    launch_week: row.launch_week,
    published_at: row.published_at ? new Date(row.published_at).toISOString() : null,
    tagline: row.tagline,
    short_description: row.short_description,
    description: row.description,
    logo_url: row.logo_url,
    demo_video_url: row.demo_video_url,
    stage: row.stage,
    country: row.country,
    city: row.city,
    founded_year: row.founded_year,
    contact_email: row.contact_email,
    pricing: { model: row.pricing_model, summary: row.pricing_summary },
    features: row.features,
    usps: row.usps,
    keywords: row.keywords,
    tags: row.tags,
    categories: row.categories,
    attributes: row.attributes,
    founders,
    faqs: row.faqs,
    socials: row.socials,
    latest_updates: row.updates.map((u) => ({ ...u, created_at: new Date(u.created_at).toISOString() })),
    community_rating: {
      average: row.rating.average === null ? null : Number(row.rating.average),
      count: Number(row.rating.count),
    },
    domain_rating: row.dr
      ? {
          value: row.dr.value,
          ...drTrend(row.dr.value, row.dr.previous),
          measured_at: new Date(row.dr.measured_at).toISOString(),
          source: row.dr.source,
        }
      : null,
    revenue:
      row.revenue_mrr_cents === null
        ? null
        : { mrr_cents: Number(row.revenue_mrr_cents), verified: row.revenue_verified },
    votes: row.votes_count,
    counted_votes: countedVotes(row.vote_points),
    views: Number(row.views_count),
    follows: row.follows_count,
    comments: row.comments_count,
    unlocked_sections: row.unlocked_sections,
    ...(unlocked.has('story') ? { story: toStory(row.story) } : {}),
    ...(unlocked.has('milestones') ? { milestones: row.milestones ?? [] } : {}),
    ...(unlocked.has('media') ? { media: row.media ?? [] } : {}),
    not_found_on_website: row.not_found_on_website,
    links: {
      ...links,
      alternatives: `${links.api}/alternatives`,
      badges: `${links.api}/badges`,
    },
  };
}

/** Counted points (thousandths) as the votes they make, to one decimal. */
export const countedVotes = (points: string | number) => Math.round(Number(points) / 100) / 10;
