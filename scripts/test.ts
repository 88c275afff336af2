// The whole check: type-check, OpenAPI drift, then every *.test.ts with node's test runner.
// With TEST_DATABASE_URL set, database tests run on PostgreSQL instead of the embedded PGlite.
//
// `npm test -- --database-only` runs only the test files that can reach a database (and skips the
// type-check and drift check): CI's second pass, on PostgreSQL, after a whole pass on PGlite has
// run everything else, whose outcome does not depend on the engine. The files that drive Chromium
// are left out of it too: their subject is the browser (layout, axe, scripts, the no-JS path);
// the pages' reads and forms run on PostgreSQL in their inject tests (docs/decisions.md#ci-passes).
//
// The type-check and the drift checks (openapi.json; the typed client's generated files and
// server.json) run beside the first test files, not before them; any failing stops the run at once
// (docs/decisions.md#ci-passes).
import { spawn } from 'node:child_process';
import { globSync } from 'node:fs';
import path from 'node:path';
import { drivesBrowser, EMBEDDED_ONLY, reachesDatabase, runOrder } from './test-files.ts';
import { TEST_V8_FLAGS } from '../src/testing/v8-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
// Every test file is a process that loads much of the service: compiled once, kept for the next
// (Node's compile cache, checked against each file's contents).
const env = { NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'launchyard-compile'), ...process.env };

const args = process.argv.slice(2);
const databaseOnly = args.includes('--database-only');
// `--test-reporter=…` / `--test-reporter-destination=…` go to node's runner (e.g. a per-file timing reporter).
const reporterArgs = args.filter((a) => a.startsWith('--test-reporter'));
const filter = args.filter((a) => a !== '--database-only' && !a.startsWith('--test-reporter'));
const engine = process.env.TEST_DATABASE_URL ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})` : 'PGlite (embedded)';
console.log(`launchyard tests on ${engine}`);
// Several app processes sharing one database need PostgreSQL and Redis: on PGlite these files
// are not run at all (and said so here), rather than counted as skipped.
const NEEDS_SHARED_SERVERS = ['test/scale/two-nodes.test.ts'];
let files = filter.length ? filter : globSync(['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts', 'clients/*/*.test.ts', 'clients/*/src/**/*.test.ts'], { cwd: root }).sort();
if (!filter.length && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  files = files.filter((f) => !NEEDS_SHARED_SERVERS.includes(f));
  console.log(`not run on this engine: ${NEEDS_SHARED_SERVERS.join(', ')} (needs TEST_DATABASE_URL and TEST_REDIS_URL; CI's PostgreSQL pass runs it)`);
}
if (databaseOnly) {
  const all = files.length;
  const database = files.filter((f) => reachesDatabase(path.join(root, f)));
  const browser = database.filter((f) => drivesBrowser(path.join(root, f)));
  const embedded = database.filter((f) => EMBEDDED_ONLY.includes(f));
  files = database.filter((f) => !browser.includes(f) && !embedded.includes(f));
  console.log(
    `--database-only: ${database.length} of ${all} test files reach a database; the other ${all - database.length} do not depend on the engine, ` +
      `${browser.length} drive the browser and ${embedded.length} run the embedded database whatever the engine: ${files.length} run again`,
  );
}
// Longest first: the pass ends on short files, not on the fuzz running alone (test-files.ts).
files = runOrder(files);

// Two files at a time on two CPUs keep PGlite (in the test's own process) busy (three: 16 m 41 s
// against 16 m 17 s, 2026-11-29); on PostgreSQL part of each file's time is the server's, in other
// processes, or a killed node's restart, and more files fill it (three: 470 s; four: 429 s).
const concurrency = process.env.TEST_DATABASE_URL ? 4 : 2;
// Its own process group: a failed check stops every test file and what they started (services,
// browsers) with one signal. Ctrl-C reaches only this process's group, so it is passed on.
// Through the runner's API (scripts/test-run.ts): the command line would start the files by name.
const runner = spawn(process.execPath, [...TEST_V8_FLAGS, path.join(root, 'scripts', 'test-run.ts'), String(concurrency), '120000', ...reporterArgs, ...files], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const stopRunner = (signal: NodeJS.Signals) => {
  try {
    process.kill(-runner.pid!, signal);
  } catch {
    // already gone
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopRunner(signal));
const tests = new Promise<number>((resolve) => runner.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));

/** A check beside the tests: its output is printed whole when it ends; a failure stops the tests. */
function check(name: string, cmd: string, cmdArgs: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n${ok ? '✔' : '✖'} ${name}${ok ? '' : ' failed: the tests are stopped'}\n${output.trimEnd()}\n\n`);
      if (!ok) stopRunner('SIGTERM');
      resolve(ok);
    });
  });
}
const checks = databaseOnly
  ? []
  : [
      check('type-check (tsc --noEmit)', bin('tsc'), ['--noEmit']),
      check('OpenAPI drift check', process.execPath, ['scripts/openapi.ts', '--check']),
      check('typed client and server.json drift check', process.execPath, ['scripts/client.ts', '--check']),
    ];
const checked = (await Promise.all(checks)).every(Boolean);
const code = await tests;
process.exit(checked ? code : 1);
