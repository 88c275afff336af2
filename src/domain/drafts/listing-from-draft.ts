import type { DraftRecord } from '../../store/drafts-store.ts';
import type { FieldValue } from '../../extraction/types.ts';
import { normaliseDomain } from '../listings/directory.ts';
import { notFoundOnWebsite } from './completeness.ts';
import { keptCopy } from './kept-copy.ts';

/** The listing columns a draft writes (submit_draft, and update_draft once submitted). */
export interface ListingColumns {
  name: string;
  url: string;
  domain: string;
  tagline: string | null;
  short_description: string | null;
  description: string | null;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  seo_title: string | null;
  seo_description: string | null;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  faqs: { question: string; answer: string }[];
  socials: Record<string, string>;
  story: Record<string, string> | null;
  not_found_on_website: string[];
}

/**
 * The listing's logo from a draft: the copy the site keeps of the draft's logo (kept-logo.ts),
 * never the address on the product's site; none while there is no such copy.
 */
export interface ListingLogo {
  logo_url: string | null;
  logo_hash: string | null;
}

export interface ListingFromDraft {
  columns: ListingColumns;
  logo: ListingLogo;
  /** Category names in order, the first primary (resolved to ids by the store). */
  categories: string[];
  founders: { name: string; title: string | null; bio: string | null; socials: Record<string, string> }[];
  milestones: { date: string; title: string; description: string | null; url: string | null }[];
}

const one = (v: FieldValue | null | undefined): string | null => (typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null);
const many = (v: FieldValue | null | undefined): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []);

/** A lowercase slug matching ^[a-z0-9][a-z0-9-]{0,219}$ (accents folded); '' when nothing is left. */
export function slugify(text: string, max = 200): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // One '-' per run from here on; '-+$' would be searched for from every '-' of a long run.
    .replace(/^-|-$/g, '')
    .slice(0, max)
    .replace(/-$/, '');
}

let regionCodes: Map<string, string> | undefined;
/** Codes ICU names that are not current ISO 3166-1 countries: retired, reserved or groupings. */
const NOT_COUNTRIES = new Set('AC AN BU CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR'.split(' '));
const knownCodes = new Set<string>();
/** English region names and a few common short forms → ISO 3166-1 alpha-2, built once from ICU. */
function regionIndex(): Map<string, string> {
  if (regionCodes) return regionCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const index = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (!name || name === code || /unknown/i.test(name) || NOT_COUNTRIES.has(code)) continue;
      knownCodes.add(code);
      index.set(name.toLowerCase(), code);
    }
  }
  for (const [alias, code] of Object.entries({ usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', 'united states of america': 'US', uk: 'GB', 'u.k.': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'great britain': 'GB', holland: 'NL', deutschland: 'DE' })) {
    index.set(alias, code);
  }
  return (regionCodes = index);
}

/** ISO alpha-2 from a code or an English country name; null when it names no country. */
export function countryCode(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  const index = regionIndex();
  if (/^[A-Za-z]{2}$/.test(v)) {
    const code = v.toUpperCase();
    return knownCodes.has(code) ? code : (index.get(v.toLowerCase()) ?? null);
  }
  return index.get(v.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** The first plausible year (1800–2100) in the text, e.g. "Founded in 2019" → 2019. */
export function foundedYear(value: string | null): number | null {
  const m = value ? /\b(1[89]\d\d|20\d\d|2100)\b/.exec(value) : null;
  return m ? Number(m[1]) : null;
}

/** A stage as the listings table stores it (^[a-z0-9][a-z0-9-]{0,59}$), e.g. "Public beta" → public-beta. */
export function stageSlug(value: string | null): string | null {
  return value ? slugify(value, 60) || null : null;
}

/** Maps a draft onto the listing it is saved as. Unreadable values become null, never an error. */
export function listingFromDraft(draft: DraftRecord): ListingFromDraft {
  const value = (f: string) => draft.fields[f]?.value ?? null;
  const story = draft.story
    ? Object.fromEntries(Object.entries(draft.story).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''))
    : null;
  return {
    columns: {
      name: one(value('name')) ?? '',
      url: draft.url,
      domain: normaliseDomain(draft.url),
      tagline: one(value('tagline')),
      short_description: one(value('short_description')),
      description: one(value('description')),
      stage: stageSlug(one(value('stage'))),
      pricing_model: one(value('pricing_model')),
      pricing_summary: one(value('pricing_summary')),
      country: countryCode(one(value('country'))),
      city: one(value('city')),
      founded_year: foundedYear(one(value('founded_year'))),
      contact_email: one(value('contact_email')),
      demo_video_url: one(value('demo_video_url')),
      seo_title: draft.seo?.title ?? null,
      seo_description: draft.seo?.meta ?? null,
      features: many(value('features')),
      usps: many(value('usps')),
      keywords: many(value('keywords')),
      tags: many(value('tags')),
      faqs: draft.faqs.map((f) => ({ question: f.question, answer: f.answer })),
      socials: draft.company_socials,
      story: story && Object.keys(story).length ? story : null,
      not_found_on_website: notFoundOnWebsite(draft.fields),
    },
    logo: logoOf(draft),
    categories: many(value('categories')),
    founders: draft.founders.map((f, i) => ({ name: f.name, title: f.title, bio: f.bio, socials: i === 0 ? draft.founder_socials : {} })),
    milestones: draft.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description, url: m.url })),
  };
}

function logoOf(draft: DraftRecord): ListingLogo {
  const kept = keptCopy(draft);
  return { logo_url: kept?.url ?? null, logo_hash: kept?.hash ?? null };
}
