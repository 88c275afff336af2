import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { heapBoundArgv } from './embedded-heap.ts';

const base = { embedded: true, heapMiB: 512, execPath: '/node', execArgv: ['--enable-source-maps'], argv: ['/node', 'src/main.ts', '--demo'], nodeOptions: undefined as string | undefined };

const scenarios: [string, Partial<typeof base>, string[] | undefined][] = [
  ['embedded: starts again with the bound, after its own flags and before the script', {}, ['/node', '--enable-source-maps', '--max-old-space-size=512', 'src/main.ts', '--demo']],
  ['beside PostgreSQL: goes on as it is', { embedded: false }, undefined],
  ['EMBEDDED_HEAP_MIB=0: V8 sizes the heap itself', { heapMiB: 0 }, undefined],
  ['a bound on the command line wins (and ends the loop)', { execArgv: ['--max-old-space-size=2048'] }, undefined],
  ['a bound in NODE_OPTIONS wins', { nodeOptions: '--enable-source-maps --max-old-space-size=900' }, undefined],
  ['the flag\'s spaced form wins too', { execArgv: ['--max-old-space-size', '900'] }, undefined],
  ['another size flag is not the bound', { execArgv: ['--max-semi-space-size=64'] }, ['/node', '--max-semi-space-size=64', '--max-old-space-size=512', 'src/main.ts', '--demo']],
];

for (const [name, change, expected] of scenarios) {
  test(`heap bound: ${name}`, () => {
    assert.deepEqual(heapBoundArgv({ ...base, ...change }), expected);
  });
}

const MODULE = path.resolve(import.meta.dirname, 'embedded-heap.ts');

/** Runs `body` (which may import `heap` from embedded-heap.ts) in a fresh node without NODE_OPTIONS; its stdout lines as JSON. */
function run(body: string, flags: string[] = [], args: string[] = []): any[] {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'ly-heap-')), 'probe.ts');
  writeFileSync(script, `import { getHeapStatistics } from 'node:v8';\nimport * as heap from ${JSON.stringify(MODULE)};\n${body}`);
  const { NODE_OPTIONS: _, ...env } = process.env;
  return execFileSync(process.execPath, [...flags, script, ...args], { env, encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
}

test('heap bound: the process starts again with the flag, keeping its id, arguments and output', () => {
  const lines = run(
    `console.log(JSON.stringify({ pid: process.pid, args: process.argv.slice(2), limitMiB: getHeapStatistics().heap_size_limit / 2 ** 20, flags: process.execArgv }));
heap.boundEmbeddedHeap(true, 300);`,
    [],
    ['a', 'b c'],
  );
  assert.equal(lines.length, 2, 'printed once before and once after starting again, then went on');
  const [before, after] = lines;
  assert.equal(after.pid, before.pid);
  assert.deepEqual(after.args, ['a', 'b c']);
  assert.deepEqual(after.flags, ['--max-old-space-size=300']);
  assert.ok(before.limitMiB > 1000, `V8's own sizing first (${before.limitMiB} MiB)`);
  // heap_size_limit adds the young generation to the old one's bound.
  assert.ok(after.limitMiB >= 300 && after.limitMiB < 600, `bounded after (${after.limitMiB} MiB)`);
});

test('heap bound: live data near the bound after a full collection earns one warning', () => {
  const [out] = run(
    `const warnings = [];
heap.watchHeapBound((m) => warnings.push(m));
const kept = [];
while (getHeapStatistics().used_heap_size < 64 * 2 ** 20 * 0.8) kept.push(new Array(10_000).fill(kept.length));
globalThis.gc();
globalThis.gc();
setTimeout(() => console.log(JSON.stringify({ warnings, kept: kept.length })), 50);`,
    ['--expose-gc', '--max-old-space-size=64'],
  );
  assert.equal(out.warnings.length, 1, 'once, not once per collection');
  assert.match(out.warnings[0], /^the live JavaScript heap is \d+ MiB of its \d+ MiB bound after a full collection: raise EMBEDDED_HEAP_MIB/);
});

test('heap bound: a heap well under the bound earns no warning', () => {
  const [out] = run(
    `const warnings = [];
heap.watchHeapBound((m) => warnings.push(m));
globalThis.gc();
setTimeout(() => console.log(JSON.stringify({ warnings })), 50);`,
    ['--expose-gc', '--max-old-space-size=256'],
  );
  assert.deepEqual(out.warnings, []);
});
