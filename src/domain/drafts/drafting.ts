import type { PageSnapshot } from '../../crawler/types.ts';
import { DRAFT_FIELDS, type DraftField, type Extraction, type Extractor, type FieldVerdict, type VerifiedDraft } from '../../extraction/types.ts';
import type { AiDraft } from './field-states.ts';

/** The extractors to ask, most trusted first (the LLM when configured, then the built-in one), and the verifier. */
export interface Drafter {
  extractors: Extractor[];
  verify(extraction: Extraction, pages: PageSnapshot[], opts: { categoryNames: string[] }): VerifiedDraft;
}

/**
 * Drafts from stored pages: every extractor proposes, the verifier judges each proposal against
 * the pages, and per field the first extractor with a verified value wins (LLM first, built-in
 * second). An extractor that fails is skipped; if all fail, the last error is thrown.
 */
export async function draftFromPages(
  drafter: Drafter,
  pages: PageSnapshot[],
  input: { categoryNames: string[]; only?: DraftField[] },
  signal?: AbortSignal,
): Promise<VerifiedDraft> {
  const verified: VerifiedDraft[] = [];
  let lastError: unknown;
  for (const extractor of drafter.extractors) {
    try {
      const extraction = await extractor.extract({ pages, categoryNames: input.categoryNames, only: input.only }, { signal });
      verified.push(drafter.verify(extraction, pages, { categoryNames: input.categoryNames }));
    } catch (err) {
      if (signal?.aborted) throw err;
      lastError = err;
    }
  }
  if (verified.length === 0) throw lastError ?? new Error('no extractor configured');

  const fields = {} as Record<DraftField, FieldVerdict>;
  for (const f of DRAFT_FIELDS) {
    fields[f] = verified.map((v) => v.fields[f]).find((v) => v?.state === 'ai') ?? { field: f, state: 'not_found', value: null, evidence: [] };
  }
  const firstNonEmpty = <T>(pick: (v: VerifiedDraft) => T[]) => verified.map(pick).find((xs) => xs.length > 0) ?? [];
  return {
    fields,
    faqs: firstNonEmpty((v) => v.faqs),
    founders: firstNonEmpty((v) => v.founders),
    // Earlier extractors win a platform both found.
    socials: Object.assign({}, ...verified.map((v) => v.socials).reverse()),
    notFound: DRAFT_FIELDS.filter((f) => fields[f].state === 'not_found'),
  };
}

export const aiDraftOf = (v: FieldVerdict | undefined): AiDraft =>
  v && v.state === 'ai' ? { value: v.value, evidence: v.evidence } : { value: null, evidence: [] };
