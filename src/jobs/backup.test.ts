import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { backupCron, backupFileName, backupsBeyond, BACKUP_JOB, runScheduledBackup } from './backup.ts';
import { openDatabase } from '../store/database.ts';
import { migratedDataDir, pgliteTemplate } from '../testing/database.ts';
import { localMediaStorage } from '../media/storage/local-storage.ts';
import { embeddedBackups } from '../store/backup/embedded-backups.ts';
import { readBackup } from '../store/backup/archive-read.ts';
import { loadConfig } from '../config.ts';
import { createApp } from '../app.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'launchyard-backup-job-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('which backups go: all but the newest BACKUP_KEEP of the job\'s own files, never another file', () => {
  const day = (d: number) => backupFileName(new Date(Date.UTC(2026, 10, d, 3, 30)));
  const cases: [string, string[], number, string[]][] = [
    ['fewer than kept', [day(1), day(2)], 7, []],
    ['as many as kept', [day(1), day(2), day(3)], 3, []],
    ['one too many: the oldest', [day(3), day(1), day(2)], 2, [day(1)]],
    ['keep one', [day(1), day(2), day(3)], 1, [day(1), day(2)]],
    ['other files are not ours', ['notes.txt', 'launchyard-backup-latest.tar.gz', `${day(1)}.partial-123`, day(1), day(2)], 1, [day(1)]],
  ];
  for (const [name, names, keep, expected] of cases) assert.deepEqual(backupsBeyond(names, keep), expected, name);
  assert.equal(backupFileName(new Date('2026-11-28T03:30:05.123Z')), 'launchyard-backup-20261128T033005Z.tar.gz');
  assert.equal(backupCron({ hour: 3, minute: 30 }), '30 3 * * *');
  assert.equal(backupCron({ hour: 0, minute: 5 }), '5 0 * * *');
});

test('a scheduled backup writes a checked file into BACKUP_DIR (made private) and deletes the oldest beyond BACKUP_KEEP', async () => {
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  try {
    const media = localMediaStorage(path.join(root, 'media'));
    await media.put(`${'1'.repeat(64)}/logo-64.png`, Buffer.from('logo'), 'image/png');
    let now = new Date('2026-11-01T03:30:00Z');
    const backups = embeddedBackups({ database, mediaStorage: media, launchyardVersion: 'test', now: () => now });
    const dir = path.join(root, 'backups', 'nested');
    const deps = { dir, keep: 2, backups, now: () => now };
    const first = await runScheduledBackup(deps);
    assert.equal(statSync(dir).mode & 0o777, 0o700, 'a directory of its own, private');
    writeFileSync(path.join(dir, 'keep-me.txt'), 'not a backup');
    assert.equal(first.file, path.join(dir, 'launchyard-backup-20261101T033000Z.tar.gz'));
    assert.deepEqual(first.deleted, []);
    for (const day of ['02', '03']) {
      now = new Date(`2026-11-${day}T03:30:00Z`);
      await runScheduledBackup(deps);
    }
    assert.deepEqual(readdirSync(dir).sort(), ['keep-me.txt', 'launchyard-backup-20261102T033000Z.tar.gz', 'launchyard-backup-20261103T033000Z.tar.gz']);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.tar.gz'))) {
      assert.equal(statSync(path.join(dir, name)).mode & 0o777, 0o600, 'it holds password hashes and secrets');
      const manifest = await readBackup(path.join(dir, name));
      assert.equal(manifest.media.storage === 'local' && manifest.media.files, 1);
    }
  } finally {
    await database.close();
  }
});

test('the service schedules the backup job at BACKUP_TIME UTC with BACKUP_DIR, runs it, and removes the schedule once BACKUP_DIR is unset', { timeout: 90_000 }, async () => {
  const dataDir = path.join(root, 'data');
  await migratedDataDir(dataDir);
  const backupDir = path.join(root, 'scheduled');
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS: 'on', SHARE_IMAGES: 'off' };
  const schedule = async (db: Kysely<any>) =>
    (await sql<{ cron: string; timezone: string }>`select cron, timezone from pgboss.schedule where name = ${BACKUP_JOB}`.execute(db)).rows;

  const app = await createApp(loadConfig({ ...env, BACKUP_DIR: backupDir, BACKUP_TIME: '04:15', BACKUP_KEEP: '3' }));
  try {
    assert.deepEqual(await schedule(app.database.db), [{ cron: '15 4 * * *', timezone: 'UTC' }]);
    assert.ok(statSync(path.join(dataDir, 'control.sock')).isSocket(), 'the CLI\'s way in');
    await app.jobs!.boss.send(BACKUP_JOB, null);
    const runs = async () => app.database.db.selectFrom('job_runs').select(['status', 'detail']).where('job', '=', BACKUP_JOB).execute();
    const deadline = Date.now() + 60_000;
    while (!(await runs()).some((r) => r.status !== 'running') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const written = readdirSync(backupDir).filter((n) => n.endsWith('.tar.gz'));
    assert.equal(written.length, 1, 'the job wrote its backup');
    await readBackup(path.join(backupDir, written[0]));
    const [run, ...more] = await runs();
    assert.equal(more.length, 0);
    assert.equal(run.status, 'succeeded', run.detail ?? '');
    assert.equal(JSON.parse(run.detail!).file, path.join(backupDir, written[0]), 'the run names its file');
  } finally {
    await app.close();
  }
  assert.ok(!existsSync(path.join(dataDir, 'control.sock')), 'the socket goes with the service');

  const again = await createApp(loadConfig(env));
  try {
    assert.deepEqual(await schedule(again.database.db), [], 'no backups scheduled without BACKUP_DIR');
  } finally {
    await again.close();
  }
});
