import type { S3Client } from '@aws-sdk/client-s3';
import { MEDIA_KEY, type MediaStorage } from './media-storage.ts';
import { checkedContentType, checkedMediaKey, checkedPrivateKey, contentTypeOfKey, mediaEtag } from './media-key.ts';

export interface S3MediaSettings {
  /** An S3-compatible server's URL (MinIO, R2, Garage…); AWS's own endpoint for the region without it. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path (https://host/bucket/key) rather than in the host name. */
  forcePathStyle?: boolean;
  /** Prepended to every key in the bucket (a bucket shared with other things). */
  prefix?: string;
}

/** Served by us with a year's cache; said on the object too, for an operator who puts a CDN in front of the bucket. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown) => statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error | null)?.name ?? '');

/**
 * Pictures in S3-compatible object storage, shared by every node. The client talks to the
 * operator's endpoint directly, not through the outbound safe fetch (which is for URLs that come
 * from outside): like SMTP_URL and the Stripe API, the endpoint is the operator's configuration and
 * every object name is a checked key. Static credentials and region are given, so the SDK never
 * asks the instance metadata service; region redirects are not followed; deadlines are short.
 */
// The SDK is a few hundred modules: loaded by the first use, only on an installation that stores pictures in S3.
let sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const s3Sdk = () => (sdk ??= import('@aws-sdk/client-s3'));

export function s3MediaStorage(settings: S3MediaSettings): MediaStorage & { close(): void } {
  const { bucket } = settings;
  const prefix = settings.prefix ?? '';
  const made: Promise<S3Client> = s3Sdk().then(({ S3Client }) => new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    followRegionRedirects: false,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
    // Checksums only where S3 requires them (DeleteObjects): some S3-compatible servers refuse the
    // CRC32 headers the SDK adds to every request by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
  made.catch(() => {}); // a failed load is thrown again by the first use
  const send: S3Client['send'] = async (command: Parameters<S3Client['send']>[0]) => (await made).send(command);
  const objectName = (key: string) => prefix + checkedMediaKey(key);
  const privateName = (key: string) => prefix + checkedPrivateKey(key);
  async function deleteNames(names: string[]) {
    for (let i = 0; i < names.length; i += 1000) {
      const { DeleteObjectsCommand } = await s3Sdk();
      const res = await send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: names.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 did not delete ${failed.length} object(s), e.g. ${failed[0].Key}: ${failed[0].Code} ${failed[0].Message ?? ''}`.trim());
    }
  }

  return {
    kind: 's3',

    async put(key, body, contentType) {
      // One unconditional PutObject, no HeadObject first: the bytes under a key are the same every
      // time, so a second put stores what is there already, and its LastModified becomes now (an
      // orphan sweep's grace period then covers a picture uploaded again while its old copy awaited
      // the sweep). Concurrent puts of one key: S3 keeps the last, the same bytes.
      const { PutObjectCommand } = await s3Sdk();
      await send(
        new PutObjectCommand({ Bucket: bucket, Key: objectName(key), Body: body, ContentLength: body.length, ContentType: checkedContentType(key, contentType), CacheControl: IMMUTABLE }),
      );
    },

    async get(key) {
      const { GetObjectCommand } = await s3Sdk();
      let res;
      try {
        res = await send(new GetObjectCommand({ Bucket: bucket, Key: objectName(key) }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const bytes = await res.Body!.transformToByteArray();
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // The type from the key, not the object's metadata: what is served is always the picture type.
      return { body, contentType: contentTypeOfKey(key), size: body.length, etag: mediaEtag(key, body.length) };
    },

    async delete(keys) {
      await deleteNames(keys.map(objectName)); // every key checked before any object goes
    },

    // A private file is the person's alone: no cache may keep it, whatever sits in front of the bucket.
    async putPrivate(key, body) {
      const { PutObjectCommand } = await s3Sdk();
      await send(
        new PutObjectCommand({ Bucket: bucket, Key: privateName(key), Body: body, ContentLength: body.length, ContentType: 'application/zip', CacheControl: 'private, no-store' }),
      );
    },

    async getPrivate(key) {
      const { GetObjectCommand } = await s3Sdk();
      let res;
      try {
        res = await send(new GetObjectCommand({ Bucket: bucket, Key: privateName(key) }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const bytes = await res.Body!.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async deletePrivate(keys) {
      await deleteNames(keys.map(privateName));
    },

    async *list(keyPrefix) {
      const { paginateListObjectsV2 } = await s3Sdk();
      for await (const page of paginateListObjectsV2({ client: await made, pageSize: 1000 }, { Bucket: bucket, Prefix: prefix + keyPrefix })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && MEDIA_KEY.test(key) && object.LastModified) yield { key, writtenAt: object.LastModified };
        }
      }
    },

    close() {
      made.then((client) => client.destroy(), () => {});
    },
  };
}
