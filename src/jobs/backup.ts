import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedBackups } from '../store/backup/embedded-backups.ts';

/** Scheduled backups of the embedded database (BACKUP_DIR): one a day, the BACKUP_KEEP newest kept. */
export const BACKUP_JOB = 'backup';

/** The job's schedule: every day at BACKUP_TIME, read in UTC whatever the site's timezone. */
export const backupCron = (at: { hour: number; minute: number }) => `${at.minute} ${at.hour} * * *`;

/** What the job writes: the time in the name, so names sort by age and one never replaces another. */
const FILE_NAME = /^launchyard-backup-\d{8}T\d{6}Z\.tar\.gz$/;
export const backupFileName = (at: Date) => `launchyard-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.tar.gz`;

/**
 * The backups to delete once a new one is written: all but the `keep` newest of the job's own
 * files (other files in the directory are never touched).
 */
export function backupsBeyond(names: readonly string[], keep: number): string[] {
  const ours = names.filter((n) => FILE_NAME.test(n)).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}

/**
 * Writes a checked backup file into the directory (made, private, if absent), then deletes the
 * oldest beyond `keep`. A backup that fails deletes nothing: the earlier ones stay.
 */
export async function runScheduledBackup(deps: { dir: string; keep: number; backups: EmbeddedBackups; now: () => Date }) {
  await mkdir(deps.dir, { recursive: true, mode: 0o700 });
  const file = path.join(deps.dir, backupFileName(deps.now()));
  const { manifest, bytes } = await deps.backups.write(file);
  // Never the one just written, even if the clock went back and its name sorts first.
  const deleted = backupsBeyond(await readdir(deps.dir), deps.keep).filter((name) => name !== path.basename(file));
  for (const name of deleted) await rm(path.join(deps.dir, name), { force: true });
  return { file, bytes, migrations: manifest.schema_migrations.length, media: manifest.media, deleted };
}
