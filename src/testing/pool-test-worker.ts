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
  // Many small objects, as a parser's tree grows: V8 can stop the worker at its heap limit. (One
  // huge allocation past the limit can instead abort the whole process, in V8, whatever Node's
  // resourceLimits say; the pool's inputs are bounded in size before they get here.)
  // Kept as a linked list: one growing array is itself a huge allocation each time it doubles.
  hoard: () => {
    let kept: { next: unknown; data: number[] } | null = null;
    for (let n = 0; ; n++) kept = { next: kept, data: Array.from({ length: 256 }, (_, i) => i + n) };
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
