// npm run cli -- backup --to FILE | restore --from FILE (wired into src/cli.ts). They run before the
// CLI opens the database: a backup of a running service is taken by the service itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './store/database.ts';
import { DataDirLockedError } from './store/data-dir-lock.ts';
import { configuredMediaStorage } from './media/storage/configured-storage.ts';
import { requestBackup, controlSocketPath } from './store/backup/control-socket.ts';
import { writeBackupFile } from './store/backup/backup-file.ts';
import { embeddedBackups } from './store/backup/embedded-backups.ts';
import { BackupFileError } from './store/backup/archive-read.ts';
import { restoreBackup } from './store/backup/restore.ts';
import { postgresAdvice } from './store/backup/postgres-advice.ts';
import type { BackupManifest } from './store/backup/manifest.ts';

/** The release writing the backup (package.json's version), named in its manifest. */
const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

export const BACKUP_COMMANDS: ReadonlySet<string> = new Set(['backup', 'restore']);

export const BACKUP_USAGE = `  backup --to FILE                       a backup of the embedded database and its pictures (tar.gz), also while the
                                         service runs; with DATABASE_URL: the pg_dump command to use (exit 2)
  restore --from FILE                    replace DATA_DIR's database and pictures with a backup's (the service stopped);
                                         with DATABASE_URL: the pg_restore command to use (exit 2)`;

/** A refusal the operator can act on: printed alone, exit 1. */
class BackupCommandError extends Error {}

/** Runs `backup` or `restore`; sets the exit code (0, 1 on a refusal or failure, 2 with DATABASE_URL). */
export async function runBackupCommand(command: string, args: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<void> {
  try {
    const { values } = parseArgs({ args, options: { to: { type: 'string' }, from: { type: 'string' } } });
    const file = command === 'backup' ? values.to : values.from;
    if (!file) throw new BackupCommandError(command === 'backup' ? 'backup needs --to FILE' : 'restore needs --from FILE');
    const config = loadConfig();
    if (config.databaseUrl) {
      out(postgresAdvice(command === 'backup' ? 'backup' : 'restore', config.databaseUrl, file));
      process.exitCode = 2;
      return;
    }
    if (config.dataDir === 'memory://') throw new BackupCommandError('DATA_DIR=memory:// holds nothing to back up or restore');
    if (command === 'backup') await backup(config, path.resolve(file), out);
    else await restore(config, path.resolve(file), out);
  } catch (e) {
    if (e instanceof BackupCommandError || e instanceof ConfigError) err(e.message);
    else if (e instanceof BackupFileError) err(e.message);
    else if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) err(`${command}: ${(e as Error).message}`);
    else err(String((e as Error)?.stack ?? e));
    process.exitCode = 1;
  }
}

async function backup(config: Config, target: string, out: (line: string) => void) {
  const failed = (e: unknown) => {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      e instanceof BackupFileError ? `what was written is not a whole backup (${e.message})`
      : code === 'ENOENT' ? `there is no directory ${path.dirname(target)}`
      : code === 'EACCES' || code === 'EPERM' ? `${path.dirname(target)} cannot be written (permissions)`
      : code === 'ENOSPC' ? `the disk of ${path.dirname(target)} is full`
      : (e as Error).message;
    throw new BackupCommandError(`backup failed: ${why}; no file was written`);
  };
  // The running service takes it (PGlite is its process's alone), streamed over its control socket.
  const remote = await requestBackup(config.dataDir).catch(failed);
  if (remote) {
    out(summary(target, await writeBackupFile(target, remote).catch(failed), 'taken by the running service'));
    return;
  }
  if (!existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new BackupCommandError(`there is no embedded database in ${config.dataDir} to back up (is DATA_DIR right?)`);
  }
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    throw new BackupCommandError(
      `${e.message.split('; stop it first')[0]}, and it does not answer on ${controlSocketPath(config.dataDir)}: take backups with BACKUP_DIR (scheduled), or stop it and run backup again`,
    );
  }
  const media = configuredMediaStorage(config);
  try {
    const backups = embeddedBackups({ database, mediaStorage: media.storage, s3: config.media.s3, launchyardVersion: VERSION, now: () => new Date() });
    out(summary(target, await backups.write(target).catch(failed), 'the service was not running'));
  } finally {
    await media.close();
    await database.close();
  }
}

async function restore(config: Config, file: string, out: (line: string) => void) {
  if (!existsSync(file)) throw new BackupCommandError(`cannot restore from ${file}: there is no such file; nothing was changed`);
  let outcome;
  try {
    outcome = await restoreBackup(file, config.dataDir);
  } catch (e) {
    if (e instanceof DataDirLockedError) throw new BackupCommandError(`restore refused while the service runs: ${e.message.replace(' (or set DATABASE_URL)', '')}`);
    if (e instanceof BackupFileError) throw new BackupCommandError(`cannot restore from ${file}: ${e.message}; nothing was changed`);
    throw e;
  }
  const { manifest, pending } = outcome;
  out(`restored the backup of ${manifest.created_at} (launchyard ${manifest.launchyard_version}, ${manifest.schema_migrations.length} migrations, ${describeMedia(manifest)}) into ${config.dataDir}`);
  if (pending.length) out(`the next start applies ${pending.length} newer migration${pending.length === 1 ? '' : 's'} (${pending[0]} … ${pending.at(-1)})`);
  if (manifest.media.storage === 's3') out(`its pictures are in the S3 bucket ${manifest.media.bucket}, which this file does not hold: restore the bucket with the provider's tools if it lost them`);
  else if (config.media.s3) out(`MEDIA_S3_BUCKET is set, but this backup's pictures were files: they are in ${path.join(config.dataDir, 'media')}; copy them to the bucket (e.g. aws s3 sync) for the service to serve them`);
}

function summary(target: string, written: { manifest: BackupManifest; bytes: number }, how: string): string {
  const mb = (written.bytes / 1024 / 1024).toFixed(1);
  return `backup written to ${target} (${mb} MB: ${written.manifest.schema_migrations.length} migrations, ${describeMedia(written.manifest)}; ${how})`;
}

function describeMedia(manifest: BackupManifest): string {
  return manifest.media.storage === 'local' ? `${manifest.media.files} picture file${manifest.media.files === 1 ? '' : 's'}` : `pictures in S3 bucket ${manifest.media.bucket}, not in the file`;
}
