import type { PageSnapshot, SkippedPage } from '../../crawler/types.ts';
import type { CategoryKeywords, DraftField, FieldVerdict, VerifiedDraft } from '../../extraction/types.ts';
import type { AiDraft } from './field-states.ts';

/**
 * What drafting needs from the extraction side: stored pages in, a verified draft out (every
 * value quoted from the pages), plus the pages that had to be left out. The service's drafter
 * (extraction/drafter.ts) asks the model when one is configured and does the CPU-heavy part in the
 * worker pool, within a time budget per page and per draft.
 */
export interface Drafter {
  draft(pages: PageSnapshot[], input: { categoryNames: string[]; categoryKeywords?: CategoryKeywords; only?: DraftField[] }, opts?: { signal?: AbortSignal }): Promise<DraftOutcome>;
}

export interface DraftOutcome {
  verified: VerifiedDraft;
  /** Pages left out of the draft, e.g. one that took too long to read. */
  skipped: SkippedPage[];
}

/** The draft's processing budget ran out before it could finish: the site is too slow to read. */
export class DraftingOverBudget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftingOverBudget';
  }
}

export const aiDraftOf = (v: FieldVerdict | undefined): AiDraft =>
  v && v.state === 'ai' ? { value: v.value, evidence: v.evidence } : { value: null, evidence: [] };
