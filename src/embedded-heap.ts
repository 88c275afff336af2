import { getHeapStatistics } from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';

/**
 * An embedded node (PGlite in the process) bounds V8's old generation. Without a bound V8 sizes
 * its heap from the machine's memory (about 4 GiB here) and lets garbage pile up long before it
 * collects: at 100,000 listings the node's resident memory rose to 1.2 GiB while its live heap
 * after a full collection was under 300 MiB (docs/decisions.md#embedded-heap-bound). A smaller
 * heap makes V8 collect sooner; it cannot be set once the process runs (v8.setFlagsFromString
 * then has no effect), so the service starts itself again with the flag (`process.execve`: same
 * process id, same descriptors, same signals).
 */
export const EMBEDDED_HEAP_MIB = 512;

const FLAG = '--max-old-space-size';

/** The arguments to start again with, or undefined when this process is to go on as it is. */
export function heapBoundArgv(opts: {
  embedded: boolean;
  /** EMBEDDED_HEAP_MIB: 0 keeps V8's own sizing. */
  heapMiB: number;
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  nodeOptions: string | undefined;
}): string[] | undefined {
  if (!opts.embedded || opts.heapMiB === 0) return undefined;
  // An operator's own bound wins, and it also ends the loop: the new process carries the flag.
  if (givenBoundMiB(opts.execArgv, opts.nodeOptions) !== undefined) return undefined;
  return [opts.execPath, ...opts.execArgv, `${FLAG}=${opts.heapMiB}`, ...opts.argv.slice(1)];
}

/** The old-generation bound this process was given, in MiB (0 when the flag has no number). */
function givenBoundMiB(execArgv: readonly string[], nodeOptions: string | undefined): number | undefined {
  const given = [...execArgv, ...(nodeOptions ?? '').split(' ')];
  const i = given.findIndex((a) => a === FLAG || a.startsWith(`${FLAG}=`));
  if (i < 0) return undefined;
  const value = given[i] === FLAG ? given[i + 1] : given[i].slice(FLAG.length + 1);
  return Number(value) || 0;
}

/** Starts this process again with the heap bound when heapBoundArgv says so; returns otherwise. */
export function boundEmbeddedHeap(embedded: boolean, heapMiB: number): void {
  // Node ≥ 23.11 on POSIX; elsewhere the node runs with V8's own sizing.
  if (typeof process.execve !== 'function') return;
  const argv = heapBoundArgv({
    embedded,
    heapMiB,
    execPath: process.execPath,
    execArgv: process.execArgv,
    argv: process.argv,
    nodeOptions: process.env.NODE_OPTIONS,
  });
  if (argv) process.execve(process.execPath, argv, process.env);
}

/** Live heap above this share of the bound after a full collection earns the operator a warning. */
export const HEAP_WARNING_SHARE = 0.75;
const WARNING_EVERY_MS = 60 * 60 * 1000;

/**
 * Watches full collections: a directory whose live data nears the bound is told to raise it
 * before V8 stops the process for want of memory. Returns a stop function.
 */
export function watchHeapBound(warn: (message: string) => void): () => void {
  let lastWarning = -Infinity;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      // After a full collection the young generation is empty: what is used lives in the old one.
      const { used_heap_size: used, heap_size_limit: whole } = getHeapStatistics();
      const limit = (givenBoundMiB(process.execArgv, process.env.NODE_OPTIONS) || 0) * 2 ** 20 || whole;
      if (used < limit * HEAP_WARNING_SHARE || performance.now() - lastWarning < WARNING_EVERY_MS) continue;
      lastWarning = performance.now();
      warn(
        `the live JavaScript heap is ${Math.round(used / 2 ** 20)} MiB of its ${Math.round(limit / 2 ** 20)} MiB bound after a full collection: ` +
          'raise EMBEDDED_HEAP_MIB (README, "Memory of an embedded node") before the directory outgrows it',
      );
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
