import type { PageSnapshot } from '../crawler/types.ts';

/**
 * Extractors propose profile values from crawled pages; the verifier (verify.ts) decides what is
 * kept. An extractor is never trusted: every proposal must carry quotes that the verifier finds
 * verbatim in the stored text of the page it cites.
 */

/** The 18 draft profile fields of spec section 2.4, in the spec's order. */
export const DRAFT_FIELDS = [
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'categories',
  'tags',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'features',
  'usps',
  'keywords',
  'contact_email',
  'demo_video_url',
  'logo_url',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

/** Fields whose value is a list of strings; the others are one string. */
export const LIST_FIELDS = ['categories', 'tags', 'features', 'usps', 'keywords'] as const satisfies readonly DraftField[];

export type FieldValue = string | string[];

/** A verbatim passage of a crawled page. `url` is the page's finalUrl. */
export interface Evidence {
  url: string;
  quote: string;
}

export interface FieldProposal {
  field: DraftField;
  value: FieldValue;
  evidence: Evidence[];
}

export interface FaqProposal {
  question: string;
  answer: string;
  evidence: Evidence[];
}

export interface FounderProposal {
  name: string;
  title: string | null;
  bio: string | null;
  evidence: Evidence[];
}

/** Everything an extractor proposes for one site. */
export interface Extraction {
  fields: FieldProposal[];
  faqs: FaqProposal[];
  founders: FounderProposal[];
  /** platform key (SOCIAL_KEYS of contract/socials.ts) → link found on the site. */
  socials: Record<string, string>;
}

export interface ExtractionInput {
  pages: PageSnapshot[];
  /** Category names the service knows (spec: categories are names from the category list). */
  categoryNames: string[];
  /** Other words each category is known by (name → keywords, several languages), for matching a site's words. */
  categoryKeywords?: CategoryKeywords;
  /** Only these fields (regenerate); all when absent. */
  only?: DraftField[];
}

export interface Extractor {
  readonly name: 'builtin' | 'llm';
  extract(input: ExtractionInput, opts?: { signal?: AbortSignal }): Promise<Extraction>;
}

/** Category name → the words it is also known by (the category tree's keywords). */
export type CategoryKeywords = Readonly<Record<string, readonly string[]>>;

/** The verifier's verdict for one field. */
export type FieldVerdict =
  | { field: DraftField; state: 'ai'; value: FieldValue; evidence: Evidence[] }
  | { field: DraftField; state: 'not_found'; value: null; evidence: []; rejected?: string };

export interface VerifiedDraft {
  fields: Record<DraftField, FieldVerdict>;
  faqs: Array<{ question: string; answer: string; evidence: Evidence[] }>;
  founders: Array<{ name: string; title: string | null; bio: string | null; evidence: Evidence[] }>;
  socials: Record<string, string>;
  /** The fields the site did not state (state not_found), for not_found_on_website. */
  notFound: DraftField[];
}

/** platform keys: see SOCIAL_KEYS in contract/socials.ts (the spec's twelve platforms, website, custom). */
export type { SocialKey } from '../contract/socials.ts';
