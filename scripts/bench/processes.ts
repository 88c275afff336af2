/**
 * Child processes for the benchmark: spawn, wait until ready, sample RSS, and always stop them,
 * also when the benchmark fails or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  /** The last lines the child wrote (stdout and stderr), for error messages. */
  tail(): string;
  /** Resolves when the child has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after graceMs. Resolves once the child is gone. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<Child>();

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Copy the child's output to ours, each line prefixed with its name. */
  echo?: boolean;
  /** Called with every line of stderr (e.g. to find the inspector URL). */
  onStderrLine?: (line: string) => void;
}

export function spawnChild(name: string, args: string[], opts: SpawnOptions): Child {
  const proc = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (proc.pid === undefined) throw new Error(`could not start ${name}`);
  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream, isErr: boolean) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        if (lines.length > 60) lines.shift();
        if (opts.echo) console.log(`  [${name}] ${line}`);
        if (isErr) opts.onStderrLine?.(line);
      }
    });
  };
  collect(proc.stdout!, false);
  collect(proc.stderr!, true);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  const child: Child = {
    name,
    proc,
    pid: proc.pid,
    tail: () => lines.slice(-20).join('\n'),
    exited,
    async stop(graceMs = 15_000) {
      if (!gone && proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
    },
  };
  exited.then(() => {
    gone = true;
    running.delete(child);
  });
  running.add(child);
  return child;
}

/** Stops every child still running (graceful first: PGlite must close its data directory). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((c) => c.stop()));
}

let cleanupInstalled = false;
/** On SIGINT/SIGTERM stop the children, then exit; on any exit, SIGKILL whatever is left. */
export function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping child processes…`);
    stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.on('exit', () => {
    for (const c of running) c.proc.kill('SIGKILL');
  });
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls url until it answers 2xx; fails early if the child exits. */
export async function waitUntilReady(url: string, child: Child, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before it was ready:\n${child.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} was not ready at ${url} after ${timeoutMs / 1000} s:\n${child.tail()}`);
}

/** Memory of one process from /proc/<pid>/status, in MiB. */
export function readMemory(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Samples a process's RSS every intervalMs. peak() is the highest of the sampled VmRSS and the
 * kernel's own high-water mark (VmHWM); window() gives the sampled peak since the last mark.
 */
export class RssSampler {
  #timer: NodeJS.Timeout;
  #peakRss = 0;
  #hwm = 0;
  #windowPeak = 0;
  samples = 0;
  readonly pid: number;

  constructor(pid: number, intervalMs = 200) {
    this.pid = pid;
    this.sample();
    this.#timer = setInterval(() => this.sample(), intervalMs);
    this.#timer.unref();
  }

  sample(): void {
    const m = readMemory(this.pid);
    if (!m) return;
    this.samples++;
    if (Number.isFinite(m.rss)) {
      this.#peakRss = Math.max(this.#peakRss, m.rss);
      this.#windowPeak = Math.max(this.#windowPeak, m.rss);
    }
    if (Number.isFinite(m.hwm)) this.#hwm = Math.max(this.#hwm, m.hwm);
  }

  /** Starts a new window and returns the sampled peak of the previous one. */
  mark(): number {
    this.sample();
    const peak = this.#windowPeak;
    this.#windowPeak = 0;
    return peak;
  }

  peak(): { rss: number; hwm: number } {
    return { rss: this.#peakRss, hwm: this.#hwm };
  }

  stop(): void {
    this.sample();
    clearInterval(this.#timer);
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

function procCpuSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime 14, stime 15 (1-based over the whole line).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL server process, by PID. */
function postgresCpuByPid(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') byPid.set(pid, procCpuSeconds(pid));
    } catch {}
  }
  return byPid;
}

function postgresCpuSeconds(): number {
  let total = 0;
  for (const s of postgresCpuByPid().values()) total += s;
  return total;
}

/**
 * PostgreSQL CPU since `before`, per backend: a backend that exits meanwhile (a pool closing
 * idle connections) takes its CPU with it, which a difference of totals would count as negative
 * time (and add to "other"); here it is only left out.
 */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, s] of postgresCpuByPid()) total += s - (before.get(pid) ?? 0);
  return total;
}

function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + (steal || 0)) / CLOCK_TICKS;
}

export interface CpuShare {
  /** CPU the server process used, in % of one core (100 = one core saturated). */
  server: number;
  /** CPU of PostgreSQL server processes, in % of one core (postgres engine only). */
  postgres: number;
  /** CPU used by anything else than the benchmark, the server and PostgreSQL, in % of one core. */
  other: number;
}

/**
 * Where the machine's CPU went during a run. "other" > 0 means something outside the
 * benchmark competed for the cores, which makes the figures pessimistic.
 */
export class CpuMeter {
  #t0 = 0;
  #busy0 = 0;
  #self0 = 0;
  #server0 = 0;
  #pg0 = new Map<string, number>();
  readonly serverPid: number;
  readonly countPostgres: boolean;

  constructor(serverPid: number, countPostgres: boolean) {
    this.serverPid = serverPid;
    this.countPostgres = countPostgres;
  }

  start(): void {
    this.#t0 = performance.now();
    this.#busy0 = machineBusySeconds();
    this.#self0 = procCpuSeconds(process.pid);
    this.#server0 = procCpuSeconds(this.serverPid);
    this.#pg0 = this.countPostgres ? postgresCpuByPid() : new Map();
  }

  stop(): CpuShare {
    const elapsed = (performance.now() - this.#t0) / 1000;
    const busy = machineBusySeconds() - this.#busy0;
    const self = procCpuSeconds(process.pid) - this.#self0;
    const server = procCpuSeconds(this.serverPid) - this.#server0;
    const pg = this.countPostgres ? postgresCpuSince(this.#pg0) : 0;
    const pct = (s: number) => Math.max(0, (s / elapsed) * 100);
    return { server: pct(server), postgres: pct(pg), other: pct(busy - self - server - pg) };
  }
}

/**
 * Waits until the server (and PostgreSQL, when asked) is idle: it may still be working through
 * requests whose connections the load generator has closed. Also waits for url (e.g. /readyz,
 * which queues behind the database work) to answer. Returns the seconds waited.
 */
export async function waitIdle(opts: { pid: number; postgres: boolean; url?: string; maxS?: number }): Promise<number> {
  const started = performance.now();
  const deadline = started + (opts.maxS ?? 180) * 1000;
  const window = 300;
  while (performance.now() < deadline) {
    if (opts.url) {
      try {
        const res = await fetch(opts.url, { signal: AbortSignal.timeout(Math.max(1000, deadline - performance.now())) });
        await res.arrayBuffer();
      } catch {}
    }
    const s0 = procCpuSeconds(opts.pid);
    const p0 = opts.postgres ? postgresCpuSeconds() : 0;
    await new Promise((r) => setTimeout(r, window));
    const server = (procCpuSeconds(opts.pid) - s0) / (window / 1000);
    const pg = opts.postgres ? (postgresCpuSeconds() - p0) / (window / 1000) : 0;
    if (server < 0.15 && pg < 0.15) break;
  }
  const idleS = (performance.now() - started) / 1000;
  await waitQuiet();
  return idleS;
}

/**
 * Other work on the machine (a test suite, a build) skews every figure. Before a run, wait up to
 * maxS for the machine to be nearly idle; the CPU column shows what competed anyway.
 */
export async function waitQuiet(maxS = 20): Promise<void> {
  const deadline = performance.now() + maxS * 1000;
  while (performance.now() < deadline) {
    const b0 = machineBusySeconds();
    await new Promise((r) => setTimeout(r, 500));
    if ((machineBusySeconds() - b0) / 0.5 < 0.3) return;
  }
}
