import type { CrawlBounds, CrawlFailure, Crawler, CrawlProgress, CrawlResult, PageFetch, PageReader, PageSnapshot, SkippedPage, TextFetch } from './types.ts';
import { parseCrawlUrl } from './bounded-get.ts';
import { FetchSession } from './fetch-session.ts';
import type { SessionContext } from './fetch-session.ts';
import { candidatesFrom, pageKey, pickNext, siteKey } from './page-picker.ts';
import type { Candidate } from './page-picker.ts';
import { disallowedFailure } from './robots.ts';
import type { RobotsRules } from './robots.ts';
import { createSafeAgent } from '../outbound/safe-agent.ts';

export const DEFAULT_CRAWL_BOUNDS: CrawlBounds = {
  maxPages: 8,
  maxBytesPerPage: 2 * 1024 * 1024,
  timeMs: 20_000,
  maxRedirects: 5,
};

/** fetchPage (badge checks, competitors) may come back to a site often; its robots.txt is reused this long. */
const ROBOTS_REUSE_MS = 10 * 60_000;
const ROBOTS_REUSE_MAX_ORIGINS = 1_000;

export interface CrawlerOptions {
  /** e.g. 'LaunchyardBot/1.0 (+https://example.com/bot)'; the part before '/' is the robots.txt token. */
  userAgent: string;
  /** Hosts reachable even on private addresses, as written in a URL ('127.0.0.1', 'localhost', '[::1]'). */
  allowHosts: string[];
  bounds?: Partial<CrawlBounds>;
  now?: () => Date;
  /** HTML → stored text; the service passes the worker pool's reader (default: this thread, for tests and tools). */
  readPage?: PageReader;
}

/** A Crawler that owns its connection pool; close() when the service stops. */
export type ClosableCrawler = Crawler & {
  /** A small text file (a claim's /.well-known/ file) through the same safe fetch and robots check, at most maxBytes of it. */
  fetchText(url: string, opts: { maxBytes: number; signal?: AbortSignal }): Promise<TextFetch>;
  close(): Promise<void>;
};

export function createCrawler(opts: CrawlerOptions): ClosableCrawler {
  const bounds: CrawlBounds = { ...DEFAULT_CRAWL_BOUNDS, ...opts.bounds };
  const agent = createSafeAgent({ allowHosts: opts.allowHosts, connectTimeoutMs: Math.min(5_000, bounds.timeMs) });
  const base: SessionContext = {
    agent,
    userAgent: opts.userAgent,
    productToken: opts.userAgent.split('/')[0].trim() || opts.userAgent,
    bounds,
    now: opts.now ?? (() => new Date()),
    // The service reads pages in the worker pool; the in-process reader (and its HTML parser) loads only when used.
    readPage: opts.readPage ?? (async (...args) => (await import('./page-text.ts')).inProcessPageReader(...args)),
  };
  const reusedRobots = new Map<string, { rules: RobotsRules; until: number }>();
  const sharedRobots: SessionContext['sharedRobots'] = {
    get(origin) {
      const entry = reusedRobots.get(origin);
      if (entry && entry.until > Date.now()) return entry.rules;
      reusedRobots.delete(origin);
      return undefined;
    },
    set(origin, rules) {
      if (reusedRobots.size >= ROBOTS_REUSE_MAX_ORIGINS) reusedRobots.delete(reusedRobots.keys().next().value as string);
      reusedRobots.set(origin, { rules, until: Date.now() + ROBOTS_REUSE_MS });
    },
  };

  return {
    crawlSite: (url, options) => crawlSite(new FetchSession(base, options?.signal), url, options?.onProgress, options?.onPage),

    async fetchPage(url, options): Promise<PageFetch> {
      const start = parseCrawlUrl(url);
      if (!start) return { ok: false, failure: invalidUrl(url) };
      const session = new FetchSession({ ...base, sharedRobots }, options?.signal);
      session.throwIfCancelled();
      return session.fetchHtml(start);
    },

    async fetchText(url, options): Promise<TextFetch> {
      const start = parseCrawlUrl(url);
      if (!start) return { ok: false, failure: invalidUrl(url) };
      const session = new FetchSession({ ...base, sharedRobots }, options.signal);
      session.throwIfCancelled();
      return session.fetchText(start, options.maxBytes);
    },

    close: () => agent.close(),
  };
}

async function crawlSite(
  session: FetchSession,
  url: string,
  onProgress: ((p: CrawlProgress) => void | Promise<void>) | undefined,
  onPage: ((page: { url: string; title: string }) => void) | undefined,
): Promise<CrawlResult> {
  const { maxPages } = session.bounds;
  const start = parseCrawlUrl(url);
  if (!start) return { ok: false, failure: invalidUrl(url), pages: [] };
  session.throwIfCancelled();
  const fail = (failure: CrawlFailure, pages: PageSnapshot[] = []): CrawlResult => {
    session.throwIfCancelled();
    return { ok: false, failure, pages };
  };

  await onProgress?.({ stage: 'robots', pagesFetched: 0, pagesPlanned: 1 });
  const robots = await session.robotsFor(start);
  if (!robots.ok) return fail(robots.failure);
  if (!robots.rules.allows(start)) return fail(disallowedFailure(start, session.productToken));

  await onProgress?.({ stage: 'fetching', pagesFetched: 0, pagesPlanned: 1 });
  const home = await session.fetchHtml(start);
  if (!home.ok) return fail(home.failure);

  const pages = [home.page];
  onPage?.({ url: home.page.finalUrl, title: home.page.title });
  const skipped: SkippedPage[] = [];
  const finalHome = new URL(home.page.finalUrl);
  // The site is what was submitted and where it landed (example.com → www.example.com/en/).
  const siteKeys = new Set([siteKey(start), siteKey(finalHome)]);
  const seen = new Set([pageKey(start), pageKey(finalHome)]);
  const hashes = new Set([home.page.hash]);
  const pool: Candidate[] = [];
  const pooled = new Set<string>();
  const addCandidates = (page: PageSnapshot, topicsOnly: boolean) => {
    for (const candidate of candidatesFrom(page.links, siteKeys)) {
      // Beyond the home page only named topics are followed, so the crawl cannot wander off.
      if (topicsOnly && !candidate.topic) continue;
      const key = pageKey(new URL(candidate.url));
      if (seen.has(key) || pooled.has(key)) continue;
      pooled.add(key);
      pool.push(candidate);
    }
  };
  addCandidates(home.page, false);

  let planned = Math.min(maxPages, 1 + pool.length);
  await onProgress?.({ stage: 'fetching', pagesFetched: 1, pagesPlanned: planned });
  const pickedTopics = new Map<string, number>();

  while (pages.length < maxPages && !session.expired) {
    const next = pickNext(pool, pickedTopics);
    if (!next) break;
    pool.splice(pool.indexOf(next), 1);
    if (next.topic) pickedTopics.set(next.topic, (pickedTopics.get(next.topic) ?? 0) + 1);
    const target = new URL(next.url);
    seen.add(pageKey(target));

    // A page that is refused, missing, not HTML or too slow is skipped: the home page already
    // gave the crawl its base, and one bad link should not cost the founder the draft.
    const result = await session.fetchHtml(target);
    if (result.ok) {
      const landed = new URL(result.page.finalUrl);
      const fresh = !seen.has(pageKey(landed)) || pageKey(landed) === pageKey(target);
      if (siteKeys.has(siteKey(landed)) && fresh && !hashes.has(result.page.hash)) {
        pages.push(result.page);
        onPage?.({ url: result.page.finalUrl, title: result.page.title });
        hashes.add(result.page.hash);
        addCandidates(result.page, true);
      }
      seen.add(pageKey(landed));
    } else {
      skipped.push({ url: target.href, reason: result.failure.code === 'took_too_long' ? 'took too long' : result.failure.reason });
    }
    planned = Math.max(planned, Math.min(maxPages, pages.length + pool.length));
    await onProgress?.({ stage: 'fetching', pagesFetched: pages.length, pagesPlanned: planned });
  }
  // Out of time after the home page: what was read is still a crawl, only a shorter one.
  session.throwIfCancelled();
  return { ok: true, pages, skipped };
}

function invalidUrl(url: string): CrawlFailure {
  return { code: 'invalid_url', reason: `${url.slice(0, 200)} is not an http(s) web address.` };
}
