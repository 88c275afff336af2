import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver checks signatures against this pair (its documented default). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, a free port, one empty bucket, its files in a
 * temporary directory removed on close: what the S3 media adapter is tested against.
 */
export async function loopbackS3(bucket = 'launchyard-media') {
  const directory = await mkdtemp(join(tmpdir(), 'launchyard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** The adapter's settings for this server. */
    settings: { endpoint, region: 'us-east-1', bucket, forcePathStyle: true, ...CREDENTIALS },
    /** As loadConfig reads them. */
    env: {
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
