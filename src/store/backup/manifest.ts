import { z } from 'zod';
import { MEDIA_KEY } from '../../media/storage/media-storage.ts';

/** What the archive says it is: a reader refuses any other format, and any version it does not know. */
export const BACKUP_FORMAT = 'launchyard-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The members of a backup archive: the embedded database's files as PGlite dumps them, each picture, the manifest last. */
export const DATABASE_MEMBER = 'database/pglite.tar';
export const MANIFEST_MEMBER = 'manifest.json';
export const MEDIA_PREFIX = 'media/';

/**
 * The only names a backup may hold: restore builds paths from them, so "../", an absolute path or a
 * name of anything else never reaches the file system.
 */
export const isBackupMemberName = (name: string): boolean =>
  name === DATABASE_MEMBER || (name.startsWith(MEDIA_PREFIX) && MEDIA_KEY.test(name.slice(MEDIA_PREFIX.length)));

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  created_at: z.iso.datetime(),
  /** The release that wrote it (package.json's version). */
  launchyard_version: z.string().max(50),
  engine: z.literal('pglite'),
  /** PGlite's PostgreSQL (`server_version`): a data directory opens only with the same major version. */
  postgres_version: z.string().max(50),
  /** The migrations the database had: a newer release applies the rest at its next start. */
  schema_migrations: z.array(z.string().max(200)).max(10_000),
  /**
   * Pictures: files in the archive (local storage), or in an S3 bucket the archive does not hold
   * (the bucket is backed up with the provider's own tools).
   */
  media: z.discriminatedUnion('storage', [
    z.object({ storage: z.literal('local'), files: z.number().int().min(0) }),
    z.object({ storage: z.literal('s3'), bucket: z.string().max(100), endpoint: z.string().max(500).optional() }),
  ]),
  /** Every other member, with its size and SHA-256: restore checks each before it changes anything. */
  members: z
    .array(z.object({ name: z.string().refine(isBackupMemberName, 'not a member a backup holds'), size: z.number().int().min(0), sha256: Sha256 }))
    .max(10_000_000),
});
export type BackupManifest = z.infer<typeof BackupManifest>;
