import type { Listen } from './notifications.ts';

/** The channel migration 0022's triggers notify with a changed listing's slug. */
export const LISTING_CHANGES_CHANNEL = 'listing_changes';
/** The payload that stands for every listing (a renamed category shows in many profiles). */
export const EVERY_LISTING = '*';

/**
 * Which public listings changed, as the database commits the changes, whoever made them: a
 * request on any node, a job, the CLI. While the feed is not live (not yet listening, or the
 * connection was lost) callers must not keep entries for long; when it goes down or comes back
 * they hear EVERY_LISTING, since changes in between were not heard. A subscriber added while the
 * feed is live hears EVERY_LISTING at once: it missed the start (the documents job's start-up pass
 * was lost this way: app.ts subscribes after the feed may have come up).
 */
export interface ListingChanges {
  live(): boolean;
  subscribe(fn: (slug: string) => void): void;
  close(): Promise<void>;
}

export function listingChanges(listen: Listen): ListingChanges {
  const subscribers: ((slug: string) => void)[] = [];
  let live = false;
  const tell = (slug: string) => {
    for (const fn of subscribers) fn(slug);
  };
  const stop = listen(LISTING_CHANGES_CHANNEL, {
    message: tell,
    up() {
      live = true;
      tell(EVERY_LISTING);
    },
    down() {
      live = false;
      tell(EVERY_LISTING);
    },
  });
  return {
    live: () => live,
    subscribe(fn) {
      subscribers.push(fn);
      if (live) fn(EVERY_LISTING);
    },
    async close() {
      live = false;
      await stop();
    },
  };
}

/** No feed (scripts that use the services briefly): never live, so caches keep their short lifetimes. */
export const noListingChanges: ListingChanges = { live: () => false, subscribe: () => {}, close: async () => {} };
