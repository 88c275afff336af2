/**
 * The node's search engine: an in-memory index of the public listings (search-index.ts), built
 * from the store at start in batches that leave the event loop free, then kept current from the
 * database's change feed (store/listing-changes.ts): every committed change to a listing, on any
 * node, arrives here as its slug and is read again within milliseconds. While the index is not
 * built, or the feed is down (changes may have been missed), `ready()` is false and searches take
 * the SQL path; a feed that comes back, or a wide change, rebuilds it beside the one serving.
 */
import { EVERY_LISTING, type ListingChanges } from '../../../store/listing-changes.ts';
import type { SearchDocumentRow } from '../../../store/search-documents-store.ts';
import type { SearchDocument } from './document.ts';
import { rank, type RankedPage } from './ranking.ts';
import { SearchIndex, statusCode } from './search-index.ts';

export const SEARCH_ENGINE = {
  /**
   * Listings read per batch while building: on PGlite a read runs on the event loop, and 5,000
   * rows held requests behind it for a third of a second.
   */
  batch: 1000,
  /** Postings rewritten and listings gone since the build that start a rebuild (a share of all listings). */
  rebuildShare: 0.25,
  rebuildMin: 50_000,
};

export interface SearchDocumentsSource {
  page(afterId: number, limit: number): Promise<SearchDocumentRow[]>;
  bySlugs(slugs: string[]): Promise<SearchDocumentRow[]>;
  byIds(ids: number[]): Promise<SearchDocumentRow[]>;
  /** Sends `token` down the change feed after every change committed so far. */
  announce(token: string): Promise<void>;
}

/** Feed payloads that are not slugs (a slug never starts with it). */
const BARRIER = '~search-barrier:';
/** How long a strict search waits for its own barrier before it reads through SQL instead. */
const BARRIER_WAIT_MS = 2000;

const isPublic = (s: string): s is 'live' | 'scheduled' => s === 'live' || s === 'scheduled';
const asDocument = (r: SearchDocumentRow): SearchDocument => ({ ...r, id: Number(r.id), status: r.status as 'live' | 'scheduled' });

export interface ListingSearch {
  ready(): boolean;
  /**
   * Whether a search may be answered from the index now. Strict (read-your-writes, as the tests
   * ask with PROFILE_CACHE_MS 0): first every change committed so far is heard and applied.
   */
  usable(): Promise<boolean>;
  /** A ranked page of listing ids; call only when ready(). */
  search(words: readonly string[], status: 'live' | 'scheduled', offset: number, limit: number): RankedPage;
  /** Settles: the first build and the changes heard so far applied (tests, shutdown). */
  settled(): Promise<void>;
  /** Stops reading the store; resolves once no build or change read is in flight (before the database closes). */
  stop(): Promise<void>;
  /** Every change committed before the call heard and applied (false: the feed did not answer). */
  caughtUp(): Promise<boolean>;
  stats(): { listings: number; bytes: number; builds: number; building: boolean };
}

export function createListingSearch(deps: {
  source: SearchDocumentsSource;
  changes: ListingChanges;
  strict?: boolean;
  log?: (msg: string, extra?: object) => void;
}): ListingSearch {
  const { source, changes } = deps;
  const node = Math.random().toString(36).slice(2, 10);
  let barriers = 0;
  const awaited = new Map<string, () => void>();
  let index: SearchIndex | undefined;
  let building: Promise<void> | undefined;
  let rebuildAgain = false;
  let stopped = false;
  let builds = 0;
  // Slugs heard and not yet applied; during a build, kept for the new index too.
  let pending = new Set<string>();
  let flushing: Promise<void> | undefined;

  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function apply(target: SearchIndex, slugs: string[]) {
    const rows = await source.bySlugs(slugs);
    for (const r of rows) {
      if (isPublic(r.status)) target.upsert(asDocument(r));
      else target.remove(Number(r.id));
    }
    // A slug no row has any more: a listing deleted (or renamed, found again by its id).
    const found = new Set(rows.map((r) => r.slug));
    const lost = slugs.filter((s) => !found.has(s)).flatMap((s) => target.idsWithSlug(s));
    if (lost.length) {
      const again = await source.byIds(lost);
      const there = new Set(again.map((r) => Number(r.id)));
      for (const r of again) {
        if (isPublic(r.status)) target.upsert(asDocument(r));
        else target.remove(Number(r.id));
      }
      for (const id of lost) if (!there.has(id)) target.remove(id);
    }
  }

  function flush() {
    if (flushing || building || !index || stopped) return;
    const target = index;
    flushing = (async () => {
      while (pending.size && !stopped && target === index) {
        const slugs = [...pending].slice(0, 500);
        for (const s of slugs) pending.delete(s);
        await apply(target, slugs).catch((e) => {
          // A failed read leaves the index behind the database: rebuild rather than serve it stale.
          deps.log?.('search index: a change could not be read; rebuilding', { err: String(e) });
          rebuild();
        });
      }
      if (target.churn > Math.max(SEARCH_ENGINE.rebuildMin, target.listings * SEARCH_ENGINE.rebuildShare)) rebuild();
    })().finally(() => {
      flushing = undefined;
      if (pending.size && !building) flush();
    });
  }

  function rebuild() {
    if (stopped) return;
    if (building) {
      rebuildAgain = true;
      return;
    }
    const heard = pending;
    pending = new Set();
    building = (async () => {
      const started = Date.now();
      const fresh = await SearchIndex.build(async (after) => {
        // A node shutting down stops reading (its database is about to close).
        if (stopped) return [];
        return (await source.page(after, SEARCH_ENGINE.batch)).map(asDocument);
      }, pause);
      // Changes heard while building may or may not be in it: read them again.
      const during = [...heard, ...pending];
      pending = new Set();
      for (let i = 0; i < during.length; i += 500) await apply(fresh, during.slice(i, i + 500));
      if (stopped) return;
      index = fresh;
      builds++;
      deps.log?.('search index built', { listings: fresh.listings, ms: Date.now() - started, bytes: fresh.bytes });
    })()
      .catch((e) => {
        deps.log?.('search index: build failed; searching through SQL until the next try', { err: String(e) });
        index = undefined;
      })
      .finally(() => {
        building = undefined;
        if (rebuildAgain) {
          rebuildAgain = false;
          rebuild();
        } else flush();
      });
  }

  changes.subscribe((slug) => {
    if (slug.startsWith(BARRIER)) {
      awaited.get(slug)?.();
      return;
    }
    if (slug === EVERY_LISTING) {
      rebuild();
      return;
    }
    pending.add(slug);
    flush();
  });
  // The feed announces EVERY_LISTING when it comes up, or at once to a subscriber that came
  // later (listing-changes.ts): the build starts then; a change made before it listened would be missed.

  const ready = () => index !== undefined && changes.live();

  /** Every change committed before now heard: our own token came back down the feed. */
  async function heardAll(): Promise<boolean> {
    const token = `${BARRIER}${node}:${++barriers}`;
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<boolean>((resolve) => {
      awaited.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), BARRIER_WAIT_MS);
    });
    try {
      await source.announce(token);
      return await back;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      awaited.delete(token);
    }
  }

  const settled = async () => {
    for (;;) {
      const waiting = building ?? flushing;
      if (!waiting) {
        if (pending.size && index) {
          flush();
          continue;
        }
        return;
      }
      await waiting;
    }
  };

  return {
    ready,
    async usable() {
      if (!deps.strict) {
        // Changes already heard are a read of a few rows away: apply them first.
        if (index && !building && (pending.size || flushing)) await settled();
        return ready();
      }
      if (!changes.live()) return false;
      if (!(await heardAll())) return false;
      await settled();
      return ready();
    },
    search(words, status, offset, limit) {
      if (!index) throw new Error('search index not ready');
      return rank(index, words, statusCode(status), offset, limit);
    },
    settled,
    async caughtUp() {
      const heard = await heardAll();
      await settled();
      return heard;
    },
    async stop() {
      stopped = true;
      for (const awaited of [building, flushing]) await awaited?.catch(() => {});
    },
    stats: () => ({ listings: index?.listings ?? 0, bytes: index?.bytes ?? 0, builds, building: building !== undefined }),
  };
}
