import { z } from 'zod';
import { CalendarDate, Socials, Timestamp } from './common.ts';
import { SocialsInput } from './socials.ts';
import { DRAFT_FIELDS, LIST_FIELDS } from '../extraction/types.ts';
import { FIELD_STATES } from '../domain/drafts/field-states.ts';

// ---------------------------------------------------------------------------------------------
// Output: the draft as clients read it (spec 2.4; the field names are ours, see docs/decisions.md).

export const DRAFT_STATUSES = ['crawling', 'drafting', 'ready', 'failed', 'submitted'] as const;
export const DRAFT_STAGES = ['queued', 'robots', 'fetching', 'drafting', 'verifying', 'done', 'failed'] as const;
export const STORY_SECTIONS = ['title', 'story', 'why_started', 'problem', 'journey', 'challenges', 'achievements', 'lessons', 'whats_next'] as const;

export const DraftEvidence = z
  .object({ url: z.string().describe('The crawled page (after redirects).'), quote: z.string().describe('Verbatim text of that page.') })
  .meta({ id: 'DraftEvidence' });

const FieldValue = z.union([z.string(), z.array(z.string())]).nullable();

export const DraftField = z
  .object({
    value: FieldValue,
    state: z.enum(FIELD_STATES),
    evidence: z.array(DraftEvidence),
    ai_value: FieldValue.optional().describe("The AI's value, when it had one and the field now shows another (what restore puts back)."),
  })
  .meta({ id: 'DraftField' });

export const DraftProgress = z
  .object({
    stage: z.enum(DRAFT_STAGES),
    pages_fetched: z.number().int().min(0),
    pages_planned: z.number().int().min(0),
    pages: z
      .array(z.object({ url: z.string().describe('The page as read (after redirects).'), title: z.string() }))
      .describe('The pages of the site read so far, in order; it grows while the crawl runs.'),
    fields_drafted: z.number().int().min(0),
    fields_total: z.number().int(),
    percent: z.number().int().min(0).max(100),
    skipped: z
      .array(z.object({ url: z.string(), reason: z.string() }))
      .describe('Pages left out of the draft and why, e.g. "took too long" (a page over its processing budget) or the reason it could not be fetched.'),
  })
  .meta({ id: 'DraftProgress' });

export const DraftFaq = z
  .object({ question: z.string(), answer: z.string(), evidence: z.array(DraftEvidence) })
  .meta({ id: 'DraftFaq' });

export const DraftFounder = z
  .object({ name: z.string(), title: z.string().nullable(), bio: z.string().nullable(), evidence: z.array(DraftEvidence) })
  .meta({ id: 'DraftFounder' });

export const DraftMilestone = z
  .object({ id: z.number().int().min(1), date: CalendarDate, title: z.string(), description: z.string().nullable(), url: z.string().nullable() })
  .meta({ id: 'DraftMilestone' });

export const DraftStory = z
  .object(Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().nullable()])) as Record<(typeof STORY_SECTIONS)[number], z.ZodNullable<z.ZodString>>)
  .meta({ id: 'DraftStory' });

export const DraftCompetitor = z
  .object({
    url: z.string(),
    status: z.enum(['pending', 'ready', 'failed']),
    reason: z.string().nullable().describe('Why the competitor page could not be read (status failed).'),
    comparison: z
      .object({
        competitor: z.object({
          url: z.string().describe('The page read (after redirects).'),
          name: z.string().nullable(),
          tagline: z.string().nullable(),
          pricing_model: z.string().nullable(),
          features: z.array(z.string()),
        }),
        rows: z.array(z.object({ field: z.string(), ours: FieldValue, theirs: FieldValue })),
        shared_terms: z.array(z.string()).describe('Words both products stress.'),
        only_ours: z.array(z.string()),
        only_theirs: z.array(z.string()),
        compared_at: Timestamp,
      })
      .nullable(),
  })
  .meta({ id: 'DraftCompetitor' });

export const DraftLogoCopy = z
  .object({
    source_url: z.string().describe('Where the picture is downloaded from: the logo_url value, or the site\'s og:image when no logo was found.'),
    from: z.enum(['logo_url', 'og_image']),
    status: z.enum(['pending', 'kept', 'refused']),
    url: z.string().nullable().describe("The site's copy (its 256 px PNG; 64 and 128 px, WebP and AVIF beside it) while status is kept."),
    reason: z.string().nullable().describe('Why it could not be kept (status refused).'),
  })
  .meta({ id: 'DraftLogoCopy' });

export const Draft = z
  .object({
    id: z.uuid(),
    status: z.enum(DRAFT_STATUSES),
    url: z.string(),
    progress: DraftProgress,
    failure: z.object({ code: z.string(), reason: z.string() }).nullable(),
    fields: z.object(Object.fromEntries(DRAFT_FIELDS.map((f) => [f, DraftField])) as Record<(typeof DRAFT_FIELDS)[number], typeof DraftField>),
    faqs: z.array(DraftFaq),
    founders: z.array(DraftFounder).describe('The first is the primary founder.'),
    company_socials: Socials,
    founder_socials: Socials.describe("The primary founder's links."),
    story: DraftStory.nullable(),
    milestones: z.array(DraftMilestone),
    seo: z.object({ title: z.string().nullable(), meta: z.string().nullable() }).nullable(),
    competitor: DraftCompetitor.nullable(),
    logo_copy: DraftLogoCopy.nullable().describe(
      "(Extension beyond the interface spec.) The copy this site keeps of the drafted logo: no page loads another site's image. fields.logo_url keeps the address on the site; the listing takes the copy while source_url is that address.",
    ),
    not_found_on_website: z.array(z.string()).describe('Fields the site did not state, left blank on purpose.'),
    completeness: z.number().int().min(0).max(100),
    missing: z.array(z.string()).describe('What is still missing, by field or section name.'),
    listing_id: z.number().int().min(1).nullable(),
    created_at: Timestamp,
    submitted_at: Timestamp.nullable(),
    updated_at: Timestamp,
  })
  .meta({ id: 'Draft' });

export const DraftListEntry = z
  .object({
    id: z.uuid(),
    status: z.enum(DRAFT_STATUSES),
    url: z.string(),
    name: z.string().nullable(),
    completeness: z.number().int().min(0).max(100),
    listing_id: z.number().int().min(1).nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'DraftListEntry' });

export const SubmittedDraft = z
  .object({ listing_id: z.number().int().min(1), draft: Draft })
  .meta({ id: 'SubmittedDraft' });

// ---------------------------------------------------------------------------------------------
// Input: the limits of spec 2.4, 2.5 and 4.2, exactly. Strings are trimmed; an empty string or
// list counts as null (removes the field).

const isWebUrl = (v: string, protocols: string[]) => {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return protocols.includes(u.protocol) && u.hostname !== '' && u.username === '' && u.password === '';
};

/** The product's public website (submit_listing, competitor_url). */
export const WebsiteUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isWebUrl(v, ['http:', 'https:']), 'must be an absolute http(s) URL without credentials');

const text = (max: number) => z.string().max(max).nullable();
const list = z.array(z.string().max(200)).max(20).nullable();

export const DraftFieldName = z.enum(DRAFT_FIELDS);

export const DraftFieldsInput = z.strictObject(
  Object.fromEntries(
    DRAFT_FIELDS.map((f) => [f, ((LIST_FIELDS as readonly string[]).includes(f) ? list : text(f === 'description' ? 20000 : 500)).optional()]),
  ) as Record<(typeof DRAFT_FIELDS)[number], z.ZodOptional<z.ZodNullable<z.ZodString> | typeof list>>,
);

const realDate = CalendarDate.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'must be a real date YYYY-MM-DD');

export const FaqInput = z.strictObject({ question: z.string().trim().min(1).max(300), answer: z.string().trim().min(1).max(1500) });

export const FounderInput = z.strictObject({
  name: z.string().trim().min(1).max(160),
  title: z.string().trim().max(160).nullable().optional(),
  bio: z.string().trim().max(3000).nullable().optional(),
});

export const MilestoneInput = z.strictObject({
  id: z.number().int().min(1).optional().describe('Send back the id you read to keep a milestone; new ones get an id.'),
  date: realDate,
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => isWebUrl(v, ['https:']), 'must be an https link')
    .nullable()
    .optional(),
});

export const StoryInput = z.strictObject(
  Object.fromEntries(STORY_SECTIONS.map((k) => [k, z.string().max(8000).nullable().optional()])) as Record<
    (typeof STORY_SECTIONS)[number],
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);

export const SeoInput = z.strictObject({ title: z.string().max(70).nullable().optional(), meta: z.string().max(170).nullable().optional() });

/** Body of PATCH /drafts/{id} (spec 4.2): every key optional, nothing else allowed. */
export const DraftPatchBody = {
  fields: DraftFieldsInput.optional().describe('Profile field values; null removes a field.'),
  lock_fields: z.array(DraftFieldName).max(20).optional().describe('Lock these fields (state override): regenerate and re-drafts leave them alone.'),
  regenerate: z.array(DraftFieldName).max(5).optional().describe('The AI redrafts these fields from the stored site evidence (a few seconds).'),
  restore: z.array(DraftFieldName).max(20).optional().describe("Put back the AI's original value."),
  faqs: z.array(FaqInput).max(10).optional().describe('Replaces all FAQs.'),
  company_socials: SocialsInput.optional(),
  founder_socials: SocialsInput.optional().describe("The primary founder's links."),
  founders: z.array(FounderInput).max(6).optional().describe('Replaces the list; the first is primary.'),
  story: StoryInput.nullable().optional(),
  milestones: z.array(MilestoneInput).max(50).optional().describe('Replaces all milestones.'),
  competitor_url: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || isWebUrl(v, ['http:', 'https:']), 'must be an absolute http(s) URL, or empty to clear')
    .optional()
    .describe('A competitor to read and compare (through the same crawler); empty clears it.'),
  seo: SeoInput.nullable().optional(),
};
const DraftPatchObject = z.strictObject(DraftPatchBody);
export type DraftPatch = z.output<typeof DraftPatchObject>;
