import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliRun } from './testing/cli-process.ts';
import { freshDatabaseUrl, migratedDataDir } from './testing/database.ts';
import { acquireDataDirLock } from './store/data-dir-lock.ts';
import { openDatabase } from './store/database.ts';
import { fixtures } from './testing/fixtures.ts';

// The backup commands' answers that need no running service: PostgreSQL's tools named with the
// configured database (and, with TEST_DATABASE_URL, those very commands run), and the refusals.
const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-cli-backup-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('with DATABASE_URL: backup and restore print the pg_dump and pg_restore commands for it, never its password, and exit 2', async () => {
  const url = 'postgres://launch%20user:s3cret%21pass@db.example:6543/launch_db?sslmode=require';
  const file = path.join(root, 'nightly dump.pgdump');
  const backup = await cliRun({ DATABASE_URL: url }, 'backup', '--to', file);
  assert.equal(backup.status, 2, backup.stderr);
  assert.ok(backup.stdout.includes(`\n  PGSSLMODE=require pg_dump --format=custom --no-owner --host=db.example --port=6543 --username='launch user' --dbname=launch_db --file='${file}'\n`), backup.stdout);
  const restore = await cliRun({ DATABASE_URL: url }, 'restore', '--from', file);
  assert.equal(restore.status, 2, restore.stderr);
  assert.match(restore.stdout, /Stop every node, then restore/);
  assert.ok(restore.stdout.includes(`\n  PGSSLMODE=require pg_restore --clean --if-exists --no-owner --exit-on-error --host=db.example --port=6543 --username='launch user' --dbname=launch_db '${file}'\n`), restore.stdout);
  for (const out of [backup.stdout, restore.stdout]) {
    assert.ok(!out.includes('s3cret') && !out.includes('pass@'), 'the password is never printed');
    assert.match(out, /PGPASSWORD or ~\/\.pgpass/);
  }
});

test('refusals are one line and exit 1: no file named, no database to back up, nowhere to write, a service that holds DATA_DIR without its control socket, a missing file', async () => {
  const dataDir = path.join(root, 'data');
  const cases: [string[], Record<string, string>, RegExp][] = [
    [['backup'], { DATA_DIR: dataDir }, /^backup needs --to FILE\n$/],
    [['restore'], { DATA_DIR: dataDir }, /^restore needs --from FILE\n$/],
    [['backup', '--to', path.join(root, 'x.tar.gz')], { DATA_DIR: path.join(root, 'empty') }, /^there is no embedded database in .*empty to back up \(is DATA_DIR right\?\)\n$/],
    [['restore', '--from', path.join(root, 'absent.tar.gz')], { DATA_DIR: dataDir }, /^cannot restore from .*absent\.tar\.gz: there is no such file; nothing was changed\n$/],
  ];
  for (const [args, env, message] of cases) {
    const r = await cliRun(env, ...args);
    assert.equal(r.status, 1, args.join(' '));
    assert.match(r.stderr, message);
  }

  // A process holds the directory (this one, standing in for a service whose socket is not there).
  await migratedDataDir(dataDir);
  const nowhere = await cliRun({ DATA_DIR: dataDir }, 'backup', '--to', path.join(root, 'no-such-dir', 'x.tar.gz'));
  assert.equal(nowhere.status, 1);
  assert.match(nowhere.stderr, /^backup failed: there is no directory .*no-such-dir; no file was written\n$/);

  const release = acquireDataDirLock(dataDir);
  try {
    const r = await cliRun({ DATA_DIR: dataDir }, 'backup', '--to', path.join(root, 'held.tar.gz'));
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`^the embedded database in .* is in use by process ${process.pid}, and it does not answer on .*control\\.sock: take backups with BACKUP_DIR \\(scheduled\\), or stop it and run backup again\\n$`));
  } finally {
    release();
  }
});

test('PostgreSQL: the printed pg_dump and pg_restore commands, run as printed, back up and restore the configured database', { skip: process.env.TEST_DATABASE_URL ? false : 'set TEST_DATABASE_URL to run (the PostgreSQL pass of CI does)', timeout: 60_000 }, async (t) => {
  const fresh = await freshDatabaseUrl();
  after(() => fresh.drop());
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: '' });
  try {
    await fixtures(database.db).listing({ slug: 'dumped-listing' });
  } finally {
    await database.close();
  }
  const file = path.join(root, 'pg.dump');
  const command = async (which: 'backup' | 'restore') => {
    const r = await cliRun({ DATABASE_URL: fresh.databaseUrl! }, which, which === 'backup' ? '--to' : '--from', file);
    assert.equal(r.status, 2);
    return r.stdout.split('\n').find((l) => l.startsWith('  '))!.trim();
  };
  const dump = spawnSync('sh', ['-c', await command('backup')], { encoding: 'utf8' });
  assert.equal(dump.status, 0, dump.stderr);
  const again = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: '' });
  try {
    await again.db.deleteFrom('listings').where('slug', '=', 'dumped-listing').execute();
  } finally {
    await again.close();
  }
  const restore = spawnSync('sh', ['-c', await command('restore')], { encoding: 'utf8' });
  assert.equal(restore.status, 0, restore.stderr);
  const restored = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: '' });
  try {
    const row = await restored.db.selectFrom('listings').select('slug').where('slug', '=', 'dumped-listing').executeTakeFirst();
    assert.equal(row?.slug, 'dumped-listing', 'the listing deleted after the dump is back');
  } finally {
    await restored.close();
  }
  t.diagnostic(dump.stderr || 'pg_dump and pg_restore ran as printed');
});
