import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freshDatabaseUrl } from '../testing/database.ts';
import { KINDS, loadCorpus } from './corpus.ts';
import { runEvaluation } from './run.ts';
import { totals } from './score.ts';

// The evaluation corpus drafted through the running pipeline (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), as `npm run eval` does: a draft never says what its site does not state
// and every quote is on its page. Recall must stay at the goal, 75 % (measured 75.4 % when the
// corpus was made): a change that loses facts fails here.
const RECALL_FLOOR = 0.75;

const corpus = loadCorpus();

test('the corpus: at least 12 real sites of several kinds and languages, each page a recorded copy', () => {
  assert.ok(corpus.length >= 12, `${corpus.length} sites`);
  assert.ok(new Set(corpus.map((s) => s.language)).size >= 4);
  assert.ok(new Set(corpus.map((s) => s.kind)).size >= 6, 'SaaS, developer tool, mobile app, local service, physical goods, agency, open source');
  for (const site of corpus) {
    assert.ok(KINDS.includes(site.kind));
    for (const p of site.pages) assert.ok(existsSync(path.join(site.dir, 'pages', p)), `${site.id}: ${p}`);
    const home = readFileSync(path.join(site.dir, 'pages', 'index.html'), 'latin1');
    assert.match(home, /<html|<body|<head/i, `${site.id}: index.html is a page`);
  }
});

test('every corpus site drafted through the pipeline: nothing invented, nothing unverified, recall held', async () => {
  const db = await freshDatabaseUrl();
  after(() => db.drop());
  const run = await runEvaluation(corpus, { databaseUrl: db.databaseUrl });
  assert.deepEqual(run.failures, []);
  assert.equal(run.scores.length, corpus.length);
  const t = totals(run.scores);
  const invented = run.scores.flatMap((s) => s.fields.filter((f) => f.outcome === 'invented').map((f) => `${s.site}.${f.field} = ${JSON.stringify(f.value)}`));
  const unverified = run.scores.flatMap((s) => s.fields.filter((f) => f.unverified.length).map((f) => `${s.site}.${f.field}: ${f.unverified.join('; ')}`));
  assert.deepEqual(invented, []);
  assert.deepEqual(unverified, []);
  assert.ok(t.all.recall >= RECALL_FLOOR, `recall ${(t.all.recall * 100).toFixed(1)} % (${t.all.found} of ${t.all.stated})`);
});
