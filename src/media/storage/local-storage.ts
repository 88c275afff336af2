import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { MEDIA_KEY, type MediaStorage } from './media-storage.ts';
import { checkedContentType, checkedMediaKey, checkedPrivateKey, contentTypeOfKey, mediaEtag, SOURCE_HASH } from './media-key.ts';

/** Temporary files of puts in progress: a crash may leave some, never a part of a file under a key. */
const INCOMING = '.incoming';
/** A temporary file this old belongs to no running put (a put writes a few MB at most). */
const STALE_INCOMING_MS = 3_600_000;

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;
const ignoring = (...codes: string[]) => (err: unknown) => {
  if (!codes.includes(codeOf(err) ?? '')) throw err;
};

/**
 * Pictures as files under `dir` (DATA_DIR/media): "<source hash>/<variant>.<ext>", for one node.
 * A put writes a temporary file in `dir/.incoming`, flushes it to disk and renames it into place,
 * so a key holds the whole file or nothing, even after a crash; two puts of one key both succeed
 * (same bytes, the last rename wins). A file's modification time is when it was (last) put.
 */
export function localMediaStorage(dir: string): MediaStorage {
  const root = resolve(dir);
  const incoming = join(root, INCOMING);
  let cleaned: Promise<void> | undefined;

  /** Once per process, before its first put: what a crash left in .incoming. */
  async function removeStaleIncoming() {
    const names = await readdir(incoming).catch((err) => (codeOf(err) === 'ENOENT' ? [] : Promise.reject(err)));
    const before = Date.now() - STALE_INCOMING_MS;
    for (const name of names) {
      const path = join(incoming, name);
      const s = await stat(path).catch(ignoring('ENOENT'));
      if (s && s.mtimeMs < before) await rm(path, { force: true });
    }
  }

  /** Writes a temporary file, flushed, then renames it to `path`: the path holds the whole file or none. */
  async function place(path: string, body: Buffer) {
    await mkdir(incoming, { recursive: true });
    const temp = join(incoming, `${randomUUID()}.tmp`);
    try {
      await writeFile(temp, body, { flush: true });
      // A delete of the folder's last file removes the folder: made again if it went meanwhile.
      for (let attempt = 1; ; attempt++) {
        await mkdir(dirname(path), { recursive: true });
        try {
          await rename(temp, path);
          return;
        } catch (err) {
          if (codeOf(err) !== 'ENOENT' || attempt === 3) throw err;
        }
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const path = join(root, checkedMediaKey(key));
      checkedContentType(key, contentType);
      cleaned ??= removeStaleIncoming().catch(() => {}); // best effort: a leftover file harms nothing
      await cleaned;
      // There already: the bytes are the same. Its time becomes now, so an orphan sweep's grace
      // period covers a picture uploaded again while its old copy was waiting to be swept.
      const now = new Date();
      if (await utimes(path, now, now).then(() => true, ignoring('ENOENT'))) return;
      await place(path, body);
    },

    async get(key) {
      const body = await readFile(join(root, checkedMediaKey(key))).catch(ignoring('ENOENT'));
      if (!body) return null;
      return { body, contentType: contentTypeOfKey(key), size: body.length, etag: mediaEtag(key, body.length) };
    },

    async delete(keys) {
      const paths = keys.map((key) => join(root, checkedMediaKey(key))); // every key checked before any file goes
      for (let i = 0; i < paths.length; i += 64) {
        await Promise.all(paths.slice(i, i + 64).map((path) => rm(path, { force: true })));
      }
      // Folders left empty go too (a put racing with this makes its folder again).
      for (const folder of new Set(paths.map((path) => dirname(path)))) {
        await rmdir(folder).catch(ignoring('ENOENT', 'ENOTEMPTY', 'EEXIST'));
      }
    },

    // Under dir/exports/: list() reads only the 64-hex folders, so neither it nor the sweep sees them.
    async putPrivate(key, body) {
      await place(join(root, checkedPrivateKey(key)), body);
    },

    async getPrivate(key) {
      return (await readFile(join(root, checkedPrivateKey(key))).catch(ignoring('ENOENT'))) ?? null;
    },

    async deletePrivate(keys) {
      const paths = keys.map((key) => join(root, checkedPrivateKey(key)));
      for (const path of paths) {
        await rm(path, { force: true });
        await rmdir(dirname(path)).catch(ignoring('ENOENT', 'ENOTEMPTY', 'EEXIST'));
      }
    },

    async *list(prefix) {
      const folders = await readdir(root).catch((err) => (codeOf(err) === 'ENOENT' ? [] : Promise.reject(err)));
      // In key order, like S3's listing; the prefix only filters names read from the directory.
      for (const folder of folders.sort()) {
        if (!SOURCE_HASH.test(folder) || !(`${folder}/`.startsWith(prefix) || prefix.startsWith(`${folder}/`))) continue;
        const names = await readdir(join(root, folder)).catch((err) => (codeOf(err) === 'ENOENT' ? [] : Promise.reject(err)));
        for (const name of names.sort()) {
          const key = `${folder}/${name}`;
          if (!MEDIA_KEY.test(key) || !key.startsWith(prefix)) continue;
          const s = await stat(join(root, key)).catch(ignoring('ENOENT'));
          if (s) yield { key, writtenAt: s.mtime };
        }
      }
    },
  };
}
