import { z } from 'zod';
import { CalendarDate, Timestamp } from './common.ts';
import { ListingProfile, ListingStatus, ListingUpdate, MediaItem, Milestone, Story } from './listing.ts';
import { SOCIAL_KEYS } from './socials.ts';
import { isValidDate } from '../domain/launches/weeks.ts';

/** Path ids arrive as text over REST and as numbers over MCP; only plain digits are read as a number. */
export const IdParam = (what: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
    .describe(what);

export const ListingIdParam = IdParam('The id of one of your listings (integer, at least 1).');

const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;

export const BadgeCheck = z
  .object({
    outcome: z
      .enum(['verified', 'absent', 'unverifiable'])
      .describe('verified: the badge links to this listing; absent: the page was read and has no such badge; unverifiable: the page could not be read (403, 5xx, timeout, robots.txt…).'),
    checked_at: Timestamp,
    detail: z.string(),
  })
  .meta({ id: 'BadgeCheck' });

export const OwnerBadge = z
  .object({
    listing_url: z.string().describe('The listing page the badge must link to.'),
    image_url: z.string().describe('The badge image to embed (the "listed" badge).'),
    embed_html: z.string().describe('The embed code to place on the homepage: free listings go live once it is found there.'),
    homepage: z.string().describe('The page the badge check reads: the listing\'s website.'),
    last_check: BadgeCheck.nullable(),
  })
  .meta({ id: 'OwnerBadge' });

/**
 * The owner's view of a listing (spec 2.3): status, plan, launch week, unlocked sections and
 * everything public. Paid-only sections are always shown to the owner; `sections_public` says
 * whether visitors see them.
 */
export const OwnerListing = ListingProfile.extend({
  status: ListingStatus,
  public: z.boolean().describe('Whether visitors can see the listing now (live or scheduled).'),
  headline: z.string().nullable(),
  summary: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  story: Story,
  milestones: z.array(Milestone),
  media: z.array(MediaItem),
  sections_public: z
    .object({ story: z.boolean(), milestones: z.boolean(), media: z.boolean() })
    .describe('Per paid-only section: shown to visitors (unlocked, and the listing is public).'),
  badge: OwnerBadge,
  created_at: Timestamp,
  updated_at: Timestamp,
}).meta({ id: 'OwnerListing' });
export type OwnerListing = z.infer<typeof OwnerListing>;

export const OwnerListingSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    tagline: z.string().nullable(),
    logo_url: z.string().nullable(),
    status: ListingStatus,
    plan: z.enum(['free', 'paid']),
    launch_week: CalendarDate.nullable(),
    unlocked_sections: z.array(z.enum(PAID_SECTIONS)),
    created_at: Timestamp,
    updated_at: Timestamp,
    links: z.object({ page: z.string(), api: z.string().describe('get_my_listing for this listing.') }),
  })
  .meta({ id: 'OwnerListingSummary' });

export const PostedUpdate = ListingUpdate.extend({
  listing_id: z.number().int(),
  followers_notified: z.boolean().describe('Whether followers are being told by email (only for a public listing).'),
}).meta({ id: 'PostedUpdate' });

export const DeletedMilestone = z
  .object({ listing_id: z.number().int(), milestone_id: z.number().int(), deleted: z.literal(true) })
  .meta({ id: 'DeletedMilestone' });

export const InterviewAnswers = z
  .object({
    answers: z.array(
      z.object({ question_id: z.number().int(), question: z.string(), answer: z.string(), updated_at: Timestamp }),
    ).describe('All of your answers, in the order of the questions.'),
  })
  .meta({ id: 'InterviewAnswers' });

// ---- Inputs (spec 2.5 and 4.3 limits) ----

const text = (max: number) => z.string().max(max);
/** An optional text field of an edit: null (or an empty string) clears it. */
const clearable = (max: number) => text(max).nullable().optional();
const httpUrl = (max: number) => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(max);
const stringList = z.array(text(200)).max(20);

/** PATCH /me/listings/{id} fields (spec 4.3). Only what is sent changes. */
export const ListingEditFields = z.strictObject({
  tagline: clearable(200),
  short_description: clearable(300),
  description: clearable(20000),
  pricing_model: clearable(40),
  pricing_summary: clearable(300),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be two letters (ISO 3166-1 alpha-2)')
    .transform((v) => v.toUpperCase())
    .nullable()
    .optional()
    .describe('ISO 3166-1 alpha-2, e.g. DE; null clears it.'),
  city: clearable(120),
  founded_year: z.number().int().min(1800).max(2100).nullable().optional(),
  demo_video_url: httpUrl(500).nullable().optional().describe('An http(s) link; null clears it.'),
  contact_email: z.email().max(254).nullable().optional().describe('null clears it.'),
  features: stringList.optional(),
  usps: stringList.optional(),
  keywords: stringList.optional(),
  headline: clearable(200),
  summary: clearable(20000),
  seo_title: clearable(200),
  seo_description: clearable(320),
});
export type ListingEditFields = z.output<typeof ListingEditFields>;

export const FaqInput = z.strictObject({
  question: z.string().trim().min(1).max(300),
  answer: z.string().trim().min(1).max(1500),
});

/** Socials on writes: known keys only, each an http(s) link of at most 500 characters. */
export const OwnerSocialsInput = z.partialRecord(z.enum(SOCIAL_KEYS), httpUrl(500));

export const MilestoneInput = {
  date: z
    .string()
    .refine(isValidDate, 'must be a real calendar date YYYY-MM-DD')
    .describe('YYYY-MM-DD'),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  url: z.url({ protocol: /^https$/, message: 'must be an https URL' }).max(500).nullable().optional(),
};

export const STORY_SECTIONS = ['story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;

export const StoryInput = {
  title: z.string().max(200).nullable().optional(),
  ...(Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().max(8000).nullable().optional()])) as Record<
    (typeof STORY_SECTIONS)[number],
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >),
};

export const InterviewAnswerInput = z.strictObject({
  question_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  answer: z.string().max(4000).describe('Your answer; an empty answer removes it.'),
});
