import type { PageSnapshot } from '../crawler/types.ts';
import {
  DRAFT_FIELDS,
  LIST_FIELDS,
  type CategoryKeywords,
  type DraftField,
  type Evidence,
  type Extraction,
  type FieldProposal,
  type FieldValue,
  type FieldVerdict,
  type VerifiedDraft,
} from './types.ts';
import { asEvidence, createEvidenceBase, type CitedQuote, type EvidenceBase } from './evidence-base.ts';
import { canonicalCategory, quotesUseCategory } from './guards/categories.ts';
import { checkCountry } from './guards/country.ts';
import { checkCity } from './guards/city.ts';
import { checkFoundedYear } from './guards/founded-year.ts';
import { foundedStatement } from './guards/founders.ts';
import { checkPageUrl, verifySocials } from './guards/links.ts';
import { supportsLong, supportsShort } from './guards/text-support.ts';
import { cut, LIMITS } from './limits.ts';
import { canonicalPricingModel, PRICING_MODELS, statesPricingModel } from './pricing-models.ts';
import { matchKey, normalizeForMatch } from './quote-match.ts';

/**
 * The single gate between any extractor and a draft. A proposal survives only if every quote it
 * carries is found in the stored text of the page it cites, and its value passes its field's
 * guard; otherwise the field is left blank (not_found) with the reason. Proposals for the same
 * field are candidates in order of preference: the first that passes is kept (so the pipeline
 * can offer the LLM's value first and the built-in one second).
 */
export function verifyExtraction(extraction: Extraction, pages: PageSnapshot[], opts: { categoryNames?: string[]; categoryKeywords?: CategoryKeywords } = {}): VerifiedDraft {
  const base = createEvidenceBase(pages);
  const proposals = Array.isArray(extraction?.fields) ? extraction.fields : [];
  const fields = {} as Record<DraftField, FieldVerdict>;
  const people = (Array.isArray(extraction?.founders) ? extraction.founders : []).map((f) => (typeof f?.name === 'string' ? f.name : '')).filter(Boolean);
  // The name is verified first (DRAFT_FIELDS order), so the city's check knows it.
  const ctx: FieldContext = { categoryNames: opts.categoryNames ?? [], categoryKeywords: opts.categoryKeywords ?? {}, people, ownNames: () => ownNames(pages, fields.name?.value ?? null) };

  for (const field of DRAFT_FIELDS) {
    let rejected: string | undefined;
    let verdict: FieldVerdict | undefined;
    for (const p of proposals) {
      if (p?.field !== field) continue;
      const outcome = verifyField(p, base, ctx);
      if (outcome.ok) {
        verdict = { field, state: 'ai', value: outcome.value, evidence: outcome.evidence };
        break;
      }
      rejected ??= outcome.reason;
    }
    fields[field] = verdict ?? { field, state: 'not_found', value: null, evidence: [], ...(rejected ? { rejected } : {}) };
  }

  return {
    fields,
    faqs: verifyFaqs(extraction?.faqs, base),
    founders: verifyFounders(extraction?.founders, base, ownNames(pages, fields.name.value)),
    socials: verifySocials(extraction?.socials ?? {}, pages),
    notFound: DRAFT_FIELDS.filter((f) => fields[f].state === 'not_found'),
  };
}

interface FieldContext {
  categoryNames: readonly string[];
  categoryKeywords: CategoryKeywords;
  /** The site's own names (host labels, the verified product name). */
  ownNames: () => string[];
  /** Names of people the extraction proposes (founders). */
  people: readonly string[];
}

type Outcome = { ok: true; value: FieldValue; evidence: Evidence[] } | { ok: false; reason: string };

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.[a-z]{2,63}$/i;
const NOT_A_MAIL_DOMAIN = /\.(?:png|jpe?g|gif|svg|webp|avif|css|js)$/i;

function verifyField(p: FieldProposal, base: EvidenceBase, ctx: FieldContext): Outcome {
  const checked = base.check(p.evidence, { linkQuotes: p.field === 'logo_url' || p.field === 'demo_video_url', mailtoQuotes: p.field === 'contact_email' });
  if (!checked.ok) return checked;
  const quotes = checked.quotes;
  const evidence = asEvidence(quotes);
  if ((LIST_FIELDS as readonly string[]).includes(p.field)) return verifyList(p, quotes, evidence, ctx);

  if (typeof p.value !== 'string' || p.value.trim() === '') return { ok: false, reason: `${p.field} must be one non-empty text` };
  const r = STATED[p.field as ScalarField](p.value.trim(), quotes, ctx);
  return r.ok ? { ok: true, value: cut(r.value, p.field === 'description' ? LIMITS.description : LIMITS.string), evidence } : r;
}

type ScalarField = Exclude<DraftField, (typeof LIST_FIELDS)[number]>;
type Stated = { ok: true; value: string } | { ok: false; reason: string };

const shortValue = (field: string) => (value: string, quotes: readonly CitedQuote[]): Stated =>
  supportsShort(value, quotes) ? { ok: true, value } : { ok: false, reason: `no quote contains the ${field} "${value}"` };
const longValue = (field: string) => (value: string, quotes: readonly CitedQuote[]): Stated =>
  supportsLong(value, quotes) ? { ok: true, value } : { ok: false, reason: `${field} is not built from its quotes` };

/**
 * How the value of each field must stand in its own quotes: the one place where evidence is
 * accepted, whoever proposed it. Every field has its rule (the compiler checks the table is
 * whole); list fields are checked item by item in verifyList.
 */
const STATED: Record<ScalarField, (value: string, quotes: readonly CitedQuote[], ctx: FieldContext) => Stated> = {
  name: shortValue('name'),
  tagline: longValue('tagline'),
  short_description: longValue('short_description'),
  description: longValue('description'),
  stage: shortValue('stage'),
  pricing_summary: longValue('pricing_summary'),
  pricing_model: (value, quotes) => {
    const model = canonicalPricingModel(value);
    if (!model) return { ok: false, reason: `pricing_model must be one of ${PRICING_MODELS.join(', ')}` };
    return statesPricingModel(quotes.map((q) => q.quote).join('\n'), model) ? { ok: true, value: model } : { ok: false, reason: `no quote states a ${model} pricing model` };
  },
  country: (value, quotes) => checkCountry(value, quotes),
  city: (value, quotes, ctx) => {
    const stated = shortValue('city')(value, quotes);
    if (!stated.ok) return stated;
    const r = checkCity(value, quotes, { ownNames: ctx.ownNames(), people: ctx.people });
    return r.ok ? stated : r;
  },
  founded_year: (value, quotes) => checkFoundedYear(value, quotes),
  contact_email: (value, quotes) => {
    if (!EMAIL.test(value) || NOT_A_MAIL_DOMAIN.test(value) || value.length > LIMITS.string) return { ok: false, reason: 'contact_email is not an e-mail address' };
    return supportsShort(value, quotes) ? { ok: true, value } : { ok: false, reason: 'no quote contains the e-mail address' };
  },
  logo_url: (value, quotes) => checkPageUrl('logo_url', value, quotes),
  demo_video_url: (value, quotes) => checkPageUrl('demo_video_url', value, quotes),
};

/**
 * List fields carry one set of quotes for all items: each item is kept only if it appears in a
 * quote (categories: if it is a category name whose words the quotes use). The field is blank
 * when no item survives.
 */
function verifyList(p: FieldProposal, quotes: CitedQuote[], evidence: Evidence[], ctx: FieldContext): Outcome {
  const raw = typeof p.value === 'string' ? [p.value] : Array.isArray(p.value) ? p.value : [];
  const items: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    if (typeof item !== 'string' || item.trim() === '') continue;
    let value: string | null = item.trim();
    if (p.field === 'categories') {
      value = canonicalCategory(value, ctx.categoryNames);
      if (!value || !quotesUseCategory(value, quotes, ctx.categoryKeywords[value] ?? [])) continue;
    } else if (!supportsLong(value, quotes)) {
      continue;
    }
    value = cut(value, LIMITS.listItem);
    const key = normalizeForMatch(value);
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(value);
    if (items.length === LIMITS.listItems) break;
  }
  if (items.length === 0) {
    const why = p.field === 'categories' ? 'no proposed category is a known category name the quotes use' : `no item of ${p.field} appears in its quotes`;
    return { ok: false, reason: why };
  }
  return { ok: true, value: items, evidence };
}

function verifyFaqs(faqs: Extraction['faqs'] | undefined, base: EvidenceBase): VerifiedDraft['faqs'] {
  const out: VerifiedDraft['faqs'] = [];
  const seen = new Set<string>();
  for (const f of Array.isArray(faqs) ? faqs : []) {
    if (out.length === LIMITS.faqs) break;
    if (typeof f?.question !== 'string' || typeof f.answer !== 'string' || !f.question.trim() || !f.answer.trim()) continue;
    const checked = base.check(f.evidence);
    if (!checked.ok || !supportsLong(f.question, checked.quotes) || !supportsLong(f.answer, checked.quotes)) continue;
    const question = cut(f.question, LIMITS.faqQuestion);
    const key = normalizeForMatch(question);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ question, answer: cut(f.answer, LIMITS.faqAnswer), evidence: asEvidence(checked.quotes) });
  }
  return out;
}

function verifyFounders(founders: Extraction['founders'] | undefined, base: EvidenceBase, own: string[]): VerifiedDraft['founders'] {
  const out: VerifiedDraft['founders'] = [];
  const seen = new Set<string>();
  for (const f of Array.isArray(founders) ? founders : []) {
    if (out.length === LIMITS.founders) break;
    if (typeof f?.name !== 'string') continue;
    const name = f.name.trim();
    if (!name || name.length > LIMITS.founderName || seen.has(normalizeForMatch(name))) continue;
    const checked = base.check(f.evidence);
    if (!checked.ok || foundedStatement(name, checked.quotes, own) !== null) continue;
    seen.add(normalizeForMatch(name));
    const title = typeof f.title === 'string' && f.title.trim() && supportsShort(f.title, checked.quotes) ? cut(f.title, LIMITS.founderTitle) : null;
    const bio = typeof f.bio === 'string' && f.bio.trim() && supportsLong(f.bio, checked.quotes) ? cut(f.bio, LIMITS.founderBio) : null;
    out.push({ name, title, bio, evidence: asEvidence(checked.quotes) });
  }
  return out;
}

/** The site's own names (host labels, the verified product name), to tell "CEO of Acme" from "CEO of Foo". */
function ownNames(pages: readonly PageSnapshot[], name: FieldValue | null): string[] {
  const names = new Set<string>();
  for (const page of pages) {
    try {
      const labels = new URL(page.finalUrl).hostname.split('.').filter((l) => l !== 'www');
      for (const label of labels.slice(0, -1)) if (label.length >= 3) names.add(matchKey(label));
    } catch {
      // a page without a parseable URL cannot be cited anyway
    }
  }
  if (typeof name === 'string' && matchKey(name).length >= 2) names.add(matchKey(name));
  // "Famula, kotiapua ikäihmisille": a name drafted with its tagline after a comma is also the name alone.
  if (typeof name === 'string' && name.includes(',') && matchKey(name.split(',')[0]).length >= 3) names.add(matchKey(name.split(',')[0]));
  return [...names];
}
