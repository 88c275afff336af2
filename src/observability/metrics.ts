import type { PoolStats } from '../workers/pool.ts';
import type { LoopDelay } from './event-loop.ts';

export interface MetricSources {
  loop: () => LoopDelay;
  pool: () => PoolStats;
  /** The in-memory search index (domain/listings/search-engine): whether it answers, what it holds. */
  search?: () => { ready: boolean; listings: number; bytes: number; builds: number };
  /** PGlite's WebAssembly memory: in embedded mode most of the resident memory is the database's. */
  embeddedDatabaseBytes?: () => number;
}

type Sample = [name: string, help: string, type: 'gauge' | 'counter', value: number, labels?: string];

function searchSamples(search: NonNullable<MetricSources['search']> extends () => infer S ? S : never): Sample[] {
  return [
    ['launchyard_search_index_ready', '1 when searches are answered from the in-memory index (built, change feed live), 0 while they read SQL.', 'gauge', search.ready ? 1 : 0],
    ['launchyard_search_index_listings', 'Public listings the search index holds.', 'gauge', search.listings],
    ['launchyard_search_index_bytes', 'Bytes of the search index\'s typed arrays (postings, per-listing columns).', 'gauge', search.bytes],
    ['launchyard_search_index_builds_total', 'Builds of the search index since start (the first, then after the feed was lost or a wide change).', 'counter', search.builds],
  ];
}

/**
 * The Prometheus text exposition of what an operator watches on a node: event-loop delay (a
 * stalled loop stalls every request), the worker pool (a growing queue means drafts wait), memory.
 */
export function renderMetrics(sources: MetricSources): string {
  const loop = sources.loop();
  const pool = sources.pool();
  const memory = process.memoryUsage();
  const seconds = (ms: number) => ms / 1000;
  const samples: Sample[] = [
    ['launchyard_event_loop_delay_seconds', 'Event-loop delay by quantile: the worse of the last full window (METRICS_WINDOW_SECONDS) and the current one.', 'gauge', seconds(loop.p50Ms), 'quantile="0.5"'],
    ['launchyard_event_loop_delay_seconds', '', 'gauge', seconds(loop.p99Ms), 'quantile="0.99"'],
    ['launchyard_event_loop_delay_seconds', '', 'gauge', seconds(loop.maxMs), 'quantile="1"'],
    ['launchyard_event_loop_delay_max_seconds', 'Longest event-loop delay since the process started.', 'gauge', seconds(loop.maxEverMs)],
    ['launchyard_worker_pool_threads', 'Worker threads running now.', 'gauge', pool.threads],
    ['launchyard_worker_pool_max_threads', 'Worker threads the pool may start (WORKER_THREADS).', 'gauge', pool.maxThreads],
    ['launchyard_worker_pool_queued_tasks', 'Tasks waiting for a worker.', 'gauge', pool.queued],
    ['launchyard_worker_pool_running_tasks', 'Tasks a worker is running.', 'gauge', pool.running],
    ['launchyard_worker_pool_completed_tasks_total', 'Tasks completed since start.', 'counter', pool.completed],
    ['launchyard_worker_pool_over_budget_tasks_total', 'Tasks stopped for running past their time or memory budget.', 'counter', pool.overBudget],
    ['launchyard_worker_pool_failed_tasks_total', 'Tasks that threw.', 'counter', pool.failed],
    ['launchyard_worker_pool_utilization_ratio', 'Share of the pool capacity used since start.', 'gauge', pool.utilization],
    ...(sources.search ? searchSamples(sources.search()) : []),
    ['process_resident_memory_bytes', 'Resident memory of the process.', 'gauge', memory.rss],
    ['nodejs_heap_used_bytes', 'V8 heap in use on the main thread.', 'gauge', memory.heapUsed],
    ['nodejs_external_memory_bytes', 'Memory outside the V8 heap held by JavaScript objects (buffers, typed arrays, WebAssembly memory).', 'gauge', memory.external],
    ...(sources.embeddedDatabaseBytes
      ? [['launchyard_embedded_database_memory_bytes', 'The embedded database\'s (PGlite\'s) WebAssembly memory; it grows and is never given back.', 'gauge', sources.embeddedDatabaseBytes()] as Sample]
      : []),
    ['process_uptime_seconds', 'Seconds since the process started.', 'gauge', Math.round(process.uptime())],
  ];
  const lines: string[] = [];
  for (const [name, help, type, value, labels] of samples) {
    if (help) lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    lines.push(`${name}${labels ? `{${labels}}` : ''} ${Number.isFinite(value) ? value : 0}`);
  }
  return `${lines.join('\n')}\n`;
}
