import { finished, type Readable } from 'node:stream';
import type { Database } from '../database.ts';
import type { MediaStorage } from '../../media/storage/media-storage.ts';
import type { Config } from '../../config.ts';
import type { BackupSource } from './archive-write.ts';
import { backupStream, writeBackupFile } from './backup-file.ts';
import { takeSnapshot } from './snapshot.ts';

export interface EmbeddedBackups {
  /** A backup archive's gzip bytes: the control socket streams them to the CLI. */
  stream(): Promise<Readable>;
  /** A checked backup file at `target` (the scheduled backups, the CLI with the service stopped). */
  write(target: string): ReturnType<typeof writeBackupFile>;
}

/**
 * Backups of an open embedded database and its pictures, one at a time: each holds a dump of the
 * whole database in memory until it is written out, so a second waits for the first to finish.
 */
export function embeddedBackups(opts: {
  database: Database;
  mediaStorage: MediaStorage;
  s3?: NonNullable<Config['media']['s3']>;
  launchyardVersion: string;
  now: () => Date;
}): EmbeddedBackups {
  let turn: Promise<void> = Promise.resolve();
  const media: BackupSource['media'] = opts.s3 ? { s3: { bucket: opts.s3.bucket, endpoint: opts.s3.endpoint } } : { storage: opts.mediaStorage };
  const snapshot = () => takeSnapshot(opts.database, { launchyardVersion: opts.launchyardVersion, media, now: opts.now });

  async function stream(): Promise<Readable> {
    const before = turn;
    let release!: () => void;
    turn = new Promise((resolve) => (release = resolve));
    await before;
    try {
      const archive = backupStream(await snapshot());
      finished(archive, () => release());
      return archive;
    } catch (err) {
      release();
      throw err;
    }
  }
  return {
    stream,
    write: async (target) => writeBackupFile(target, await stream()),
  };
}
