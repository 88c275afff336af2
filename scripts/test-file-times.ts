// A reporter for node's test runner: each test file's wall time, longest first, to find what makes
// the suite slow (`npm test -- --test-reporter=spec --test-reporter=scripts/test-file-times.ts
// --test-reporter-destination=stdout --test-reporter-destination=times.txt`).
//
// The runner announces every file at once when the pass starts, so a file's time runs from the
// first event of its own tests (its process has loaded by then) to its last event; its tests' own
// durations are summed beside it (time outside them is loading and setting up).

interface TestEvent {
  type: string;
  data?: { file?: string; name?: string; nesting?: number; details?: { duration_ms?: number } };
}

/** The reporter on a given clock (the runner calls a reporter with the events and an options object, so the clock is not a parameter of it). */
export function fileTimesOn(now: () => number) {
  return (source: AsyncIterable<TestEvent>) => fileTimes(source, now);
}

// An async generator function itself: the runner (stream.Duplex.from) reads only such a one as a reporter.
export default async function* reporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  yield* fileTimes(source, Date.now);
}

async function* fileTimes(source: AsyncIterable<TestEvent>, now: () => number): AsyncGenerator<string> {
  const start = now();
  const files = new Map<string, { first: number; last: number; tests: number; failed: number }>();
  for await (const event of source) {
    const { file, name, nesting, details } = event.data ?? {};
    if (!file || name === file || file.endsWith(`/${name}`)) continue;
    const t = now();
    const f = files.get(file) ?? { first: t, last: t, tests: 0, failed: 0 };
    f.last = t;
    if (nesting === 0 && (event.type === 'test:pass' || event.type === 'test:fail')) f.tests += (details?.duration_ms ?? 0) / 1000;
    if (event.type === 'test:fail') f.failed++;
    files.set(file, f);
  }
  const rows = [...files].map(([file, f]) => ({ file, wall: (f.last - f.first) / 1000, tests: f.tests, from: (f.first - start) / 1000, failed: f.failed }));
  rows.sort((a, b) => b.wall - a.wall);
  yield 'wall s  tests s  from s  file\n';
  for (const r of rows) yield `${r.wall.toFixed(1).padStart(6)}  ${r.tests.toFixed(1).padStart(7)}  ${r.from.toFixed(0).padStart(6)}  ${r.failed ? 'FAILED ' : ''}${r.file}\n`;
  yield `${rows.length} files, ${((now() - start) / 1000).toFixed(0)} s\n`;
}
