/**
 * An in-process cache whose entries are kept until the database's change feed names them
 * (store/listing-changes.ts), or for `maxAgeMs` at most. While the feed is not live, an entry
 * lives `shortMs`, like the other public caches. Oldest entries go first past `max` entries or,
 * with `weigh`, past `maxBytes` (what a node may spend on it is memory, not a count: an embedded
 * node holds the database in the same process).
 *
 * A load that began before a change must not keep what it read: delete() and clear() during a
 * load make it return its value without storing it (the change's notification arrives after the
 * commit, and the load may have read the row before it).
 */
export interface KeptCacheOptions<V> {
  maxAgeMs: number;
  shortMs: number;
  /** Entries at most. */
  max?: number;
  /** With `weigh`: what the entries may weigh together; a value heavier than this is not kept. */
  maxBytes?: number;
  /** An entry's weight in bytes (an estimate, computed once when it is stored). */
  weigh?: (value: V) => number;
  live: () => boolean;
  now?: () => number;
}

export class KeptCache<V> {
  readonly #entries = new Map<string, { value: V; at: number; kept: boolean; bytes: number }>();
  #bytes = 0;
  /** Loads in flight; delete() and clear() mark theirs stale. */
  readonly #loading = new Map<string, { promise: Promise<V>; stale: boolean }>();
  readonly #opts: KeptCacheOptions<V> & { now: () => number };

  constructor(opts: KeptCacheOptions<V>) {
    this.#opts = { ...opts, now: opts.now ?? Date.now };
  }

  get size() {
    return this.#entries.size;
  }

  /** What the entries weigh (`weigh`'s sum; 0 without it). */
  get bytes() {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    const { maxAgeMs, shortMs, live, now } = this.#opts;
    if (now() - hit.at >= (hit.kept && live() ? maxAgeMs : shortMs)) {
      this.#drop(key);
      return undefined;
    }
    return hit.value;
  }

  /** The cached value, or the loaded one; concurrent misses of one key load once. */
  through(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    if (this.#opts.shortMs <= 0) return load();
    let flight = this.#loading.get(key);
    if (!flight) {
      const started = { promise: undefined as unknown as Promise<V>, stale: false };
      started.promise = this.#load(key, load, started).finally(() => {
        if (this.#loading.get(key) === started) this.#loading.delete(key);
      });
      this.#loading.set(key, (flight = started));
    }
    return flight.promise;
  }

  async #load(key: string, load: () => Promise<V>, flight: { stale: boolean }): Promise<V> {
    // Whether the feed was live when the read began: one that comes up or goes down during it
    // clears the cache (stale), and a change committed during it is announced after (stale).
    const kept = this.#opts.live();
    const at = this.#opts.now();
    const value = await load();
    if (flight.stale) return value;
    const bytes = this.#opts.weigh?.(value) ?? 0;
    this.#drop(key);
    const { max = Infinity, maxBytes = Infinity } = this.#opts;
    if (bytes > maxBytes) return value;
    while (this.#entries.size > 0 && (this.#entries.size >= max || this.#bytes + bytes > maxBytes)) this.#drop(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, at, kept, bytes });
    this.#bytes += bytes;
    return value;
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  delete(key: string) {
    this.#drop(key);
    const flight = this.#loading.get(key);
    if (flight) {
      flight.stale = true;
      this.#loading.delete(key);
    }
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
    for (const flight of this.#loading.values()) flight.stale = true;
    this.#loading.clear();
  }
}
