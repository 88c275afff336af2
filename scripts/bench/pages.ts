/**
 * Page-render rows: the site's pages beside the API read each one is built from. A page calls the
 * same operations in-process (and so the same caches) and renders HTML; the target is a p99
 * within twice the API read's. Pages are asked for as a browser asks (Accept-Encoding): the site
 * keeps them compressed, and a browser never asks for them any other way.
 */
import type { Target } from './load.ts';
import { clean, dirty, ENGINE_NAMES, type Engine, type EngineResult, type Verdict } from './report.ts';

interface PageRead {
  name: string;
  label: string;
  /** The row of the same data through the API. */
  api: string;
  paths: string[];
}

/** What Chromium sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `busy`: the listing with 5,000 comments (bench/comments.ts); its page shows the first 20 threads. */
export function pageReads(slugs: string[], typo: string, busy = ''): PageRead[] {
  return [
    { name: 'page home', label: 'GET / (HTML, br: the launch feed sections)', api: 'feed this-week', paths: ['/'] },
    { name: 'page search', label: `GET /search?q=${typo} (HTML, br)`, api: 'search_listings', paths: [`/search?q=${encodeURIComponent(typo)}`] },
    { name: 'page listing', label: 'GET /listings/{slug} (HTML, br)', api: 'get_listing', paths: slugs.map((s) => `/listings/${encodeURIComponent(s)}`) },
    {
      name: 'page listing with comments',
      label: 'GET /listings/{busy} (HTML, br: the first of 5,000 comments)',
      api: 'list_comments',
      paths: [`/listings/${encodeURIComponent(busy)}`],
    },
  ];
}

/** The rows as bench targets, each with a pre-flight that the page answers 200 with HTML. */
export function pageTargets(baseUrl: string, reads: PageRead[]): (Target & { preflight: () => Promise<string | undefined> })[] {
  return reads.map((r) => ({
    name: r.name,
    label: r.label,
    baseUrl,
    requests: r.paths.map((path) => ({ method: 'GET', path, headers: BROWSER })),
    preflight: async () => {
      // A kept page is compressed from its second request on (render-memo.ts): ask twice.
      await (await fetch(baseUrl + r.paths[0], { headers: BROWSER, signal: AbortSignal.timeout(30_000) })).arrayBuffer();
      const res = await fetch(baseUrl + r.paths[0], { headers: BROWSER, signal: AbortSignal.timeout(30_000) });
      const html = await res.text();
      // A page built from uncached reads (a search with words) is sent once and never compressed.
      const ok = res.status === 200 && html.startsWith('<!doctype html>');
      return ok ? undefined : `pre-flight answered ${res.status} (${res.headers.get('content-encoding') ?? 'uncompressed'})`;
    },
  }));
}

/** Per engine and page: p99 within 2× of the same API read's. */
export function pageVerdicts(results: Partial<Record<Engine, EngineResult>>, reads: PageRead[]): Verdict[] {
  const out: Verdict[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    for (const read of reads) {
      const target = `${read.name} on ${ENGINE_NAMES[engine]}: p99 ≤ 2× ${read.api}`;
      const page = r?.rows.find((x) => x.name === read.name);
      const api = r?.rows.find((x) => x.name === read.api);
      if (!r || !page || !api) {
        out.push({ status: 'n.a.', target, detail: r ? 'not measured (--endpoints)' : `${ENGINE_NAMES[engine]} not run` });
        continue;
      }
      const ratio = page.latencyMs.p99 / api.latencyMs.p99;
      const ok = clean(page) && clean(api) && ratio <= 2;
      out.push({
        status: ok ? 'PASS' : 'FAIL',
        target,
        detail: `p99 ${page.latencyMs.p99.toFixed(2)} vs ${api.latencyMs.p99.toFixed(2)} ms (${ratio.toFixed(2)}×), ${Math.round(page.reqPerSec)} vs ${Math.round(api.reqPerSec)} req/s${clean(page) ? '' : `; ${dirty(page)}`}`,
      });
    }
  }
  return out;
}

/** Issue 32, goal 3: listing pages each viewed for the first time (what crawlers and visitors arriving from search hit). */
export const FIRST_VIEWS = { name: 'page listing first views', min: 20_000, goals: { postgres: { ratio: 0.05, p99Ms: 50 }, pglite: { ratio: 0.02, p99Ms: Infinity } } } as const;

export function firstViewTarget(baseUrl: string, slugs: string[]): Target & { preflight: () => Promise<string | undefined> } {
  return {
    name: FIRST_VIEWS.name,
    label: `GET /listings/{slug} (HTML, br), each of ${slugs.length.toLocaleString('en-US')} listings viewed once`,
    baseUrl,
    requests: slugs.map((s) => ({ method: 'GET', path: `/listings/${encodeURIComponent(s)}`, headers: BROWSER })),
    shared: true,
    preflight: async () => (slugs.length >= FIRST_VIEWS.min ? undefined : `only ${slugs.length} distinct listings (the target asks for ${FIRST_VIEWS.min.toLocaleString('en-US')})`),
  };
}

export function firstViewVerdicts(results: Partial<Record<Engine, EngineResult>>): Verdict[] {
  return (['postgres', 'pglite'] as const).map((engine) => {
    const goal = FIRST_VIEWS.goals[engine];
    const target = `${FIRST_VIEWS.name} on ${ENGINE_NAMES[engine]}: ≥ ${goal.ratio * 100} % of hello-world${Number.isFinite(goal.p99Ms) ? `, p99 ≤ ${goal.p99Ms} ms` : ''}`;
    const x = results[engine]?.rows.find((r) => r.name === FIRST_VIEWS.name);
    if (!x) return { status: 'n.a.' as const, target, detail: results[engine] ? 'not measured (--endpoints)' : `${ENGINE_NAMES[engine]} not run` };
    const ok = x.ratio >= goal.ratio && x.latencyMs.p99 <= goal.p99Ms && clean(x);
    return { status: ok ? ('PASS' as const) : ('FAIL' as const), target, detail: `${(x.ratio * 100).toFixed(2)} % (${Math.round(x.reqPerSec)} req/s), p99 ${x.latencyMs.p99.toFixed(1)} ms${clean(x) ? '' : `; ${dirty(x)}`}` };
  });
}
