import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { freshDatabaseUrl } from '../testing/database.ts';
import { loadCorpus, loadSplit } from './corpus.ts';
import { loadRecordings, promptOrigin, RECORDINGS_DIR, startReplayModel, TRAP_KINDS } from './llm-replay.ts';
import { runEvaluation, UNHURRIED_BUDGETS } from './run.ts';
import { totals } from './score.ts';

// The model path measured: the recorded answers (eval/llm-recordings/) replayed by a loopback
// chat-completions server that the service is pointed at (LLM_BASE_URL), the corpus sites drafted
// through the running pipeline, and the verifier between them. The recordings mix honest values
// with traps (invented, misquoted, reworded, cited on the wrong page, not held by their quote):
// every trap must be refused, every honest value kept, and the scored drafts hold nothing invented
// and nothing unverified (PGlite, or PostgreSQL with TEST_DATABASE_URL).

const recordings = loadRecordings();
const corpus = loadCorpus();
const sites = corpus.filter((s) => recordings.has(s.id));

test('the recordings: at least five development sites of the corpus, every kind of trap, each trap named once', () => {
  assert.ok(sites.length >= 5, `${sites.length} recorded corpus sites`);
  assert.equal(sites.length, recordings.size, 'every recording is of a corpus site');
  // Held-out sites are measured, never studied: no answer is written for them.
  const heldOut = loadSplit(corpus).held_out;
  assert.deepEqual(sites.filter((s) => heldOut.includes(s.id)).map((s) => s.id), []);
  const kinds = new Set([...recordings.values()].flatMap((r) => r.traps.map((t) => t.kind)));
  assert.deepEqual([...kinds].sort(), [...TRAP_KINDS].sort());
  for (const r of recordings.values()) assert.equal(new Set(r.traps.map((t) => t.target)).size, r.traps.length, r.site);
});

test('the replay server: the site is told by the prompt\'s first page; "{origin}" becomes its address; an unknown site is 404', async () => {
  const server = await startReplayModel(new Map([['acme', { site: 'acme', written: 'test', answer: { fields: { name: { value: 'Acme', quotes: [{ url: '{origin}/', quote: 'Acme' }] } } }, traps: [] }]]));
  after(() => server.close());
  server.register('http://127.0.0.1:4321', 'acme');
  const ask = (prompt: string) =>
    fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: prompt }] }) });
  const known = await ask('CATEGORY LIST: (none)\n\n=== PAGE url=http://127.0.0.1:4321/ lang=en\nAcme\n=== END PAGE\n');
  assert.equal(known.status, 200);
  const content = JSON.parse((await known.json()).choices[0].message.content);
  assert.deepEqual(content.fields.name.quotes, [{ url: 'http://127.0.0.1:4321/', quote: 'Acme' }]);
  assert.equal((await ask('=== PAGE url=http://127.0.0.1:9999/about\nx')).status, 404);
  assert.equal((await ask('no pages at all')).status, 404);
  assert.deepEqual(server.requests.map((r) => [r.site, r.answered]), [['acme', true], [null, false], [null, false]]);
  assert.equal(promptOrigin('=== PAGE url=https://x.example:8443/a/b lang=de\n'), 'https://x.example:8443');
});

test('the eval over the recorded sites through the loopback model: every trap refused, every honest value kept, nothing invented or unverified', { timeout: 300_000 }, async () => {
  const db = await freshDatabaseUrl();
  after(() => db.drop());
  const run = await runEvaluation(sites, { databaseUrl: db.databaseUrl, llmReplay: RECORDINGS_DIR, env: UNHURRIED_BUDGETS });
  assert.deepEqual(run.failures, []);
  assert.ok(run.model);
  assert.equal(run.model.sites.length, sites.length);

  const problems: string[] = [];
  for (const s of run.model.sites) {
    if (s.asked !== 1 || !s.answered) problems.push(`${s.site}: asked ${s.asked} times, answered ${s.answered}`);
    const score = run.scores.find((x) => x.site === s.site)!;
    for (const trap of s.traps) {
      const p = s.proposals.find((x) => x.key === trap.target);
      if (!p) problems.push(`${s.site}: the trap "${trap.target}" is not a proposal of the answer`);
      else if (p.kept) problems.push(`${s.site}: the ${trap.kind} trap "${trap.target}" was KEPT`);
      else if (!p.reason) problems.push(`${s.site}: "${trap.target}" refused without a reason`);
      // A refused value may still be drafted only when the built-in extractor found it on its own, rightly.
      const field = score.fields.find((f) => f.field === trap.target);
      if (p && field && field.value !== null && JSON.stringify(field.value) === JSON.stringify(p.value) && field.outcome !== 'found') {
        problems.push(`${s.site}: the refused ${trap.target} ${JSON.stringify(p.value)} reached the draft`);
      }
    }
    for (const p of s.proposals.filter((x) => !s.traps.some((t) => t.target === x.key))) {
      if (!p.kept) problems.push(`${s.site}: the honest "${p.key}" was refused (${p.reason}): is the recording stale?`);
      if (p.outsidePrompt) problems.push(`${s.site}: "${p.key}" quotes what the model was never sent: ${p.outsidePrompt.join(' | ')}`);
      // The model is asked first: a value it proposed and the verifier kept is the draft's.
      const field = score.fields.find((f) => f.field === p.key.split(': ')[0]);
      if (field && p.kept && !(Array.isArray(field.value) ? field.value.includes(p.value as string) : field.value === p.value || p.key === 'pricing_model')) {
        problems.push(`${s.site}: the kept "${p.key}" is not in the draft (${JSON.stringify(field.value)?.slice(0, 80)})`);
      }
    }
  }
  assert.deepEqual(problems, []);

  const proposals = run.model.sites.flatMap((s) => s.proposals);
  const refused = proposals.filter((p) => !p.kept);
  assert.equal(refused.length, [...recordings.values()].reduce((n, r) => n + r.traps.length, 0), 'the traps and nothing else are refused');
  assert.ok(proposals.length - refused.length >= 50, `${proposals.length - refused.length} kept`);

  const t = totals(run.scores);
  assert.equal(t.all.invented, 0, JSON.stringify(run.scores.flatMap((s) => s.fields.filter((f) => f.outcome === 'invented').map((f) => `${s.site}.${f.field}`))));
  assert.equal(t.all.unverified, 0, JSON.stringify(run.scores.flatMap((s) => s.fields.filter((f) => f.unverified.length).map((f) => `${s.site}.${f.field}: ${f.unverified}`))));
  assert.ok(t.all.recall >= 0.85, `recall with the model ${(t.all.recall * 100).toFixed(1)} %`);
});
