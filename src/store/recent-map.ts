/**
 * The most recently set entries, about `max` of them, in two generations: when the young one is
 * full it becomes the old one and the old one is dropped. A Map used as a queue (delete the first
 * key on each insert) leaves a run of deleted slots that every `keys().next()` walks past; this
 * never deletes one entry at a time. An entry read from the old generation moves to the young one.
 */
export class RecentMap<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #half: number;

  constructor(max: number) {
    this.#half = Math.max(1, Math.ceil(max / 2));
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V) {
    if (this.#young.size >= this.#half) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
  }

  clear() {
    this.#young.clear();
    this.#old.clear();
  }
}
