/**
 * One measured endpoint: a short warm-up, then a fixed-duration autocannon run. Latencies are
 * taken from every response (2xx or not) at full precision, rather than autocannon's whole-ms
 * histogram, so sub-millisecond p50s stay readable. A request still unanswered when the run stops
 * counts with its age at that moment (a lower bound), so an overloaded endpoint cannot look fast
 * by answering only its lucky requests. After each run the server is given time to finish the
 * requests it still holds, so one endpoint's backlog is not measured as the next one's.
 */
import type { EventEmitter } from 'node:events';
import autocannon, { type Request, type Result } from 'autocannon';

export interface Target {
  /** Row label, e.g. "get_listing". */
  name: string;
  /** What is requested, for the report, e.g. "GET /api/v1/listings/{slug}". */
  label: string;
  baseUrl: string;
  /** One or more requests; each connection cycles through them. */
  requests: Request[];
  /** Connections for this target instead of the run's (1: a request alone, nothing beside it). */
  connections?: number;
  /** Optional per-response body check; a false result counts as a mismatch. */
  verifyBody?: (body: string) => boolean;
  /**
   * All connections take the next of `requests` from one cursor, kept across the warm-up and the
   * measured run: each request of a long list is sent once per round, and the warm-up does not
   * read ahead what the run will read. (Given 50,000 requests, autocannon builds them all for each
   * connection before sending: 12 s of set-up, counted in the run's time and latencies.)
   */
  shared?: boolean;
  /**
   * Before the warm-up, this many requests (through the shared cursor) answered and not measured:
   * a node that has already served every listing once, as a directory's busy node has.
   */
  prime?: number;
  /**
   * Each of `requests` sent exactly once (through the shared cursor): no warm-up, and the run
   * ends when every one was answered rather than after the duration. For a list shorter than a
   * run would read, where a second pass would find the answers cached.
   */
  once?: boolean;
}

const cursors = new WeakMap<Target, { next: number }>();

/** One request whose path, method, headers and body are the next of the target's list. */
function sharedCursor(target: Target): Request {
  let cursor = cursors.get(target);
  if (!cursor) cursors.set(target, (cursor = { next: 0 }));
  const list = target.requests;
  const at = cursor;
  return { ...list[0], setupRequest: (req: Request) => ({ ...req, ...list[at.next++ % list.length] }) } as Request;
}

export interface Measurement {
  name: string;
  label: string;
  connections: number;
  durationS: number;
  requests: number;
  reqPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  /** Requests sent but not answered when the run stopped (up to one per connection is normal). */
  unanswered: number;
  /** Seconds the server needed after the run to finish the work it still held. */
  drainS: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  mismatches: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function run(
  target: Target,
  connections: number,
  duration: number,
  onLatency?: (ms: number) => void,
  amount?: number,
): Promise<{ result: Result; openAges: number[] }> {
  // Send time of each connection's outstanding request (autocannon sends one at a time per connection).
  const outstanding = new Map<EventEmitter, number>();
  const instance = autocannon({
    url: target.baseUrl,
    connections,
    ...(amount ? { amount } : { duration }),
    timeout: 30,
    requests: target.shared ? [sharedCursor(target)] : target.requests,
    ...(target.verifyBody ? { verifyBody: target.verifyBody } : {}),
    setupClient: (client: EventEmitter) => {
      client.on('request', () => outstanding.set(client, performance.now()));
      for (const event of ['response', 'timeout', 'connError']) client.on(event, () => outstanding.delete(client));
    },
  });
  if (onLatency) {
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => onLatency(responseTime));
  }
  const result = await instance;
  const now = performance.now();
  return { result, openAges: [...outstanding.values()].map((t) => now - t) };
}

export async function measure(
  target: Target,
  opts: {
    connections: number;
    durationS: number;
    warmupS: number;
    during?: { start(): void | Promise<void>; stop(): void | Promise<void> }[];
    /** Waits until the server has finished what it still holds; resolves to the seconds waited. */
    settle?: () => Promise<number>;
  },
): Promise<Measurement> {
  opts = { ...opts, connections: target.connections ?? opts.connections };
  if (target.prime) {
    await run(target, opts.connections, 0, undefined, target.prime);
    await opts.settle?.();
  }
  if (opts.warmupS > 0 && !target.once) {
    await run(target, opts.connections, opts.warmupS);
    await opts.settle?.();
  }
  let latencies = new Float64Array(1 << 16);
  let n = 0;
  for (const hook of opts.during ?? []) await hook.start();
  const started = performance.now();
  let lastAnswerAt = started;
  const push = (ms: number) => {
    lastAnswerAt = performance.now();
    if (n === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[n++] = ms;
  };
  let result: Result;
  let openAges: number[];
  try {
    ({ result, openAges } = await run(target, opts.connections, opts.durationS, push, target.once ? target.requests.length : undefined));
  } finally {
    for (const hook of [...(opts.during ?? [])].reverse()) await hook.stop();
  }
  const elapsedS = (performance.now() - started) / 1000;
  const answered = n;
  // A run of a fixed number of requests ends at autocannon's next one-second tick, and its
  // `duration` says so: 2,000 searches answered in 2.07 s counted as 3.01 s (a third fewer req/s).
  // Such a run lasts until its last answer.
  const durationS = target.once && answered > 0 ? (lastAnswerAt - started) / 1000 : result.duration || elapsedS;
  for (const age of openAges) push(age);
  const sorted = latencies.subarray(0, n).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  const drainS = (await opts.settle?.()) ?? 0;
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
  return {
    name: target.name,
    label: target.label,
    connections: opts.connections,
    durationS,
    requests: answered,
    reqPerSec: answered / durationS,
    latencyMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: n ? sorted[n - 1] : NaN,
      mean: n ? sum / n : NaN,
    },
    non2xx: result.non2xx,
    unanswered: openAges.length,
    drainS,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches ?? 0,
  };
}
