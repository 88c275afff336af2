/**
 * Where pictures are kept: one small port with two adapters, files under DATA_DIR/media (one node,
 * the default) and S3-compatible object storage (several nodes share it). Keys are content
 * addressed ("<sha256 of the upload>/<variant>.<ext>"): the bytes under a key never change, so a
 * key is written once, served with a year's cache and a strong ETag, and deleted, never replaced.
 */
export interface StoredMedia {
  body: Buffer;
  contentType: string;
  size: number;
  /** A strong ETag, quoted. */
  etag: string;
}

export interface MediaStorage {
  /** Which adapter (for /readyz, logs and the docs): 'local' or 's3'. */
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under the key, whole or not at all. A key there already holds the same bytes
   * (same key, same bytes): it stays, and counts as written now, so the orphan sweep's grace period
   * covers a picture uploaded again. Concurrent puts of one key all succeed. The content type must
   * be the key's extension's (image/png for .png…): anything else is a bug and throws.
   */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none; its content type is always its extension's. */
  get(key: string): Promise<StoredMedia | null>;
  /** Deletes these keys; a missing key is not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every key under a prefix ('' for all) with when it was written: the orphan sweep's input. */
  list(prefix: string): AsyncIterable<{ key: string; writtenAt: Date }>;
  /**
   * Private files (an account's data export, domain/privacy/data-exports.ts) beside the pictures,
   * under keys that are never a MEDIA_KEY (PRIVATE_KEY): /media/* cannot serve them, list() and so
   * the orphan sweep never see them, and S3 is told not to cache them. Whole or not at all, like put.
   */
  putPrivate(key: string, body: Buffer): Promise<void>;
  /** A private file's bytes, or null when there is none. */
  getPrivate(key: string): Promise<Buffer | null>;
  /** Deletes these private files; a missing one is not an error. */
  deletePrivate(keys: string[]): Promise<void>;
}

/** A key as the storage accepts it: "<64 hex>/<name>.<ext>", nothing that could leave its folder. */
export const MEDIA_KEY = /^[0-9a-f]{64}\/[a-z0-9-]{1,40}\.(?:webp|avif|png|jpg)$/;

/**
 * A private file's key: "exports/<32 hex: random, unguessable>/<name>.zip". It starts with a letter
 * past "f", so it can never be a MEDIA_KEY (64 hex first): no public route or sweep takes one for the other.
 */
export const PRIVATE_KEY = /^exports\/[0-9a-f]{32}\/[a-z0-9-]{1,60}\.zip$/;
