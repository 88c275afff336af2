import type { PageSnapshot, SkippedPage } from '../crawler/types.ts';
import { DraftingOverBudget, type Drafter } from '../domain/drafts/drafting.ts';
import type { ModelClient } from '../extraction/llm.ts';
import { CpuBudget, OverBudget, type WorkPool } from './pool.ts';

export interface DrafterOptions {
  pool: WorkPool;
  /** The language model, when configured: asked first (an HTTP call, on the event loop). */
  model?: ModelClient;
  /** What one page may cost to draft from. */
  pageBudgetMs: number;
  /** What one draft may cost in all. */
  draftBudgetMs: number;
}

const TOOK_TOO_LONG = 'took too long';

/**
 * Drafting as the service runs it: the model's answer (if any) and the pages go to the worker
 * pool, where extraction, verification and merging run within a budget. Extraction reads the
 * site as a whole (readers compare pages), so the whole site gets one page budget per page; if
 * it overruns, each page is tried alone within one page budget, the pages too slow alone are
 * skipped, and the rest is drafted again. When the draft's total budget is gone, it fails.
 */
export function createDrafter(opts: DrafterOptions): Drafter {
  return {
    async draft(pages, input, call = {}) {
      const budget = new CpuBudget(opts.draftBudgetMs);
      let modelAnswer: string | undefined;
      if (opts.model) {
        try {
          modelAnswer = await opts.model.answer({ pages, categoryNames: input.categoryNames, only: input.only }, { signal: call.signal });
        } catch (err) {
          // An unreachable or failing model leaves the built-in extractor to draft alone.
          if (call.signal?.aborted) throw err;
        }
      }
      const draftOf = (subset: PageSnapshot[], budgetMs: number) =>
        opts.pool.run('draftSite', { pages: subset, categoryNames: input.categoryNames, categoryKeywords: input.categoryKeywords, only: input.only, modelAnswer }, { budgetMs, signal: call.signal, charge: budget });
      const siteBudget = (n: number) => Math.min(budget.leftMs, opts.pageBudgetMs * Math.max(1, n));
      const overBudget = () => new DraftingOverBudget(`Drafting from the site's pages used its whole budget of ${Math.round(opts.draftBudgetMs / 1000)} s of processing.`);

      try {
        return { verified: await draftOf(pages, siteBudget(pages.length)), skipped: [] };
      } catch (err) {
        if (!(err instanceof OverBudget)) throw err;
      }
      if (pages.length < 2 || budget.leftMs <= 0) throw overBudget();

      const skipped: SkippedPage[] = [];
      for (const page of pages) {
        if (budget.leftMs <= 0) throw overBudget();
        try {
          await draftOf([page], Math.min(opts.pageBudgetMs, budget.leftMs));
        } catch (err) {
          if (!(err instanceof OverBudget)) throw err;
          skipped.push({ url: page.finalUrl, reason: TOOK_TOO_LONG });
        }
      }
      const rest = pages.filter((p) => !skipped.some((s) => s.url === p.finalUrl));
      if (rest.length === 0 || skipped.length === 0 || budget.leftMs <= 0) throw overBudget();
      try {
        return { verified: await draftOf(rest, siteBudget(rest.length)), skipped };
      } catch (err) {
        if (err instanceof OverBudget) throw overBudget();
        throw err;
      }
    },
  };
}

