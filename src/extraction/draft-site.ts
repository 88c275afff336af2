import type { PageSnapshot } from '../crawler/types.ts';
import { DRAFT_FIELDS, type CategoryKeywords, type DraftField, type FieldVerdict, type VerifiedDraft } from './types.ts';
import { createBuiltinExtractor } from './builtin/index.ts';
import { extractionFromAnswer } from './llm-answer.ts';
import { verifyExtraction } from './verify.ts';

export interface SiteDraftInput {
  pages: PageSnapshot[];
  categoryNames: string[];
  categoryKeywords?: CategoryKeywords;
  /** Only these fields (regenerate, competitor); all when absent. */
  only?: DraftField[];
  /** The language model's raw answer, when one was asked (its HTTP call is made outside the pool). */
  modelAnswer?: string;
}

const builtin = createBuiltinExtractor();

/**
 * The CPU-heavy part of drafting, run in a worker: the model's answer read into proposals, the
 * built-in extractor's proposals, each verified against the pages, merged per field. The model
 * comes first: its value wins a field when its quotes hold, the built-in one fills the rest.
 */
export async function draftSite(input: SiteDraftInput): Promise<VerifiedDraft> {
  const { pages, categoryNames, categoryKeywords, only } = input;
  const verified: VerifiedDraft[] = [];
  if (input.modelAnswer !== undefined) {
    verified.push(verifyExtraction(extractionFromAnswer(input.modelAnswer, pages.map((p) => p.finalUrl), only), pages, { categoryNames, categoryKeywords }));
  }
  let failure: unknown;
  try {
    verified.push(verifyExtraction(await builtin.extract({ pages, categoryNames, categoryKeywords, only }), pages, { categoryNames, categoryKeywords }));
  } catch (err) {
    failure = err;
  }
  if (verified.length === 0) throw failure;
  return mergeVerified(verified);
}

/**
 * Several verified drafts as one, most trusted first: per field the first with a verified value
 * wins; FAQs and founders come from the first that found any; a social platform keeps the
 * earlier draft's link.
 */
export function mergeVerified(verified: readonly VerifiedDraft[]): VerifiedDraft {
  const fields = {} as Record<DraftField, FieldVerdict>;
  for (const f of DRAFT_FIELDS) {
    fields[f] = verified.map((v) => v.fields[f]).find((v) => v?.state === 'ai') ?? { field: f, state: 'not_found', value: null, evidence: [] };
  }
  const firstNonEmpty = <T>(pick: (v: VerifiedDraft) => T[]) => verified.map(pick).find((xs) => xs.length > 0) ?? [];
  return {
    fields,
    faqs: firstNonEmpty((v) => v.faqs),
    founders: firstNonEmpty((v) => v.founders),
    socials: Object.assign({}, ...verified.map((v) => v.socials).reverse()),
    notFound: DRAFT_FIELDS.filter((f) => fields[f].state === 'not_found'),
  };
}
