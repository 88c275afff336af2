/**
 * The in-memory search engine alone, without a database or HTTP (issue 32 at 1,000,000 listings):
 *
 *   node scripts/bench/search-engine.ts --listings 1000000 [--check] [--reference] [--scheduled]
 *
 * Builds a SearchIndex from the listings seed:scale would write (src/demo/scale-listing.ts: name,
 * slug, tagline, keywords, description, live or scheduled; ids 1..N in insertion order, as the
 * seeded table numbers them; votes drawn as seed:scale draws its vote counts, before any weighing),
 * through SearchIndex.build and document.ts exactly as listing-search.ts builds it from the store.
 * Then times rank() over the kept query sets (scripts/bench/search-queries.json: load and alone;
 * search-relevance.json), each query once, status live, the API's default page (20; 10 for the
 * relevance set, as the bench asks), after a warm-up over other queries. Prints p50 / p99 / mean per
 * query (wall clock: a busy machine inflates them), the mean CPU time of this thread per query (the
 * kernel counts it in ticks, so only a set's sum means anything), the time per phase, the index's
 * memory (typed arrays, heapUsed and arrayBuffers after a GC).
 *
 *   --check      compares every answer (page ids in order, total; also page 6) with ranking-reference.ts
 *   --reference  times ranking-reference.ts (the engine before the top-k rewrite) beside it
 *   --scheduled  the same queries also with status scheduled (the "upcoming" filter)
 *   --slowest    the five slowest queries of each set, with their words' alternatives and postings
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { scaleListing } from '../../src/demo/scale-listing.ts';
import type { SearchDocument } from '../../src/domain/listings/search-engine/document.ts';
import { SearchIndex, statusCode } from '../../src/domain/listings/search-engine/search-index.ts';
import { rank, rankPhases, readQuery } from '../../src/domain/listings/search-engine/ranking.ts';
import { referenceRank } from '../../src/domain/listings/search-engine/ranking-reference.ts';
import { queryWords } from '../../src/domain/listings/typo-query.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    check: { type: 'boolean', default: false },
    reference: { type: 'boolean', default: false },
    scheduled: { type: 'boolean', default: false },
    slowest: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});
const LISTINGS = Number(values.listings);
if (!Number.isInteger(LISTINGS) || LISTINGS < 1) throw new Error(`--listings must be a positive integer, got ${values.listings}`);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
const ms = (x: number) => `${x.toFixed(3)} ms`;

/** seed:scale's vote count for listing i (scripts/seed-scale.ts voteCount, same draws in the same order). */
function seededVotes(i: number, scheduled: boolean, rng: ReturnType<typeof scaleListing>['rng']): number {
  if (scheduled) {
    rng.int(1, 8);
    return 0;
  }
  rng.next(); // launch week
  rng.int(0, 6 * 60); // published
  if (rng.chance(0.01)) return rng.int(40, 250);
  return Math.floor(7 * Math.pow(rng.next(), 2.2));
}

function document(i: number): SearchDocument {
  const l = scaleListing(i);
  return {
    id: i + 1,
    slug: l.slug,
    status: l.scheduled ? 'scheduled' : 'live',
    votes: seededVotes(i, l.scheduled, l.rng),
    name: l.name,
    tagline: l.text.tagline,
    keywords: l.text.keywords,
    description: l.text.description,
  };
}

// ---- the index -------------------------------------------------------------------------------
gc();
const before = process.memoryUsage();
let started = performance.now();
let made = 0;
let liveCount = 0;
const index = await SearchIndex.build(
  async (after) => {
    const out: SearchDocument[] = [];
    for (let i = after; i < LISTINGS && out.length < 10_000; i++) {
      const d = document(i);
      if (d.status === 'live') liveCount++;
      out.push(d);
    }
    made += out.length;
    if (made % 100_000 === 0 && out.length) process.stderr.write(`  ${made} listings\n`);
    return out;
  },
  async () => {},
);
const buildMs = performance.now() - started;
gc();
const after = process.memoryUsage();
console.log(`index: ${LISTINGS} listings (${liveCount} live, ${LISTINGS - liveCount} scheduled), built in ${(buildMs / 1000).toFixed(1)} s`);
console.log(
  `memory: typed arrays ${mib(index.bytes)}; after a GC heapUsed ${mib(after.heapUsed)} (+${mib(after.heapUsed - before.heapUsed)}), ` +
    `arrayBuffers ${mib(after.arrayBuffers)} (+${mib(after.arrayBuffers - before.arrayBuffers)}), rss ${mib(after.rss)}`,
);

// ---- the queries -----------------------------------------------------------------------------
interface Q {
  q: string;
  words: string[];
  limit: number;
}
const here = import.meta.dirname;
const sets = JSON.parse(readFileSync(path.join(here, 'search-queries.json'), 'utf8')) as { load: { q: string }[]; alone: { q: string }[] };
const relevance = JSON.parse(readFileSync(path.join(here, 'search-relevance.json'), 'utf8')) as { queries: { q: string }[] };
const asQ = (q: string, limit: number): Q => ({ q, words: queryWords(q), limit });
const groups: [string, Q[]][] = [
  ['load (2,000 misspelled two-word)', sets.load.map((x) => asQ(x.q, 20))],
  ['alone (200 misspelled two-word)', sets.alone.map((x) => asQ(x.q, 20))],
  ['relevance (110)', relevance.queries.map((x) => asQ(x.q, 10))],
];

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
function summary(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${ms(quantile(s, 0.5))}  p99 ${ms(quantile(s, 0.99))}  mean ${ms(times.reduce((a, b) => a + b, 0) / times.length)}  max ${ms(s[s.length - 1])}`;
}

type Ranker = typeof rank;
function run(label: string, ranker: Ranker, status: number, phases: boolean) {
  console.log(`\n${label}, status ${status === 1 ? 'live' : 'scheduled'}:`);
  // Warm-up: other queries (every query is measured once, as a distinct search is sent once).
  for (const [, qs] of groups) for (const q of qs.slice(0, 20)) ranker(index, [...q.words].reverse(), status, 0, q.limit);
  for (const [name, qs] of groups) {
    const times: number[] = [];
    const spelling: number[] = [];
    if (phases) rankPhases.reset();
    let totals = 0;
    const slow: { q: Q; ms: number; total: number }[] = [];
    let cpu = 0;
    for (const q of qs) {
      let t = performance.now();
      readQuery(index, q.words);
      spelling.push(performance.now() - t);
      const c = process.threadCpuUsage();
      t = performance.now();
      const r = ranker(index, q.words, status, 0, q.limit);
      times.push(performance.now() - t);
      const used = process.threadCpuUsage(c);
      cpu += used.user + used.system;
      totals += r.total;
      slow.push({ q, ms: times[times.length - 1], total: r.total });
    }
    console.log(`  ${name.padEnd(34)} rank(): ${summary(times)}   (mean total ${Math.round(totals / qs.length)})`);
    console.log(`  ${''.padEnd(34)} CPU of this thread in rank(), mean per query: ${ms(cpu / 1000 / qs.length)}`);
    console.log(`  ${''.padEnd(34)} of which spelling (readQuery): ${summary(spelling)}`);
    if (phases) console.log(`  ${''.padEnd(34)} phases, mean per query: ${rankPhases.report(qs.length)}`);
    if (values.slowest) {
      for (const x of slow.sort((a, b) => b.ms - a.ms).slice(0, 5)) {
        const words = (readQuery(index, x.q.words) ?? []).map((w) => `${w.alternatives.length} alt / ${w.frequency}`).join('; ');
        console.log(`  ${''.padEnd(34)}   slowest: "${x.q.q}" ${ms(x.ms)}, total ${x.total} (${words})`);
      }
    }
  }
}

function check(status: number) {
  let compared = 0;
  const pages: [number, number][] = [[0, 20], [100, 20], [0, 10], [7, 3]];
  for (const [name, qs] of groups) {
    for (const q of qs) {
      for (const [offset, limit] of pages) {
        const a = rank(index, q.words, status, offset, limit);
        const b = referenceRank(index, q.words, status, offset, limit);
        compared++;
        if (a.total !== b.total || a.ids.length !== b.ids.length || a.ids.some((id, i) => id !== b.ids[i])) {
          console.log(`MISMATCH ${name} "${q.q}" status ${status} offset ${offset}: total ${a.total} vs ${b.total}; ids ${a.ids.join(',')} vs ${b.ids.join(',')}`);
          process.exitCode = 1;
        }
      }
    }
  }
  console.log(`check, status ${status}: ${compared} answers compared with the reference, ${process.exitCode ? 'MISMATCHES above' : 'all identical'}`);
}

const statuses = values.scheduled ? [statusCode('live'), statusCode('scheduled')] : [statusCode('live')];
for (const status of statuses) {
  if (values.reference) run('reference (before)', referenceRank, status, false);
  run('engine', rank, status, true);
  if (values.check) check(status);
}
