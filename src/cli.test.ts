import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from './testing/database.ts';
import { inheritedV8Flags } from './testing/v8-flags.ts';
import { openDatabase } from './store/database.ts';
import { fixtures } from './testing/fixtures.ts';
import { migrate } from './store/migrate.ts';
import { outboxStore } from './store/outbox-store.ts';

// The CLI runs against the configured database: a fresh PostgreSQL one with TEST_DATABASE_URL,
// otherwise an embedded data directory.
const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-'));
const fresh = await freshDatabaseUrl({ dataDir: path.join(dir, 'data') });
const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
const cli = (...args: string[]) => spawnSync(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'cli.ts'), ...args], { env, encoding: 'utf8' });

{
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: env.DATA_DIR });
  await migrate(database.db);
  const fx = fixtures(database.db);
  await fx.listing({ slug: 'cli-one' });
  await fx.listing({ slug: 'cli-two' });
  await fx.listing({ slug: 'cli-scheduled', status: 'scheduled', launch_week: '2000-01-03' });
  await database.close();
}

test('dr:set and dr:import record Domain Ratings; bad input is one line and exit 1', async () => {
  assert.equal(cli('dr:set', '--slug', 'cli-one', '--value', '35').status, 0);
  writeFileSync(path.join(dir, 'dr.csv'), 'slug,value\ncli-one,40\ncli-two,12\n');
  const imported = cli('dr:import', path.join(dir, 'dr.csv'));
  assert.equal(imported.status, 0, imported.stderr);
  assert.match(imported.stdout, /imported 2 ratings/);
  const bad = cli('dr:set', '--slug', 'cli-one', '--value', '101');
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr.trim(), 'dr:set needs --slug and --value 0-100');
  assert.equal(cli('dr:set', '--slug', 'nope', '--value', '1').stderr.trim(), 'no listing nope');
});

test('jobs:run runs a job now and jobs:runs lists it', async () => {
  const run = cli('jobs:run', 'week-start');
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).published, 1, 'the overdue scheduled launch went live');
  const runs = cli('jobs:runs');
  assert.match(runs.stdout, /week-start\s+succeeded\s+try 1/);
  assert.equal(cli('jobs:run', 'nonsense').status, 1);
});

test('mail:outbox prints the latest mails, newest first, with their text; --limit bounds it', async () => {
  assert.match(cli('mail:outbox').stdout, /the outbox is empty/);
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: env.DATA_DIR });
  try {
    const store = outboxStore(database.db);
    await store.add({ to: 'first@test.example', subject: 'First mail', text: 'Hello,\nline two.', transport: 'outbox', at: new Date('2026-01-01T10:00:00Z') });
    await store.add({ to: 'second@test.example', subject: 'Second mail', text: 'Open http://localhost:3000/verify-email?token=abc', transport: 'outbox', at: new Date('2026-01-02T10:00:00Z') });
  } finally {
    await database.close();
  }
  const all = cli('mail:outbox');
  assert.equal(all.status, 0, all.stderr);
  assert.ok(all.stdout.indexOf('Second mail') < all.stdout.indexOf('First mail'), 'newest first');
  assert.match(all.stdout, /to second@test\.example {2}\[kept in the outbox \(no SMTP\)\]/);
  assert.match(all.stdout, /^ {4}Open http:\/\/localhost:3000\/verify-email\?token=abc$/m);
  assert.match(all.stdout, /^ {4}line two\.$/m);
  assert.match(all.stdout, /2 of 2 mails/);
  const one = cli('mail:outbox', '--limit', '1');
  assert.match(one.stdout, /Second mail/);
  assert.doesNotMatch(one.stdout, /First mail/);
  assert.match(one.stdout, /1 of 2 mails/);
  const bad = cli('mail:outbox', '--limit', 'lots');
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr.trim(), 'mail:outbox --limit needs a number from 1 to 1000');
});

test('the database afterwards has the ratings and their trend', async () => {
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: env.DATA_DIR });
  try {
    const rows = await database.db.selectFrom('listings').select(['slug', 'dr_value', 'dr_previous']).where('slug', 'in', ['cli-one', 'cli-two']).orderBy('slug').execute();
    assert.deepEqual(rows, [
      { slug: 'cli-one', dr_value: 40, dr_previous: 35 },
      { slug: 'cli-two', dr_value: 12, dr_previous: null },
    ]);
  } finally {
    await database.close();
    await fresh.drop();
  }
});
