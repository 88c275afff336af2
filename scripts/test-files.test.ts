import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drivesBrowser, EMBEDDED_ONLY, LONGEST_FIRST, reachesDatabase, runOrder } from './test-files.ts';

const root = path.resolve(import.meta.dirname, '..');

test('a test file reaches a database through its imports, however deep, or by naming a DATABASE_URL', () => {
  const cases: [string, boolean][] = [
    ['src/operations/listings/listings.test.ts', true], // through the harness
    ['src/store/migrate.test.ts', true], // imports the database module itself
    ['src/cli-products.test.ts', true], // through testing/database.ts, for the CLI's processes
    ['src/regex-safety.test.ts', false],
    ['src/crawler/robots.test.ts', false],
    ['src/domain/launches/weeks.test.ts', false],
  ];
  for (const [file, expected] of cases) assert.equal(reachesDatabase(path.join(root, file)), expected, file);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-test-files-'));
  writeFileSync(path.join(dir, 'leaf.ts'), "export const x = 1;\n");
  writeFileSync(path.join(dir, 'pure.test.ts'), "import { x } from './leaf.ts';\n");
  writeFileSync(path.join(dir, 'spawns.test.ts'), "const env = { DATABASE_URL: process.env.TEST_DATABASE_URL };\n");
  const deep = path.relative(dir, path.join(root, 'src/store/database.ts'));
  writeFileSync(path.join(dir, 'middle.ts'), `export { openDatabase } from '${deep.startsWith('.') ? deep : `./${deep}`}';\n`);
  writeFileSync(path.join(dir, 'deep.test.ts'), "import('./middle.ts');\n");
  assert.equal(reachesDatabase(path.join(dir, 'pure.test.ts')), false);
  assert.equal(reachesDatabase(path.join(dir, 'spawns.test.ts')), true);
  assert.equal(reachesDatabase(path.join(dir, 'deep.test.ts')), true);
});

test('a test file drives a browser when its imports reach the chromium module', () => {
  const cases: [string, boolean][] = [
    ['src/transports/web/public/browser.test.ts', true],
    ['src/transports/web/workspace/paid-browser.test.ts', true],
    ['src/transports/web/public/public-site.test.ts', false], // the same pages through inject
    ['src/operations/listings/listings.test.ts', false],
  ];
  for (const [file, expected] of cases) assert.equal(drivesBrowser(path.join(root, file)), expected, file);
});

test('test files start longest first: the measured list in its order, then browser, app, other files, larger first', () => {
  for (const file of LONGEST_FIRST) assert.ok(existsSync(path.join(root, file)), `${file} (renamed? move it in LONGEST_FIRST)`);
  const files = [
    'src/domain/launches/weeks.test.ts', // neither
    'src/operations/listings/listings.test.ts', // an app
    'src/transports/web/workspace/isolation-browser.test.ts', // a browser
    'src/main-shutdown.test.ts',
    'test/scale/crash-safety.test.ts',
    'src/crawler/robots.test.ts', // neither
    'test/fuzz/operations-fuzz.test.ts',
  ];
  const order = runOrder(files);
  assert.deepEqual([...order].sort(), [...files].sort(), 'every file once');
  assert.deepEqual(order.slice(0, 3), ['test/fuzz/operations-fuzz.test.ts', 'test/scale/crash-safety.test.ts', 'src/main-shutdown.test.ts']);
  assert.deepEqual(order.slice(3, 5), ['src/transports/web/workspace/isolation-browser.test.ts', 'src/operations/listings/listings.test.ts']);
  assert.deepEqual(new Set(order.slice(5)), new Set(['src/domain/launches/weeks.test.ts', 'src/crawler/robots.test.ts']));
  const size = (f: string) => statSync(path.join(root, f)).size;
  assert.ok(size(order[5]) >= size(order[6]), 'the larger of two alike first');
});

test('the files left out of the PostgreSQL pass as embedded-only never ask for a PostgreSQL database', () => {
  for (const file of EMBEDDED_ONLY) {
    assert.ok(reachesDatabase(path.join(root, file)), `${file} reaches a database (else it needs no place in the list)`);
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const word of ['TEST_DATABASE_URL', 'DATABASE_URL', 'freshDatabaseUrl', 'createTestApp', 'sharedDatabase']) assert.ok(!text.includes(word), `${file} mentions ${word}`);
  }
});
