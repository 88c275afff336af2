import type { MessagePort } from 'node:worker_threads';

/** A worker for the pool's own tests: tasks that finish, spin forever, or eat memory. */
const TASKS: Record<string, (input: any) => unknown> = {
  echo: (input) => input,
  busy: (input: { ms: number }) => {
    const end = Date.now() + input.ms;
    while (Date.now() < end);
    return 'done';
  },
  spin: () => {
    for (;;);
  },
  hoard: () => {
    const kept: string[] = [];
    for (;;) kept.push('x'.repeat(1 << 20) + kept.length);
  },
  fail: () => {
    throw new Error('broken input');
  },
};

export default function runTask({ task, input, started }: { task: string; input: unknown; started: MessagePort }) {
  started.postMessage(0);
  started.close();
  return TASKS[task](input);
}
