// The whole check: type-check, OpenAPI drift, then every *.test.ts with node's test runner.
// With TEST_DATABASE_URL set, database tests run on PostgreSQL instead of the embedded PGlite.
import { spawnSync } from 'node:child_process';
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
run(process.execPath, [
  '--test',
  '--test-concurrency=2',
  '--test-timeout=120000',
  ...(filter.length ? filter : ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts']),
]);
