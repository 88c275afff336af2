// The whole check: type-check, OpenAPI drift, then every *.test.ts with node's test runner.
// With TEST_DATABASE_URL set, database tests run on PostgreSQL instead of the embedded PGlite.
import { spawnSync } from 'node:child_process';
import { globSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const engine = process.env.TEST_DATABASE_URL ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})` : 'PGlite (embedded)';
console.log(`launchyard tests on ${engine}`);
run(bin('tsc'), ['--noEmit']);
run(process.execPath, ['scripts/openapi.ts', '--check']);
const filter = process.argv.slice(2);
// Several app processes sharing one database need PostgreSQL and Redis: on PGlite these files
// are not run at all (and said so here), rather than counted as skipped.
const NEEDS_SHARED_SERVERS = ['test/scale/two-nodes.test.ts'];
let files = filter.length ? filter : globSync(['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'], { cwd: root }).sort();
if (!filter.length && !(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  files = files.filter((f) => !NEEDS_SHARED_SERVERS.includes(f));
  console.log(`not run on this engine: ${NEEDS_SHARED_SERVERS.join(', ')} (needs TEST_DATABASE_URL and TEST_REDIS_URL; CI's PostgreSQL pass runs it)`);
}
run(process.execPath, ['--test', '--test-concurrency=2', '--test-timeout=120000', ...files]);
