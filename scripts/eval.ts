/**
 * `npm run eval`: drafts every site of the evaluation corpus (eval/corpus/, see its README)
 * through the running pipeline and prints, per field, found / stated, other values, invented
 * (filled though the site does not state it) and unverified quotes; then each site's misses.
 *
 *   npm run eval                     # all sites, PGlite in memory
 *   npm run eval -- --site plausible # one site, every field shown
 *   npm run eval -- --json           # the scores as JSON
 *   DATABASE_URL=postgres://… npm run eval   # on a fresh PostgreSQL database (its tables must be empty)
 *
 * Exits 1 when anything is invented or unverified: those break the promise that a draft only says
 * what the site says. Recall is reported against the goal (75 %), not enforced here.
 */
import { parseArgs } from 'node:util';
import { loadCorpus } from '../src/evaluation/corpus.ts';
import { runEvaluation } from '../src/evaluation/run.ts';
import { totals, type FieldScore } from '../src/evaluation/score.ts';

const { values } = parseArgs({ options: { site: { type: 'string', multiple: true }, json: { type: 'boolean' }, verbose: { type: 'boolean' } } });
const corpus = loadCorpus();
const chosen = values.site?.length ? corpus.filter((s) => values.site!.includes(s.id)) : corpus;
if (chosen.length === 0) {
  console.error(values.site ? `no such site: ${values.site.join(', ')} (have: ${corpus.map((s) => s.id).join(', ')})` : 'the corpus is empty (eval/corpus/)');
  process.exit(2);
}
const started = Date.now();
const run = await runEvaluation(chosen, { databaseUrl: process.env.DATABASE_URL });
const t = totals(run.scores);
if (values.json) {
  console.log(JSON.stringify({ ...run, totals: t }, null, 2));
} else {
  const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)} %` : '—');
  console.log(`Evaluation corpus: ${chosen.length} sites (${[...new Set(chosen.map((s) => s.language))].join(', ')}; ${[...new Set(chosen.map((s) => s.kind))].join(', ')}), ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  console.log('| field | found / stated | recall | other value | invented | unverified |');
  console.log('|---|---|---|---|---|---|');
  for (const f of t.fields) console.log(`| ${f.field} | ${f.found} / ${f.stated} | ${pct(f.found, f.stated)} | ${f.other} | ${f.invented} | ${f.unverified} |`);
  console.log(`| **all** | **${t.all.found} / ${t.all.stated}** | **${t.all.stated ? ((t.all.found / t.all.stated) * 100).toFixed(1) : '—'} %** | ${t.all.other} | **${t.all.invented}** | **${t.all.unverified}** |`);
  console.log(`\nGoal: recall ≥ 75 % (${t.all.recall >= 0.75 ? 'met' : 'NOT met'}), 0 invented (${t.all.invented}), 0 unverified (${t.all.unverified}).`);
  const show = (f: FieldScore) => `    ${f.field}: ${f.outcome}${f.value !== null ? ` ${JSON.stringify(f.value).slice(0, 160)}` : ''}${f.accept && f.outcome !== 'found' ? `\n      key: ${JSON.stringify(f.accept).slice(0, 160)}` : ''}${f.unverified.length ? `\n      UNVERIFIED: ${f.unverified.join('; ')}` : ''}`;
  for (const s of run.scores) {
    const wrong = s.fields.filter((f) => values.verbose || values.site?.length || f.outcome === 'missed' || f.outcome === 'other' || f.outcome === 'invented' || f.unverified.length);
    if (wrong.length) console.log(`\n${s.site}:\n${wrong.map(show).join('\n')}`);
  }
  for (const f of run.failures) console.log(`\n${f.site}: draft not ready: ${JSON.stringify(f.failure)}`);
}
process.exit(t.all.invented > 0 || t.all.unverified > 0 ? 1 : 0);
