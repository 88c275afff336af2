import type { PageReader } from '../crawler/types.ts';
import type { BadgeFinder } from '../domain/owner-listings/badge-check.ts';
import type { MetaFinder } from '../domain/claims/verification-meta.ts';
import { OverBudget, type WorkPool } from './pool.ts';

/** The crawler's page reading in the pool: a page over its budget is answered not ok (skipped). */
export function poolPageReader(pool: WorkPool, budgetMs: number): PageReader {
  return async (html, url, contentLanguage, signal) => {
    try {
      return { ok: true, reading: await pool.run('readPage', { html, url, contentLanguage }, { budgetMs, signal }) };
    } catch (err) {
      if (err instanceof OverBudget) return { ok: false };
      throw err;
    }
  };
}

/** The badge detector in the pool: a homepage too heavy to read is unverifiable, and checked again later. */
export function poolBadgeFinder(pool: WorkPool, budgetMs: number): BadgeFinder {
  return async (html, pageUrl, publicUrl, slug) => {
    try {
      return await pool.run('findBadge', { html, pageUrl, publicUrl, slug }, { budgetMs });
    } catch (err) {
      if (err instanceof OverBudget) return { outcome: 'unverifiable', detail: `${pageUrl} took too long to read.` };
      throw err;
    }
  };
}

/** The meta claim's tag finder in the pool: a homepage too heavy to read could not be checked (never "not found"). */
export function poolMetaFinder(pool: WorkPool, budgetMs: number): MetaFinder {
  return async (html, pageUrl, token) => {
    try {
      return await pool.run('findVerificationMeta', { html, pageUrl, token }, { budgetMs });
    } catch (err) {
      if (err instanceof OverBudget) return { result: 'could_not_check', detail: `${pageUrl} took too long to read.` };
      throw err;
    }
  };
}
