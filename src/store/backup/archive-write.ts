import { createHash } from 'node:crypto';
import type { MediaStorage } from '../../media/storage/media-storage.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, DATABASE_MEMBER, MANIFEST_MEMBER, MEDIA_PREFIX, type BackupManifest } from './manifest.ts';

/** What one backup is made of, taken by snapshot.ts from an open embedded database. */
export interface BackupSource {
  createdAt: Date;
  launchyardVersion: string;
  postgresVersion: string;
  migrations: string[];
  /** The PGlite data directory as a tarball, taken between two statements. */
  dump: Blob;
  /** Where the pictures are: files (copied into the archive) or a bucket (named in the manifest only). */
  media: { storage: MediaStorage } | { s3: { bucket: string; endpoint?: string } };
}

/**
 * The backup's tar stream: the database dump, then every picture, then the manifest with each
 * member's size and SHA-256. The manifest comes last because the pictures are read once, as they
 * are written (a second pass to hash them first could meet a different set of files); a reader
 * hashes while it reads and compares at the end, and a cut file has no manifest at all.
 *
 * The database goes first: a picture uploaded after the dump is an extra file (the orphan sweep
 * removes it after a restore); one deleted meanwhile was already unused at the dump (the sweep
 * deletes only pictures unused for a day), so the restored database never names a missing file.
 */
export async function* backupTar(source: BackupSource): AsyncGenerator<Buffer> {
  const members: BackupManifest['members'] = [];
  const at = source.createdAt;

  const dumpHash = createHash('sha256');
  yield tarHeader(DATABASE_MEMBER, source.dump.size, at);
  for await (const chunk of source.dump.stream()) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    dumpHash.update(bytes);
    yield bytes;
  }
  yield tarPadding(source.dump.size);
  members.push({ name: DATABASE_MEMBER, size: source.dump.size, sha256: dumpHash.digest('hex') });

  let files = 0;
  if ('storage' in source.media) {
    const { storage } = source.media;
    for await (const { key } of storage.list('')) {
      const object = await storage.get(key);
      if (!object) continue; // deleted since it was listed: the sweep's, unused
      const name = `${MEDIA_PREFIX}${key}`;
      yield tarHeader(name, object.body.length, at);
      yield object.body;
      yield tarPadding(object.body.length);
      members.push({ name, size: object.body.length, sha256: createHash('sha256').update(object.body).digest('hex') });
      files++;
    }
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    created_at: at.toISOString(),
    launchyard_version: source.launchyardVersion,
    engine: 'pglite',
    postgres_version: source.postgresVersion,
    schema_migrations: source.migrations,
    media: 'storage' in source.media ? { storage: 'local', files } : { storage: 's3', ...source.media.s3 },
    members,
  };
  const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  yield tarHeader(MANIFEST_MEMBER, text.length, at);
  yield text;
  yield tarPadding(text.length);
  yield tarEnd();
}
