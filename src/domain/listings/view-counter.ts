/**
 * Counts profile views without a write on the read path: views are added up in memory and
 * written every VIEW_FLUSH_MS (and on shutdown). A crash loses at most one interval.
 *
 * A flush costs a row write per listing viewed, however many views it adds (listing_views,
 * migration 0023): crawlers read tens of thousands of profiles, so a flush every 30 s writes each
 * such listing once where one every 5 s wrote it six times. Chunks of VIEW_FLUSH_CHUNK listings,
 * each its own short transaction, keep no row locked for long.
 */
export const VIEW_FLUSH_MS = 30_000;
export const VIEW_FLUSH_CHUNK = 1000;

export class ViewCounter {
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  readonly #write: (counts: Map<string, number>, day: string) => Promise<void>;
  readonly #now: () => Date;
  readonly #chunk: number;

  constructor(write: (counts: Map<string, number>, day: string) => Promise<void>, now: () => Date, intervalMs = VIEW_FLUSH_MS, chunk = VIEW_FLUSH_CHUNK) {
    this.#write = write;
    this.#now = now;
    this.#chunk = chunk;
    if (intervalMs > 0) {
      this.#timer = setInterval(() => void this.flush().catch(() => {}), intervalMs);
      this.#timer.unref();
    }
  }

  record(listingId: string) {
    this.#pending.set(listingId, (this.#pending.get(listingId) ?? 0) + 1);
  }

  /**
   * Writes what is pending, chunk by chunk in id order (two flushes on two nodes lock rows in the
   * same order). Calls are serialised so two flushes never race on one batch; a chunk that fails
   * (the database away) keeps its counts and those of the chunks after it for the next flush.
   */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.catch(() => {}).then(async () => {
      if (this.#pending.size === 0) return;
      const batch = this.#pending;
      this.#pending = new Map();
      const ids = [...batch.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
      const day = this.#now().toISOString().slice(0, 10);
      for (let from = 0; from < ids.length; from += this.#chunk) {
        const chunk = new Map(ids.slice(from, from + this.#chunk).map((id) => [id, batch.get(id)!]));
        try {
          await this.#write(chunk, day);
        } catch (err) {
          for (const id of ids.slice(from)) this.#pending.set(id, (this.#pending.get(id) ?? 0) + batch.get(id)!);
          throw err;
        }
      }
    });
    return this.#flushing;
  }

  async stop() {
    clearInterval(this.#timer);
    await this.flush().catch(() => {});
  }
}
