// The whole check: type-check, OpenAPI drift, then every *.test.ts with node's test runner.
// With TEST_DATABASE_URL set, database tests run on PostgreSQL instead of the embedded PGlite.
//
// `npm test -- --database-only` runs only the test files that can reach a database (and skips the
// type-check and drift check): CI's second pass, on PostgreSQL, after a whole pass on PGlite has
// run everything else, whose outcome does not depend on the engine. The files that drive Chromium
// are left out of it too: their subject is the browser (layout, axe, scripts, the no-JS path);
// the pages' reads and forms run on PostgreSQL in their inject tests (docs/decisions.md#ci-passes).
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';
import path from 'node:path';
import { drivesBrowser, reachesDatabase } from './test-files.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
// Every test file is a process that loads much of the service: compiled once, kept for the next
// (Node's compile cache, checked against each file's contents).
const env = { NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'launchyard-compile'), ...process.env };
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const args = process.argv.slice(2);
const databaseOnly = args.includes('--database-only');
const filter = args.filter((a) => a !== '--database-only');
const engine = process.env.TEST_DATABASE_URL ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})` : 'PGlite (embedded)';
console.log(`launchyard tests on ${engine}`);
if (!databaseOnly) {
  run(bin('tsc'), ['--noEmit']);
  run(process.execPath, ['scripts/openapi.ts', '--check']);
}
// Several app processes sharing one database need PostgreSQL and Redis: on PGlite these files
// are not run at all (and said so here), rather than counted as skipped.
const NEEDS_SHARED_SERVERS = ['test/scale/two-nodes.test.ts'];
let files = filter.length ? filter : globSync(['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'], { cwd: root }).sort();
if (!filter.length && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  files = files.filter((f) => !NEEDS_SHARED_SERVERS.includes(f));
  console.log(`not run on this engine: ${NEEDS_SHARED_SERVERS.join(', ')} (needs TEST_DATABASE_URL and TEST_REDIS_URL; CI's PostgreSQL pass runs it)`);
}
if (databaseOnly) {
  const all = files.length;
  const database = files.filter((f) => reachesDatabase(path.join(root, f)));
  files = database.filter((f) => !drivesBrowser(path.join(root, f)));
  console.log(
    `--database-only: ${database.length} of ${all} test files reach a database; the other ${all - database.length} do not depend on the engine, ` +
      `and ${database.length - files.length} drive the browser: ${files.length} run again`,
  );
}
// Two files at a time on two CPUs keep PGlite (in the test's own process) busy; on PostgreSQL part
// of each file's time is the server's, in other processes, and a third file fills it (with three,
// 13 % of the CPU was still idle over the pass).
const concurrency = process.env.TEST_DATABASE_URL ? 3 : 2;
run(process.execPath, ['--test', `--test-concurrency=${concurrency}`, '--test-timeout=120000', ...files]);
