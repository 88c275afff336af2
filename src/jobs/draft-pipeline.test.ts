import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../testing/harness.ts';
import { draftStores } from '../store/drafts-store.ts';
import { runDraftPipeline, sweepDrafts, SWEEP, type DraftJobDeps } from './draft-pipeline.ts';
import { runCompetitorComparison } from './draft-competitor.ts';
import type { Crawler, CrawlResult, PageFetch, PageSnapshot } from '../crawler/types.ts';
import { DRAFT_FIELDS, type Extraction, type Extractor, type FieldVerdict, type VerifiedDraft, type DraftField } from '../extraction/types.ts';
import type { Drafter } from '../domain/drafts/drafting.ts';
import { mergeVerified } from '../extraction/draft-site.ts';
import { insertDraft, page } from '../operations/drafts/drafts-testing.ts';
import type { JobData } from './dispatch.ts';

// The pipeline against test doubles of its two ports (the crawler and the extractors; the
// verifier below is a plain quote check). The real crawler and extractors are tested on their own.
const t = await createTestApp();
const stores = draftStores(t.db);
const owner = await t.fx.user();

const HOME = page('https://acme.test/', 'Acme. Invoices in one click. Made in Berlin. Is it free? Yes, for ever.', 'Acme');

function crawlerOf(result: CrawlResult, fetch?: PageFetch): Crawler & { progress: number } {
  const c = {
    progress: 0,
    async crawlSite(_url: string, opts?: { onProgress?: (p: { stage: 'robots' | 'fetching'; pagesFetched: number; pagesPlanned: number }) => void | Promise<void> }) {
      await opts?.onProgress?.({ stage: 'robots', pagesFetched: 0, pagesPlanned: 0 });
      await opts?.onProgress?.({ stage: 'fetching', pagesFetched: 1, pagesPlanned: 2 });
      c.progress = 2;
      return result;
    },
    async fetchPage() {
      return fetch ?? { ok: false as const, failure: { code: 'unreachable' as const, reason: 'no fetch' } };
    },
  };
  return c;
}

/** Proposes fixed values; `calls` records what it was asked. */
function extractorOf(name: 'builtin' | 'llm', proposals: Partial<Record<DraftField, string | string[]>>, extra: Partial<Extraction> = {}): Extractor & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    name,
    calls,
    async extract(input) {
      calls.push(input.only ?? 'all');
      return {
        fields: Object.entries(proposals)
          .filter(([f]) => !input.only || input.only.includes(f as DraftField))
          .map(([field, value]) => ({ field: field as DraftField, value: value!, evidence: [{ url: input.pages[0].finalUrl, quote: Array.isArray(value) ? value[0] : value! }] })),
        faqs: extra.faqs ?? [],
        founders: extra.founders ?? [],
        socials: extra.socials ?? {},
      };
    },
  };
}

/** Keeps a proposal only when every quote is in the cited page's text. */
function quoteVerify(extraction: Extraction, pages: PageSnapshot[]): VerifiedDraft {
  const quoted = (ev: { url: string; quote: string }[]) => ev.length > 0 && ev.every((e) => pages.some((p) => p.finalUrl === e.url && p.text.includes(e.quote)));
  const fields = {} as Record<DraftField, FieldVerdict>;
  for (const f of DRAFT_FIELDS) {
    const p = extraction.fields.find((x) => x.field === f);
    fields[f] = p && quoted(p.evidence) ? { field: f, state: 'ai', value: p.value, evidence: p.evidence } : { field: f, state: 'not_found', value: null, evidence: [] };
  }
  return {
    fields,
    faqs: extraction.faqs.filter((q) => quoted(q.evidence)),
    founders: extraction.founders.filter((q) => quoted(q.evidence)),
    socials: extraction.socials,
    notFound: DRAFT_FIELDS.filter((f) => fields[f].state === 'not_found'),
  };
}

/** Drafts in-process from test extractors: each proposes, quoteVerify judges, the first verified value per field wins. */
const drafterOf = (...extractors: Extractor[]): Drafter => ({
  async draft(pages, input) {
    const verified: VerifiedDraft[] = [];
    let failure: unknown;
    for (const e of extractors) {
      try {
        verified.push(quoteVerify(await e.extract({ pages, ...input }), pages));
      } catch (err) {
        failure = err;
      }
    }
    if (verified.length === 0) throw failure;
    return { verified: mergeVerified(verified), skipped: [] };
  },
});
const deps = (crawler: Crawler, drafter: Drafter): DraftJobDeps => ({ stores, crawler, drafter, now: () => new Date() });
const queued = () => insertDraft(t, owner, { status: 'crawling', stage: 'queued' });
const get = (id: string) => stores.drafts.get(id).then((d) => d!);

const builtin = () =>
  extractorOf(
    'builtin',
    { name: 'Acme', tagline: 'Invoices in one click', city: 'Berlin', country: 'Atlantis' /* not on the page: rejected */ },
    { faqs: [{ question: 'Is it free?', answer: 'Yes, for ever.', evidence: [{ url: 'https://acme.test/', quote: 'Is it free? Yes, for ever.' }] }], socials: { github: 'https://github.com/acme' } },
  );

test('a readable site: snapshots stored, progress reported, verdicts written, status ready', async () => {
  const id = await queued();
  const crawler = crawlerOf({ ok: true, pages: [HOME] });
  const summary = await runDraftPipeline(deps(crawler, drafterOf(builtin())), id);
  assert.deepEqual(summary, { draftId: id, status: 'ready', pages: 1, fields_drafted: 3 });
  const d = await get(id);
  assert.equal(d.status, 'ready');
  assert.equal(d.stage, 'done');
  assert.equal(d.pages_fetched, 1);
  assert.equal(d.fields_drafted, 3);
  assert.deepEqual(d.fields.name, { value: 'Acme', state: 'ai', evidence: [{ url: 'https://acme.test/', quote: 'Acme' }], ai: { value: 'Acme', evidence: [{ url: 'https://acme.test/', quote: 'Acme' }] } });
  assert.deepEqual(d.fields.country, { value: null, state: 'not_found', evidence: [], ai: { value: null, evidence: [] } }, 'an unquoted value is never kept');
  assert.equal(d.faqs.length, 1);
  assert.deepEqual(d.company_socials, { github: 'https://github.com/acme' });
  const pages = await stores.pages.list(id, 'site');
  assert.deepEqual(pages.map((p) => [p.finalUrl, p.hash, p.text]), [[HOME.finalUrl, HOME.hash, HOME.text]]);

  const api = (await t.app.services.drafts.get({ kind: 'user', userId: owner, ip: '127.0.0.1', via: 'api_key', scopes: ['account:read'], credential: { id: '1', name: null, expiresAt: null } }, id));
  assert.ok(api.not_found_on_website.includes('country'));
  assert.equal(api.progress.percent, 100);
});

test('progress is written while the crawl runs', async () => {
  const id = await queued();
  const seen: string[] = [];
  const crawler: Crawler = {
    async crawlSite(_url, opts) {
      await opts?.onProgress?.({ stage: 'fetching', pagesFetched: 3, pagesPlanned: 8 });
      const d = await get(id);
      seen.push(`${d.status}/${d.stage}/${d.pages_fetched}/${d.pages_planned}`);
      return { ok: true, pages: [HOME] };
    },
    fetchPage: async () => ({ ok: false, failure: { code: 'unreachable', reason: '' } }),
  };
  await runDraftPipeline(deps(crawler, drafterOf(builtin())), id);
  assert.deepEqual(seen, ['crawling/fetching/3/8']);
});

test('a site that cannot be read ends failed with the crawler\'s code and reason', async () => {
  const id = await queued();
  const reason = 'robots.txt disallows LaunchyardBot on /';
  const summary = await runDraftPipeline(deps(crawlerOf({ ok: false, failure: { code: 'robots_disallowed', reason }, pages: [] }), drafterOf(builtin())), id);
  assert.deepEqual(summary, { draftId: id, failed: 'robots_disallowed' });
  const d = await get(id);
  assert.deepEqual([d.status, d.stage, d.failure_code, d.failure_reason], ['failed', 'failed', 'robots_disallowed', reason]);
});

test('an extractor that fails is skipped; when all fail the draft fails with drafting_failed', async () => {
  const broken: Extractor = { name: 'llm', extract: async () => { throw new Error('model unreachable'); } };
  const id = await queued();
  await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [HOME] }), drafterOf(broken, builtin())), id);
  assert.equal((await get(id)).status, 'ready');
  const id2 = await queued();
  await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [HOME] }), drafterOf(broken)), id2);
  const d = await get(id2);
  assert.equal(d.status, 'failed');
  assert.equal(d.failure_code, 'drafting_failed');
  assert.match(d.failure_reason!, /model unreachable/);
});

test('the LLM value wins a field; the built-in one fills what the LLM did not verify', async () => {
  const llm = extractorOf('llm', { name: 'Acme', tagline: 'Not on the page at all' });
  const id = await queued();
  await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [HOME] }), drafterOf(llm, extractorOf('builtin', { name: 'Acme.', tagline: 'Invoices in one click' }))), id);
  const d = await get(id);
  assert.equal(d.fields.name!.value, 'Acme');
  assert.equal(d.fields.tagline!.value, 'Invoices in one click');
});

test('a re-run replaces pages and AI values but never the owner\'s fields or sections', async () => {
  const id = await queued();
  await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [HOME] }), drafterOf(builtin())), id);
  const actor = { kind: 'user' as const, userId: owner, ip: '127.0.0.1', via: 'api_key' as const, scopes: ['listings:write' as const], credential: { id: '1', name: null, expiresAt: null } };
  await t.app.services.drafts.update(actor, id, {
    fields: { tagline: 'Owner tagline', stage: 'Beta', city: null },
    lock_fields: ['name'],
    faqs: [{ question: 'Owner Q', answer: 'Owner A' }],
  });
  await t.db.updateTable('drafts').set({ status: 'crawling', stage: 'queued' }).where('id', '=', id).execute();
  const NEW = page('https://acme.test/', 'Acme Cloud. Invoices done. Made in Hamburg. Beta', 'Acme');
  const again = extractorOf('builtin', { name: 'Acme Cloud', tagline: 'Invoices done', city: 'Made in Hamburg', stage: 'Beta', usps: ['Invoices done'] });
  await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [NEW] }), drafterOf(again)), id);
  const d = await get(id);
  assert.equal(d.status, 'ready');
  assert.deepEqual([d.fields.name!.state, d.fields.name!.value, d.fields.name!.ai?.value], ['override', 'Acme', 'Acme Cloud']);
  assert.deepEqual([d.fields.tagline!.state, d.fields.tagline!.value, d.fields.tagline!.ai?.value], ['edited', 'Owner tagline', 'Invoices done']);
  assert.deepEqual([d.fields.stage!.state, d.fields.stage!.value], ['manual', 'Beta']);
  assert.deepEqual([d.fields.city!.state, d.fields.city!.value], ['deleted', null]);
  assert.deepEqual([d.fields.usps!.state, d.fields.usps!.value], ['ai', ['Invoices done']]);
  assert.deepEqual(d.faqs.map((f) => f.question), ['Owner Q'], 'owner FAQs stay');
  assert.deepEqual((await stores.pages.list(id, 'site')).map((p) => p.text), [NEW.text]);
});

test('a draft no longer in the pipeline is left alone', async () => {
  const id = await insertDraft(t, owner, {});
  const summary = await runDraftPipeline(deps(crawlerOf({ ok: true, pages: [HOME] }), drafterOf(builtin())), id);
  assert.deepEqual(summary, { draftId: id, skipped: 'ready' });
});

test('the sweeper re-sends a lost job, then gives up; a stalled draft fails with timeout', async () => {
  const sent: JobData[] = [];
  const jobs = { send: async (_name: string, data: JobData) => void sent.push(data) };
  const now = Date.now();
  const lost = await queued();
  const stalled = await insertDraft(t, owner, { status: 'drafting', stage: 'drafting' });
  const fresh = await queued();
  await t.db.updateTable('drafts').set({ updated_at: new Date(now - SWEEP.queuedMs - 1000) }).where('id', '=', lost).execute();
  await t.db.updateTable('drafts').set({ updated_at: new Date(now - SWEEP.stalledMs - 1000) }).where('id', '=', stalled).execute();

  const first = await sweepDrafts({ stores, jobs, now: () => new Date(now) });
  assert.deepEqual(first, { resent: 1, timed_out: 1 });
  assert.deepEqual(sent, [{ draftId: lost }]);
  const s = await get(stalled);
  assert.deepEqual([s.status, s.failure_code], ['failed', 'timeout']);
  assert.equal((await get(fresh)).status, 'crawling');

  // Sent too often: the next sweep fails it.
  await t.db.updateTable('drafts').set({ pipeline_sends: SWEEP.maxSends, updated_at: new Date(now - SWEEP.queuedMs - 1000) }).where('id', '=', lost).execute();
  assert.deepEqual(await sweepDrafts({ stores, jobs, now: () => new Date(now) }), { resent: 0, timed_out: 1 });
  assert.equal((await get(lost)).failure_code, 'timeout');
});

test('competitor: the page is read, stored and compared; a failure is stored with its reason; a changed URL wins', async () => {
  const theirs = page('https://rival.test/', 'Rival. Invoices for agencies. Invoices, reminders, reminders.', 'Rival — invoices');
  const id = await insertDraft(t, owner, {
    fields: { tagline: { value: 'Invoices in one click', state: 'ai', evidence: [], ai: null }, features: { value: ['PDF export'], state: 'manual', evidence: [], ai: null } },
    competitor: { url: 'https://rival.test/', status: 'pending', reason: null, comparison: null },
  });
  const ok = crawlerOf({ ok: true, pages: [] }, { ok: true, page: theirs });
  await runCompetitorComparison(deps(ok, drafterOf(extractorOf('builtin', { tagline: 'Invoices for agencies' }))), id, 'https://rival.test/');
  const d = await get(id);
  assert.equal(d.competitor!.status, 'ready');
  const c = d.competitor!.comparison!;
  assert.equal(c.competitor.name, 'Rival — invoices');
  assert.equal(c.competitor.tagline, 'Invoices for agencies');
  assert.deepEqual(c.rows.find((r) => r.field === 'tagline'), { field: 'tagline', ours: 'Invoices in one click', theirs: 'Invoices for agencies' });
  assert.ok(c.shared_terms.includes('invoices'));
  assert.ok(c.only_theirs.includes('reminders'));
  assert.ok(c.only_ours.includes('export'));
  assert.equal((await stores.pages.list(id, 'competitor')).length, 1);

  await t.db.updateTable('drafts').set({ competitor: JSON.stringify({ url: 'https://gone.test/', status: 'pending', reason: null, comparison: null }) }).where('id', '=', id).execute();
  const failing = crawlerOf({ ok: true, pages: [] }, { ok: false, failure: { code: 'blocked_address', reason: 'gone.test resolves to a private address' } });
  await runCompetitorComparison(deps(failing, drafterOf(builtin())), id, 'https://gone.test/');
  assert.deepEqual((await get(id)).competitor, { url: 'https://gone.test/', status: 'failed', reason: 'gone.test resolves to a private address', comparison: null });

  // The owner changed the URL after the job was sent: its result is dropped.
  await t.db.updateTable('drafts').set({ competitor: JSON.stringify({ url: 'https://new.test/', status: 'pending', reason: null, comparison: null }) }).where('id', '=', id).execute();
  assert.deepEqual(await runCompetitorComparison(deps(ok, drafterOf(builtin())), id, 'https://rival.test/'), { draftId: id, skipped: 'not pending' });
  assert.equal((await get(id)).competitor!.status, 'pending');
});
