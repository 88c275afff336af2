/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first). For
 * hot public reads that may be a few seconds stale; writers call delete() for their own node,
 * and other nodes catch up when the entry expires. Expired entries at the old end go as new ones
 * come, so a cache of distinct reads (first views, crawlers) holds one lifetime's worth, not `max`.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(ttlMs: number, max: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#max = max;
    this.#now = now;
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores the value for the cache's TTL, or for `ttlMs` when given (an entry shared with an expiry). */
  set(key: string, value: V, ttlMs = this.#ttlMs) {
    const now = this.#now();
    this.#entries.delete(key); // to the new end: the order stays (about) the order of expiry
    for (const [oldest, entry] of this.#entries) {
      if (entry.until > now && this.#entries.size < this.#max) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, until: now + ttlMs });
  }

  get size() {
    return this.#entries.size;
  }

  delete(key: string) {
    this.#entries.delete(key);
  }

  /** The cached value, or the loaded one (stored); concurrent misses each load. */
  async through(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }
}
