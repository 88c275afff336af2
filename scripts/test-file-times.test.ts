import { test } from 'node:test';
import assert from 'node:assert/strict';
import fileTimes from './test-file-times.ts';

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
  for await (const line of fileTimes(source(), () => clock)) out += line;
  const rows = out.trim().split('\n');
  assert.equal(rows[1], '   5.0      4.0       4  FAILED /r/b.test.ts');
  assert.equal(rows[2], '   2.0      1.5       1  /r/a.test.ts');
  assert.equal(rows[3], '2 files, 9 s');
});
