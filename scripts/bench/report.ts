/** The printed tables and the target verdicts of `npm run bench`. */
import type { Measurement } from './load.ts';
import type { CpuShare } from './processes.ts';
import type { ProfileSummary } from './profile.ts';
import type { Explained } from './explain.ts';
import type { DraftingResult } from './drafting.ts';
import type { SingleTiming } from './single.ts';
import type { RelevanceResult } from './search.ts';

export type Engine = 'pglite' | 'postgres';

export interface Row extends Measurement {
  /** req/s divided by the hello-world's req/s in the same engine run. */
  ratio: number;
  /** Highest sampled server RSS during this endpoint's measured run (MiB). */
  rssPeakMiB: number | null;
  /** CPU of the server, of PostgreSQL and of anything else on the machine during the measured run. */
  cpu: CpuShare;
  /** What the pre-flight request said, when it was not a plain success. */
  note?: string;
  profile?: { file: string; summary: ProfileSummary };
}

export interface EngineResult {
  engine: Engine;
  database: string;
  startedAt: string;
  node: string;
  cpus: number;
  /** Node/V8 flags the server ran with (--node-flags), if any. */
  nodeFlags?: string[];
  listings: { requested: number; total: number; live: number };
  connections: number;
  durationS: number;
  warmupS: number;
  profiling: boolean;
  targets: { slugs: string[]; typo: string; typoMatches: number | null };
  server: { startupS: number; startupHwmMiB: number; peakRssMiB: number; hwmMiB: number };
  rows: Row[];
  explain?: Explained[];
  /** N drafts of a 10-page site at once: time to ready and the event loop meanwhile. */
  drafting?: DraftingResult;
  /** Per row: the same read one at a time, caches off, in-process (what a cache miss costs). */
  singles?: Record<string, SingleTiming>;
  /** The search relevance set's NDCG@10 against the running service (bench/search.ts). */
  relevance?: RelevanceResult;
}

export const ENGINE_NAMES: Record<Engine, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)) : '-');
const mib = (n: number | null) => (n !== null && Number.isFinite(n) && n > 0 ? `${Math.round(n)}` : '-');

function codes(r: Row): string {
  if (!r.non2xx) return '0';
  const parts = Object.entries(r.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${code}×${n}`);
  return `${r.non2xx} (${parts.join(', ')})`;
}

function errs(r: Row): string {
  const parts = [];
  if (r.unanswered > r.connections / 2 && r.unanswered > r.requests / 20) parts.push(`${r.unanswered} unanswered`);
  if (r.errors) parts.push(`${r.errors}${r.timeouts ? ` (${r.timeouts} timeouts)` : ''}`);
  if (r.mismatches) parts.push(`${r.mismatches} bad bodies`);
  return parts.length ? parts.join(', ') : '0';
}

function table(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

export function formatEngine(r: EngineResult): string {
  const head =
    `${ENGINE_NAMES[r.engine]} — ${r.database}\n` +
    `${int(r.listings.total)} listings (${int(r.listings.live)} live), ${r.connections} connections, ` +
    `${r.durationS} s per endpoint after ${r.warmupS} s warm-up, Node ${r.node}, ${r.cpus} CPUs` +
    (r.nodeFlags?.length ? `, server flags ${r.nodeFlags.join(' ')}` : '') +
    (r.profiling ? ', CPU PROFILER ATTACHED (slower)' : '');
  const body = table(
    ['endpoint', 'request', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '÷ hello', 'single p99', 'non-2xx', 'errors', 'RSS MiB', 'CPU srv/pg/other %'],
    r.rows.map((row) => [
      row.name,
      row.label,
      int(row.reqPerSec),
      ms(row.latencyMs.p50),
      ms(row.latencyMs.p99),
      ms(row.latencyMs.max),
      `${(row.ratio * 100).toFixed(1)} %`,
      r.singles?.[row.name] ? ms(r.singles[row.name].p99) : '-',
      codes(row),
      errs(row),
      mib(row.rssPeakMiB),
      `${Math.round(row.cpu.server)}/${r.engine === 'postgres' ? Math.round(row.cpu.postgres) : '-'}/${Math.round(row.cpu.other)}`,
    ]),
    new Set([2, 3, 4, 5, 6, 7, 10, 11]),
  );
  const notes = r.rows.flatMap((row) => [
    ...(row.note ? [`  ! ${row.name}: ${row.note}`] : []),
    ...(row.drainS > 1 ? [`  ! ${row.name}: the server was still busy for ${row.drainS.toFixed(1)} s after the run (work queued beyond the window)`] : []),
  ]);
  const foot =
    `server: ready in ${r.server.startupS.toFixed(1)} s; peak RSS ${mib(r.server.hwmMiB)} MiB (kernel VmHWM; ${mib(r.server.startupHwmMiB)} MiB ` +
    `of it reached during start-up), highest RSS sampled every 200 ms ${mib(r.server.peakRssMiB)} MiB` +
    (r.engine === 'postgres' ? ' (the Node process only; PostgreSQL backends are separate processes)' : ' (Node + PGlite in one process)') +
    `\nsearch query "${r.targets.typo}" matches ${r.targets.typoMatches ?? '?'} live listings; get_listing cycles through ${r.targets.slugs.length} slugs` +
    '\nRSS MiB = highest server RSS sampled during that endpoint; "÷ hello" = req/s relative to the hello-world row;' +
    '\n"single p99" = the same read one request at a time, every cache off, in-process after the server stopped (ms; what a cache miss costs);' +
    '\n"floor" rows = bare Fastify answering with the same REST and MCP bodies (no application): what the protocols themselves cost here;' +
    '\nlatencies include requests still unanswered when a run stopped, at their age then (a lower bound); "errors" names them when they are many' +
    `\nCPU = % of one core used during the measured run by the server process / PostgreSQL / anything else on the machine ` +
    `(${r.cpus} CPUs = ${r.cpus * 100} %; the load generator takes the rest; "other" well above 0 means the figures are pessimistic)`;
  const d = r.drafting;
  const drafting = d
    ? [
        '',
        `drafting: ${d.drafts} drafts of a ${d.pagesPerSite}-page site submitted at once: ${d.ready} ready, submit → ready p50 ${d.readyS.p50.toFixed(1)} s, ` +
          `max ${d.readyS.max.toFixed(1)} s; event-loop delay meanwhile (worst 5 s window) p99 ${ms(d.loop.p99Ms)} ms, max ${ms(d.loop.maxMs)} ms` +
          (d.failed.length ? `\n  ! ${d.failed.length} not ready: ${[...new Set(d.failed)].join('; ')}` : ''),
      ]
    : [];
  return [head, '', body, ...(notes.length ? ['', ...notes] : []), ...drafting, '', foot].join('\n');
}

export interface Verdict {
  status: 'PASS' | 'FAIL' | 'n.a.';
  target: string;
  detail: string;
}

const row = (r: EngineResult | undefined, name: string) => r?.rows.find((x) => x.name === name);
const stuck = (x: Row) => x.unanswered > x.connections / 2 && x.unanswered > x.requests / 20;
export const clean = (x: Row) => x.non2xx === 0 && x.errors === 0 && x.mismatches === 0 && !stuck(x);
export const dirty = (x: Row) =>
  `${x.non2xx} non-2xx, ${x.errors} errors, ${x.mismatches} bad bodies, ${x.unanswered} unanswered at the end of ${x.requests + x.unanswered}`;

export function verdicts(results: Partial<Record<Engine, EngineResult>>): Verdict[] {
  const out: Verdict[] = [];
  const pg = results.postgres;
  const lite = results.pglite;
  const notRun = (engine: Engine) =>
    engine === 'postgres' ? 'PostgreSQL not measured (set DATABASE_URL)' : 'PGlite not measured (--only postgres)';

  {
    const target = 'get_listing on PostgreSQL ≥ 50 % of hello-world req/s and p99 ≤ 10 ms';
    const x = row(pg, 'get_listing');
    if (!pg || !x) out.push({ status: 'n.a.', target, detail: pg ? 'not measured (--endpoints)' : notRun('postgres') });
    else {
      const ok = clean(x) && x.ratio >= 0.5 && x.latencyMs.p99 <= 10;
      out.push({
        status: ok ? 'PASS' : 'FAIL',
        target,
        detail: `${(x.ratio * 100).toFixed(1)} % of hello (${int(x.reqPerSec)} / ${int(pg.rows[0].reqPerSec)} req/s), p99 ${ms(x.latencyMs.p99)} ms${clean(x) ? '' : `; ${dirty(x)}`}`,
      });
    }
  }
  for (const [engine, limit] of [['postgres', 50], ['pglite', 150]] as const) {
    const r = results[engine];
    const target = `misspelled search on ${ENGINE_NAMES[engine]} p99 ≤ ${limit} ms`;
    const x = row(r, 'search_listings');
    if (!r || !x) out.push({ status: 'n.a.', target, detail: r ? 'not measured (--endpoints)' : notRun(engine) });
    else {
      const ok = clean(x) && x.latencyMs.p99 <= limit && (r.targets.typoMatches ?? 0) > 0;
      out.push({
        status: ok ? 'PASS' : 'FAIL',
        target,
        detail: `p99 ${ms(x.latencyMs.p99)} ms, p50 ${ms(x.latencyMs.p50)} ms, ${int(x.reqPerSec)} req/s${clean(x) ? '' : `; ${dirty(x)}`}`,
      });
    }
  }
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    const target = `MCP tools/call get_listing on ${ENGINE_NAMES[engine]} ≤ 1.5× REST latency (p50 and p99)`;
    const rest = row(r, 'get_listing');
    const mcp = row(r, 'mcp get_listing');
    if (!r || !rest || !mcp) out.push({ status: 'n.a.', target, detail: r ? 'not measured (--endpoints)' : notRun(engine) });
    else {
      const p50 = mcp.latencyMs.p50 / rest.latencyMs.p50;
      const p99 = mcp.latencyMs.p99 / rest.latencyMs.p99;
      const ok = clean(mcp) && clean(rest) && p50 <= 1.5 && p99 <= 1.5;
      // What the two protocols cost with no application behind them (bare Fastify, same answers).
      const floorRest = row(r, 'floor rest');
      const floorMcp = row(r, 'floor mcp');
      const floor =
        floorRest && floorMcp
          ? `; transport floor (bare Fastify, same answers): p50 ${(floorMcp.latencyMs.p50 / floorRest.latencyMs.p50).toFixed(2)}×, ` +
            `p99 ${(floorMcp.latencyMs.p99 / floorRest.latencyMs.p99).toFixed(2)}×`
          : '';
      out.push({
        status: ok ? 'PASS' : 'FAIL',
        target,
        detail:
          `p50 ${ms(mcp.latencyMs.p50)} vs ${ms(rest.latencyMs.p50)} ms (${p50.toFixed(2)}×), ` +
          `p99 ${ms(mcp.latencyMs.p99)} vs ${ms(rest.latencyMs.p99)} ms (${p99.toFixed(2)}×)` +
          (clean(mcp) ? '' : `; ${dirty(mcp)}`) +
          floor,
      });
    }
  }
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    const d = r?.drafting;
    const loopTarget = `event-loop p99 on ${ENGINE_NAMES[engine]} ≤ 50 ms while ${d?.drafts ?? 10} drafts of a 10-page site run`;
    const readyTarget = `draft → ready on ${ENGINE_NAMES[engine]} ≤ 10 s each with ${d?.drafts ?? 10} at once`;
    if (!r || !d) {
      const detail = r ? 'not measured (--endpoints)' : notRun(engine);
      out.push({ status: 'n.a.', target: loopTarget, detail }, { status: 'n.a.', target: readyTarget, detail });
      continue;
    }
    out.push({ status: d.loop.p99Ms <= 50 ? 'PASS' : 'FAIL', target: loopTarget, detail: `p99 ${ms(d.loop.p99Ms)} ms, max ${ms(d.loop.maxMs)} ms` });
    const ok = d.failed.length === 0 && d.readyS.max <= 10;
    out.push({ status: ok ? 'PASS' : 'FAIL', target: readyTarget, detail: `max ${d.readyS.max.toFixed(1)} s, p50 ${d.readyS.p50.toFixed(1)} s, ${d.ready}/${d.drafts} ready` });
  }
  out.push(...publicReadVerdicts(pg, lite));
  {
    const target = 'embedded (PGlite) server peak RSS ≤ 1 GB (1024 MiB)';
    if (!lite) out.push({ status: 'n.a.', target, detail: notRun('pglite') });
    else {
      const peak = Math.max(lite.server.peakRssMiB, lite.server.hwmMiB);
      out.push({ status: peak <= 1024 ? 'PASS' : 'FAIL', target, detail: `peak ${Math.round(peak)} MiB` });
    }
  }
  return out;
}

/** Browse, feeds, categories and leaderboards: the rows public-reads.ts defines. */
const isPublicRead = (name: string) => /^(browse |feed |board |category page|categories tree)/.test(name);

function publicReadVerdicts(pg: EngineResult | undefined, lite: EngineResult | undefined): Verdict[] {
  const out: Verdict[] = [];
  const reads = (r: EngineResult | undefined) => r?.rows.filter((x) => isPublicRead(x.name)) ?? [];
  const list = (xs: string[]) => (xs.length > 4 ? `${xs.slice(0, 4).join('; ')}; and ${xs.length - 4} more` : xs.join('; '));
  {
    const target = 'every browse, feed, category and leaderboard row on PostgreSQL ≥ 10 % of hello-world req/s';
    const rows = reads(pg);
    if (!pg || rows.length === 0) out.push({ status: 'n.a.', target, detail: pg ? 'not measured (--endpoints)' : 'PostgreSQL not measured (set DATABASE_URL)' });
    else {
      const bad = rows.filter((x) => x.ratio < 0.1 || !clean(x));
      const worst = [...rows].sort((a, b) => a.ratio - b.ratio)[0];
      out.push({
        status: bad.length ? 'FAIL' : 'PASS',
        target,
        detail: bad.length
          ? list(bad.map((x) => `${x.name} ${(x.ratio * 100).toFixed(1)} %${clean(x) ? '' : ` (${dirty(x)})`}`))
          : `${rows.length} rows, lowest ${worst.name} ${(worst.ratio * 100).toFixed(1)} % (${int(worst.reqPerSec)} req/s)`,
      });
    }
  }
  for (const [name, min, label] of [['get_listing cold', 0.4, 'get_listing over ≥ 50,000 distinct slugs'], ['search two words', 0.02, 'two-word typo search']] as const) {
    const target = `${label} on PostgreSQL ≥ ${min * 100} % of hello-world req/s`;
    const x = row(pg, name);
    if (!pg || !x) out.push({ status: 'n.a.', target, detail: pg ? 'not measured (--endpoints)' : 'PostgreSQL not measured (set DATABASE_URL)' });
    else out.push({ status: x.ratio >= min && clean(x) && !x.note ? 'PASS' : 'FAIL', target, detail: `${(x.ratio * 100).toFixed(1)} % (${int(x.reqPerSec)} req/s)${x.note ? `; ${x.note}` : ''}${clean(x) ? '' : `; ${dirty(x)}`}` });
  }
  // Issue 32, goal 2: each get_listing the first for its listing on this node.
  for (const [engine, r, min] of [['PostgreSQL', pg, 0.2], ['PGlite', lite, 0.1]] as const) {
    const target = `get_listing first reads (≥ 50,000 slugs) on ${engine} ≥ ${min * 100} % of hello-world req/s`;
    const x = row(r, 'get_listing first reads');
    if (!r || !x) out.push({ status: 'n.a.', target, detail: r ? 'not measured (--endpoints)' : `${engine} not measured` });
    else out.push({ status: x.ratio >= min && clean(x) && !x.note ? 'PASS' : 'FAIL', target, detail: `${(x.ratio * 100).toFixed(1)} % (${int(x.reqPerSec)} req/s), p99 ${ms(x.latencyMs.p99)} ms${x.note ? `; ${x.note}` : ''}${clean(x) ? '' : `; ${dirty(x)}`}` });
  }
  {
    const target = 'single-request p99 ≤ 20 ms for each of these reads on PostgreSQL (caches off)';
    const singles = Object.entries(pg?.singles ?? {});
    if (!pg || singles.length === 0) out.push({ status: 'n.a.', target, detail: pg ? 'not measured' : 'PostgreSQL not measured (set DATABASE_URL)' });
    else {
      const bad = singles.filter(([, t]) => t.p99 > 20);
      const worst = singles.sort((a, b) => b[1].p99 - a[1].p99)[0];
      out.push({ status: bad.length ? 'FAIL' : 'PASS', target, detail: bad.length ? list(bad.map(([n, t]) => `${n} ${ms(t.p99)} ms`)) : `${singles.length} reads, slowest ${worst[0]} ${ms(worst[1].p99)} ms` });
    }
  }
  {
    const target = 'PGlite: each of these rows ≥ a third of its PostgreSQL req/s';
    const rows = reads(lite);
    if (!pg || !lite || rows.length === 0) out.push({ status: 'n.a.', target, detail: 'needs both engines measured' });
    else {
      const pairs = rows.map((x) => ({ x, p: row(pg, x.name) })).filter((v) => v.p);
      const bad = pairs.filter(({ x, p }) => x.reqPerSec < p!.reqPerSec / 3);
      const worst = [...pairs].sort((a, b) => a.x.reqPerSec / a.p!.reqPerSec - b.x.reqPerSec / b.p!.reqPerSec)[0];
      out.push({
        status: bad.length ? 'FAIL' : 'PASS',
        target,
        detail: bad.length
          ? list(bad.map(({ x, p }) => `${x.name} ${int(x.reqPerSec)} vs ${int(p!.reqPerSec)}`))
          : `lowest ${worst.x.name}: ${((100 * worst.x.reqPerSec) / worst.p!.reqPerSec).toFixed(0)} % of PostgreSQL`,
      });
    }
  }
  return out;
}

export function formatVerdicts(vs: Verdict[], caveat?: string): string {
  const width = Math.max(...vs.map((v) => v.target.length));
  return [
    'Targets' + (caveat ? ` — ${caveat}` : ''),
    ...vs.map((v) => `  ${v.status.padEnd(4)}  ${v.target.padEnd(width)}  ${v.detail}`),
  ].join('\n');
}
