/**
 * `npm run bench:nodes` (or `npm run bench -- --nodes 2`): two app nodes against one, on one
 * PostgreSQL (DATABASE_URL) and, when REDIS_URL is set, one Redis, as the README's deployment
 * runs them. Seeds (or reuses) the dataset, measures get_listing and search_listings on one node,
 * then on two at once (the load split evenly, as a round-robin proxy would), and prints req/s,
 * latency, the ratio and where the CPU went.
 *
 *   DATABASE_URL=postgres://… npm run bench:nodes -- --listings 2000 --duration 3
 *
 * Options: --nodes N (default 2), --listings N (default 100000), --duration S (8), --warmup S (2),
 * --connections C (20, split across the nodes), --typo WORD (analytcs), --slugs N (20).
 * Loopback only, bounded by the durations. Results also go to .bench/results-nodes.json.
 *
 * A machine's cores bound what the ratio can show: N nodes, PostgreSQL and the load generator
 * share them. The CPU columns say whether the nodes, the database or the generator ran out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type Measurement, type Target } from './bench/load.ts';
import { CpuMeter, freePort, installCleanup, spawnChild, stopAll, waitIdle, waitUntilReady, type Child, type CpuShare } from './bench/processes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BENCH_DIR = path.join(ROOT, '.bench');

interface Options {
  nodes: number;
  listings: number;
  durationS: number;
  warmupS: number;
  connections: number;
  typo: string;
  slugs: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      nodes: { type: 'string', default: '2' },
      listings: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
      typo: { type: 'string', default: 'analytcs' },
      slugs: { type: 'string', default: '20' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('usage: DATABASE_URL=postgres://… [REDIS_URL=redis://…] npm run bench:nodes -- [--nodes N] [--listings N] [--duration S] [--warmup S] [--connections C] [--typo WORD] [--slugs N]');
    process.exit(0);
  }
  const whole = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}, got ${raw}`);
    return n;
  };
  const o: Options = {
    nodes: whole('nodes', values.nodes, 2),
    listings: whole('listings', values.listings, 1),
    durationS: whole('duration', values.duration, 1),
    warmupS: whole('warmup', values.warmup, 0),
    connections: whole('connections', values.connections, 2),
    typo: values.typo,
    slugs: whole('slugs', values.slugs, 1),
  };
  if (o.connections < o.nodes) throw new Error('--connections must be at least --nodes');
  return o;
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

function childEnv(databaseUrl: string, redisUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.DATA_DIR;
  delete env.REDIS_URL;
  delete env.PORT;
  delete env.PUBLIC_URL;
  if (redisUrl) env.REDIS_URL = redisUrl;
  return env;
}

interface Node {
  child: Child;
  url: string;
}

async function startNode(name: string, env: NodeJS.ProcessEnv, publicUrl: string): Promise<Node> {
  const port = await freePort();
  const child = spawnChild(name, ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000000',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/readyz`, child);
  return { child, url };
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

interface Row {
  endpoint: string;
  nodes: number;
  reqPerSec: number;
  perNode: number[];
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU in % of one core: each node, PostgreSQL, this process (the load generator), and anything else. */
  cpu: { nodes: number[]; postgres: number; generator: number; other: number };
}

/**
 * One endpoint against `nodes` at once: the connections split evenly, each node measured by its
 * own load generator in this process, all started together. Latency percentiles are the worst
 * node's (a load balancer's clients see the slower half too).
 */
async function measureOn(nodes: Node[], requests: Target['requests'], endpoint: string, opts: Options): Promise<Row> {
  const meters = nodes.map((n, i) => new CpuMeter(n.child.pid, i === 0));
  let cpus: CpuShare[] = [];
  let generator = 0;
  let mine = { usage: process.cpuUsage(), at: performance.now() };
  const startCpu = () => {
    meters.forEach((m) => m.start());
    mine = { usage: process.cpuUsage(), at: performance.now() };
  };
  const stopCpu = () => {
    cpus = meters.map((m) => m.stop());
    const used = process.cpuUsage(mine.usage);
    generator = ((used.user + used.system) / 1000 / (performance.now() - mine.at)) * 100;
  };
  const settle = () => Promise.all(nodes.map((n, i) => waitIdle({ pid: n.child.pid, postgres: i === 0, url: `${n.url}/readyz` })));
  const share = Math.floor(opts.connections / nodes.length);
  const connections = (i: number) => (i === 0 ? opts.connections - share * (nodes.length - 1) : share);
  const target = (n: Node): Target => ({ name: `${endpoint} ×${nodes.length}`, label: endpoint, baseUrl: n.url, requests });
  // Warm-up and measured run each start on every node together; the machine settles in between
  // (a settle inside one node's run would wait for the others' load to end).
  await settle();
  if (opts.warmupS > 0) {
    await Promise.all(nodes.map((n, i) => measure(target(n), { connections: connections(i), durationS: opts.warmupS, warmupS: 0 })));
    await settle();
  }
  startCpu();
  let results: Measurement[];
  try {
    results = await Promise.all(nodes.map((n, i) => measure(target(n), { connections: connections(i), durationS: opts.durationS, warmupS: 0 })));
  } finally {
    stopCpu();
  }
  await settle();
  return {
    endpoint,
    nodes: nodes.length,
    reqPerSec: results.reduce((s, r) => s + r.reqPerSec, 0),
    perNode: results.map((r) => r.reqPerSec),
    p50: Math.max(...results.map((r) => r.latencyMs.p50)),
    p99: Math.max(...results.map((r) => r.latencyMs.p99)),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
    cpu: {
      nodes: cpus.map((c) => c.server),
      postgres: cpus[0]?.postgres ?? 0,
      generator,
      // Each meter counts the other nodes as "other": take the first's and remove them.
      other: Math.max(0, (cpus[0]?.other ?? 0) - cpus.slice(1).reduce((s, c) => s + c.server, 0)),
    },
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: Row[], single: Map<string, Row>): string {
  const head = ['endpoint', 'nodes', 'req/s', 'per node', 'ratio', 'p50 ms', 'p99 ms', 'non-2xx', 'CPU % of a core (nodes | PostgreSQL | generator | other)'];
  const lines = rows.map((r) => [
    r.endpoint,
    String(r.nodes),
    fmt(r.reqPerSec),
    r.perNode.map((x) => fmt(x)).join(' + '),
    r.nodes === 1 ? '1.00' : fmt(r.reqPerSec / single.get(r.endpoint)!.reqPerSec, 2),
    fmt(r.p50, 2),
    fmt(r.p99, 2),
    String(r.non2xx + r.errors),
    `${r.cpu.nodes.map((c) => fmt(c)).join(' + ')} | ${fmt(r.cpu.postgres)} | ${fmt(r.cpu.generator)} | ${fmt(r.cpu.other)}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}

export async function benchNodes(argv: string[]): Promise<void> {
  installCleanup();
  const opts = parseOptions(argv);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL=postgres://… is required: several nodes share one PostgreSQL');
  const redisUrl = process.env.REDIS_URL || undefined;
  const env = childEnv(databaseUrl, redisUrl);
  mkdirSync(BENCH_DIR, { recursive: true });
  console.log(
    `launchyard bench: 1 node against ${opts.nodes} on ${redact(databaseUrl)}${redisUrl ? ` + Redis ${redact(redisUrl)}` : ' (no REDIS_URL: each node caches alone)'}; ` +
      `${fmt(opts.listings)} listings, ${opts.connections} connections in all, ${opts.warmupS} s warm-up + ${opts.durationS} s per row; ${os.availableParallelism()} CPUs`,
  );
  console.log(`seed: ensuring at least ${fmt(opts.listings)} listings (scripts/seed-scale.ts; reuses existing data)`);
  const seed = spawnChild('seed', ['scripts/seed-scale.ts', '--listings', String(opts.listings)], { cwd: ROOT, env, echo: true });
  const seeded = await seed.exited;
  if (seeded.code !== 0) throw new Error(`seeding failed:\n${seed.tail()}`);

  const publicUrl = `http://127.0.0.1:${await freePort()}`; // the proxy's address, as every node names it
  const nodes: Node[] = [];
  try {
    nodes.push(await startNode('node-1', env, publicUrl));
    const first = nodes[0];
    const list = await getJson(`${first.url}/api/v1/listings?per_page=${Math.min(100, opts.slugs)}&sort=newest`);
    const slugs: string[] = (list.body?.items ?? []).slice(0, opts.slugs).map((i: { slug: string }) => i.slug);
    if (!slugs.length) throw new Error(`no live listings to read (${list.status})`);
    const typo = await getJson(`${first.url}/api/v1/listings?q=${encodeURIComponent(opts.typo)}&per_page=1`);
    if (typo.status !== 200 || !typo.body.total) throw new Error(`"${opts.typo}" matched nothing (${typo.status}): pick another --typo`);
    const endpoints: [string, Target['requests']][] = [
      ['get_listing', slugs.map((s) => ({ method: 'GET', path: `/api/v1/listings/${encodeURIComponent(s)}` }))],
      ['search_listings', [{ method: 'GET', path: `/api/v1/listings?q=${encodeURIComponent(opts.typo)}` }]],
    ];

    const rows: Row[] = [];
    for (const [endpoint, requests] of endpoints) {
      const r = await measureOn([first], requests, endpoint, opts);
      rows.push(r);
      console.log(`1 node:  ${endpoint} ${fmt(r.reqPerSec)} req/s, p99 ${fmt(r.p99, 2)} ms`);
    }
    for (let i = 2; i <= opts.nodes; i++) nodes.push(await startNode(`node-${i}`, env, publicUrl));
    for (const [endpoint, requests] of endpoints) {
      const r = await measureOn(nodes, requests, endpoint, opts);
      rows.push(r);
      console.log(`${nodes.length} nodes: ${endpoint} ${fmt(r.reqPerSec)} req/s (${r.perNode.map((x) => fmt(x)).join(' + ')}), p99 ${fmt(r.p99, 2)} ms`);
    }
    const single = new Map(rows.filter((r) => r.nodes === 1).map((r) => [r.endpoint, r]));
    console.log(`\n${table(rows, single)}`);
    const cpus = os.availableParallelism();
    console.log(
      `\n${cpus} CPUs for ${opts.nodes} nodes, PostgreSQL${redisUrl ? ', Redis' : ''} and the load generator. ` +
        (cpus <= opts.nodes + 1
          ? 'The nodes cannot each get a core here: a ratio near 1 (or below) says the machine is full, not that nodes do not add capacity. The CPU columns show which share ran out; on a machine with a core per node and PostgreSQL apart, the ratio measures scale-out.'
          : 'With a core per node, a ratio below the node count points at the shared parts (PostgreSQL, Redis, the generator): see the CPU columns.'),
    );
    console.log(
      '"other" is everything else on the machine, PostgreSQL\'s parallel query workers included: they live for one query, ' +
        'and a process that is gone when the window closes cannot be attributed.',
    );
    const file = path.join(BENCH_DIR, 'results-nodes.json');
    writeFileSync(file, JSON.stringify({ startedAt: new Date().toISOString(), cpus, options: opts, redis: Boolean(redisUrl), rows }, null, 2) + '\n');
    console.log(`results written to ${path.relative(ROOT, file)}`);
  } finally {
    await Promise.all(nodes.map((n) => n.child.stop()));
  }
}

if (import.meta.main) {
  benchNodes(process.argv.slice(2))
    .catch((err) => {
      console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    })
    .finally(() => stopAll());
}
