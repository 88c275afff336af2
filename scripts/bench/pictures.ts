/**
 * `npm run bench:pictures` (or `npm run bench -- --pictures`): the figures of issue 29 (pictures),
 * on PGlite in a temporary data directory and, when DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server, on a fresh database made there and dropped after (the database the URL names
 * is never written). Each engine: the real service as a child process, owners signed in through
 * the sign-in form, then
 *
 *   1. uploads of a 4000 × 3000 JPEG of about 4 MB (bench/pictures-photo.ts; each photo distinct,
 *      so each is processed) one at a time through the Pictures form: POST → 303 once every
 *      variant is stored; p50/p99 of that;
 *   2. 10 such uploads at once: the service's event-loop delay meanwhile (its /metrics, 5 s
 *      windows, scraped every second, as the drafting row reads it) and its RSS (sampled every
 *      100 ms, and the kernel's high-water mark);
 *   3. req/s with keep-alive of stored variants (the logo a card shows, gallery images) and of
 *      the listing page's share image (drawn once, then kept), next to bare Fastify's hello-world
 *      (the ceiling every bench row is divided by), the service's own /healthz, and bare Fastify
 *      sending a body of the same size (the floor), same connections and duration.
 *
 * It is a report: the exit code is 0 whether goals pass or fail (1 only when it could not run).
 *
 *   npm run bench:pictures
 *   npm run bench:pictures -- --only pglite --uploads 10 --duration 4
 *
 * Options: --only pglite|postgres, --uploads N (one at a time; default 20), --at-once N (default
 * 10), --duration S (8), --warmup S (2), --connections C (20). Loopback only, bounded in count
 * and time. Results also go to .bench/pictures-<engine>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scratchDatabase } from './scratch-database.ts';
import { measure, type Measurement, type Target } from './load.ts';
import { CpuMeter, freePort, installCleanup, readMemory, RssSampler, spawnChild, stopAll, waitIdle, waitUntilReady, type CpuShare } from './processes.ts';
import { ENGINE_NAMES, clean, dirty, formatVerdicts, type Engine, type Row as BenchRow, type Verdict } from './report.ts';
import { logoPng, photoMaker, PHOTO } from './pictures-photo.ts';
import { seedOwners, signIn, UploadSlots, uploadImage, uploadLogo, type Upload } from './pictures-scene.ts';
import { extensionOf, GALLERY_FORMATS, galleryWidths, keptLogoHash, LOGO_FORMATS, LOGO_SIZES } from '../../src/media/variants.ts';
import { loopDelay } from './metrics.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BENCH_DIR = path.join(ROOT, '.bench');
/** Uploads before the measured ones: the worker thread's first picture loads libvips. */
const WARM_UPLOADS = 2;
/** The service's metrics window (METRICS_WINDOW_SECONDS): short, so a phase's delay is its own. */
const WINDOW_S = 5;
/**
 * The stored variants served, with the goal's verdict on the first two: the logo as a card shows
 * it on a phone (every listing card of every list), and a gallery image as a browser picks it from
 * the listing page's srcset on a desktop; the heaviest fallback is shown without a verdict.
 */
const SERVED: { name: string; from: 'logo' | 'gallery'; what: string; goal: boolean }[] = [
  { name: 'logo-128.avif', from: 'logo', what: 'the logo of a card (2x screens)', goal: true },
  { name: 'gallery-1280.avif', from: 'gallery', what: 'a gallery image as a desktop browser picks it', goal: true },
  { name: 'gallery-1920.jpg', from: 'gallery', what: 'the largest JPEG fallback', goal: false },
];

interface Options {
  only?: Engine;
  uploads: number;
  atOnce: number;
  durationS: number;
  warmupS: number;
  connections: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--pictures'),
    options: {
      only: { type: 'string' },
      uploads: { type: 'string', default: '20' },
      'at-once': { type: 'string', default: '10' },
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('usage: [DATABASE_URL=postgres://…] npm run bench:pictures -- [--only pglite|postgres] [--uploads N] [--at-once N] [--duration S] [--warmup S] [--connections C]');
    process.exit(0);
  }
  const whole = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}, got ${raw}`);
    return n;
  };
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(`--only must be pglite or postgres, got ${values.only}`);
  return {
    only: values.only as Engine | undefined,
    uploads: whole('uploads', values.uploads, 1),
    atOnce: whole('at-once', values['at-once'], 1),
    durationS: whole('duration', values.duration, 1),
    warmupS: whole('warmup', values.warmup, 0),
    connections: whole('connections', values.connections, 1),
  };
}

/** A bench row (report.ts; RSS is reported per phase here, not per row), with the size of what it serves. */
interface Row extends BenchRow {
  bytes?: number;
  /** CPU of this process (the load generator) during the run, in % of one core. */
  generatorCpu: number;
  /** The same bytes from bare Fastify (a "floor" row), when measured. */
  floor?: number;
}

interface LoopFigures {
  p99Ms: number;
  maxMs: number;
}

export interface PicturesResult {
  engine: Engine;
  database: string;
  startedAt: string;
  node: string;
  cpus: number;
  load: { before: number[]; after: number[] };
  photo: { width: number; height: number; quality: number; bytes: number };
  uploads: { n: number; ok: number; p50Ms: number; p99Ms: number; maxMs: number; loop: LoopFigures; cpu: CpuShare; refusals: string[] };
  variants: { hash: string; expected: number; stored: number; missing: string[] };
  atOnce: { n: number; ok: number; wallS: number; p50Ms: number; maxMs: number; loop: LoopFigures; rssPeakMiB: number; hwmBeforeMiB: number; hwmAfterMiB: number; cpu: CpuShare; refusals: string[] };
  server: { startupS: number; hwmMiB: number };
  rows: Row[];
  share: { url?: string; note?: string };
}

/**
 * autocannon keeps every response body as a string (`body += chunk`: a UTF-8 decode) whether or
 * not anything checks it. On a picture's binary bytes that decoding cost it about 25 times what
 * the server spent (41 MB/s on this machine), so the generator, not the service, set the req/s of
 * every row over a few kB. No row here checks a body: in this process it counts the bytes and
 * keeps none, for every row alike (hello-world and floors included).
 */
function keepNoBodies(): void {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };
  queue.prototype.addBody = () => {};
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
}

/** A database of its own for one engine's run (PostgreSQL: made on the server of `serverUrl`), a data directory for the pictures, and how to remove both. */
async function scratch(engine: Engine, serverUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-picbench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { dataDir, databaseUrl: undefined, label: `temporary data directory ${dataDir}`, remove: async () => removeDir() };
  const db = await scratchDatabase(serverUrl!, 'launchyard_picbench');
  return {
    dataDir,
    databaseUrl: db.url,
    label: `scratch database ${db.name} on ${redact(serverUrl!).replace(/\/[^/]*$/, '')}, pictures under ${dataDir}`,
    remove: async () => {
      await db.drop();
      removeDir();
    },
  };
}

/** Scrapes the loop delay every second while `work` runs, and once after: the worst window seen. */
async function watchingLoop<T>(baseUrl: string, work: () => Promise<T>): Promise<{ value: T; loop: LoopFigures }> {
  const loop = { p99Ms: 0, maxMs: 0 };
  const scrape = async () => {
    const d = await loopDelay(baseUrl);
    loop.p99Ms = Math.max(loop.p99Ms, d.p99Ms);
    loop.maxMs = Math.max(loop.maxMs, d.maxMs);
  };
  let running = true;
  const scraping = (async () => {
    while (running) {
      await scrape();
      await sleep(1000);
    }
  })();
  try {
    return { value: await work(), loop };
  } finally {
    running = false;
    await scraping;
    await scrape();
  }
}

async function startServer(engine: Engine, where: { dataDir: string; databaseUrl?: string }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'PORT', 'PUBLIC_URL'] as const) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('MEDIA_S3_')) delete env[name];
  const started = performance.now();
  const child = spawnChild('server', ['src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      DATA_DIR: where.dataDir,
      ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000000',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000000',
      // Each owner's browser names its own address (X-Forwarded-For), as people behind a proxy do.
      TRUST_PROXY: 'true',
      METRICS_WINDOW_SECONDS: String(WINDOW_S),
    },
  });
  // From the start: PGlite's start-up can be the process's memory peak (reported apart).
  const sampler = new RssSampler(child.pid, 100);
  console.log(`[${engine}] server: pid ${child.pid} on ${baseUrl}, waiting for /readyz…`);
  try {
    await waitUntilReady(`${baseUrl}/readyz`, child);
  } catch (err) {
    sampler.stop();
    throw err;
  }
  return { child, sampler, baseUrl, startupS: (performance.now() - started) / 1000 };
}

/**
 * One measured row with where the CPU went: the served process's, PostgreSQL's, anything else's
 * on the machine (CpuMeter), and the load generator's own (this process: autocannon parses every
 * body in JavaScript, so a row of large files can be bound by it rather than by the server).
 */
async function measureRow(target: Target, opts: Options, pid: number, postgres: boolean, settle: () => Promise<number>): Promise<Omit<Row, 'ratio'>> {
  const meter = new CpuMeter(pid, postgres);
  let cpu!: CpuShare;
  let generator = 0;
  let self0 = process.cpuUsage();
  let t0 = 0;
  const m = await measure(target, {
    ...opts,
    during: [
      {
        start: () => {
          meter.start();
          self0 = process.cpuUsage();
          t0 = performance.now();
        },
        stop: () => {
          cpu = meter.stop();
          const used = process.cpuUsage(self0);
          generator = ((used.user + used.system) / 1000 / (performance.now() - t0)) * 100;
        },
      },
    ],
    settle,
  });
  return { ...m, rssPeakMiB: null, cpu, generatorCpu: generator };
}

/**
 * Bare Fastify (bench/hello.ts), no application: its hello-world is the ceiling every row is
 * divided by; with `bytes`, the same server answering a body of that size (hello.ts's transport
 * floor), what sending those bytes costs here before launchyard does anything.
 */
async function measureBare(engine: Engine, opts: Options, floor?: { of: string; bytes: number }): Promise<Omit<Row, 'ratio'>> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  if (floor) {
    env.BENCH_BODIES = path.join(BENCH_DIR, `pictures-floor-${floor.bytes}.json`);
    writeFileSync(env.BENCH_BODIES, JSON.stringify({ rest: 'x'.repeat(floor.bytes), mcp: '' }));
  }
  const child = spawnChild('hello', ['scripts/bench/hello.ts'], { cwd: ROOT, env });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/`, child, 30_000);
    const target: Target = floor
      ? { name: `floor ${floor.of}`, label: `bare Fastify sending the same ${kb(floor.bytes).trim()}`, baseUrl: `http://127.0.0.1:${port}`, requests: [{ method: 'GET', path: '/rest' }] }
      : { name: 'hello-world', label: 'GET / (bare Fastify)', baseUrl: `http://127.0.0.1:${port}`, requests: [{ method: 'GET', path: '/' }] };
    const row = await measureRow(target, opts, child.pid, false, () => waitIdle({ pid: child.pid, postgres: false, maxS: 30 }));
    console.log(`[${engine}] ${progress(row)}`);
    return row;
  } finally {
    await child.stop();
    if (env.BENCH_BODIES) rmSync(env.BENCH_BODIES, { force: true });
  }
}

const progress = (m: Measurement) =>
  `${m.name}: ${Math.round(m.reqPerSec).toLocaleString('en-US')} req/s, p50 ${m.latencyMs.p50.toFixed(2)} ms, p99 ${m.latencyMs.p99.toFixed(2)} ms` +
  (m.non2xx || m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : '');

/** The folders (content hashes) of the gallery images on a listing's Pictures page, in gallery order. */
function galleryHashes(page: string): string[] {
  const found: string[] = [];
  for (const m of page.matchAll(/\/media\/([0-9a-f]{64})\/gallery-/g)) if (!found.includes(m[1])) found.push(m[1]);
  return found;
}

async function runEngine(engine: Engine, opts: Options, serverUrl: string | undefined, photos: Buffer[], photo: PicturesResult['photo']): Promise<PicturesResult> {
  const tag = `[${engine}]`;
  const load = { before: os.loadavg().map((l) => Math.round(l * 100) / 100), after: [] as number[] };
  const place = await scratch(engine, serverUrl);
  console.log(`\n=== ${ENGINE_NAMES[engine]}: ${place.label} (load average ${load.before.join(', ')}) ===`);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const owners = await seedOwners(place, photos.length);
    console.log(`${tag} ${owners.length} owners with ${owners.reduce((n, o) => n + o.listings.length, 0)} listings, written before the server starts`);
    console.log(`${tag} hello-world ceiling…`);
    const hello: Row = { ...(await measureBare(engine, opts)), ratio: 1 };

    server = await startServer(engine, place);
    const { baseUrl, sampler, child } = server;
    const postgres = engine === 'postgres';
    const idle = () => waitIdle({ pid: child.pid, postgres, url: `${baseUrl}/readyz`, maxS: 60 });
    console.log(`${tag} server ready in ${server.startupS.toFixed(1)} s; signing ${owners.length} owners in through /sign-in…`);
    const signedIn = [];
    for (const owner of owners) signedIn.push(await signIn(baseUrl, owner));
    const slots = new UploadSlots(signedIn);
    let next = 0;
    const upload = () => uploadImage(slots, photos[next], ++next);

    // The logo of the first listing (its card and its share image show it), then the warm-up.
    const logoListing = await uploadLogo(signedIn[0], await logoPng());
    const logoHash = keptLogoHash((await (await fetch(`${baseUrl}/api/v1/listings/${logoListing.slug}`)).json()).logo_url) ?? '';
    for (let i = 0; i < WARM_UPLOADS; i++) {
      const u = await upload();
      if (!u.ok) throw new Error(`warm-up upload answered ${u.status}: ${u.refusal}`);
    }
    // Two quiet metrics windows: the loop figures below are the uploads' alone (not the start-up's).
    await idle();
    await sleep(2 * WINDOW_S * 1000 + 1000);

    // 1. One at a time.
    console.log(`${tag} ${opts.uploads} uploads of a ${(photo.bytes / 1e6).toFixed(1)} MB ${PHOTO.width}×${PHOTO.height} JPEG, one at a time…`);
    const meter = new CpuMeter(child.pid, postgres);
    meter.start();
    const sequential = await watchingLoop(baseUrl, async () => {
      const done: Upload[] = [];
      for (let i = 0; i < opts.uploads; i++) done.push(await upload());
      return done;
    });
    const sequentialCpu = meter.stop();
    const ups = sequential.value;
    const times = ups.filter((u) => u.ok).map((u) => u.ms);
    const uploads = {
      n: ups.length,
      ok: times.length,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      maxMs: Math.max(...times),
      loop: sequential.loop,
      cpu: sequentialCpu,
      refusals: ups.filter((u) => !u.ok).map((u) => `${u.status} ${u.refusal}`),
    };
    console.log(`${tag} uploads: ${uploads.ok}/${uploads.n} stored, p50 ${uploads.p50Ms.toFixed(0)} ms, p99 ${uploads.p99Ms.toFixed(0)} ms; event-loop p99 ${uploads.loop.p99Ms.toFixed(1)} ms`);

    // Every variant of the last one is served (the 303 came after they were stored).
    const last = ups[ups.length - 1];
    const owner = signedIn.find((s) => s.owner.listings.some((l) => l.id === last.listing.id))!;
    const hash = galleryHashes((await owner.browser.request('GET', `/my/listings/${last.listing.id}/pictures`)).text).pop() ?? '';
    const names = [
      ...galleryWidths(PHOTO.width).flatMap((w) => GALLERY_FORMATS.map((f) => `${hash}/gallery-${w.name}.${extensionOf(f)}`)),
      ...LOGO_SIZES.flatMap((size) => LOGO_FORMATS.map((f) => `${logoHash}/logo-${size}.${extensionOf(f)}`)),
    ];
    const sizes = new Map<string, number>();
    for (const name of names) {
      const res = await fetch(`${baseUrl}/media/${name}`);
      if (res.status === 200) sizes.set(name, (await res.arrayBuffer()).byteLength);
      else await res.arrayBuffer();
    }
    const variants = { hash, expected: names.length, stored: sizes.size, missing: names.filter((n) => !sizes.has(n)) };
    console.log(`${tag} variants of the last upload and of the logo: ${[...sizes].map(([n, b]) => `${n.slice(65)} ${(b / 1024).toFixed(1)} kB`).join(', ')}`);

    // 2. Several at once, after two quiet windows again.
    await idle();
    await sleep(2 * WINDOW_S * 1000 + 1000);
    const hwmBeforeMiB = readMemory(child.pid)?.hwm ?? NaN;
    sampler.mark();
    console.log(`${tag} ${opts.atOnce} uploads at once…`);
    meter.start();
    const startedAll = performance.now();
    const together = await watchingLoop(baseUrl, () => Promise.all(Array.from({ length: opts.atOnce }, () => upload())));
    const wallS = (performance.now() - startedAll) / 1000;
    const togetherCpu = meter.stop();
    const windowPeak = sampler.mark();
    const hwmAfterMiB = readMemory(child.pid)?.hwm ?? NaN;
    const okTogether = together.value.filter((u) => u.ok).map((u) => u.ms);
    const atOnce = {
      n: opts.atOnce,
      ok: okTogether.length,
      wallS,
      p50Ms: percentile(okTogether, 50),
      maxMs: Math.max(...okTogether),
      loop: together.loop,
      // The kernel's high-water mark rose during the uploads: then it is their peak, exactly.
      rssPeakMiB: hwmAfterMiB > hwmBeforeMiB ? hwmAfterMiB : windowPeak,
      hwmBeforeMiB,
      hwmAfterMiB,
      cpu: togetherCpu,
      refusals: together.value.filter((u) => !u.ok).map((u) => `${u.status} ${u.refusal}`),
    };
    console.log(`${tag} at once: ${atOnce.ok}/${atOnce.n} stored in ${wallS.toFixed(1)} s; event-loop p99 ${atOnce.loop.p99Ms.toFixed(1)} ms, max ${atOnce.loop.maxMs.toFixed(0)} ms; RSS peak ${Math.round(atOnce.rssPeakMiB)} MiB`);

    // 3. Serving: a stored variant and a share image, beside the service's /healthz.
    const share: PicturesResult['share'] = {};
    const slug = logoListing.slug;
    const listingPage = await (await fetch(`${baseUrl}/listings/${slug}`)).text();
    const og = /<meta property="og:image" content="([^"]*)"/.exec(listingPage)?.[1];
    const sharePath = og ? new URL(og, baseUrl).pathname : undefined;
    if (!sharePath || !/^\/media\/[0-9a-f]{64}\/share\.png$/.test(sharePath)) {
      share.note = og ? `the listing page's og:image is ${og}, not a kept /media/<hash>/share.png` : 'the listing page has no og:image';
    } else {
      // The first view draws it (the page waits up to 2 s, then the drawing finishes behind it).
      for (let tries = 0; tries < 20; tries++) {
        const res = await fetch(baseUrl + sharePath);
        await res.arrayBuffer();
        if (res.status === 200) {
          share.url = sharePath;
          break;
        }
        await sleep(500);
      }
      if (!share.url) share.note = `${sharePath} was not stored 10 s after the page named it`;
    }

    const targets: (Target & { bytes?: number })[] = [
      { name: 'healthz', label: 'GET /healthz (the service, no database)', baseUrl, requests: [{ method: 'GET', path: '/healthz' }] },
      ...SERVED.map((v) => ({
        name: `variant ${v.name}`,
        label: `GET /media/{hash}/${v.name}, ${v.what}`,
        baseUrl,
        requests: [{ method: 'GET', path: `/media/${v.from === 'logo' ? logoHash : hash}/${v.name}` }],
      })),
      ...(share.url ? [{ name: 'share image', label: 'GET /media/{hash}/share.png (1200×630, kept)', baseUrl, requests: [{ method: 'GET', path: share.url }] }] : []),
    ];
    for (const target of targets) target.bytes = (await (await fetch(baseUrl + target.requests[0].path)).arrayBuffer()).byteLength;
    const rows: Row[] = [hello];
    await idle();
    for (const target of targets) {
      const row = await measureRow(target, opts, child.pid, postgres, idle);
      console.log(`${tag} ${progress(row)}`);
      rows.push({ ...row, ratio: row.reqPerSec / hello.reqPerSec, bytes: target.bytes });
    }

    const hwmMiB = sampler.peak().hwm;
    sampler.stop();
    await child.stop();
    // The server is gone: bare Fastify sends the same bytes as each served picture (the transport floor).
    console.log(`${tag} transport floor: bare Fastify sending bodies of the same sizes…`);
    for (const row of rows.filter((r) => r.name !== 'healthz' && r.bytes)) {
      const floor = await measureBare(engine, opts, { of: row.name, bytes: row.bytes! });
      row.floor = floor.reqPerSec;
      rows.push({ ...floor, ratio: floor.reqPerSec / hello.reqPerSec, bytes: row.bytes });
    }
    load.after = os.loadavg().map((l) => Math.round(l * 100) / 100);
    return {
      engine,
      database: place.label,
      startedAt: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      load,
      photo,
      uploads,
      variants,
      atOnce,
      server: { startupS: server.startupS, hwmMiB },
      rows,
      share,
    };
  } finally {
    server?.sampler.stop();
    await server?.child.stop();
    await place.remove();
  }
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
const kb = (b?: number) => (b === undefined ? '' : ` (${b < 10_240 ? `${(b / 1024).toFixed(1)}` : Math.round(b / 1024)} kB)`);

function formatEngine(r: PicturesResult): string {
  const u = r.uploads;
  const a = r.atOnce;
  const cpu = (c: CpuShare) => `CPU server ${Math.round(c.server)} %${r.engine === 'postgres' ? `, PostgreSQL ${Math.round(c.postgres)} %` : ''}, other ${Math.round(c.other)} %`;
  return [
    `${ENGINE_NAMES[r.engine]} — ${r.database}`,
    `Node ${r.node}, ${r.cpus} CPUs, load average ${r.load.before.join(' ')} before, ${r.load.after.join(' ')} after; photo ${PHOTO.width}×${PHOTO.height} JPEG q${r.photo.quality}, ${(r.photo.bytes / 1e6).toFixed(2)} MB`,
    `uploads one at a time: ${u.ok}/${u.n} stored; POST → 303 p50 ${int(u.p50Ms)} ms, p99 ${int(u.p99Ms)} ms, max ${int(u.maxMs)} ms; event-loop p99 ${u.loop.p99Ms.toFixed(1)} ms; ${cpu(u.cpu)}`,
    `variants of the last upload and of the logo: ${r.variants.stored}/${r.variants.expected} served${r.variants.missing.length ? ` (missing ${r.variants.missing.join(', ')})` : ''}`,
    `${a.n} uploads at once: ${a.ok}/${a.n} stored in ${a.wallS.toFixed(1)} s (each p50 ${int(a.p50Ms)} ms, max ${int(a.maxMs)} ms); event-loop p99 ${a.loop.p99Ms.toFixed(1)} ms, max ${a.loop.maxMs.toFixed(0)} ms; ` +
      `RSS peak ${int(a.rssPeakMiB)} MiB (VmHWM ${int(a.hwmBeforeMiB)} → ${int(a.hwmAfterMiB)} MiB); ${cpu(a.cpu)}`,
    ...[...u.refusals, ...a.refusals].slice(0, 5).map((x) => `  ! refused: ${x}`),
    '',
    ...r.rows.map(
      (x) =>
        `  ${x.name.padEnd(24)} ${int(x.reqPerSec).padStart(7)} req/s  p50 ${x.latencyMs.p50.toFixed(2).padStart(6)} ms  p99 ${x.latencyMs.p99.toFixed(2).padStart(7)} ms  ` +
        `${pct(x.ratio).padStart(7)} of hello${x.floor ? `, ${pct(x.reqPerSec / x.floor).padStart(7)} of its floor` : ''.padEnd(22)}  ` +
        `CPU ${Math.round(x.cpu.server)}/${r.engine === 'postgres' ? `${Math.round(x.cpu.postgres)}/` : ''}${Math.round(x.cpu.other)}/${Math.round(x.generatorCpu)} %  ${x.label}${kb(x.bytes)}${clean(x) ? '' : `  ! ${dirty(x)}`}`,
    ),
    r.share.note ? `  share image: n/a — ${r.share.note}` : '',
    `CPU = % of one core during the run: served process${r.engine === 'postgres' ? ' / PostgreSQL' : ''} / anything else on the machine / the load generator (this process; ` +
      `near 100 % it, not the server, bounds the row); "floor" = bare Fastify sending a body of the same size`,
    `server: ready in ${r.server.startupS.toFixed(1)} s, VmHWM over the whole run ${int(r.server.hwmMiB)} MiB`,
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '').join('\n');
}

export function pictureVerdicts(results: Partial<Record<Engine, PicturesResult>>, engines: Engine[]): Verdict[] {
  const out: Verdict[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    const r = results[engine];
    const name = ENGINE_NAMES[engine];
    const atOnce = r?.atOnce.n ?? 10;
    const uploadT = `4 MB 4000×3000 JPEG upload → all variants stored on ${name}: p99 ≤ 1.5 s`;
    const loopT = `event-loop p99 on ${name} ≤ 50 ms while ${atOnce} uploads run at once`;
    const rssT = `embedded (PGlite) server RSS ≤ 1 GiB during ${atOnce} uploads at once`;
    // Each served row with a goal: its row name, and the goal as the report states it.
    const served = [
      ...SERVED.filter((v) => v.goal).map((v) => ({ row: `variant ${v.name}`, target: `stored variant ${v.name} (${v.what}) on ${name} ≥ 30 % of hello-world req/s` })),
      { row: 'share image', target: `share image (kept) on ${name} ≥ 30 % of hello-world req/s` },
    ];
    if (!r) {
      const detail = engines.includes(engine) ? 'not run' : engine === 'postgres' ? 'PostgreSQL not measured (set DATABASE_URL or TEST_DATABASE_URL)' : 'PGlite not measured (--only postgres)';
      const targets = [uploadT, loopT, ...(engine === 'pglite' ? [rssT] : []), ...served.map((x) => x.target)];
      out.push(...targets.map((target) => ({ status: 'n.a.' as const, target, detail })));
      continue;
    }
    const u = r.uploads;
    const allStored = u.ok === u.n && r.variants.stored === r.variants.expected;
    out.push({
      status: allStored && u.p99Ms <= 1500 ? 'PASS' : 'FAIL',
      target: uploadT,
      detail: `p99 ${(u.p99Ms / 1000).toFixed(3)} s, p50 ${(u.p50Ms / 1000).toFixed(3)} s over ${u.n}; ${r.variants.stored}/${r.variants.expected} variants served${u.ok < u.n ? `; ${u.n - u.ok} refused` : ''}`,
    });
    const a = r.atOnce;
    out.push({ status: a.ok === a.n && a.loop.p99Ms <= 50 ? 'PASS' : 'FAIL', target: loopT, detail: `p99 ${a.loop.p99Ms.toFixed(1)} ms, max ${a.loop.maxMs.toFixed(0)} ms; ${a.ok}/${a.n} stored in ${a.wallS.toFixed(1)} s` });
    if (engine === 'pglite') {
      out.push({ status: a.rssPeakMiB <= 1024 ? 'PASS' : 'FAIL', target: rssT, detail: `peak ${int(a.rssPeakMiB)} MiB (VmHWM ${int(a.hwmBeforeMiB)} → ${int(a.hwmAfterMiB)} MiB)` });
    }
    const healthz = r.rows.find((x) => x.name === 'healthz');
    for (const { row, target } of served) {
      const x = r.rows.find((y) => y.name === row);
      if (!x) {
        out.push({ status: 'n.a.', target, detail: row === 'share image' ? (r.share.note ?? 'not measured') : 'not measured' });
        continue;
      }
      out.push({
        status: clean(x) && x.ratio >= 0.3 ? 'PASS' : 'FAIL',
        target,
        detail: `${pct(x.ratio)} (${int(x.reqPerSec)} / ${int(r.rows[0].reqPerSec)} req/s)${healthz ? `, ${pct(x.reqPerSec / healthz.reqPerSec)} of /healthz` : ''}${x.floor ? `, ${pct(x.reqPerSec / x.floor)} of bare Fastify sending the same bytes` : ''}, p99 ${x.latencyMs.p99.toFixed(1)} ms${kb(x.bytes)}${clean(x) ? '' : `; ${dirty(x)}`}`,
      });
      // Where bare Fastify itself cannot send these bytes at 30 % of hello-world, no server can: the
      // row measures the bytes (and the load generator reading them), not launchyard. Then the second
      // verdict says whether launchyard costs anything beyond the transport (docs/decisions.md#pictures).
      if (x.floor && x.floor / r.rows[0].reqPerSec < 0.3) {
        out.push({
          status: clean(x) && x.reqPerSec >= 0.9 * x.floor ? 'PASS' : 'FAIL',
          target: `${row} on ${name} ≥ 90 % of bare Fastify sending the same bytes (that floor is ${pct(x.floor / r.rows[0].reqPerSec).trim()} of hello-world: below the 30 % goal for any server)`,
          detail: `${pct(x.reqPerSec / x.floor)} (${int(x.reqPerSec)} / ${int(x.floor)} req/s)${kb(x.bytes)}`,
        });
      }
    }
  }
  return out;
}

/** The figures as the table of docs/performance.md's Pictures section. */
function markdown(results: PicturesResult[]): string {
  const head = ['figure', ...results.map((r) => ENGINE_NAMES[r.engine])];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const each = (f: (r: PicturesResult) => string) => results.map(f);
  const row = (r: PicturesResult, name: string) => r.rows.find((x) => x.name === name);
  const served = (name: string) => (r: PicturesResult) => {
    const x = row(r, name);
    if (!x) return `n/a${name === 'share image' && r.share.note ? ` (${r.share.note})` : ''}`;
    return `${int(x.reqPerSec)} req/s, ${pct(x.ratio)}${x.floor ? ` (floor ${int(x.floor)}: ${pct(x.reqPerSec / x.floor)})` : ''}`;
  };
  return [
    line(head),
    line(head.map(() => '---')),
    line(['upload one at a time, p50 / p99', ...each((r) => `${int(r.uploads.p50Ms)} / ${int(r.uploads.p99Ms)} ms`)]),
    line(['event-loop p99 / max, uploads one at a time', ...each((r) => `${r.uploads.loop.p99Ms.toFixed(1)} / ${r.uploads.loop.maxMs.toFixed(0)} ms`)]),
    line([`event-loop p99 / max, ${results[0]?.atOnce.n} uploads at once`, ...each((r) => `${r.atOnce.loop.p99Ms.toFixed(1)} / ${r.atOnce.loop.maxMs.toFixed(0)} ms`)]),
    line([`${results[0]?.atOnce.n} uploads at once: all stored after`, ...each((r) => `${r.atOnce.wallS.toFixed(1)} s`)]),
    line(['server RSS peak during them', ...each((r) => `${int(r.atOnce.rssPeakMiB)} MiB`)]),
    line(['hello-world (bare Fastify)', ...each((r) => `${int(r.rows[0].reqPerSec)} req/s`)]),
    line(['/healthz (the service)', ...each(served('healthz'))]),
    ...SERVED.map((v) => line([`${v.name}${kb(results[0]?.rows.find((x) => x.name === `variant ${v.name}`)?.bytes)}`, ...each(served(`variant ${v.name}`))])),
    line([`share.png, kept${kb(results[0]?.rows.find((x) => x.name === 'share image')?.bytes)}`, ...each(served('share image'))]),
  ].join('\n');
}

export async function benchPictures(argv: string[]): Promise<void> {
  installCleanup();
  keepNoBodies();
  const opts = parseOptions(argv);
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const engines: Engine[] = [];
  if (opts.only !== 'postgres') engines.push('pglite');
  if (opts.only !== 'pglite' && serverUrl) engines.push('postgres');
  if (opts.only === 'postgres' && !serverUrl) throw new Error('--only postgres needs DATABASE_URL or TEST_DATABASE_URL (a server where a scratch database may be made)');
  mkdirSync(BENCH_DIR, { recursive: true });
  console.log(
    `launchyard bench:pictures: ${engines.map((e) => ENGINE_NAMES[e]).join(' and ')}; ${opts.uploads} uploads one at a time, ${opts.atOnce} at once; ` +
      `${opts.connections} connections, ${opts.warmupS} s warm-up + ${opts.durationS} s per served row` +
      (serverUrl ? '' : ' (set DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL as well)'),
  );

  const perEngine = WARM_UPLOADS + opts.uploads + opts.atOnce;
  const started = performance.now();
  const maker = await photoMaker();
  const photos: Buffer[] = [];
  for (let i = 0; i < perEngine * engines.length; i++) photos.push(await maker.make(i));
  console.log(`photos: ${photos.length} distinct ${PHOTO.width}×${PHOTO.height} JPEGs at quality ${maker.quality}, ${(maker.bytes / 1e6).toFixed(2)} MB each, made in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const results: Partial<Record<Engine, PicturesResult>> = {};
  for (const [i, engine] of engines.entries()) {
    const r = await runEngine(engine, opts, serverUrl, photos.slice(i * perEngine, (i + 1) * perEngine), { width: PHOTO.width, height: PHOTO.height, quality: maker.quality, bytes: maker.bytes });
    results[engine] = r;
    const file = path.join(BENCH_DIR, `pictures-${engine}.json`);
    writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
    console.log(`[${engine}] results written to ${path.relative(ROOT, file)}`);
  }
  for (const engine of engines) console.log(`\n${formatEngine(results[engine]!)}`);
  console.log(`\n${markdown(engines.map((e) => results[e]!))}`);
  console.log(`\n${formatVerdicts(pictureVerdicts(results, engines), opts.uploads < 20 || opts.atOnce !== 10 ? `measured with ${opts.uploads} uploads one at a time and ${opts.atOnce} at once; the targets are for 20 and 10` : undefined)}`);
}

// Run directly (node scripts/bench/pictures.ts) as well as through bench.ts --pictures.
if (import.meta.main) {
  benchPictures(process.argv.slice(2))
    .catch((err) => {
      console.error(`\nbench:pictures failed: ${err instanceof Error ? err.message : err}`);
      process.exitCode = 1;
    })
    .finally(() => stopAll());
}
