/**
 * An in-process cache whose entries are kept until the database's change feed names them
 * (store/listing-changes.ts), or for `maxAgeMs` at most. While the feed is not live, an entry
 * lives `shortMs`, like the other public caches. Oldest entries go first past `max`.
 *
 * A load that began before a change must not keep what it read: delete() and clear() during a
 * load make it return its value without storing it (the change's notification arrives after the
 * commit, and the load may have read the row before it).
 */
export class KeptCache<V> {
  readonly #entries = new Map<string, { value: V; at: number; kept: boolean }>();
  /** Loads in flight; delete() and clear() mark theirs stale. */
  readonly #loading = new Map<string, { promise: Promise<V>; stale: boolean }>();
  readonly #opts: { maxAgeMs: number; shortMs: number; max: number; live: () => boolean; now: () => number };

  constructor(opts: { maxAgeMs: number; shortMs: number; max: number; live: () => boolean; now?: () => number }) {
    this.#opts = { ...opts, now: opts.now ?? Date.now };
  }

  get size() {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    const { maxAgeMs, shortMs, live, now } = this.#opts;
    if (now() - hit.at >= (hit.kept && live() ? maxAgeMs : shortMs)) {
      this.#entries.delete(key);
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
    if (this.#entries.size >= this.#opts.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, at, kept });
    return value;
  }

  delete(key: string) {
    this.#entries.delete(key);
    const flight = this.#loading.get(key);
    if (flight) {
      flight.stale = true;
      this.#loading.delete(key);
    }
  }

  clear() {
    this.#entries.clear();
    for (const flight of this.#loading.values()) flight.stale = true;
    this.#loading.clear();
  }
}
