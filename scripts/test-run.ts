// The runner scripts/test.ts starts: node's test runner through its API, which starts the test
// files in the order given. From the command line (`node --test a b c`) the runner sorts the
// files by name, so the longest ones (test/fuzz, test/scale, test/security) started last and the
// pass ended with them running alone (scripts/test-files.ts, runOrder).
//
//   node scripts/test-run.ts CONCURRENCY TIMEOUT_MS [--test-reporter=R [--test-reporter-destination=D]]… FILE…
//
// Reporters as node's flags name them: `spec` (the default, to stdout) or a module's path; a
// destination is `stdout`, `stderr` or a file.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Duplex, type Writable } from 'node:stream';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { pathToFileURL } from 'node:url';

const [concurrency, timeout, ...rest] = process.argv.slice(2);
const files = rest.filter((a) => !a.startsWith('--test-reporter'));

/** [reporter, destination] pairs in the order given; spec to stdout when none is. */
const pairs: [string, string][] = [];
for (const a of rest) {
  const [flag, value] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
  if (flag === '--test-reporter') pairs.push([value, 'stdout']);
  else if (flag === '--test-reporter-destination' && pairs.length) pairs[pairs.length - 1][1] = value;
}
if (pairs.length === 0) pairs.push(['spec', 'stdout']);

const destination = (d: string): Writable => (d === 'stdout' ? process.stdout : d === 'stderr' ? process.stderr : createWriteStream(path.resolve(d)));

let failed = false;
const stream = run({ files, concurrency: Number(concurrency), timeout: Number(timeout) });
stream.on('test:fail', (data) => {
  if (!data.todo) failed = true;
});
for (const [name, dest] of pairs) {
  const reporter = name === 'spec' ? new spec() : Duplex.from((await import(pathToFileURL(path.resolve(name)).href)).default);
  stream.pipe(reporter).pipe(destination(dest));
}
stream.on('end', () => {
  process.exitCode = failed ? 1 : 0;
});
