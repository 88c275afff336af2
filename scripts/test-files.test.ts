import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drivesBrowser, reachesDatabase } from './test-files.ts';

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
