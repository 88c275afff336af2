import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { readTar, TarFormatError } from './tar.ts';
import { BackupManifest, isBackupMemberName, MANIFEST_MEMBER } from './manifest.ts';

/** A backup file that cannot be used: damaged, cut short, not a backup, or from a newer release. */
export class BackupFileError extends Error {}

/** A manifest larger than this is not one of ours (a million pictures make about 150 MB). */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Reads a backup file through and checks it: gzip and tar intact to their ends, the manifest
 * readable and of a known format, every member named in it once with the size and SHA-256 it
 * states, nothing else in the file. `member` (optional) sees each member's bytes as they are read;
 * its work counts only once this resolves, since the manifest is checked at the end.
 */
export async function readBackup(
  file: string,
  member?: (name: string, size: number, bytes: AsyncIterable<Buffer>) => Promise<void>,
): Promise<BackupManifest> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const failed: { error?: unknown } = {};
  input.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', (err) => (failed.error ??= err));
  input.pipe(gunzip);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    for await (const entry of readTar(gunzip)) {
      if (manifestText !== undefined) throw new BackupFileError(`${entry.name} follows the manifest, which ends a backup`);
      if (entry.name === MANIFEST_MEMBER) {
        if (entry.size > MANIFEST_MAX_BYTES) throw new BackupFileError('its manifest is too large to be one');
        const parts: Buffer[] = [];
        for await (const chunk of entry.body()) parts.push(chunk);
        manifestText = Buffer.concat(parts).toString('utf8');
        continue;
      }
      if (!isBackupMemberName(entry.name)) throw new BackupFileError(`it holds ${JSON.stringify(entry.name.slice(0, 120))}, which no backup holds`);
      if (seen.has(entry.name)) throw new BackupFileError(`it holds ${entry.name} twice`);
      const hash = createHash('sha256');
      const hashed = (async function* () {
        for await (const chunk of entry.body()) {
          hash.update(chunk);
          yield chunk;
        }
      })();
      if (member) await member(entry.name, entry.size, hashed);
      for await (const _ of hashed); // what the member callback left unread
      seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
    }
  } catch (err) {
    input.destroy();
    gunzip.destroy();
    if (err instanceof BackupFileError) throw err;
    const cause = failed.error ?? err;
    if (cause instanceof TarFormatError) throw new BackupFileError(cause.message);
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError('there is no such file');
    if (code === 'EACCES') throw new BackupFileError('it cannot be read (permissions)');
    if (code === 'Z_BUF_ERROR') throw new BackupFileError('the file is cut short (its compressed data ends early)');
    if (code === 'Z_DATA_ERROR') throw new BackupFileError('the file is damaged or not a gzip file (its compressed data does not decode)');
    throw err;
  }
  if (failed.error) throw new BackupFileError('the file is damaged (its compressed data does not decode to its end)');
  if (manifestText === undefined) throw new BackupFileError('it has no manifest: not a launchyard backup, or cut short');
  let manifest: BackupManifest;
  try {
    const parsed = BackupManifest.safeParse(JSON.parse(manifestText));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BackupFileError(`its manifest is not one this release reads (${issue.path.join('.') || 'manifest'}: ${issue.message})`);
    }
    manifest = parsed.data;
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError('its manifest is not JSON');
  }
  for (const stated of manifest.members) {
    const found = seen.get(stated.name);
    if (!found) throw new BackupFileError(`${stated.name} is missing`);
    if (found.size !== stated.size || found.sha256 !== stated.sha256) throw new BackupFileError(`${stated.name} is damaged (its checksum does not match the manifest)`);
    seen.delete(stated.name);
  }
  if (seen.size) throw new BackupFileError(`${[...seen.keys()][0]} is not in the manifest`);
  return manifest;
}
