import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { acquireDataDirLock } from '../data-dir-lock.ts';
import { openDatabase } from '../database.ts';
import { MIGRATIONS_DIR } from '../migrate.ts';
import { BackupFileError, readBackup } from './archive-read.ts';
import { DATABASE_MEMBER, MEDIA_PREFIX, type BackupManifest } from './manifest.ts';
import { isTarHeader } from './tar.ts';

/** Where openDatabase keeps PGlite's files and the pictures' files, inside DATA_DIR. */
const DATABASE_DIR = 'pg';
const MEDIA_DIR = 'media';

export interface RestoreOutcome {
  manifest: BackupManifest;
  /** Migrations of this release the backup predates: the next start applies them. */
  pending: string[];
}

/**
 * Restores a backup file into DATA_DIR, with the service stopped (its lock is taken for the whole
 * restore, so a service cannot start meanwhile, and one running refuses it).
 *
 * 1. The whole file is read and checked (manifest, every member's size and SHA-256) before anything
 *    is written: a damaged or cut file changes nothing.
 * 2. It is unpacked into DATA_DIR/.restore-PID (the same file system, so a rename moves it), checked
 *    again as it is read, and the database is opened there once: its migrations must be the manifest's.
 * 3. The current pg/ and media/ are renamed aside into DATA_DIR/.previous-TIME, the restored ones
 *    renamed into place (pictures first, the database last), and only then is the previous one
 *    removed. A failure before the end puts the previous ones back.
 *
 * A backup from an earlier release restores as it is; the service applies the newer migrations at
 * its next start. One from a later release (a migration this one does not know) is refused.
 */
export async function restoreBackup(file: string, dataDir: string, opts: { migrationsDir?: string } = {}): Promise<RestoreOutcome> {
  const root = path.resolve(dataDir);
  // A running service is refused before the file is even read; a new directory is made only
  // once the file has passed.
  let release = existsSync(root) ? acquireDataDirLock(root) : undefined;
  try {
    const manifest = await readBackup(file);
    const known = new Set(readdirSync(opts.migrationsDir ?? MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')));
    const unknown = manifest.schema_migrations.filter((name) => !known.has(name));
    if (unknown.length) {
      throw new BackupFileError(`it was made by a newer release (launchyard ${manifest.launchyard_version}; migration ${unknown[0]} is not in this one): restore it with that release or a later one`);
    }
    if (!release) {
      await mkdir(root, { recursive: true });
      release = acquireDataDirLock(root);
    }

    const staging = path.join(root, `.restore-${process.pid}`);
    for (const name of readdirSync(root)) if (name.startsWith('.restore-')) await rm(path.join(root, name), { recursive: true, force: true }); // a restore cut short before its swap
    try {
      await mkdir(path.join(staging, MEDIA_DIR), { recursive: true, mode: 0o700 });
      const dump: Uint8Array<ArrayBuffer>[] = [];
      await readBackup(file, async (name, _size, bytes) => {
        if (name === DATABASE_MEMBER) {
          for await (const chunk of bytes) dump.push(new Uint8Array(chunk)); // a copy: the reader's buffers are reused
          return;
        }
        const target = path.join(staging, MEDIA_DIR, name.slice(MEDIA_PREFIX.length)); // a checked key: "<hash>/<variant>.<ext>"
        const parts: Buffer[] = [];
        for await (const chunk of bytes) parts.push(Buffer.from(chunk));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, Buffer.concat(parts));
      });
      // PGlite takes anything that is not a tar for gzip and fails outside any promise it returns.
      let head = Buffer.alloc(0);
      for (const chunk of dump) if (head.length < 512) head = Buffer.concat([head, chunk.subarray(0, 512 - head.length)]);
      if (!isTarHeader(head)) throw new BackupFileError('its database member is not a dump of an embedded database');
      const blob = new Blob(dump);
      dump.length = 0; // the Blob holds its own copy
      await loadDatabase(staging, blob, manifest);
      await swap(root, staging, manifest.media.storage === 'local' ? [MEDIA_DIR, DATABASE_DIR] : [DATABASE_DIR]);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
    const pending = [...known].filter((name) => !manifest.schema_migrations.includes(name)).sort();
    return { manifest, pending };
  } finally {
    release?.();
  }
}

/** PGlite unpacks the dump into `dir/pg` and opens it: a dump it cannot open, or another database than the manifest says, stops the restore here. */
async function loadDatabase(dir: string, dump: Blob, manifest: BackupManifest) {
  let database;
  try {
    database = await openDatabase({ dataDir: dir, loadDataDir: dump });
  } catch (err) {
    throw new BackupFileError(
      `its database (PostgreSQL ${manifest.postgres_version}, launchyard ${manifest.launchyard_version}) does not open with this release's embedded PostgreSQL: ${(err as Error).message}`,
    );
  }
  try {
    const names = await sql<{ name: string }>`select name from schema_migrations order by name`
      .execute(database.db)
      .then((r) => r.rows.map((row) => row.name))
      .catch(() => []);
    if (names.join('\n') !== [...manifest.schema_migrations].sort().join('\n')) {
      throw new BackupFileError('its database does not hold the migrations its manifest lists');
    }
  } finally {
    await database.close();
  }
}

/**
 * The restored directories into place, the current ones kept aside until all are in; on a failure
 * midway everything moved is moved back.
 */
async function swap(root: string, staging: string, names: string[]) {
  const aside = path.join(root, `.previous-${new Date().toISOString().replace(/[:.]/g, '')}`);
  await mkdir(aside, { mode: 0o700 });
  const done: { name: string; hadCurrent: boolean }[] = [];
  try {
    for (const name of names) {
      const current = path.join(root, name);
      const hadCurrent = existsSync(current);
      if (hadCurrent) await rename(current, path.join(aside, name));
      done.push({ name, hadCurrent });
      await rename(path.join(staging, name), current);
    }
  } catch (err) {
    for (const { name, hadCurrent } of done.reverse()) {
      const current = path.join(root, name);
      if (existsSync(path.join(staging, name))) {
        // never moved in: only the current one went aside
      } else await rename(current, path.join(staging, name)).catch(() => {});
      if (hadCurrent) await rename(path.join(aside, name), current).catch(() => {});
    }
    throw err;
  }
  await rm(aside, { recursive: true, force: true });
}
