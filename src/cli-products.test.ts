import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from './testing/database.ts';
import { inheritedV8Flags } from './testing/v8-flags.ts';

// The operator's price list from the command line: npm run cli -- products:list|set-price|add|retire,
// on the configured database (a fresh PostgreSQL one with TEST_DATABASE_URL, else a data directory).
const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-products-'));
const fresh = await freshDatabaseUrl({ dataDir: path.join(dir, 'data') });
const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
after(() => fresh.drop());
const cli = (...args: string[]) => spawnSync(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'cli.ts'), ...args], { env, encoding: 'utf8' });

test('products:add, products:list, products:set-price and products:retire', () => {
  const added = cli('products:add', '--code', 'paid-launch', '--name', 'Paid launch', '--kind', 'paid_launch', '--cents', '4900');
  assert.equal(added.status, 0, added.stderr);
  assert.equal(added.stdout.trim(), 'paid-launch: on sale at 4900 cents');
  assert.equal(cli('products:add', '--code', 'unlock-story', '--name', 'Story', '--kind', 'section_unlock', '--cents', '2900', '--section', 'story').status, 0);

  const priced = cli('products:set-price', 'paid-launch', '--cents', '5900');
  assert.equal(priced.status, 0, priced.stderr);
  assert.match(priced.stdout, /paid-launch: 5900 cents from now on \(existing orders keep their price\)/);
  assert.equal(cli('products:retire', 'unlock-story').status, 0);

  const list = cli('products:list').stdout.split('\n').filter(Boolean);
  assert.match(list[0], /^paid-launch\s+paid_launch\s+5900 cents\s+on sale\s+"Paid launch"$/);
  assert.match(list[1], /^unlock-story\s+section_unlock\s+2900 cents\s+retired\s+"Story"\s+section=story$/);
});

test('mistakes are one line and exit 1: bad price, unknown product, missing options, a taken code', () => {
  const cases: [string[], RegExp][] = [
    [['products:set-price', 'paid-launch', '--cents', '12.5'], /^--cents must be a whole number of USD cents$/],
    [['products:set-price', 'paid-launch'], /needs the product code and --cents N/],
    [['products:set-price', 'nothing', '--cents', '100'], /^No product has the code nothing\.$/],
    [['products:add', '--code', 'x', '--name', 'X', '--kind', 'section_unlock', '--cents', '1'], /^products:add: --section is required for section_unlock/],
    [['products:add', '--code', 'x', '--name', 'X', '--kind', 'featured', '--cents', '1'], /^products:add: --kind must be paid_launch, extra_category, section_unlock or billboard$/],
    [['products:add', '--code', 'paid-launch', '--name', 'Again', '--kind', 'paid_launch', '--cents', '1'], /exists already/],
    [['products:retire'], /needs the product code/],
  ];
  for (const [args, message] of cases) {
    const run = cli(...args);
    assert.equal(run.status, 1, args.join(' '));
    assert.match(run.stderr.trim(), message, args.join(' '));
  }
});

test('jobs:run order-expiry expires unpaid orders now (none here) and records the run', () => {
  const run = cli('jobs:run', 'order-expiry');
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { expired: 0, orders: [] });
  assert.match(cli('jobs:runs').stdout, /order-expiry\s+succeeded/);
});
