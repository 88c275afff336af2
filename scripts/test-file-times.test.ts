import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileTimesOn } from './test-file-times.ts';

test('each file timed from its own first test event to its last, longest first; the file-level announcements are not its start', async () => {
  let clock = 0;
  const at = (t: number, type: string, file: string, name: string, duration_ms?: number) => ({ t, event: { type, data: { file, name, nesting: 0, details: { duration_ms } } } });
  const script = [
    at(0, 'test:enqueue', '/r/a.test.ts', '/r/a.test.ts'),
    at(0, 'test:enqueue', '/r/b.test.ts', '/r/b.test.ts'),
    at(1000, 'test:enqueue', '/r/a.test.ts', 'first a'),
    at(3000, 'test:pass', '/r/a.test.ts', 'first a', 1500),
    at(4000, 'test:enqueue', '/r/b.test.ts', 'only b'),
    at(9000, 'test:fail', '/r/b.test.ts', 'only b', 4000),
  ];
  async function* source() {
    for (const { t, event } of script) {
      clock = t;
      yield event;
    }
  }
  let out = '';
  for await (const line of fileTimesOn(() => clock)(source())) out += line;
  const rows = out.trim().split('\n');
  assert.equal(rows[1], '   5.0      4.0       4  FAILED /r/b.test.ts');
  assert.equal(rows[2], '   2.0      1.5       1  /r/a.test.ts');
  assert.equal(rows[3], '2 files, 9 s');
});

test('as node\'s runner calls it (events, then an options object): a real run of one file writes its row', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdtempSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'file-times-')), 'times.txt');
  const root = path.resolve(import.meta.dirname, '..');
  const run = spawnSync(process.execPath, ['scripts/test-run.ts', '1', '60000', '--test-reporter=scripts/test-file-times.ts', `--test-reporter-destination=${out}`, 'src/domain/launches/weeks.test.ts'], {
    cwd: root,
    encoding: 'utf8',
    // A runner started inside a test reports to that test's runner unless told it is not a child.
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_TEST_CONTEXT')),
  });
  assert.equal(run.status, 0, run.stderr);
  const text = readFileSync(out, 'utf8');
  assert.match(text, /^wall s {2}tests s {2}from s {2}file\n/);
  assert.match(text, /src\/domain\/launches\/weeks\.test\.ts\n1 files, \d+ s\n$/);
});
