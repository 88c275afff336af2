import { DRAFT_FIELDS, type DraftField } from '../../extraction/types.ts';
import type { FieldRecord } from './field-states.ts';

/**
 * What a complete profile has: the 18 profile fields, at least one FAQ, at least one founder and
 * at least one company link. Story, milestones and SEO text are optional extras (story and
 * milestones show on paid listings only) and do not count.
 */
export const COMPLETENESS_ITEMS = [...DRAFT_FIELDS, 'faqs', 'founders', 'company_socials'] as const;

export interface CompletenessInput {
  fields: Partial<Record<string, FieldRecord>>;
  faqs: unknown[];
  founders: unknown[];
  company_socials: Record<string, string>;
}

const hasValue = (f: FieldRecord | undefined) => f !== undefined && f.value !== null && (!Array.isArray(f.value) || f.value.length > 0);

/** completeness: the share of COMPLETENESS_ITEMS present, 0–100; missing: the others, in order. */
export function completeness(d: CompletenessInput): { completeness: number; missing: string[] } {
  const missing: string[] = [];
  for (const f of DRAFT_FIELDS) if (!hasValue(d.fields[f])) missing.push(f);
  if (d.faqs.length === 0) missing.push('faqs');
  if (d.founders.length === 0) missing.push('founders');
  if (Object.keys(d.company_socials).length === 0) missing.push('company_socials');
  const present = COMPLETENESS_ITEMS.length - missing.length;
  return { completeness: Math.floor((100 * present) / COMPLETENESS_ITEMS.length), missing };
}

/** Fields the AI looked for and the site did not state, still blank: left blank on purpose. */
export function notFoundOnWebsite(fields: Partial<Record<string, FieldRecord>>): DraftField[] {
  return DRAFT_FIELDS.filter((f) => fields[f]?.state === 'not_found' && fields[f]?.ai !== null && fields[f]?.ai !== undefined);
}
