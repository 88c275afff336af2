import type { MessagePort } from 'node:worker_threads';
import { TASKS, type TaskName } from './tasks.ts';

/**
 * The worker threads' entry (piscina). It tells the pool when a task starts, so the task's time
 * budget does not count its wait in the queue.
 */
export default function runTask({ task, input, started }: { task: TaskName; input: never; started: MessagePort }) {
  started.postMessage(0);
  started.close();
  return TASKS[task](input);
}
