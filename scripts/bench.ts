/**
 * `npm run bench`: seeds (or reuses) a scale dataset, starts the real service as a child process
 * and measures it with autocannon, next to a bare Fastify hello-world as the ceiling. PGlite
 * always (unless --only postgres); PostgreSQL too when DATABASE_URL is set.
 *
 *   npm run bench                                  # 100,000 listings, 8 s per endpoint, 20 connections
 *   npm run bench -- --listings 2000 --duration 3  # a quick run
 *   npm run bench -- --only pglite --profile       # + a CPU profile per endpoint and EXPLAIN ANALYZE
 *
 * Options: --listings N, --duration S, --warmup S, --connections C, --only pglite|postgres,
 * --profile, --typo WORD, --slugs N (distinct listings get_listing cycles through; default 20, use
 * e.g. 50000 to measure profile-cache misses), --data-dir DIR (PGlite; default .bench/pglite-<N>),
 * --endpoints get_listing,search_listings,search,get_launch_week,get_leaderboard,mcp,drafting,pages,comments (a subset;
 * the hello-world always runs; comments = the list_comments rows and the listing page with comments; search = the
 * distinct misspelled searches and the relevance set's NDCG@10, bench/search.ts), --drafts N (drafts of a 10-page site submitted at once in the drafting
 * row; default 10).
 * Everything is on loopback and bounded by the durations. Results also go to .bench/results-<engine>.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type Measurement, type Target } from './bench/load.ts';
import { CpuMeter, freePort, installCleanup, RssSampler, spawnChild, stopAll, waitIdle, waitUntilReady, type Child, type CpuShare } from './bench/processes.ts';
import { Inspector, formatSummary, inspectorUrlFrom, summarise, writeProfile, type CpuProfile } from './bench/profile.ts';
import { explainEndpoints, formatExplained } from './bench/explain.ts';
import { ENGINE_NAMES, formatEngine, formatVerdicts, verdicts, type Engine, type EngineResult, type Row } from './bench/report.ts';
import { measureDrafting, serveDraftSite } from './bench/drafting.ts';
import { publicReads, type PublicRead } from './bench/public-reads.ts';
import { timeSingles } from './bench/single.ts';
import { firstViewTarget, firstViewVerdicts, pageReads, pageTargets, pageVerdicts } from './bench/pages.ts';
import { commentSingles, commentTargets, commentVerdicts, findDiscussions } from './bench/comments.ts';
import { sitemapSlugs } from './bench/sitemap.ts';
import { formatRelevance, measureRelevance, SEARCH_ROWS, searchTargets, searchVerdicts, waitForSearchIndex } from './bench/search.ts';
import type { Services } from '../src/services.ts';
import { scrapeMetrics, type MetricSamples } from './bench/metrics.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DIR = path.join(ROOT, '.bench');
const MCP_VERSION = '2026-07-28';

interface Options {
  listings: number;
  durationS: number;
  warmupS: number;
  connections: number;
  only?: Engine;
  profile: boolean;
  typo: string;
  slugs: number;
  dataDir?: string;
  /** Only these endpoints (the hello-world always runs). */
  endpoints?: string[];
  drafts: number;
  /** Distinct listings the cold get_listing row cycles through (profile-cache misses). */
  coldSlugs: number;
  typo2: string;
  /** Node/V8 flags for the server process (e.g. --no-wasm-tier-up), to compare their cost. */
  nodeFlags: string[];
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      listings: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      typo: { type: 'string', default: 'analytcs' },
      slugs: { type: 'string', default: '20' },
      'data-dir': { type: 'string' },
      endpoints: { type: 'string' },
      drafts: { type: 'string', default: '10' },
      'cold-slugs': { type: 'string', default: '50000' },
      typo2: { type: 'string', default: 'analytcs dashbords' },
      'node-flags': { type: 'string', default: '' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(
      'usage: npm run bench -- [--listings N] [--duration S] [--warmup S] [--connections C] [--only pglite|postgres] [--profile] [--typo WORD] [--slugs N] [--data-dir DIR] [--endpoints get_listing,search,mcp,drafting,browse,feed,categories,pages,comments,…] [--drafts N] [--cold-slugs N] [--typo2 "TWO WORDS"] [--node-flags="--FLAG …" (for the server process)]',
    );
    process.exit(0);
  }
  const positive = (name: string, raw: string, { integer = true, zero = false } = {}) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < 0 || (!zero && n === 0)) {
      throw new Error(`--${name} must be a ${integer ? 'whole ' : ''}number${zero ? '' : ' above 0'}, got ${raw}`);
    }
    return n;
  };
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') {
    throw new Error(`--only must be pglite or postgres, got ${values.only}`);
  }
  const options: Options = {
    listings: positive('listings', values.listings),
    durationS: positive('duration', values.duration),
    warmupS: positive('warmup', values.warmup, { zero: true }),
    connections: positive('connections', values.connections),
    only: values.only as Engine | undefined,
    profile: values.profile,
    typo: values.typo,
    slugs: positive('slugs', values.slugs),
    dataDir: values['data-dir'],
    endpoints: values.endpoints?.split(',').map((e) => e.trim()).filter(Boolean),
    drafts: positive('drafts', values.drafts),
    coldSlugs: positive('cold-slugs', values['cold-slugs']),
    typo2: values.typo2,
    nodeFlags: values['node-flags'].split(' ').filter(Boolean),
  };
  const known = ['get_listing', 'search_listings', 'search', 'get_launch_week', 'get_leaderboard', 'mcp', 'drafting', 'browse', 'feed', 'categories', 'pages', 'comments'];
  for (const e of options.endpoints ?? []) {
    if (!known.includes(e)) throw new Error(`--endpoints: unknown endpoint ${e} (known: ${known.join(', ')})`);
  }
  return options;
}

/**
 * The address the seed builds the precomputed profiles for and the server publishes: one for every
 * run. The server's own (a free port each run) would outdate every document at its start, and the
 * first-read rows would measure their rebuilding instead of the reads (the host check admits 127.0.0.1).
 */
const BENCH_PUBLIC_URL = 'http://localhost:3000';

/** The environment a child gets for one engine: exactly one of DATA_DIR / DATABASE_URL. */
function engineEnv(engine: Engine, dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.REDIS_URL;
  delete env.PORT;
  env.PUBLIC_URL = BENCH_PUBLIC_URL;
  if (engine === 'pglite') env.DATA_DIR = dataDir;
  else env.DATABASE_URL = databaseUrl;
  return env;
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

async function seed(engine: Engine, env: NodeJS.ProcessEnv, listings: number): Promise<void> {
  console.log(`\n[${engine}] seed: ensuring at least ${listings.toLocaleString('en-US')} listings (scripts/seed-scale.ts; reuses existing data)`);
  const child = spawnChild('seed', ['scripts/seed-scale.ts', '--listings', String(listings)], { cwd: ROOT, env, echo: true });
  const { code, signal } = await child.exited;
  if (code !== 0) throw new Error(`seeding failed (${signal ?? `exit ${code}`}):\n${child.tail()}`);
}

/** A user and an API key for the drafting row, made with the CLI before the server holds the database. */
function benchApiKey(env: NodeJS.ProcessEnv): string {
  const email = `bench-${Date.now()}@bench.invalid`;
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['src/cli.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cli ${args[0]} failed: ${r.stderr}`);
    return r.stdout;
  };
  cli('user:create', '--email', email, '--password', 'bench password, not a secret');
  return cli('apikey:create', '--email', email, '--scopes', 'account:read,listings:write', '--name', 'bench').trim().split('\n').pop()!;
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: any; text: string; type: string }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text, type: res.headers.get('content-type') ?? '' };
}

function mcpRequest(slug: string) {
  return {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MCP_VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': 'get_listing',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'get_listing',
        arguments: { slug },
        _meta: { 'io.modelcontextprotocol/protocolVersion': MCP_VERSION, 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  };
}

/** The JSON-RPC message of an MCP response, whether it came as JSON or as one SSE event. */
function mcpMessage(text: string, type: string): any {
  if (type.includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .join('');
    return JSON.parse(data);
  }
  return JSON.parse(text);
}

/** A one-line description of a non-success pre-flight answer. */
function describe(res: { status: number; body: any; text: string }): string {
  const code = res.body?.code ? ` ${res.body.code}` : '';
  return `pre-flight answered ${res.status}${code}${res.status === 404 && res.body?.code === 'route_not_found' ? ' (operation not implemented yet)' : ''}`;
}

async function startServer(
  engine: Engine,
  env: NodeJS.ProcessEnv,
  profile: boolean,
  nodeFlags: string[] = [],
): Promise<{ child: Child; sampler: RssSampler; baseUrl: string; startupS: number; startupHwmMiB: number; inspector?: Inspector }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let inspectorUrl: string | undefined;
  const started = performance.now();
  const child = spawnChild(
    'server',
    [...nodeFlags, ...(profile ? ['--inspect=127.0.0.1:0'] : []), 'src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000000',
        RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000000',
        // The drafting row: its site is on loopback, has 10 pages, and the loop delay is read in 5 s windows.
        CRAWLER_ALLOW_HOSTS: '127.0.0.1',
        CRAWLER_MAX_PAGES: '10',
        METRICS_WINDOW_SECONDS: '5',
      },
      // The last one: an embedded server starts itself again with its heap bound (src/embedded-heap.ts).
      onStderrLine: (line) => {
        inspectorUrl = inspectorUrlFrom(line) ?? inspectorUrl;
      },
    },
  );
  // Sampled from the start: PGlite's start-up can be the process's memory peak.
  const sampler = new RssSampler(child.pid);
  console.log(`[${engine}] server: pid ${child.pid} on ${baseUrl}, waiting for /readyz…`);
  try {
    await waitUntilReady(`${baseUrl}/readyz`, child);
  } catch (err) {
    sampler.stop();
    throw err;
  }
  const startupS = (performance.now() - started) / 1000;
  sampler.sample();
  const startupHwmMiB = sampler.peak().hwm;
  let inspector: Inspector | undefined;
  if (profile) {
    if (!inspectorUrl) throw new Error('the server did not print its inspector URL');
    inspector = await Inspector.connect(inspectorUrl);
  }
  return { child, sampler, baseUrl, startupS, startupHwmMiB, inspector };
}

/**
 * Bare Fastify (scripts/bench/hello.ts), no application: the hello-world ceiling, or with
 * `bodies` the transport floor (see hello.ts). Rows are relative to `hello` (itself when absent).
 */
async function measureBare(engine: Engine, opts: Options, targets: Omit<Target, 'baseUrl'>[], bodies?: string, hello?: Row): Promise<Row[]> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), ...(bodies ? { BENCH_BODIES: bodies } : {}) };
  const child = spawnChild('hello', ['scripts/bench/hello.ts'], { cwd: ROOT, env });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/`, child, 30_000);
    const rows: Row[] = [];
    for (const target of targets) {
      const meter = new CpuMeter(child.pid, false);
      let cpu!: CpuShare;
      const m = await measure(
        { ...target, baseUrl: `http://127.0.0.1:${port}` },
        {
          ...opts,
          during: [{ start: () => meter.start(), stop: () => void (cpu = meter.stop()) }],
          settle: () => waitIdle({ pid: child.pid, postgres: false }),
        },
      );
      console.log(`[${engine}] ${progress(m)}`);
      rows.push({ ...m, ratio: hello ? m.reqPerSec / hello.reqPerSec : 1, rssPeakMiB: null, cpu });
    }
    return rows;
  } finally {
    await child.stop();
  }
}

/**
 * The transport floor next to get_listing's REST and MCP rows: the very answers they gave,
 * served by bare Fastify, so the report can tell the protocols' own cost from launchyard's.
 */
async function measureFloor(engine: Engine, opts: Options, baseUrl: string, slug: string, hello: Row): Promise<Row[]> {
  const rest = await getJson(`${baseUrl}/api/v1/listings/${encodeURIComponent(slug)}`);
  const call = mcpRequest(slug);
  const mcp = await getJson(`${baseUrl}/mcp`, { method: 'POST', headers: call.headers, body: call.body });
  if (rest.status !== 200 || mcp.status !== 200) return [];
  const file = path.join(BENCH_DIR, 'floor-bodies.json');
  writeFileSync(file, JSON.stringify({ rest: rest.text, mcp: mcp.text }));
  const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} kB`;
  return measureBare(
    engine,
    opts,
    [
      { name: 'floor rest', label: `bare GET → the REST answer (${kb(rest.text)})`, requests: [{ method: 'GET', path: '/rest' }] },
      { name: 'floor mcp', label: `bare POST → the MCP answer (${kb(mcp.text)})`, requests: [{ ...call, path: '/mcp' }] },
    ],
    file,
    hello,
  );
}

/** The --endpoints names a row answers to. */
function endpointsOf(row: string, reads: PublicRead[]): string[] {
  const read = reads.find((r) => r.name === row);
  if (read) return [read.group === 'board' ? 'get_leaderboard' : read.group === 'category' ? 'categories' : read.group];
  if (row.startsWith('mcp')) return ['mcp'];
  // The listing page with comments is measured beside list_comments, so it runs with either name.
  if (row === 'page listing with comments') return ['pages', 'comments'];
  if (row.startsWith('page ')) return ['pages'];
  if (row.startsWith('get_listing')) return ['get_listing'];
  if (Object.values(SEARCH_ROWS).includes(row)) return ['search_listings', 'search'];
  if (row.startsWith('search')) return ['search_listings'];
  if (row.startsWith('list_comments')) return ['comments'];
  return [row];
}

function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  let seed = 20261125;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const progress = (m: Measurement) =>
  `${m.name}: ${Math.round(m.reqPerSec).toLocaleString('en-US')} req/s, p50 ${m.latencyMs.p50.toFixed(2)} ms, p99 ${m.latencyMs.p99.toFixed(2)} ms` +
  (m.non2xx || m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : '') +
  `, ${m.unanswered} unanswered at the end` +
  (m.drainS > 1 ? `, server busy ${m.drainS.toFixed(1)} s after the run` : '');

/** Where the server's memory is (its /metrics): what the RSS rows are made of. */
async function memoryOf(baseUrl: string): Promise<string> {
  const metrics = await scrapeMetrics(baseUrl).catch((): MetricSamples => () => undefined);
  const mib = (name: string) => {
    const v = metrics(name);
    return v === undefined ? '–' : `${Math.round(v / 2 ** 20)} MiB`;
  };
  return `RSS ${mib('process_resident_memory_bytes')}, V8 heap used ${mib('nodejs_heap_used_bytes')}, external ${mib('nodejs_external_memory_bytes')} ` +
    `(embedded database ${mib('launchyard_embedded_database_memory_bytes')}), search index ${mib('launchyard_search_index_bytes')}`;
}

async function runEngine(engine: Engine, opts: Options, databaseUrl: string | undefined): Promise<EngineResult> {
  const dataDir = path.resolve(opts.dataDir ?? path.join(BENCH_DIR, `pglite-${opts.listings}`));
  const env = engineEnv(engine, dataDir, databaseUrl);
  const database = engine === 'pglite' ? path.relative(ROOT, dataDir) || dataDir : redact(databaseUrl!);
  console.log(`\n=== ${ENGINE_NAMES[engine]}: ${database} ===`);
  await seed(engine, env, opts.listings);
  const drafting = !opts.endpoints || opts.endpoints.includes('drafting');
  const apiKey = drafting ? benchApiKey(env) : undefined;

  console.log(`[${engine}] hello-world ceiling…`);
  const [hello] = await measureBare(engine, opts, [{ name: 'hello-world', label: 'GET / (bare Fastify)', requests: [{ method: 'GET', path: '/' }] }]);

  const server = await startServer(engine, env, opts.profile, opts.nodeFlags);
  const { baseUrl, sampler } = server;
  const rows: Row[] = [hello];
  try {
    console.log(`[${engine}] server ready in ${server.startupS.toFixed(1)} s (VmHWM so far ${Math.round(server.startupHwmMiB)} MiB)`);

    // Real targets from the data.
    const total = await getJson(`${baseUrl}/api/v1/listings?per_page=1&status=upcoming`);
    // get_listing cycles through these; more slugs than the profile cache holds measure its misses.
    const wanted = Math.max(opts.slugs, opts.coldSlugs);
    const first = await getJson(`${baseUrl}/api/v1/listings?per_page=1&sort=newest`);
    if (first.status !== 200) throw new Error(`cannot list listings (${first.status}): ${first.text.slice(0, 300)}`);
    const live: number = first.body.total;
    // As a crawler finds them: the sitemap's listing files (one id range each, not deep pages of a list).
    const known = await sitemapSlugs(baseUrl, wanted);
    if (!known.length) throw new Error('the database has no live listings to measure');
    const slugs = known.slice(0, opts.slugs);
    // Cold: spread over the directory, in an order unrelated to the listing order.
    const coldSlugs = shuffled(known.slice(0, opts.coldSlugs));
    const categories = await getJson(`${baseUrl}/api/v1/categories?per_page=100`);
    const biggest: string = [...(categories.body?.items ?? [])].sort((a: any, b: any) => b.live_listings - a.live_listings)[0]?.slug ?? 'none';
    const reads = publicReads(biggest);
    const typo2Res = await getJson(`${baseUrl}/api/v1/listings?q=${encodeURIComponent(opts.typo2)}&per_page=1`);
    const upcoming: number = total.body?.total ?? 0;
    const typoRes = await getJson(`${baseUrl}/api/v1/listings?q=${encodeURIComponent(opts.typo)}&per_page=1`);
    const typoMatches: number | null = typoRes.status === 200 ? typoRes.body.total : null;
    const discussions = await findDiscussions(baseUrl, getJson);
    console.log(
      `[${engine}] discussions: busy listing ${discussions.busy?.slug ?? 'none'} (${discussions.busy?.comments ?? 0} comments), ` +
        `${discussions.small.length} listings with 5 comments`,
    );
    console.log(`[${engine}] ${live} live listings; slugs ${slugs[0]} … (${slugs.length}); "${opts.typo}" matches ${typoMatches}`);
    if (live + upcoming < opts.listings) console.log(`[${engine}] note: fewer public listings than --listings (${live + upcoming} < ${opts.listings})`);
    if (live + upcoming > opts.listings * 1.05) {
      console.log(`[${engine}] note: the database holds more listings than --listings asked for (${live + upcoming}); measuring it as it is`);
    }

    const get = (p: string) => ({ method: 'GET', path: p });
    const targets: (Target & { preflight: () => Promise<string | undefined> })[] = [
      {
        name: 'get_listing',
        label: 'GET /api/v1/listings/{slug}',
        baseUrl,
        requests: slugs.map((s) => get(`/api/v1/listings/${encodeURIComponent(s)}`)),
        preflight: async () => {
          const r = await getJson(`${baseUrl}/api/v1/listings/${encodeURIComponent(slugs[0])}`);
          return r.status === 200 && r.body?.slug === slugs[0] ? undefined : describe(r);
        },
      },
      {
        // Each request a listing this node has not read yet: what a miss costs (no goal).
        name: 'get_listing first reads',
        label: `GET /api/v1/listings/{slug}, each of ${coldSlugs.length.toLocaleString('en-US')} slugs read for the first time`,
        baseUrl,
        requests: coldSlugs.map((s) => get(`/api/v1/listings/${encodeURIComponent(s)}`)),
        shared: true,
        preflight: async () => (coldSlugs.length >= 50_000 ? undefined : `only ${coldSlugs.length} distinct slugs (the target asks for 50,000)`),
      },
      {
        // The same 50,000 slugs in the same order, after each has been read once (a crawler's
        // next pass over a node that has served the directory): the goal row.
        name: 'get_listing cold',
        label: `GET /api/v1/listings/{slug}, ${coldSlugs.length.toLocaleString('en-US')} slugs, each read once before`,
        baseUrl,
        requests: coldSlugs.map((s) => get(`/api/v1/listings/${encodeURIComponent(s)}`)),
        shared: true,
        prime: coldSlugs.length,
        preflight: async () => (coldSlugs.length >= 50_000 ? undefined : `only ${coldSlugs.length} distinct slugs (the target asks for 50,000)`),
      },
      // Distinct misspelled searches, alone and 20 at once (bench/search.ts; issue 32's goal rows):
      // every request another query, so no cache answers. The row below repeats one query, as popular searches do.
      ...searchTargets(baseUrl, getJson),
      {
        name: 'search two words',
        label: `GET /api/v1/listings?q=${opts.typo2}`,
        baseUrl,
        requests: [get(`/api/v1/listings?q=${encodeURIComponent(opts.typo2)}`)],
        preflight: async () => (typo2Res.status !== 200 ? describe(typo2Res) : typo2Res.body.total ? undefined : `"${opts.typo2}" matched nothing`),
      },
      ...reads.map((read) => ({
        name: read.name,
        label: `GET ${read.path}`,
        baseUrl,
        requests: [get(read.path)],
        preflight: async () => {
          const r = await getJson(`${baseUrl}${read.path}`);
          return r.status === 200 ? undefined : describe(r);
        },
      })),
      {
        name: 'search_listings',
        label: `GET /api/v1/listings?q=${opts.typo}`,
        baseUrl,
        requests: [get(`/api/v1/listings?q=${encodeURIComponent(opts.typo)}`)],
        preflight: async () =>
          typoRes.status !== 200 ? describe(typoRes) : typoMatches ? undefined : `"${opts.typo}" matched nothing: the misspelling was not tolerated`,
      },
      {
        name: 'get_launch_week',
        label: 'GET /api/v1/launches/weeks/this',
        baseUrl,
        requests: [get('/api/v1/launches/weeks/this')],
        preflight: async () => {
          const r = await getJson(`${baseUrl}/api/v1/launches/weeks/this`);
          return r.status === 200 ? undefined : describe(r);
        },
      },
      {
        name: 'mcp get_listing',
        label: 'POST /mcp tools/call get_listing',
        baseUrl,
        requests: slugs.map(mcpRequest),
        // A tool error is a JSON-RPC result too; count it as a bad body, not a success.
        verifyBody: (body) => body.includes('"structuredContent"') && !body.includes('"isError":true'),
        preflight: async () => {
          const req = mcpRequest(slugs[0]);
          const r = await getJson(`${baseUrl}/mcp`, { method: 'POST', headers: req.headers, body: req.body });
          if (r.status !== 200) return `${describe(r)}: ${r.text.slice(0, 200)}`;
          let msg;
          try {
            msg = mcpMessage(r.text, r.type);
          } catch {
            return `pre-flight answered 200 but not JSON-RPC: ${r.text.slice(0, 200)}`;
          }
          const result = msg?.result;
          if (!result || result.isError || result.structuredContent?.slug !== slugs[0]) {
            return `pre-flight answered 200 without the listing: ${JSON.stringify(msg).slice(0, 300)}`;
          }
          return undefined;
        },
      },
      // The discussion's reads (bench/comments.ts).
      ...commentTargets(baseUrl, discussions, getJson),
      // The site's pages, each beside the API read it is built from (verdicts: bench/pages.ts).
      ...pageTargets(baseUrl, pageReads(slugs, opts.typo, discussions.busy?.slug)),
      // Pages each viewed once, in another order than the API's first reads took them.
      firstViewTarget(baseUrl, [...coldSlugs].reverse()),
    ];

    const meter = new CpuMeter(server.child.pid, engine === 'postgres');
    const indexed = await waitForSearchIndex(baseUrl);
    console.log(`[${engine}] search index: ${indexed === undefined ? 'NOT ready after 300 s (searches read SQL)' : `ready ${indexed.toFixed(1)} s after the node was`}`);
    console.log(`[${engine}]   memory before the rows: ${await memoryOf(baseUrl)}`);
    await waitIdle({ pid: server.child.pid, postgres: engine === 'postgres', url: `${baseUrl}/readyz` });
    for (const target of targets) {
      if (opts.endpoints && !opts.endpoints.some((e) => endpointsOf(target.name, reads).includes(e))) continue;
      const note = await target.preflight();
      if (note) console.log(`[${engine}] ${target.name}: ${note}`);
      sampler.mark();
      let profile: CpuProfile | undefined;
      const inspector = server.inspector;
      let cpu!: CpuShare;
      const m = await measure(target, {
        ...opts,
        during: [
          { start: () => meter.start(), stop: () => void (cpu = meter.stop()) },
          ...(inspector ? [{ start: () => inspector.start(), stop: async () => void (profile = await inspector.stop()) }] : []),
        ],
        settle: () => waitIdle({ pid: server.child.pid, postgres: engine === 'postgres', url: `${baseUrl}/readyz` }),
      });
      const row: Row = { ...m, ratio: m.reqPerSec / hello.reqPerSec, rssPeakMiB: sampler.mark(), note, cpu };
      if (profile) {
        const file = writeProfile(path.join(BENCH_DIR, 'profiles'), `${engine}-${target.name.replace(/\W+/g, '-')}`, profile);
        row.profile = { file: path.relative(ROOT, file), summary: summarise(profile, ROOT) };
      }
      rows.push(row);
      console.log(`[${engine}] ${progress(m)}`);
      console.log(`[${engine}]   memory after it: ${await memoryOf(baseUrl)}`);
    }
    let relevance: EngineResult['relevance'];
    if (!opts.endpoints || opts.endpoints.some((e) => e === 'search' || e === 'search_listings')) {
      console.log(`[${engine}] search relevance: the relevance set's queries, one at a time…`);
      relevance = await measureRelevance(baseUrl, getJson);
      console.log(`[${engine}] ${formatRelevance(engine, relevance)}`);
    }
    let draftingResult: EngineResult['drafting'];
    if (apiKey) {
      // Two quiet windows first, so the delay figures are the drafts' alone.
      await waitIdle({ pid: server.child.pid, postgres: engine === 'postgres', url: `${baseUrl}/readyz` });
      await new Promise((r) => setTimeout(r, 10_000));
      const site = await serveDraftSite();
      try {
        console.log(`[${engine}] drafting: ${opts.drafts} drafts of a ${site.pages}-page site at once…`);
        draftingResult = await measureDrafting(baseUrl, apiKey, site.origin, site.pages, opts.drafts);
        console.log(`[${engine}] drafting: ${draftingResult.ready}/${draftingResult.drafts} ready, max ${draftingResult.readyS.max.toFixed(1)} s, event-loop p99 ${draftingResult.loop.p99Ms.toFixed(1)} ms`);
      } finally {
        await site.close();
      }
    }
    // The server is idle from here; bare Fastify serves the same two answers (transport floor).
    if (['get_listing', 'mcp get_listing'].every((name) => rows.some((r) => r.name === name))) {
      console.log(`[${engine}] transport floor: bare Fastify serving the same REST and MCP answers…`);
      rows.push(...(await measureFloor(engine, opts, baseUrl, slugs[0], hello)));
    }

    server.inspector?.close();
    const peakBeforeStop = sampler.peak();
    sampler.stop();
    await server.child.stop();
    const result: EngineResult = {
      engine,
      database,
      startedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      nodeFlags: opts.nodeFlags,
      listings: { requested: opts.listings, total: live + upcoming, live },
      connections: opts.connections,
      durationS: opts.durationS,
      warmupS: opts.warmupS,
      profiling: opts.profile,
      targets: { slugs, typo: opts.typo, typoMatches },
      server: { startupS: server.startupS, startupHwmMiB: server.startupHwmMiB, peakRssMiB: peakBeforeStop.rss, hwmMiB: peakBeforeStop.hwm },
      rows,
      drafting: draftingResult,
      relevance,
    };
    // The same reads one at a time, caches off: what a cache miss costs (the targets' single-request p99).
    const measured = new Set(rows.map((r) => r.name));
    const page = { page: 1, per_page: 20 };
    const singles = [
      ...reads.map((r) => ({ name: r.name, call: r.call })),
      { name: 'get_listing cold', call: (sv: Services, i: number) => sv.listings.profile(coldSlugs[i % coldSlugs.length]) },
      { name: 'search_listings', call: (sv: Services) => sv.listings.search({ q: opts.typo, status: 'live', sort: 'relevance', ...page }) },
      { name: 'search two words', call: (sv: Services) => sv.listings.search({ q: opts.typo2, status: 'live', sort: 'relevance', ...page }) },
      ...commentSingles(discussions),
    ].filter((c) => measured.has(c.name));
    if (singles.length) {
      console.log(`[${engine}] single requests, caches off (in-process, server stopped)…`);
      result.singles = await timeSingles({ dataDir, databaseUrl: engine === 'postgres' ? databaseUrl : undefined }, singles);
    }
    if (opts.profile) {
      console.log(`[${engine}] EXPLAIN ANALYZE of the search, profile and thread queries (in-process, server stopped)…`);
      result.explain = await explainEndpoints(
        { dataDir, databaseUrl: engine === 'postgres' ? databaseUrl : undefined },
        { slug: slugs[0], typo: opts.typo, busy: discussions.busy?.slug },
      );
    }
    return result;
  } finally {
    sampler.stop();
    server.inspector?.close();
    await server.child.stop();
  }
}

async function main() {
  installCleanup();
  const opts = parseOptions();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const engines: Engine[] = [];
  if (opts.only !== 'postgres') engines.push('pglite');
  if (opts.only !== 'pglite' && databaseUrl) engines.push('postgres');
  if (opts.only === 'postgres' && !databaseUrl) throw new Error('--only postgres needs DATABASE_URL=postgres://…');
  mkdirSync(BENCH_DIR, { recursive: true });
  console.log(
    `launchyard bench: ${engines.map((e) => ENGINE_NAMES[e]).join(' and ')}; ${opts.listings.toLocaleString('en-US')} listings, ` +
      `${opts.connections} connections, ${opts.warmupS} s warm-up + ${opts.durationS} s per endpoint` +
      (databaseUrl ? '' : ' (set DATABASE_URL=postgres://… to measure PostgreSQL as well)'),
  );

  const results: Partial<Record<Engine, EngineResult>> = {};
  for (const engine of engines) {
    const r = await runEngine(engine, opts, databaseUrl);
    results[engine] = r;
    const file = path.join(BENCH_DIR, `results-${engine}.json`);
    writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
    console.log(`[${engine}] results written to ${path.relative(ROOT, file)}`);
  }

  for (const engine of engines) {
    const r = results[engine]!;
    console.log(`\n${formatEngine(r)}`);
    if (r.relevance) console.log(`\n${formatRelevance(engine, r.relevance)}`);
    if (r.profiling) {
      console.log(`\nCPU profiles (${ENGINE_NAMES[engine]}, server process, measured runs only):`);
      for (const row of r.rows) {
        if (row.profile) console.log(`  ${row.name} — ${row.profile.file}\n${formatSummary(row.profile.summary)}`);
      }
      for (const e of r.explain ?? []) console.log(`\n${formatExplained(e)}`);
    }
  }

  const caveats = [];
  if (opts.listings !== 100_000) caveats.push(`measured at ${opts.listings.toLocaleString('en-US')} listings; the targets are for 100,000`);
  if (opts.connections !== 20) caveats.push(`measured at ${opts.connections} connections; the targets are for 20`);
  if (opts.profile) caveats.push('profiler attached: latencies are inflated');
  const all = [...verdicts(results), ...searchVerdicts(results), ...commentVerdicts(results), ...pageVerdicts(results, pageReads([], opts.typo)), ...firstViewVerdicts(results)];
  console.log(`\n${formatVerdicts(all, caveats.join('; ') || undefined)}`);
}

// `npm run bench -- --nodes 2`: one node against two on PostgreSQL (scripts/bench-nodes.ts);
// `npm run bench -- --pictures`: uploads and serving of pictures on both engines (scripts/bench/pictures.ts);
// `npm run bench -- --drafts-only`: drafting a 10-page site alone and 10 at once on both engines (scripts/bench/drafts.ts).
const nodesRun = process.argv.includes('--nodes')
  ? import('./bench-nodes.ts').then((m) => m.benchNodes(process.argv.slice(2)))
  : process.argv.includes('--pictures')
    ? import('./bench/pictures.ts').then((m) => m.benchPictures(process.argv.slice(2)))
    : process.argv.includes('--drafts-only')
      ? import('./bench/drafts.ts').then((m) => m.benchDrafts(process.argv.slice(2)))
      : main();
nodesRun
  .catch(async (err) => {
    console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
