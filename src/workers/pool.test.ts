import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createWorkPool, CpuBudget, OverBudget, WorkCancelled, type WorkPool } from './pool.ts';

// The pool against a test worker whose tasks finish, spin forever or exhaust their heap.
const pool = createWorkPool({ size: 1, maxHeapMb: 48, entry: new URL('../testing/pool-test-worker.ts', import.meta.url) });
after(() => pool.close());
// The test worker's tasks are not in the production task table.
const run = (task: string, input: unknown, opts: Parameters<WorkPool['run']>[2]) => (pool.run as (t: string, i: unknown, o: typeof opts) => Promise<unknown>)(task, input, opts);

test('a task returns its result', async () => {
  assert.deepEqual(await run('echo', { a: [1, 'b'] }, { budgetMs: 5000 }), { a: [1, 'b'] });
});

test('a task past its budget fails with OverBudget, its worker is replaced, and the event loop stays free meanwhile', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  const started = performance.now();
  await assert.rejects(run('spin', null, { budgetMs: 300 }), (err: unknown) => err instanceof OverBudget && err.resource === 'time' && err.budgetMs === 300);
  clearInterval(timer);
  assert.ok(performance.now() - started < 5000);
  // A blocked loop would tick once at most (a late interval fires once); the 30 expected ticks
  // shrink on a loaded two-CPU machine (CI saw 8 while another test file ran), so 3 is the line.
  assert.ok(ticks >= 3, `the main thread kept running while a worker spun (${ticks} ticks)`);
  assert.equal(await run('echo', 'after', { budgetMs: 5000 }), 'after', 'a fresh worker takes the next task');
  assert.equal(pool.stats().overBudget, 1);
});

test('waiting in the queue does not count against a budget', async () => {
  // One worker: the second task waits ~400 ms behind the first, then runs 50 ms within its 300 ms.
  const [first, second] = await Promise.all([run('busy', { ms: 400 }, { budgetMs: 5000 }), run('busy', { ms: 50 }, { budgetMs: 300 })]);
  assert.deepEqual([first, second], ['done', 'done']);
});

test('running time is charged to a CPU budget', async () => {
  const budget = new CpuBudget(10_000);
  // The charge runs from the worker's "started" message as the main thread reads it; on a loaded
  // machine that is read late (CI saw 96 ms charged for 120 ms of work), so the margin is wide.
  await run('busy', { ms: 300 }, { budgetMs: 5000, charge: budget });
  assert.ok(budget.leftMs <= 10_000 - 150 && budget.leftMs > 5000, `left ${budget.leftMs}`);
});

test('a worker that runs out of memory fails its task with OverBudget (memory), not the process', async () => {
  // In a process of its own with V8's defaults, as the service runs: the test processes' flags
  // (--liftoff-only) together with Node's compile cache made V8 abort the whole process at a
  // worker's heap limit in about 4 runs of 5, where the service's settings never did.
  const child = spawnSync(process.execPath, [fileURLToPath(new URL('../testing/pool-memory-check.ts', import.meta.url))], {
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_COMPILE_CACHE' && k !== 'NODE_OPTIONS')),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 0, `the process survived: ${child.stderr.slice(-500)}`);
  assert.deepEqual(JSON.parse(child.stdout), { outcome: 'over budget: memory', next: 1 });
});

test('an error thrown by a task reaches the caller as is', async () => {
  await assert.rejects(run('fail', null, { budgetMs: 5000 }), /broken input/);
});

test("the caller's signal cancels a running task with WorkCancelled", async () => {
  const stop = new AbortController();
  const running = run('spin', null, { budgetMs: 60_000, signal: stop.signal });
  setTimeout(() => stop.abort(), 100);
  await assert.rejects(running, WorkCancelled);
  assert.equal(await run('echo', 2, { budgetMs: 5000 }), 2);
});

test('close() cancels what runs and what waits, and refuses new work', async () => {
  const own = createWorkPool({ size: 1, entry: new URL('../testing/pool-test-worker.ts', import.meta.url) });
  const go = (task: string) => (own.run as (t: string, i: unknown, o: { budgetMs: number }) => Promise<unknown>)(task, null, { budgetMs: 60_000 });
  // Outcomes watched from the start: they settle while close() runs, before it returns.
  const running = assert.rejects(go('spin'), WorkCancelled);
  const waiting = assert.rejects(go('spin'), WorkCancelled);
  await new Promise((r) => setTimeout(r, 200));
  await own.close();
  await running;
  await waiting;
  await assert.rejects(go('echo'), WorkCancelled);
});
