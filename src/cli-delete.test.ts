import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from './testing/database.ts';
import { inheritedV8Flags } from './testing/v8-flags.ts';

// The operator's erasure on request: npm run cli -- user:delete --email E [--now], on the configured
// database (a fresh PostgreSQL one with TEST_DATABASE_URL, else a data directory).
const dir = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-delete-'));
const fresh = await freshDatabaseUrl({ dataDir: path.join(dir, 'data') });
const env = { ...process.env, DATABASE_URL: fresh.databaseUrl ?? '', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
after(() => fresh.drop());
const cli = (...args: string[]) => spawnSync(process.execPath, [...inheritedV8Flags(), path.join(import.meta.dirname, 'cli.ts'), ...args], { env, encoding: 'utf8' });

test('user:delete schedules the erasure after the grace (the owner is mailed the date); --now erases at once', () => {
  for (const email of ['later@cli-delete.test', 'now@cli-delete.test']) assert.equal(cli('user:create', '--email', email, '--password', 'a long enough password').status, 0);

  const later = cli('user:delete', '--email', 'later@cli-delete.test', '--note', 'mail of 5 January');
  assert.equal(later.status, 0, later.stderr);
  assert.match(later.stdout, /^account #\d+ is signed out everywhere and will be erased on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(its owner is mailed; signing in cancels it\)$/m);
  const outbox = cli('mail:outbox').stdout;
  assert.match(outbox, /to later@cli-delete\.test/);
  assert.match(outbox, /Subject: Your account at .* will be deleted on/);

  const now = cli('user:delete', '--email', 'now@cli-delete.test', '--now');
  assert.equal(now.status, 0, now.stderr);
  assert.match(now.stdout, /^account #\d+ is erased$/m);
  // The address is gone with the account: asked again, nobody has it.
  const again = cli('user:delete', '--email', 'now@cli-delete.test', '--now');
  assert.equal(again.status, 1);
  assert.equal(again.stderr.trim(), 'No account has the address now@cli-delete.test.');
});

test('user:delete without --email is one line of usage and exit 1', () => {
  const run = cli('user:delete');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^user:delete needs --email/);
});
