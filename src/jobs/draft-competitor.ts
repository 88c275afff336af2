import { compareWithCompetitor, COMPARED_FIELDS } from '../domain/drafts/competitor.ts';
import type { DraftCompetitorRecord } from '../store/drafts-store.ts';
import type { DraftJobDeps } from './draft-pipeline.ts';

/**
 * The 'draft-competitor' job: reads the competitor's page through the same safe crawler (robots,
 * private addresses refused), stores the snapshot and the comparison on the draft. A URL changed
 * or cleared meanwhile wins: the result is dropped.
 */
export async function runCompetitorComparison(deps: DraftJobDeps, draftId: string, url: string, signal?: AbortSignal) {
  const { stores, now } = deps;
  const pending = (c: DraftCompetitorRecord | null) => c?.url === url && c.status === 'pending';
  const draft = await stores.drafts.get(draftId);
  if (!draft || !pending(draft.competitor)) return { draftId, skipped: 'not pending' };

  const fetched = await deps.crawler.fetchPage(url, { signal });
  let result: DraftCompetitorRecord;
  if (!fetched.ok) {
    result = { url, status: 'failed', reason: fetched.failure.reason, comparison: null };
  } else {
    try {
      const theirs = await deps.drafter.draft([fetched.page], { ...(await stores.drafts.categoryVocabulary()), only: [...COMPARED_FIELDS] }, { signal });
      result = { url, status: 'ready', reason: null, comparison: compareWithCompetitor(draft.fields, theirs.verified, fetched.page, now()) };
    } catch (err) {
      if (signal?.aborted) throw err;
      result = { url, status: 'failed', reason: `The page could not be compared: ${(err as Error)?.message ?? err}`.slice(0, 500), comparison: null };
    }
  }
  return stores.transaction(async (s) => {
    const cur = await s.drafts.get(draftId, { forUpdate: true });
    if (!cur || !pending(cur.competitor)) return { draftId, skipped: 'changed meanwhile' };
    await s.pages.replace(draftId, 'competitor', fetched.ok ? [fetched.page] : []);
    await s.drafts.update(draftId, { competitor: result }, now());
    return { draftId, competitor: result.status };
  });
}
