import { z } from 'zod';
import { CalendarDate, Faq, Socials, Timestamp } from './common.ts';

export const ListingStatus = z.enum(['draft', 'awaiting_badge', 'scheduled', 'live', 'archived']);

export const CategoryRef = z
  .object({ slug: z.string(), name: z.string(), primary: z.boolean() })
  .meta({ id: 'CategoryRef' });

/** What a search returns per listing: enough to render a card. */
export const ListingSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string().describe("The product's own website."),
    tagline: z.string().nullable(),
    logo_url: z.string().nullable(),
    status: z.enum(['live', 'scheduled']),
    plan: z.enum(['free', 'paid']),
    launch_week: CalendarDate.nullable().describe('Monday of the launch week in the site timezone.'),
    primary_category: CategoryRef.nullable(),
    pricing_model: z.string().nullable(),
    country: z.string().nullable(),
    stage: z.string().nullable(),
    votes: z.number().int().describe('Community votes from people on the site.'),
    counted_votes: z
      .number()
      .min(0)
      .describe('Votes as counted for ranking: the sum of the votes\' weights, each from 0 to 1 by the published formula (/about/ranking), to one decimal. Boards rank by it; `votes` stays the number of people (extension beyond the spec).'),
    views: z.number().int(),
    follows: z.number().int(),
    comments: z.number().int().min(0).describe('Visible comments in the listing\'s discussion (extension beyond the spec; list_comments reads them).'),
    published_at: Timestamp.nullable(),
    links: z.object({ page: z.string(), api: z.string() }),
  })
  .meta({ id: 'ListingSummary' });

export const FounderRef = z
  .object({
    slug: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    avatar_url: z.string().nullable(),
    primary: z.boolean(),
  })
  .meta({ id: 'FounderRef' });

export const ListingUpdate = z
  .object({ id: z.number().int(), title: z.string(), body: z.string(), created_at: Timestamp })
  .meta({ id: 'ListingUpdate' });

export const Milestone = z
  .object({
    id: z.number().int(),
    date: CalendarDate,
    title: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
  })
  .meta({ id: 'Milestone' });

export const Story = z
  .object({
    title: z.string().nullable(),
    story: z.string().nullable(),
    why_started: z.string().nullable(),
    problem: z.string().nullable(),
    journey: z.string().nullable(),
    challenges: z.string().nullable(),
    achievements: z.string().nullable(),
    lessons: z.string().nullable(),
    whats_next: z.string().nullable(),
  })
  .meta({ id: 'Story' });

export const MediaItem = z
  .object({
    kind: z.enum(['image', 'video']),
    url: z.string().describe("An image: the site's copy (its largest JPEG; smaller sizes, WebP and AVIF beside it). A video: its YouTube, Vimeo or Loom page."),
    caption: z.string().nullable(),
    alt: z.string().nullable().optional().describe('(Extension beyond the interface spec.) An image\'s text alternative; null for a video.'),
    width: z.number().int().nullable().optional().describe('(Extension beyond the interface spec.) An image\'s width in pixels; null for a video.'),
    height: z.number().int().nullable().optional().describe('(Extension beyond the interface spec.) An image\'s height in pixels; null for a video.'),
  })
  .meta({ id: 'MediaItem' });

export const DomainRating = z
  .object({
    value: z.number().int().min(0).max(100),
    trend: z.enum(['up', 'down', 'flat', 'new']).describe('Direction since the previous measurement.'),
    change: z.number().int().describe('Points gained (or lost) since the previous measurement; 0 when new.'),
    measured_at: Timestamp,
    source: z.string(),
  })
  .meta({ id: 'DomainRating' });

export const AttributeValue = z
  .object({ key: z.string(), label: z.string(), value: z.string() })
  .meta({ id: 'AttributeValue' });

/** The full public profile (spec 2.2). Paid-only sections are present only when unlocked. */
export const ListingProfile = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    domain: z.string(),
    status: z.enum(['live', 'scheduled']),
    plan: z.enum(['free', 'paid']),
    launch_week: CalendarDate.nullable(),
    published_at: Timestamp.nullable(),
    tagline: z.string().nullable(),
    short_description: z.string().nullable(),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    demo_video_url: z.string().nullable(),
    stage: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    founded_year: z.number().int().nullable(),
    contact_email: z.string().nullable(),
    pricing: z.object({ model: z.string().nullable(), summary: z.string().nullable() }),
    features: z.array(z.string()),
    usps: z.array(z.string()),
    keywords: z.array(z.string()),
    tags: z.array(z.string()),
    categories: z.array(CategoryRef).describe('The primary category first.'),
    attributes: z.array(AttributeValue).describe('Category facts this listing states.'),
    founders: z.array(FounderRef).describe('The primary founder first.'),
    faqs: z.array(Faq),
    socials: Socials,
    latest_updates: z.array(ListingUpdate).describe('The five most recent updates, newest first.'),
    community_rating: z
      .object({
        average: z.number().nullable().describe('Mean of genuine reviews, 1 to 5, one decimal; null with none.'),
        count: z.number().int(),
      })
      .describe('From genuine reviews only: published, and not by the owner or a founder.'),
    domain_rating: DomainRating.nullable(),
    revenue: z
      .object({ mrr_cents: z.number().int(), verified: z.boolean() })
      .nullable()
      .describe('Monthly recurring revenue in USD cents, when the company shares it.'),
    votes: z.number().int(),
    counted_votes: z.number().min(0).describe('Votes as counted for ranking (the sum of their published weights, /about/ranking), to one decimal (extension beyond the spec).'),
    views: z.number().int(),
    follows: z.number().int(),
    comments: z.number().int().min(0).describe('Visible comments in the listing\'s discussion (extension beyond the spec; list_comments reads them).'),
    unlocked_sections: z.array(z.enum(['story', 'milestones', 'media'])),
    story: Story.optional().describe('Paid-only section: present only when unlocked.'),
    milestones: z.array(Milestone).optional().describe('Paid-only section: present only when unlocked.'),
    media: z.array(MediaItem).optional().describe('Paid-only section: present only when unlocked.'),
    not_found_on_website: z
      .array(z.string())
      .describe("Facts the company's own website did not state, left blank on purpose."),
    links: z.object({
      page: z.string(),
      api: z.string(),
      alternatives: z.string(),
      badges: z.string(),
    }),
  })
  .meta({ id: 'ListingProfile' });
