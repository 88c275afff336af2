import { webhookEventsStore } from '../store/webhook-events-store.ts';
import type { Crawler } from '../crawler/types.ts';
import type { DraftStores } from '../store/drafts-store.ts';
import { DRAFT_FIELDS } from '../extraction/types.ts';
import { applyFieldEvent, blankField } from '../domain/drafts/field-states.ts';
import { aiDraftOf, DraftingOverBudget, type Drafter } from '../domain/drafts/drafting.ts';
import { DRAFT_PIPELINE_JOB } from '../domain/drafts/drafts.ts';
import { DRAFT_LOGO_JOB, logoToCopy, startCopy } from '../domain/drafts/kept-logo.ts';
import type { JobDispatcher } from './dispatch.ts';

export interface DraftJobDeps {
  stores: DraftStores;
  crawler: Crawler;
  drafter: Drafter;
  now: () => Date;
  /** Where the logo copy is sent once the draft is ready (jobs/draft-logo.ts); without it none is made. */
  jobs?: JobDispatcher;
}

/**
 * The 'draft-pipeline' job: crawl the site (snapshots stored, progress reported), draft, verify,
 * write each field's verdict, status ready; then the 'draft-logo' job copies the logo it found (or
 * the home page's og:image) into the site's own storage, so the draft is ready without waiting for
 * a picture and a picture that cannot be kept never fails the draft. A site that cannot be read ends the draft failed with
 * the crawler's code and reason. Safe to run again: pages and AI verdicts are replaced, while
 * fields the owner edited, filled, locked or deleted keep their values (field-states.ts, redraft).
 */
export async function runDraftPipeline(deps: DraftJobDeps, draftId: string, signal?: AbortSignal) {
  const { stores, now } = deps;
  const draft = await stores.drafts.get(draftId);
  if (!draft || (draft.status !== 'crawling' && draft.status !== 'drafting')) return { draftId, skipped: draft?.status ?? 'gone' };

  const fail = async (code: string, reason: string) => {
    await stores.drafts.progress(draftId, { status: 'failed', stage: 'failed', failure_code: code, failure_reason: reason }, now());
    return { draftId, failed: code };
  };

  await stores.drafts.progress(draftId, { status: 'crawling', stage: 'robots', pages_fetched: 0, pages_planned: 0, fields_drafted: 0, skipped: [], pages_read: [] }, now());
  const read: { url: string; title: string }[] = [];
  const crawl = await deps.crawler.crawlSite(draft.url, {
    signal,
    onPage: (page) => void read.push(page),
    onProgress: async (p) => {
      await stores.drafts.progress(draftId, { stage: p.stage, pages_fetched: p.pagesFetched, pages_planned: p.pagesPlanned, pages_read: [...read] }, now());
    },
  });
  const crawlSkipped = crawl.skipped ?? [];
  const stillOurs = await stores.transaction(async (s) => {
    const cur = await s.drafts.get(draftId, { forUpdate: true });
    if (!cur || (cur.status !== 'crawling' && cur.status !== 'drafting')) return false; // timed out by the sweeper meanwhile
    await s.pages.replace(draftId, 'site', crawl.pages);
    const pagesRead = crawl.pages.map((p) => ({ url: p.finalUrl, title: p.title }));
    await s.drafts.progress(draftId, { skipped: crawlSkipped, pages_read: pagesRead, ...(crawl.ok ? { status: 'drafting', stage: 'drafting', pages_fetched: crawl.pages.length } : {}) }, now());
    return true;
  });
  if (!stillOurs) return { draftId, skipped: 'left the pipeline' };
  if (!crawl.ok) return fail(crawl.failure.code, crawl.failure.reason);
  if (crawl.pages.length === 0) return fail('unreachable', 'No page of the site could be read.');

  let drafted;
  try {
    drafted = await deps.drafter.draft(crawl.pages, await stores.drafts.categoryVocabulary(), { signal });
  } catch (err) {
    // A shutdown is not the site's fault: the job is retried (on this node's next start or another).
    if (signal?.aborted) throw err;
    if (err instanceof DraftingOverBudget) return fail('took_too_long', `${err.message} Fill in the draft by hand, or submit a lighter page of the site.`);
    return fail('drafting_failed', `The profile could not be drafted from the site: ${(err as Error)?.message ?? err}`.slice(0, 500));
  }
  const verified = drafted.verified;
  const skipped = [...crawlSkipped, ...drafted.skipped];
  const found = DRAFT_FIELDS.filter((f) => verified.fields[f]?.state === 'ai').length;
  if (!(await stores.drafts.progress(draftId, { stage: 'verifying', skipped, fields_drafted: found }, now()))) return { draftId, skipped: 'left the pipeline' };

  let copyLogo = false;
  const written = await stores.transaction(async (s, trx) => {
    const cur = await s.drafts.get(draftId, { forUpdate: true });
    if (!cur || cur.status !== 'drafting') return { draftId, skipped: cur?.status ?? 'gone' };
    const fields = { ...cur.fields };
    for (const f of DRAFT_FIELDS) fields[f] = applyFieldEvent(fields[f] ?? blankField(), { kind: 'redraft', verdict: aiDraftOf(verified.fields[f]) });
    const mine = new Set(cur.owner_sections);
    const drafted = DRAFT_FIELDS.filter((f) => verified.fields[f]?.state === 'ai').length;
    // The first page read is the home page: its og:image is the copy offered when no logo was found.
    const copy = deps.jobs ? startCopy(cur.logo_copy, logoToCopy(fields.logo_url, crawl.pages[0])) : null;
    copyLogo = copy !== null;
    await s.drafts.update(
      draftId,
      {
        status: 'ready',
        stage: 'done',
        fields_drafted: drafted,
        fields,
        ...(mine.has('faqs') ? {} : { faqs: verified.faqs }),
        ...(mine.has('founders') ? {} : { founders: verified.founders }),
        ...(mine.has('company_socials') ? {} : { company_socials: verified.socials }),
        ...copy,
      },
      now(),
    );
    await webhookEventsStore(trx).draftReady(draftId, now());
    return { draftId, status: 'ready', pages: crawl.pages.length, fields_drafted: drafted };
  });
  // After the commit: the logo job may run on another node at once and must see the pending copy.
  if (copyLogo) await deps.jobs!.send(DRAFT_LOGO_JOB, { draftId }, { singletonKey: draftId });
  return written;
}

/** How long a draft may wait in the queue, or sit in the pipeline without progress, before the sweeper acts. */
export const SWEEP = { queuedMs: 2 * 60_000, stalledMs: 10 * 60_000, maxSends: 3 };

/**
 * No draft stays in crawling or drafting forever. One still queued after SWEEP.queuedMs (its job
 * was lost, e.g. a crash between commit and send) is sent again, up to SWEEP.maxSends times; one
 * without progress for SWEEP.stalledMs, or sent too often, fails with code timeout. Run it every
 * few minutes (cron in jobs/queue.ts).
 */
export async function sweepDrafts(deps: { stores: DraftStores; jobs: JobDispatcher; now: () => Date }) {
  const now = deps.now();
  let resent = 0;
  let timedOut = 0;
  for (const d of await deps.stores.drafts.stuck(new Date(now.getTime() - SWEEP.queuedMs))) {
    const stalled = new Date(d.updated_at).getTime() < now.getTime() - SWEEP.stalledMs;
    if (d.stage === 'queued' && !stalled && d.pipeline_sends < SWEEP.maxSends) {
      if (await deps.stores.drafts.markResent(d.id, now)) {
        await deps.jobs.send(DRAFT_PIPELINE_JOB, { draftId: d.id }, { singletonKey: d.id });
        resent++;
      }
    } else if (stalled || d.stage === 'queued') {
      const reason = 'Reading and drafting the site took too long. Submit the URL again, or fill in the draft by hand.';
      if (await deps.stores.drafts.progress(d.id, { status: 'failed', stage: 'failed', failure_code: 'timeout', failure_reason: reason }, now)) timedOut++;
    }
  }
  return { resent, timed_out: timedOut };
}
