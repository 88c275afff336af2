/**
 * Reads by key gathered into one statement: the keys asked for while the event loop works
 * through one round of ready sockets are read together once that round is over (setImmediate
 * runs after the poll phase). Under load that is several requests a statement; alone, a key
 * waits for nothing but the end of the turn it was asked in.
 *
 * Why: on this kind of machine a statement's round trip (writing to the socket, waking the
 * database's backend, reading the answer) costs more than the index lookup it carries, so a
 * first read of twenty profiles in flight paid twenty round trips for twenty small lookups
 * (docs/decisions.md#batched-first-reads).
 *
 * A failed statement fails every key of its batch; a key asked twice in a batch is read once.
 */
export function readBatch<V>(read: (keys: string[]) => Promise<Map<string, V>>, maxKeys = 64): (key: string) => Promise<V | undefined> {
  let waiting = new Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let at = 0; at < keys.length; at += maxKeys) {
      const part = keys.slice(at, at + maxKeys);
      read(part).then(
        (found) => {
          for (const key of part) for (const w of batch.get(key)!) w.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of part) for (const w of batch.get(key)!) w.reject(error);
        },
      );
    }
  };

  return (key: string) =>
    new Promise<V | undefined>((resolve, reject) => {
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
