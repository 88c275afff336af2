/**
 * Counts profile views without a write on the read path: views are added up in memory and
 * written in one batch every few seconds (and on shutdown). A crash loses at most one interval.
 */
export class ViewCounter {
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly #write: (counts: Map<string, number>, day: string) => Promise<void>;
  readonly #now: () => Date;

  constructor(write: (counts: Map<string, number>, day: string) => Promise<void>, now: () => Date, intervalMs = 5000) {
    this.#write = write;
    this.#now = now;
    if (intervalMs > 0) {
      this.#timer = setInterval(() => void this.flush().catch(() => {}), intervalMs);
      this.#timer.unref();
    }
  }

  record(listingId: string) {
    this.#pending.set(listingId, (this.#pending.get(listingId) ?? 0) + 1);
  }

  /**
   * Writes what is pending. Calls are serialised so two flushes never race on one batch; a
   * failed flush (the database away) keeps its counts for the next one and does not stop it.
   */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.catch(() => {}).then(async () => {
      if (this.#pending.size === 0) return;
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        await this.#write(batch, this.#now().toISOString().slice(0, 10));
      } catch (err) {
        for (const [id, n] of batch) this.#pending.set(id, (this.#pending.get(id) ?? 0) + n);
        throw err;
      }
    });
    return this.#flushing;
  }

  async stop() {
    clearInterval(this.#timer);
    await this.flush().catch(() => {});
  }
}
