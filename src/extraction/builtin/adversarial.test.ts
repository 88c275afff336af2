import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { PageSnapshot } from '../../crawler/types.ts';
import { createBuiltinExtractor } from './index.ts';
import { verifyExtraction } from '../verify.ts';
import { pageFromHtml } from '../page-fixture.ts';
import { createWorkPool } from '../../workers/pool.ts';

// Issue 17: a products grid rendered as one glued line made the founder-name pattern backtrack
// exponentially, and one submitted site froze the whole service. These pages go through the
// whole built-in extractor and the verifier where the service runs them (draftSite in the worker
// pool), whose budget stops a regression instead of letting it hang the run. The time bounds are
// guards against that kind of blow-up (seconds to hours, orders of magnitude), not performance targets.

const CATEGORIES = ['Analytics', 'Developer Tools'];
const SAMPLE_LINE = 'Real-time DashboardsCustom ReportsPredictive Insights50+ Data Sources';
/** A page's budget in the service (EXTRACTION_PAGE_BUDGET_MS). */
const PAGE_BUDGET_MS = 2_000;
const pool = createWorkPool({ size: 1 });
after(() => pool.close());

/** Wall time of one draftSite run in the pool; OverBudget past the budget. */
async function timedDraft(pages: PageSnapshot[], budgetMs: number): Promise<number> {
  const started = performance.now();
  await pool.run('draftSite', { pages, categoryNames: CATEGORIES }, { budgetMs });
  return performance.now() - started;
}

async function draft(pages: PageSnapshot[]) {
  const extraction = await createBuiltinExtractor().extract({ pages, categoryNames: CATEGORIES });
  return { extraction, draft: verifyExtraction(extraction, pages, { categoryNames: CATEGORIES }) };
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A home and an about page carrying `line` wherever the readers look: title and description,
 * headings (feature and USP sections, team-card names), list items, paragraphs cut to the
 * length statements are read at, an address and the footer.
 */
function sitePages(line: string): PageSnapshot[] {
  const t = escape(line);
  const pieces = (line.match(/[\s\S]{1,380}/g) ?? []).map(escape);
  const html = `<html lang="en"><head><title>${t.slice(0, 300)} | Acme</title><meta name="description" content="${t.slice(0, 300).replace(/"/g, '&quot;')}"></head><body><main>
<h1>${t}</h1>
<h2>Features</h2><ul>${pieces.map((p) => `<li>${p}</li>`).join('')}</ul>
<h2>Why ${t}?</h2><ul><li>${t}</li></ul>
<div class="person"><h3>${t}</h3><p>Co-founder &amp; CEO</p><p>${pieces[0] ?? ''}</p></div>
${pieces.map((p) => `<p>${p}</p>`).join('\n')}
<p>${t}</p>
<address>${pieces[0] ?? ''}</address>
</main><footer>${pieces.at(-1) ?? ''}</footer></body></html>`;
  return [pageFromHtml('https://acme.example/', html), pageFromHtml('https://acme.example/about', html)];
}

test('the products line of issue 17 is read in milliseconds, and names no founder', async () => {
  const html = `<html lang="en"><head><title>Acme Analytics</title></head><body><main>
<h1>Analytics for growing teams</h1>
<h2>Everything you need</h2>
<div class="grid"><span>Real-time Dashboards</span><span>Custom Reports</span><span>Predictive Insights</span><span>50+ Data Sources</span></div>
</main></body></html>`;
  const pages = [pageFromHtml('https://acme.example/', html), pageFromHtml('https://acme.example/about', html)];
  assert.ok(pages[0].text.includes(SAMPLE_LINE), 'the grid renders as the glued line');
  // The first run warms up the worker (loading and compiling is not the patterns' time); the second is measured.
  await timedDraft(pages, 20 * PAGE_BUDGET_MS);
  const ms = await timedDraft(pages, PAGE_BUDGET_MS);
  // 20–40 ms on a quiet machine; a super-linear pattern on this line took seconds (issue 17). The bound
  // tells the two apart with room for a loaded CI machine (142 ms measured under the suite's load on a slow day).
  assert.ok(ms < 400, `took ${ms.toFixed(1)} ms`);
  const { extraction } = await draft(pages);
  assert.deepEqual(extraction.founders, []);
});

const ADVERSARIAL: Array<[string, string]> = [
  ['the products line repeated', `${SAMPLE_LINE} `.repeat(140)],
  ['long mixed-case words', 'AbcDefGhi'.repeat(200)],
  ['names glued to role words', 'JaneDoeFounderCEO'.repeat(300)],
  ['a 10,000-character line of Aa pairs', 'Aa'.repeat(5_000)],
  ['an apostrophe run', `Ab${Array.from({ length: 3_000 }, (_, i) => `'${String.fromCharCode(0x63 + (i % 24))}`).join('')}`],
  ['hyphenated capitals after a name', `Jane ${'Ab-'.repeat(3_000)}Cd, Founder`],
  ['capitalised words before a role', `${'Jane Doe '.repeat(1_200)}, Founder`],
  ['particles without a surname', `Jane ${'de '.repeat(3_000)}x`],
  ['role words without a name', 'Founder & CEO '.repeat(700)],
  ['founding verbs without names', `founded ${'by '.repeat(3_000)}`],
  ['white space after a role', `Founder${' '.repeat(5_000)}x, Jane Doe${' '.repeat(5_000)}-`],
  ['digits before a size or a price', `${'1'.repeat(10_000)}x`],
  ['a run of address characters', `${'a.'.repeat(5_000)}@`],
  ['closing punctuation', `Founded in 2019${'.!?'.repeat(3_000)}x`],
  ['years and founding words far apart', `2019 ${'gegründet '.repeat(500)}${'2019 x '.repeat(500)}`],
  ['repeated heading words', `${'what why was '.repeat(900)}`],
  ['places that never end', `10115 ${'Ab-Àm '.repeat(1_500)}`],
];

for (const [name, line] of ADVERSARIAL) {
  test(`adversarial page, ${name}: extracted and verified within a page budget (2 s)`, async () => {
    // Two pages: each may take a page budget. Past it the pool stops the work with OverBudget.
    const ms = await timedDraft(sitePages(line), 2 * PAGE_BUDGET_MS);
    assert.ok(ms < 2 * PAGE_BUDGET_MS, `took ${ms.toFixed(1)} ms`);
  });
}

test('founders are still found where a page states them', async () => {
  const html = `<html lang="en"><head><title>Acme</title></head><body><main>
<p>Acme was founded in 2019 by Maya Lindqvist and Tom Okafor.</p>
<p>Jane Doe, Co-founder &amp; CEO</p>
<p>Founder &amp; CTO: Seán O'Neil</p>
<p>Ludwig van der Rohe (Gründer)</p>
</main></body></html>`;
  const pages = [pageFromHtml('https://acme.example/about', html)];
  const { draft: d } = await draft(pages);
  assert.deepEqual(
    d.founders.map((f) => [f.name, f.title]),
    [
      ['Maya Lindqvist', null],
      ['Tom Okafor', null],
      ['Jane Doe', 'Co-founder & CEO'],
      ["Seán O'Neil", 'Founder & CTO'],
      ['Ludwig van der Rohe', 'Gründer'],
    ],
  );
});
