import type { StoredMedia } from '../../media/storage/media-storage.ts';

/**
 * The small pictures a node served lately (logos, share cards, thumbnails), kept in memory: their
 * bytes never change under a key, so a copy is never stale, only possibly deleted since. Entries
 * expire after `ttlMs` so a deleted picture stops being served within that time; the byte budget
 * bounds the memory, least recently used first out. A miss reads the storage (a file, or S3).
 */
export function mediaMemory(opts: { maxBytes: number; maxEntryBytes: number; ttlMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { media: StoredMedia; until: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.media.size;
  };
  return {
    get(key: string): StoredMedia | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until < now()) {
        drop(key);
        return undefined;
      }
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, e);
      return e.media;
    },
    set(key: string, media: StoredMedia) {
      if (media.size > opts.maxEntryBytes) return;
      drop(key);
      entries.set(key, { media, until: now() + opts.ttlMs });
      bytes += media.size;
      for (const oldest of entries.keys()) {
        if (bytes <= opts.maxBytes) break;
        drop(oldest);
      }
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
