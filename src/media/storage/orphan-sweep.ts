import type { MediaStorage } from './media-storage.ts';

/** Whether an upload (its source hash, a key's folder; `key` the folder's first file listed) is still used by a logo, a gallery or a share image. */
export type ReferencedSources = ReadonlySet<string> | ((sourceHash: string, key: string) => Promise<boolean> | boolean);

export interface SweepCounts {
  /** Objects listed. */
  listed: number;
  /** Objects of an upload still referenced. */
  referenced: number;
  /** Objects of an unreferenced upload kept because one of its files was written within the grace period. */
  recent: number;
  deleted: number;
}

/**
 * Deletes the files of every upload nothing references any more (a replaced logo, a deleted
 * image, an upload abandoned halfway). An upload with a file written on or after `olderThan` is
 * kept whole: it may be in progress, its reference not committed yet. Each unreferenced upload is
 * asked about again just before its files go, so one whose reference was committed while the
 * listing ran keeps them. Uploads are judged as a whole: a folder is kept or emptied.
 */
export async function sweepOrphans(storage: MediaStorage, isReferenced: ReferencedSources, olderThan: Date): Promise<SweepCounts> {
  const ask = typeof isReferenced === 'function' ? isReferenced : (hash: string) => isReferenced.has(hash);
  const counts: SweepCounts = { listed: 0, referenced: 0, recent: 0, deleted: 0 };
  const used = new Map<string, boolean>();
  /** Unreferenced uploads: their keys, and whether one of them is recent. */
  const orphans = new Map<string, { keys: string[]; recent: boolean }>();
  for await (const { key, writtenAt } of storage.list('')) {
    counts.listed++;
    const hash = key.slice(0, 64);
    let isUsed = used.get(hash);
    if (isUsed === undefined) used.set(hash, (isUsed = await ask(hash, key)));
    if (isUsed) {
      counts.referenced++;
      continue;
    }
    const orphan = orphans.get(hash) ?? { keys: [], recent: false };
    orphans.set(hash, orphan);
    orphan.keys.push(key);
    if (writtenAt.getTime() >= olderThan.getTime()) orphan.recent = true;
  }
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length) await storage.delete(batch);
    counts.deleted += batch.length;
    batch = [];
  };
  for (const [hash, orphan] of orphans) {
    if (orphan.recent) counts.recent += orphan.keys.length;
    else if (await ask(hash, orphan.keys[0])) counts.referenced += orphan.keys.length;
    else batch.push(...orphan.keys);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  return counts;
}
