/**
 * How request-time code hands work to the background (crawls, drafting, mail fan-out): by job name
 * and JSON data. Domain modules get a JobDispatcher and never see pg-boss. Send after the
 * transaction that made the work necessary has committed: a job may run on another node at once
 * and must see the rows. A crash between commit and send is covered by each job's sweeper.
 */
import { afterCommit } from '../store/unit-of-work.ts';

export type JobData = Record<string, unknown>;

export interface SendOptions {
  /** At most one queued job with this key per job name (pg-boss singletonKey). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobDispatcher {
  send(name: string, data: JobData, opts?: SendOptions): Promise<void>;
}

/**
 * A job's work: (data) → a JSON-able summary for job_runs. Throw to retry with backoff. The
 * signal aborts when the node shuts down mid-job: stop, throw, and the job is retried elsewhere.
 */
export type JobHandler = (data: JobData, signal?: AbortSignal) => Promise<unknown>;

/**
 * The dispatcher services are built with, before the queue exists (the queue's handlers need the
 * services). The app attaches pg-boss, or the inline runner in tests, once both are up.
 */
export function lateDispatcher(): JobDispatcher & { attach(target: JobDispatcher): void } {
  let target: JobDispatcher | undefined;
  return {
    attach(t) {
      target = t;
    },
    async send(name, data, opts) {
      if (!target) throw new Error(`job ${name} sent before the job queue started`);
      // Inside a unit of work (a keyed operation) the rows the job reads are not committed yet:
      // the job could run first and find nothing (a draft then waited for its sweeper). Sent at commit.
      const to = target;
      await afterCommit(() => to.send(name, data, opts));
    },
  };
}

/**
 * Tests only: runs each sent job in this process on the next turn of the event loop, so a request
 * returns before its job runs, as in production. `idle()` resolves when nothing is running.
 * startAfterSeconds is ignored; singletonKey drops a send while the same key is still queued.
 */
export function inlineDispatcher(
  handlers: () => Record<string, JobHandler>,
  onError: (name: string, err: unknown) => void,
): JobDispatcher & { idle(): Promise<void> } {
  const running = new Set<Promise<void>>();
  const queuedKeys = new Set<string>();
  return {
    async send(name, data, opts) {
      const handler = handlers()[name];
      if (!handler) throw new Error(`no handler for job ${name}`);
      const key = opts?.singletonKey === undefined ? undefined : `${name}:${opts.singletonKey}`;
      if (key !== undefined) {
        if (queuedKeys.has(key)) return;
        queuedKeys.add(key);
      }
      const run = (async () => {
        await new Promise((r) => setImmediate(r));
        if (key !== undefined) queuedKeys.delete(key);
        try {
          await handler(data);
        } catch (err) {
          onError(name, err);
        }
      })();
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
