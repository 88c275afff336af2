import { monitorEventLoopDelay } from 'node:perf_hooks';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;

export interface LoopDelay {
  /** The worse of the last full window (a minute by default) and the current one, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The longest delay since the process started. */
  maxEverMs: number;
}

export interface EventLoopWatch {
  delay(): LoopDelay;
  stop(): void;
}

export interface EventLoopWatchOptions {
  /** A delay above this is logged (once per check), with what the loop saw since the last check. */
  warnAboveMs?: number;
  /** How often the delay is checked for a warning. */
  checkEveryMs?: number;
  /** Length of the window /metrics reports on. */
  windowMs?: number;
  warn: (delay: { maxMs: number; p99Ms: number }, message: string) => void;
}

const RESOLUTION_MS = 10;
/** The sampler records the time between its ticks; the delay is what exceeds the tick interval. */
const toMs = (ns: number) => Math.max(0, Math.round((Number.isFinite(ns) ? ns : 0) / 1e4 - RESOLUTION_MS * 100) / 100);

function figures(h: IntervalHistogram) {
  return h.count > 0 ? { p50Ms: toMs(h.percentile(50)), p99Ms: toMs(h.percentile(99)), maxMs: toMs(h.max) } : { p50Ms: 0, p99Ms: 0, maxMs: 0 };
}

/**
 * Watches the event loop (perf_hooks.monitorEventLoopDelay): one request must never stall it, so
 * a stall shows at once in the log and in /metrics. One sampler is read and reset at every check
 * (the warning); another over a window of a minute (the figures; the last full window is kept,
 * and the worse of it and the current one is reported, so a scrape never sees an empty window).
 */
export function watchEventLoop(opts: EventLoopWatchOptions): EventLoopWatch {
  const warnAboveMs = opts.warnAboveMs ?? 200;
  const recent = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  recent.enable();
  window.enable();
  let last = figures(window);
  let maxEverMs = 0;

  const check = setInterval(() => {
    const maxMs = toMs(recent.max);
    if (recent.count > 0 && maxMs > warnAboveMs) {
      opts.warn({ maxMs, p99Ms: toMs(recent.percentile(99)) }, `event loop delayed ${maxMs} ms: something ran on the main thread for too long`);
    }
    if (recent.count > 0) maxEverMs = Math.max(maxEverMs, maxMs);
    recent.reset();
  }, opts.checkEveryMs ?? 5_000);
  const rotate = setInterval(() => {
    last = figures(window);
    window.reset();
  }, opts.windowMs ?? 60_000);
  check.unref();
  rotate.unref();

  return {
    delay() {
      const now = figures(window);
      const pending = recent.count > 0 ? toMs(recent.max) : 0;
      return {
        p50Ms: Math.max(now.p50Ms, last.p50Ms),
        p99Ms: Math.max(now.p99Ms, last.p99Ms),
        maxMs: Math.max(now.maxMs, last.maxMs),
        maxEverMs: Math.max(maxEverMs, pending, now.maxMs),
      };
    },
    stop() {
      clearInterval(check);
      clearInterval(rotate);
      recent.disable();
      window.disable();
    },
  };
}
