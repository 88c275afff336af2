import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freshDatabaseUrl } from '../testing/database.ts';
import { CORPUS_DIR, drawHeldOut, KINDS, loadCorpus, loadSplit, SECTIONS } from './corpus.ts';
import { runEvaluation, UNHURRIED_BUDGETS } from './run.ts';
import { totals } from './score.ts';
import { sectionTotals } from './score-sections.ts';

// The evaluation corpus drafted through the running pipeline (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), as `npm run eval` does: a draft never says what its site does not state
// and every quote is on its page. On the 16 sites the extractor was built against (BASELINE.json)
// that holds strictly and recall stays where it has come (75.4 % when they were keyed, 93.1 % on
// 2026-11-29). The 17 sites added for issue 34 were keyed before any draft of them was seen; on
// them the drafts still invent (measured 2: a shop's empty-cart total as a price, one pricing
// model; 1 since) — the count may only fall, and the whole corpus's recall may only rise (74.6 %
// first measured, 86.4 % on 2026-11-29). Five sites joined the development part after the draw
// (SPLIT.json added_after_draw; 37 of their 58 facts found when first drafted, which took the
// whole to 83.3 %); 86.8 % with the rules they taught. Six more the same day (42 of 69 when first
// drafted); 88.0 % of the 44 sites after the eighth round. Six more (50 of 75 when first drafted):
// 85.2 % of the 50; 86.5 % after the tenth round, 87.2 % with the tree's keywords of migration 0041.
// Six more (50 of 76 when first drafted, before the labels in twenty languages): 84.8 % of the 56,
// 86.2 % after the labels, page words, migration 0042 and the eleventh round.
const RECALL_FLOOR = 0.95;
const WHOLE_RECALL_FLOOR = 0.86;
const SECTION_FLOORS: Record<(typeof SECTIONS)[number], number> = { faqs: 0.8, founders: 0.7 };
const ADDED_INVENTED_AT_MOST = 1;
// The sites added after the draw: none invented. (A barbershop's video of its shop was counted
// until its key was made to agree with the other keys' reading of such videos, 2026-11-29: see
// that site's KEY-NOTES.md.) May only fall.
const LATER_INVENTED_AT_MOST = 0;

const corpus = loadCorpus();

test('the corpus: at least 32 real sites of several kinds and 8 languages, each page a recorded copy, FAQs and founders keyed', () => {
  assert.ok(corpus.length >= 32, `${corpus.length} sites`);
  assert.ok(new Set(corpus.map((s) => s.language)).size >= 8, [...new Set(corpus.map((s) => s.language))].join(', '));
  assert.ok(new Set(corpus.map((s) => s.kind)).size >= 6, 'SaaS, developer tool, mobile app, local service, physical goods, agency, open source');
  for (const site of corpus) {
    assert.ok(KINDS.includes(site.kind));
    for (const p of site.pages) assert.ok(existsSync(path.join(site.dir, 'pages', p)), `${site.id}: ${p}`);
    const home = readFileSync(path.join(site.dir, 'pages', 'index.html'), 'latin1');
    assert.match(home, /<html|<body|<head/i, `${site.id}: index.html is a page`);
    for (const section of SECTIONS) assert.ok(site.sections[section], `${site.id}: ${section} keyed`);
  }
});

test('the split: held-out sites drawn from the added sites only, reproducible from the recorded seed', () => {
  const split = loadSplit(corpus);
  const original = (JSON.parse(readFileSync(path.join(CORPUS_DIR, 'BASELINE.json'), 'utf8')) as { sites: string[] }).sites;
  assert.ok(split.held_out.length >= 10, `${split.held_out.length} held out`);
  assert.deepEqual(split.drawn_from.filter((id) => original.includes(id)), [], 'sites tuned against before cannot be held out');
  const later = split.added_after_draw.flatMap((a) => a.sites);
  assert.deepEqual(
    split.drawn_from,
    corpus.map((s) => s.id).filter((id) => !original.includes(id) && !later.includes(id)),
    'every site added before the draw was a candidate',
  );
  for (const id of later) assert.ok(split.development.includes(id), `${id}, added after the draw, is development`);
  assert.deepEqual(split.held_out, drawHeldOut(split.drawn_from, split.seed, split.held_out.length));
});

// 56 sites drafted one after another: 104 s on the PGlite pass of a slow day, past the runner's 120 s on its PostgreSQL pass.
test('every corpus site drafted through the pipeline: nothing unverified, nothing invented where it never was, recall held', { timeout: 600_000 }, async () => {
  const db = await freshDatabaseUrl();
  after(() => db.drop());
  const run = await runEvaluation(corpus, { databaseUrl: db.databaseUrl, env: UNHURRIED_BUDGETS });
  assert.deepEqual(run.failures, []);
  assert.equal(run.scores.length, corpus.length);
  const original = new Set((JSON.parse(readFileSync(path.join(CORPUS_DIR, 'BASELINE.json'), 'utf8')) as { sites: string[] }).sites);
  const invented = (keep: (site: string) => boolean) =>
    run.scores.filter((s) => keep(s.site)).flatMap((s) => s.fields.filter((f) => f.outcome === 'invented').map((f) => `${s.site}.${f.field} = ${JSON.stringify(f.value)}`));
  const unverified = run.scores.flatMap((s) => s.fields.filter((f) => f.unverified.length).map((f) => `${s.site}.${f.field}: ${f.unverified.join('; ')}`));
  assert.deepEqual(unverified, []);
  assert.deepEqual(invented((site) => original.has(site)), []);
  const later = new Set(loadSplit(corpus).added_after_draw.flatMap((a) => a.sites));
  const added = invented((site) => !original.has(site) && !later.has(site));
  assert.ok(added.length <= ADDED_INVENTED_AT_MOST, `invented on the added sites: ${added.join('; ')}`);
  const addedLater = invented((site) => later.has(site));
  assert.ok(addedLater.length <= LATER_INVENTED_AT_MOST, `invented on the sites added after the draw: ${addedLater.join('; ')}`);
  const o = totals(run.scores.filter((s) => original.has(s.site)));
  assert.ok(o.all.recall >= RECALL_FLOOR, `recall on the original sites ${(o.all.recall * 100).toFixed(1)} % (${o.all.found} of ${o.all.stated})`);
  const t = totals(run.scores);
  assert.ok(t.all.recall >= WHOLE_RECALL_FLOOR, `recall ${(t.all.recall * 100).toFixed(1)} % (${t.all.found} of ${t.all.stated})`);
  // The sections at the goals (FAQs 88 %, founders 76 % when these floors were set), and nothing drafted where a key says none.
  for (const s of sectionTotals(run.scores, SECTIONS)) {
    const floor = SECTION_FLOORS[s.section];
    assert.ok(s.found >= floor * s.stated, `${s.section}: ${s.found} of ${s.stated} sites, floor ${floor * 100} %`);
    assert.equal(s.invented + s.unverified, 0, `${s.section}: ${s.invented} invented, ${s.unverified} unverified`);
  }
});
