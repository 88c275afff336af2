import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { localMediaStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { s3MediaStorage } from './s3-storage.ts';

export interface ConfiguredMediaStorage {
  storage: MediaStorage;
  /** Where the pictures are, for the start-up log and the docs: no credential in it. */
  where: string;
  /** At shutdown: the S3 client's connections closed; a throwaway database's pictures removed. */
  close(): Promise<void>;
}

/**
 * The storage the configuration asks for: S3-compatible object storage when MEDIA_S3_BUCKET (and
 * its keys) are set, files under DATA_DIR/media otherwise. With DATA_DIR=memory:// (tests, the
 * evaluation) the files go to a temporary directory of their own, made at the first put and
 * removed at close, like the database they belong to.
 */
export function configuredMediaStorage(config: Pick<Config, 'dataDir' | 'media'>): ConfiguredMediaStorage {
  const s3 = config.media.s3;
  if (s3) {
    const storage = s3MediaStorage(s3);
    const at = s3.endpoint ? new URL(s3.endpoint).host : `AWS ${s3.region}`;
    return { storage, where: `S3 bucket ${s3.bucket} at ${at}`, close: async () => storage.close() };
  }
  const throwaway = config.dataDir === 'memory://';
  const dir = throwaway ? join(tmpdir(), `launchyard-media-${randomUUID()}`) : resolve(config.dataDir, 'media');
  return {
    storage: localMediaStorage(dir),
    where: `files under ${dir}`,
    close: async () => {
      if (throwaway) await rm(dir, { recursive: true, force: true });
    },
  };
}
