/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first). For
 * hot public reads that may be a few seconds stale; writers call delete() for their own node,
 * and other nodes catch up when the entry expires.
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
    if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, until: this.#now() + ttlMs });
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
