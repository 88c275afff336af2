import { open, rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { backupTar, type BackupSource } from './archive-write.ts';
import { readBackup } from './archive-read.ts';
import type { BackupManifest } from './manifest.ts';

/** The backup archive as a gzip stream (tar.gz: any tar reads it); a failure while making it destroys the stream with its error. */
export function backupStream(source: BackupSource): Readable {
  const gzip = createGzip();
  pipeline(Readable.from(backupTar(source)), gzip).catch(() => {}); // the error reaches gzip's reader
  return gzip;
}

/**
 * Writes a backup archive (the gzip bytes, from this process or from the service's control socket)
 * to `target`: into a file of its own beside it (mode 0600: it holds password hashes and secrets),
 * flushed to disk, read through and checked, and only then renamed to `target`. A file under the
 * target name is always a whole, checked backup; a failure leaves an earlier one there untouched.
 */
export async function writeBackupFile(target: string, gzipBytes: Readable): Promise<{ manifest: BackupManifest; bytes: number }> {
  const partial = `${target}.partial-${process.pid}`;
  try {
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
    await pipeline(gzipBytes, out);
    const manifest = await readBackup(partial);
    await rename(partial, target);
    await syncDirectory(dirname(target));
    return { manifest, bytes: out.bytesWritten };
  } finally {
    await rm(partial, { force: true });
  }
}

/** Writes a backup of `source` to `target` (see writeBackupFile). */
export const writeBackup = (target: string, source: BackupSource) => writeBackupFile(target, backupStream(source));

/** The rename itself reaches the disk (best effort: not every file system lets a directory be opened). */
async function syncDirectory(dir: string) {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}
