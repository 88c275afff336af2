/**
 * `npm run bench:drafts` (or `npm run bench -- --drafts-only`): drafting speed of issue 34 on
 * PGlite in a temporary data directory and, when DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, on a fresh database made there and dropped after (the database the URL names
 * is never written). Each engine: the real service as a child process (jobs on, the worker pool,
 * the real crawler), a 10-page product site on loopback (bench/drafting.ts), an API key, then
 *
 *   1. drafts of the site one at a time: submit_listing → get_draft polled until ready, each timed;
 *   2. 10 drafts of it submitted at once: each one's time to ready, and the service's event-loop
 *      delay meanwhile (its /metrics: monitorEventLoopDelay in the server process, 5 s windows,
 *      scraped every second; the worst window is reported).
 *
 * Targets: a 10-page site drafts in ≤ 10 s; event-loop p99 ≤ 50 ms while 10 draft at once (and,
 * as the main bench's drafting row, each of the 10 ready in ≤ 10 s). It is a report: the exit
 * code is 0 whether the targets pass or fail (1 only when it could not run).
 *
 *   npm run bench:drafts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:drafts -- --only postgres
 *
 * Options: --only pglite|postgres, --alone N (drafts one at a time; default 5), --at-once N
 * (default 10). Loopback only, bounded in count and time. Results also go to .bench/drafts-<engine>.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureDrafting, serveDraftSite, type DraftingResult } from './drafting.ts';
import { CpuMeter, freePort, installCleanup, spawnChild, stopAll, waitIdle, waitUntilReady, type CpuShare } from './processes.ts';
import { ENGINE_NAMES, formatVerdicts, type Engine, type Verdict } from './report.ts';
import { scratchDatabase } from './scratch-database.ts';
import { loopDelay } from './metrics.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BENCH_DIR = path.join(ROOT, '.bench');
/** The service's metrics window (METRICS_WINDOW_SECONDS): short, so a phase's delay is its own. */
const WINDOW_S = 5;
/** A draft still not ready after this is reported as such, not waited for. */
const GIVE_UP_MS = 120_000;
const GOAL_READY_S = 10;
const GOAL_LOOP_P99_MS = 50;

interface Options {
  only?: Engine;
  alone: number;
  atOnce: number;
}

export interface DraftsResult {
  engine: Engine;
  database: string;
  startedAt: string;
  node: string;
  cpus: number;
  load: { before: number[]; after: number[] };
  pagesPerSite: number;
  /** One at a time: seconds from submit to ready, each; the loop's worst window meanwhile. */
  alone: { n: number; ready: number; seconds: number[]; p50S: number; maxS: number; loop: { p99Ms: number; maxMs: number }; failed: string[] };
  atOnce: DraftingResult & { wallS: number; cpu: CpuShare };
  server: { startupS: number };
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--drafts-only'),
    options: {
      only: { type: 'string' },
      alone: { type: 'string', default: '5' },
      'at-once': { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('usage: [DATABASE_URL=postgres://…] npm run bench:drafts -- [--only pglite|postgres] [--alone N] [--at-once N]');
    process.exit(0);
  }
  const whole = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error(`--${name} must be a whole number from 1 to 50, got ${raw}`);
    return n;
  };
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(`--only must be pglite or postgres, got ${values.only}`);
  return { only: values.only as Engine | undefined, alone: whole('alone', values.alone), atOnce: whole('at-once', values['at-once']) };
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function scratch(engine: Engine, serverUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-draftbench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { dataDir, databaseUrl: undefined, label: `temporary data directory ${dataDir}`, remove: async () => removeDir() };
  const db = await scratchDatabase(serverUrl!, 'launchyard_draftbench');
  return {
    dataDir,
    databaseUrl: db.url,
    label: `scratch database ${db.name} on ${redact(serverUrl!).replace(/\/[^/]*$/, '')}`,
    remove: async () => {
      await db.drop();
      removeDir();
    },
  };
}

function serviceEnv(where: { dataDir: string; databaseUrl?: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PORT', 'PUBLIC_URL', 'LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] as const) delete env[name];
  return { ...env, DATA_DIR: where.dataDir, ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}) };
}

/** A user and an API key, made with the CLI before the server holds the database (as the main bench's drafting row). */
function apiKey(env: NodeJS.ProcessEnv): string {
  const email = `drafts-${Date.now()}@bench.invalid`;
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['src/cli.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cli ${args[0]} failed: ${r.stderr}`);
    return r.stdout;
  };
  cli('user:create', '--email', email, '--password', 'bench password, not a secret');
  return cli('apikey:create', '--email', email, '--scopes', 'account:read,listings:write', '--name', 'bench').trim().split('\n').pop()!;
}

/** One draft of `url`, submitted and polled until it leaves crawling/drafting: seconds, and the failure if not ready. */
async function draftOnce(baseUrl: string, key: string, url: string): Promise<{ seconds: number; failure?: string }> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/drafts`, { method: 'POST', headers, body: JSON.stringify({ url }) });
  if (res.status !== 201) throw new Error(`submit_listing answered ${res.status}: ${await res.text()}`);
  const id = (await res.json()).id as string;
  for (;;) {
    const d = await (await fetch(`${baseUrl}/api/v1/drafts/${id}`, { headers })).json();
    const seconds = (performance.now() - started) / 1000;
    if (d.status !== 'crawling' && d.status !== 'drafting') return d.status === 'ready' ? { seconds } : { seconds, failure: `${d.status}: ${d.failure?.code ?? ''} ${d.failure?.reason ?? ''}`.trim() };
    if (seconds * 1000 > GIVE_UP_MS) return { seconds, failure: `still running after ${GIVE_UP_MS / 1000} s` };
    await sleep(100);
  }
}

async function runEngine(engine: Engine, opts: Options, serverUrl: string | undefined): Promise<DraftsResult> {
  const tag = `[${engine}]`;
  const load = { before: loadavg(), after: [] as number[] };
  const place = await scratch(engine, serverUrl);
  console.log(`\n=== ${ENGINE_NAMES[engine]}: ${place.label} (load average ${load.before.join(', ')}) ===`);
  const site = await serveDraftSite();
  let child: ReturnType<typeof spawnChild> | undefined;
  try {
    const env = serviceEnv(place);
    const key = apiKey(env);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const started = performance.now();
    child = spawnChild('server', ['src/main.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000000',
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000000',
        CRAWLER_ALLOW_HOSTS: '127.0.0.1',
        CRAWLER_MAX_PAGES: '10',
        METRICS_WINDOW_SECONDS: String(WINDOW_S),
      },
    });
    console.log(`${tag} server: pid ${child.pid} on ${baseUrl}, waiting for /readyz…`);
    await waitUntilReady(`${baseUrl}/readyz`, child);
    const startupS = (performance.now() - started) / 1000;
    const postgres = engine === 'postgres';
    const idle = () => waitIdle({ pid: child!.pid, postgres, url: `${baseUrl}/readyz`, maxS: 60 });

    // The first draft starts the worker threads and loads the extractor: a warm-up, not measured.
    const warm = await draftOnce(baseUrl, key, `${site.origin}/?warm=1`);
    console.log(`${tag} server ready in ${startupS.toFixed(1)} s; warm-up draft ${warm.failure ?? 'ready'} in ${warm.seconds.toFixed(1)} s`);
    await idle();
    await sleep(2 * WINDOW_S * 1000 + 1000);

    // 1. One at a time.
    console.log(`${tag} ${opts.alone} drafts of the ${site.pages}-page site, one at a time…`);
    const aloneLoop = { p99Ms: 0, maxMs: 0 };
    const seconds: number[] = [];
    const failedAlone: string[] = [];
    for (let i = 0; i < opts.alone; i++) {
      const d = await draftOnce(baseUrl, key, `${site.origin}/?alone=${i}`);
      seconds.push(d.seconds);
      if (d.failure) failedAlone.push(d.failure);
      const w = await loopDelay(baseUrl);
      aloneLoop.p99Ms = Math.max(aloneLoop.p99Ms, w.p99Ms);
      aloneLoop.maxMs = Math.max(aloneLoop.maxMs, w.maxMs);
    }
    const sorted = [...seconds].sort((a, b) => a - b);
    const alone = { n: opts.alone, ready: opts.alone - failedAlone.length, seconds, p50S: sorted[Math.floor(sorted.length / 2)], maxS: sorted[sorted.length - 1], loop: aloneLoop, failed: failedAlone };
    console.log(`${tag} one at a time: ${alone.ready}/${alone.n} ready; ${seconds.map((s) => s.toFixed(1)).join(', ')} s; event-loop p99 ${aloneLoop.p99Ms.toFixed(1)} ms`);

    // 2. Several at once, after two quiet windows.
    await idle();
    await sleep(2 * WINDOW_S * 1000 + 1000);
    console.log(`${tag} ${opts.atOnce} drafts of it submitted at once…`);
    const meter = new CpuMeter(child.pid, postgres);
    meter.start();
    const t0 = performance.now();
    const together = await measureDrafting(baseUrl, key, site.origin, site.pages, opts.atOnce);
    const wallS = (performance.now() - t0) / 1000;
    const cpu = meter.stop();
    console.log(`${tag} at once: ${together.ready}/${together.drafts} ready, p50 ${together.readyS.p50.toFixed(1)} s, max ${together.readyS.max.toFixed(1)} s; event-loop p99 ${together.loop.p99Ms.toFixed(1)} ms, max ${together.loop.maxMs.toFixed(0)} ms`);
    load.after = loadavg();
    return {
      engine,
      database: place.label,
      startedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load,
      pagesPerSite: site.pages,
      alone,
      atOnce: { ...together, wallS, cpu },
      server: { startupS },
    };
  } finally {
    await child?.stop();
    await site.close();
    await place.remove();
  }
}

export function draftsVerdicts(results: Partial<Record<Engine, DraftsResult>>, engines: Engine[]): Verdict[] {
  const out: Verdict[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    const name = ENGINE_NAMES[engine];
    const n = r?.atOnce.drafts ?? 10;
    const aloneT = `a 10-page site drafts (submit → ready) in ≤ ${GOAL_READY_S} s on ${name}`;
    const loopT = `event-loop p99 on ${name} ≤ ${GOAL_LOOP_P99_MS} ms while ${n} drafts of a 10-page site run at once`;
    const eachT = `each of ${n} drafts at once ready in ≤ ${GOAL_READY_S} s on ${name}`;
    if (!r) {
      const detail = engines.includes(engine) ? 'not run' : engine === 'postgres' ? 'PostgreSQL not measured (set DATABASE_URL or TEST_DATABASE_URL)' : 'PGlite not measured (--only postgres)';
      out.push(...[aloneT, loopT, eachT].map((target) => ({ status: 'n.a.' as const, target, detail })));
      continue;
    }
    const a = r.alone;
    out.push({ status: a.ready === a.n && a.maxS <= GOAL_READY_S ? 'PASS' : 'FAIL', target: aloneT, detail: `max ${a.maxS.toFixed(1)} s, p50 ${a.p50S.toFixed(1)} s over ${a.n} (${r.pagesPerSite} pages each)${a.failed.length ? `; not ready: ${[...new Set(a.failed)].join('; ')}` : ''}` });
    const t = r.atOnce;
    out.push({ status: t.failed.length === 0 && t.loop.p99Ms <= GOAL_LOOP_P99_MS ? 'PASS' : 'FAIL', target: loopT, detail: `p99 ${t.loop.p99Ms.toFixed(1)} ms, max ${t.loop.maxMs.toFixed(0)} ms (worst ${WINDOW_S} s window); ${t.ready}/${t.drafts} ready` });
    out.push({ status: t.failed.length === 0 && t.readyS.max <= GOAL_READY_S ? 'PASS' : 'FAIL', target: eachT, detail: `max ${t.readyS.max.toFixed(1)} s, p50 ${t.readyS.p50.toFixed(1)} s; all ready after ${t.wallS.toFixed(1)} s${t.failed.length ? `; not ready: ${[...new Set(t.failed)].join('; ')}` : ''}` });
  }
  return out;
}

function formatEngine(r: DraftsResult): string {
  const cpu = (c: CpuShare) => `CPU server ${Math.round(c.server)} %${r.engine === 'postgres' ? `, PostgreSQL ${Math.round(c.postgres)} %` : ''}, other ${Math.round(c.other)} %`;
  return [
    `${ENGINE_NAMES[r.engine]} — ${r.database}`,
    `Node ${r.node}, ${r.cpus} CPUs, load average ${r.load.before.join(' ')} before, ${r.load.after.join(' ')} after; server ready in ${r.server.startupS.toFixed(1)} s`,
    `one at a time (${r.pagesPerSite}-page site): ${r.alone.ready}/${r.alone.n} ready, submit → ready ${r.alone.seconds.map((s) => s.toFixed(1)).join(', ')} s; event-loop p99 ${r.alone.loop.p99Ms.toFixed(1)} ms`,
    `${r.atOnce.drafts} at once: ${r.atOnce.ready}/${r.atOnce.drafts} ready, p50 ${r.atOnce.readyS.p50.toFixed(1)} s, max ${r.atOnce.readyS.max.toFixed(1)} s; event-loop p99 ${r.atOnce.loop.p99Ms.toFixed(1)} ms, max ${r.atOnce.loop.maxMs.toFixed(0)} ms; ${cpu(r.atOnce.cpu)}`,
  ].join('\n');
}

export async function benchDrafts(argv: string[]): Promise<void> {
  installCleanup();
  const opts = parseOptions(argv);
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const engines: Engine[] = [];
  if (opts.only !== 'postgres') engines.push('pglite');
  if (opts.only !== 'pglite' && serverUrl) engines.push('postgres');
  if (opts.only === 'postgres' && !serverUrl) throw new Error('--only postgres needs DATABASE_URL or TEST_DATABASE_URL (a server where a scratch database may be made)');
  mkdirSync(BENCH_DIR, { recursive: true });
  console.log(`launchyard bench:drafts: ${engines.map((e) => ENGINE_NAMES[e]).join(' and ')}; ${opts.alone} drafts one at a time, ${opts.atOnce} at once` + (serverUrl ? '' : ' (set DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL as well)'));
  const results: Partial<Record<Engine, DraftsResult>> = {};
  for (const engine of engines) {
    const r = await runEngine(engine, opts, serverUrl);
    results[engine] = r;
    const file = path.join(BENCH_DIR, `drafts-${engine}.json`);
    writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
    console.log(`[${engine}] results written to ${path.relative(ROOT, file)}`);
  }
  for (const engine of engines) console.log(`\n${formatEngine(results[engine]!)}`);
  console.log(`\n${formatVerdicts(draftsVerdicts(results, engines), opts.atOnce !== 10 ? `measured with ${opts.atOnce} at once; the target is for 10` : undefined)}`);
}

// Run directly (node scripts/bench/drafts.ts) as well as through bench.ts --drafts-only.
if (import.meta.main) {
  benchDrafts(process.argv.slice(2))
    .catch((err) => {
      console.error(`\nbench:drafts failed: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    })
    .finally(() => stopAll());
}
