import { MessageChannel } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
// sharp (libvips) is loaded here, before any worker: on glibc a native module first loaded by a
// worker thread is unloaded when that worker ends, and a worker killed mid-image (over budget)
// could take the process with it (sharp's documentation on worker threads).
import 'sharp';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/**
 * The one worker pool: CPU-heavy work on remote or user content (parsing crawled HTML, the
 * extractors, the verifier, the badge detector) runs here, never on the event loop, so one
 * hostile page cannot stall the requests of everyone else. Every task has a time budget that
 * starts when a worker starts it (waiting in the queue is not counted); a worker past its budget
 * is terminated and replaced, and the task fails with OverBudget.
 */

/** A task ran out of its budget of time, or its worker out of memory; the worker was replaced. */
export class OverBudget extends Error {
  readonly resource: 'time' | 'memory';
  readonly budgetMs: number;
  constructor(task: string, resource: 'time' | 'memory', budgetMs: number) {
    super(resource === 'time' ? `${task} took longer than ${budgetMs} ms` : `${task} needed more memory than a worker may use`);
    this.name = 'OverBudget';
    this.resource = resource;
    this.budgetMs = budgetMs;
  }
}

/** The caller cancelled the task (shutdown, a job's abort): not a fault of the content. */
export class WorkCancelled extends Error {
  constructor(task: string) {
    super(`${task} was cancelled`);
    this.name = 'WorkCancelled';
  }
}

/** Time a piece of work (a draft) may spend in the pool, over all its tasks. */
export class CpuBudget {
  private spent = 0;
  readonly totalMs: number;
  constructor(totalMs: number) {
    this.totalMs = totalMs;
  }
  get leftMs(): number {
    return Math.max(0, this.totalMs - this.spent);
  }
  spend(ms: number) {
    this.spent += ms;
  }
}

export interface RunOptions {
  /** Longest time the task may run once a worker has started it. */
  budgetMs: number;
  /** Aborting it cancels the task (queued: dropped; running: its worker is terminated). */
  signal?: AbortSignal;
  /** The running time is charged to this budget, whatever the outcome. */
  charge?: CpuBudget;
}

export interface PoolStats {
  threads: number;
  maxThreads: number;
  queued: number;
  running: number;
  completed: number;
  overBudget: number;
  failed: number;
  /** Share of the pool's capacity in use since it started (0–1). */
  utilization: number;
}

export interface WorkPool {
  run<N extends TaskName>(task: N, input: TaskInput<N>, opts: RunOptions): Promise<TaskOutput<N>>;
  stats(): PoolStats;
  /** Cancels what is queued or running (WorkCancelled) and stops the workers. */
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Worker threads; default: CPUs − 1, at least 1. */
  size?: number;
  /** Heap of one worker; a page that needs more fails its task instead of the process. */
  maxHeapMb?: number;
  /** Tests only: another worker module speaking the same protocol as worker.ts. */
  entry?: URL;
}

export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function createWorkPool(opts: PoolOptions = {}): WorkPool {
  const size = opts.size ?? defaultPoolSize();
  const piscina = new Piscina({
    filename: (opts.entry ?? new URL('./worker.ts', import.meta.url)).href,
    // Workers start on the first task and leave after a quiet minute: a node that never drafts
    // pays nothing (embedded mode lives close to its memory budget).
    minThreads: 0,
    maxThreads: size,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? 512 },
  });
  let running = 0;
  let overBudget = 0;
  let failed = 0;
  let closed = false;
  const cancelAll = new AbortController();

  return {
    async run(task, input, run) {
      if (closed) throw new WorkCancelled(task);
      const budgetMs = Math.max(1, Math.floor(run.budgetMs));
      const overrun = new AbortController();
      // The worker says when it starts: from then on the budget runs.
      const { port1, port2 } = new MessageChannel();
      let startedAt = 0;
      let timer: NodeJS.Timeout | undefined;
      port1.once('message', () => {
        startedAt = performance.now();
        running++;
        timer = setTimeout(() => overrun.abort(), budgetMs);
      });
      const signal = AbortSignal.any([overrun.signal, cancelAll.signal, ...(run.signal ? [run.signal] : [])]);
      try {
        return (await piscina.run({ task, input, started: port2 }, { signal, transferList: [port2] })) as TaskOutput<typeof task>;
      } catch (err) {
        if (overrun.signal.aborted) {
          overBudget++;
          throw new OverBudget(task, 'time', budgetMs);
        }
        if (cancelAll.signal.aborted || run.signal?.aborted) throw new WorkCancelled(task);
        if ((err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          overBudget++;
          throw new OverBudget(task, 'memory', budgetMs);
        }
        failed++;
        throw err;
      } finally {
        clearTimeout(timer);
        port1.close();
        if (startedAt) {
          running--;
          run.charge?.spend(performance.now() - startedAt);
        }
      }
    },

    stats: () => ({
      threads: piscina.threads.length,
      maxThreads: size,
      queued: piscina.queueSize,
      running,
      completed: piscina.completed,
      overBudget,
      failed,
      utilization: piscina.utilization,
    }),

    async close() {
      if (closed) return;
      closed = true;
      cancelAll.abort();
      await piscina.destroy();
    },
  };
}
