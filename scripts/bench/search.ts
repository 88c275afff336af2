/**
 * The search rows of issue 32 (goal 1), from the sets kept beside this file (search-sets.ts):
 * the 2,000 distinct misspelled searches, each sent once by 20 connections; 200 others one at a
 * time; and the relevance set's NDCG@10 against the running service. Verdicts: the distinct row
 * ≥ 2 % of hello-world on PostgreSQL and ≥ 1 % on PGlite, p99 ≤ 50 / 150 ms, one query alone
 * p50 ≤ 5 ms; relevance never below the value recorded here.
 */
import type { Target } from './load.ts';
import { clean, dirty, ENGINE_NAMES, type Engine, type EngineResult, type Verdict } from './report.ts';
import { ndcg } from './ndcg.ts';
import { readSearchSets } from './search-sets.ts';
import type { RelevanceKind } from './search-relevance-set.ts';
import { scrapeMetrics } from './metrics.ts';

type GetJson = (url: string) => Promise<{ status: number; body: any; text: string }>;
type BenchTarget = Target & { preflight: () => Promise<string | undefined> };

export const SEARCH_ROWS = { distinct: 'search two words, distinct', alone: 'search distinct, one at a time' };

/**
 * NDCG@10 of the relevance set at 100,000 listings per engine ("today's value first, then never
 * lower"): first 0.216 (2026-11-28, the SQL ranking), then 0.985 with the in-memory engine
 * (docs/decisions.md#search-engine), both engines. Raise it when search gets better; never lower it.
 */
export const RELEVANCE_BASELINE: Partial<Record<Engine, number>> = { pglite: 0.985, postgres: 0.985 };

const GOALS: Record<Engine, { ratio: number; p99Ms: number }> = { postgres: { ratio: 0.02, p99Ms: 50 }, pglite: { ratio: 0.01, p99Ms: 150 } };
const ALONE_P50_MS = 5;

const searchPath = (q: string, perPage?: number) => `/api/v1/listings?q=${encodeURIComponent(q)}${perPage ? `&per_page=${perPage}` : ''}`;

export function searchTargets(baseUrl: string, getJson: GetJson): BenchTarget[] {
  const { queries } = readSearchSets();
  const get = (q: string) => ({ method: 'GET', path: searchPath(q) });
  // A query of neither row (the relevance set's first, asked again only long after the cache forgot it).
  const probe = readSearchSets().relevance.queries[0].q;
  const preflight = async () => {
    const r = await getJson(baseUrl + searchPath(probe));
    return r.status === 200 ? undefined : `pre-flight answered ${r.status}${r.body?.code ? ` ${r.body.code}` : ''}`;
  };
  return [
    {
      // First: with no warm-up of their own, these also warm the search path for the row below.
      name: SEARCH_ROWS.alone,
      label: `GET /api/v1/listings?q=…, ${queries.alone.length} other misspelled queries, one connection, each once`,
      baseUrl,
      requests: queries.alone.map((q) => get(q.q)),
      connections: 1,
      shared: true,
      once: true,
      preflight,
    },
    {
      // Every request another query (scripts/bench/search-queries.json), so no cache answers.
      name: SEARCH_ROWS.distinct,
      label: `GET /api/v1/listings?q=…, ${queries.load.length.toLocaleString('en-US')} distinct two-word misspelled queries, each once`,
      baseUrl,
      requests: queries.load.map((q) => get(q.q)),
      shared: true,
      once: true,
      preflight,
    },
  ];
}

/**
 * Waits until the node answers searches from its in-memory index (GET /metrics,
 * launchyard_search_index_ready): the rows measure a node at work, not one still building it.
 * Returns the seconds waited, or undefined when the node never said so within the limit.
 */
export async function waitForSearchIndex(baseUrl: string, limitS = 300): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < limitS * 1000) {
    const metrics = await scrapeMetrics(baseUrl).catch(() => () => undefined);
    if (metrics('launchyard_search_index_ready') === 1) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
  }
  return undefined;
}

export interface RelevanceResult {
  /** Mean NDCG@10 over the scored queries. */
  ndcg: number;
  byKind: Partial<Record<RelevanceKind, { ndcg: number; queries: number }>>;
  /** Queries with at least one judged listing in this directory (fewer on a smaller seed). */
  scored: number;
  queries: number;
  /** Judged listings absent from this directory (not seeded at this size). */
  absent: number;
  /** Queries whose answer was not a 200. */
  failed: number;
  /** The scored queries that found none of their judged listings in the first 10. */
  missed: string[];
}

/**
 * Sends each relevance query once (per_page 10) and scores the answer. Judged listings this
 * directory does not hold (a smaller seed) leave the ideal order, so a quick run scores what it
 * can; a listing's presence is asked of get_listing.
 */
export async function measureRelevance(baseUrl: string, getJson: GetJson): Promise<RelevanceResult> {
  const { relevance } = readSearchSets();
  const present = new Map<string, boolean>();
  const isPresent = async (slug: string) => {
    if (!present.has(slug)) present.set(slug, (await getJson(`${baseUrl}/api/v1/listings/${encodeURIComponent(slug)}`)).status === 200);
    return present.get(slug)!;
  };
  const scores: { kind: RelevanceKind; score: number }[] = [];
  const missed: string[] = [];
  let failed = 0;
  for (const query of relevance.queries) {
    const judged = new Map<string, number>();
    for (const j of query.expect) if (await isPresent(j.slug)) judged.set(j.slug, j.gain);
    if (!judged.size) continue;
    const r = await getJson(baseUrl + searchPath(query.q, 10));
    if (r.status !== 200) failed++;
    const answer: string[] = r.status === 200 ? (r.body.items ?? []).map((i: { slug: string }) => i.slug) : [];
    const score = ndcg(answer, judged);
    if (score === undefined) continue;
    scores.push({ kind: query.kind, score });
    if (score === 0) missed.push(query.q);
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const byKind: RelevanceResult['byKind'] = {};
  for (const kind of new Set(scores.map((s) => s.kind))) {
    const of = scores.filter((s) => s.kind === kind).map((s) => s.score);
    byKind[kind] = { ndcg: mean(of), queries: of.length };
  }
  return {
    ndcg: mean(scores.map((s) => s.score)),
    byKind,
    scored: scores.length,
    queries: relevance.queries.length,
    absent: [...present.values()].filter((p) => !p).length,
    failed,
    missed,
  };
}

export function formatRelevance(engine: Engine, r: RelevanceResult): string {
  const kinds = Object.entries(r.byKind).map(([kind, k]) => `${kind} ${k.ndcg.toFixed(3)} (${k.queries})`);
  return (
    `search relevance (${ENGINE_NAMES[engine]}): NDCG@10 ${r.ndcg.toFixed(3)} over ${r.scored} of ${r.queries} queries ` +
    `(scripts/bench/search-relevance.json)${r.absent ? `; ${r.absent} judged listings not in this directory` : ''}` +
    `${r.failed ? `; ${r.failed} answers not 200` : ''}\n  by kind: ${kinds.join(', ')}` +
    (r.missed.length ? `\n  none of the expected listings in the first 10 (${r.missed.length}): ${r.missed.slice(0, 8).map((q) => `"${q}"`).join(', ')}${r.missed.length > 8 ? ', …' : ''}` : '')
  );
}

export function searchVerdicts(results: Partial<Record<Engine, EngineResult>>, recorded: Partial<Record<Engine, number>> = RELEVANCE_BASELINE): Verdict[] {
  const out: Verdict[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
  for (const engine of ['postgres', 'pglite'] as const) {
    const r = results[engine];
    const goal = GOALS[engine];
    const missing = r ? 'not measured (--endpoints)' : `${ENGINE_NAMES[engine]} not run`;
    const distinct = r?.rows.find((x) => x.name === SEARCH_ROWS.distinct);
    const alone = r?.rows.find((x) => x.name === SEARCH_ROWS.alone);
    {
      const target = `distinct misspelled searches on ${ENGINE_NAMES[engine]} ≥ ${goal.ratio * 100} % of hello-world req/s`;
      if (!distinct) out.push({ status: 'n.a.', target, detail: missing });
      else {
        const ok = clean(distinct) && !distinct.note && distinct.ratio >= goal.ratio;
        out.push({ status: ok ? 'PASS' : 'FAIL', target, detail: `${pct(distinct.ratio)} (${Math.round(distinct.reqPerSec)} req/s)${distinct.note ? `; ${distinct.note}` : ''}${clean(distinct) ? '' : `; ${dirty(distinct)}`}` });
      }
    }
    {
      const target = `distinct misspelled searches on ${ENGINE_NAMES[engine]} p99 ≤ ${goal.p99Ms} ms`;
      if (!distinct) out.push({ status: 'n.a.', target, detail: missing });
      else {
        const ok = clean(distinct) && distinct.latencyMs.p99 <= goal.p99Ms;
        out.push({ status: ok ? 'PASS' : 'FAIL', target, detail: `p99 ${distinct.latencyMs.p99.toFixed(1)} ms, p50 ${distinct.latencyMs.p50.toFixed(2)} ms` });
      }
    }
    {
      const target = `one misspelled search alone on ${ENGINE_NAMES[engine]} p50 ≤ ${ALONE_P50_MS} ms`;
      if (!alone) out.push({ status: 'n.a.', target, detail: missing });
      else {
        const ok = clean(alone) && alone.latencyMs.p50 <= ALONE_P50_MS;
        out.push({ status: ok ? 'PASS' : 'FAIL', target, detail: `p50 ${alone.latencyMs.p50.toFixed(2)} ms, p99 ${alone.latencyMs.p99.toFixed(1)} ms${clean(alone) ? '' : `; ${dirty(alone)}`}` });
      }
    }
    {
      const baseline = recorded[engine];
      const target = `search relevance on ${ENGINE_NAMES[engine]}: NDCG@10 never below the recorded value`;
      const rel = r?.relevance;
      if (!rel) out.push({ status: 'n.a.', target, detail: missing });
      else if (baseline === undefined) out.push({ status: 'n.a.', target, detail: `NDCG@10 ${rel.ndcg.toFixed(3)}; no value recorded yet (RELEVANCE_BASELINE in scripts/bench/search.ts, from a 100,000-listing run)` });
      else if (rel.absent > 0) {
        out.push({ status: 'n.a.', target, detail: `NDCG@10 ${rel.ndcg.toFixed(3)}; ${rel.absent} judged listings not in this directory: comparable only at 100,000` });
      } else {
        const ok = rel.ndcg >= baseline - 1e-9 && rel.failed === 0;
        out.push({ status: ok ? 'PASS' : 'FAIL', target, detail: `NDCG@10 ${rel.ndcg.toFixed(3)} vs ${baseline.toFixed(3)} recorded${rel.failed ? `; ${rel.failed} answers not 200` : ''}` });
      }
    }
  }
  return out;
}
