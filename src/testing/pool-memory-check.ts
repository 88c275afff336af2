// Run as a process of its own by src/workers/pool.test.ts: a pool whose worker exhausts its heap,
// with V8's default settings (as the service runs). Prints what the task came to and whether the
// next task still ran; the process reaching its end is the point.
import { createWorkPool, OverBudget } from '../workers/pool.ts';

const pool = createWorkPool({ size: 1, maxHeapMb: 48, entry: new URL('./pool-test-worker.ts', import.meta.url) });
const run = pool.run as (t: string, i: unknown, o: { budgetMs: number }) => Promise<unknown>;
let outcome = 'resolved';
try {
  await run('hoard', null, { budgetMs: 20_000 });
} catch (err) {
  outcome = err instanceof OverBudget ? `over budget: ${err.resource}` : `failed: ${(err as Error).message}`;
}
const next = await run('echo', 1, { budgetMs: 5000 });
await pool.close();
process.stdout.write(JSON.stringify({ outcome, next }));
