import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWorkPool } from './pool.ts';
import { createDrafter } from './drafter.ts';
import { DraftingOverBudget } from '../domain/drafts/drafting.ts';
import { englishSite } from '../extraction/sample-sites.ts';
import { pageFromHtml } from '../extraction/page-fixture.ts';
import { createLlmExtractor } from '../extraction/llm.ts';

// The service's drafter on the real worker pool: a page too heavy to draft from within its
// budget is skipped and named; the rest of the site is drafted; when the draft's whole budget is
// gone, drafting fails instead of hanging.
const pool = createWorkPool({ size: 1 });
after(() => pool.close());

const site = englishSite();
/** About 3 MB of text in 60,000 blocks: minutes of work for no fact, far past a budget of a second or two. */
const heavy = pageFromHtml(
  'https://tallyhq.example/heavy',
  `<html><body>${Array.from({ length: 60_000 }, (_, i) => `<p>Block ${i} of filler text without any fact in it.</p>`).join('')}</body></html>`,
);

test('a page over its budget is skipped and named; the other pages are drafted', async () => {
  // The light pages need a few tens of milliseconds, but a cold worker (each overrun replaces the
  // worker) on a machine busy with other test files once took over 400 ms for the first of them.
  const drafter = createDrafter({ pool, pageBudgetMs: 1000, draftBudgetMs: 30_000 });
  const { verified, skipped } = await drafter.draft([site[0], heavy, ...site.slice(1)], { categoryNames: [] });
  assert.deepEqual(skipped, [{ url: heavy.finalUrl, reason: 'took too long' }]);
  assert.equal(verified.fields.name.state, 'ai');
  assert.equal(verified.fields.name.value, 'TallyHQ');
  assert.ok(verified.fields.name.evidence.every((e) => e.url !== heavy.finalUrl));
});

test('a light site is drafted without skipping anything', async () => {
  const drafter = createDrafter({ pool, pageBudgetMs: 2000, draftBudgetMs: 30_000 });
  const { verified, skipped } = await drafter.draft(site, { categoryNames: [] });
  assert.deepEqual(skipped, []);
  assert.equal(verified.fields.founded_year.value, '2019');
});

test('when no page fits, or the draft budget is spent, drafting fails with DraftingOverBudget', async () => {
  const tight = createDrafter({ pool, pageBudgetMs: 400, draftBudgetMs: 30_000 });
  await assert.rejects(tight.draft([heavy], { categoryNames: [] }), DraftingOverBudget);
  const poor = createDrafter({ pool, pageBudgetMs: 400, draftBudgetMs: 600 });
  await assert.rejects(poor.draft([site[0], heavy, heavy], { categoryNames: [] }), DraftingOverBudget);
});

test('a language model that fails leaves the built-in extractor to draft alone', async () => {
  const server = http.createServer((_req, res) => res.writeHead(503).end('overloaded'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  after(() => new Promise((r) => server.close(r)));
  const model = createLlmExtractor({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'm' });
  const drafter = createDrafter({ pool, model, pageBudgetMs: 2000, draftBudgetMs: 30_000 });
  const { verified } = await drafter.draft(site, { categoryNames: [] });
  assert.equal(verified.fields.name.value, 'TallyHQ');
});
