import { boundedGet, parseCrawlUrl } from '../crawler/bounded-get.ts';
import { disallowedFailure, readRobots, ROBOTS_MAX_BYTES, type RobotsOutcome } from '../crawler/robots.ts';
import type { CrawlFailure } from '../crawler/types.ts';
import { createSafeAgent } from '../outbound/safe-agent.ts';

export interface PictureDownloadOptions {
  /** The crawler's User-Agent: the site sees the same bot (and its robots.txt group) as for its pages. */
  userAgent: string;
  /** Hosts reachable although private (tests, an intranet), as the crawler's CRAWLER_ALLOW_HOSTS. */
  allowHosts: string[];
  maxBytes: number;
  /** The whole download, robots.txt and redirects included. */
  timeMs: number;
  maxRedirects: number;
}

export type PictureDownload = { ok: true; bytes: Uint8Array; finalUrl: string } | { ok: false; failure: CrawlFailure };

const ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml;q=0.9,*/*;q=0.1';
const HOP_TIMEOUT_MS = 10_000;

/**
 * Downloads one picture from a drafted site the way the crawler reads its pages: through the safe
 * agent (a private, loopback or link-local address is refused at connect time, on every redirect
 * hop), redirects followed by hand and counted, robots.txt obeyed on every hop's origin, one
 * deadline over everything, and a body one byte over the bound refused rather than read on. What
 * the bytes are is not asked of the server: processing reads the type from the bytes.
 */
export function pictureDownloader(opts: PictureDownloadOptions) {
  const agent = createSafeAgent({ allowHosts: opts.allowHosts, connectTimeoutMs: Math.min(5_000, opts.timeMs) });
  const productToken = opts.userAgent.split('/')[0].trim() || opts.userAgent;

  async function download(url: string, signal?: AbortSignal): Promise<PictureDownload> {
    const start = parseCrawlUrl(url);
    if (!start) return { ok: false, failure: { code: 'invalid_url', reason: `${url} is not an http(s) address.` } };
    const deadline = AbortSignal.timeout(opts.timeMs);
    const all = signal ? AbortSignal.any([deadline, signal]) : deadline;
    const get = (u: URL, accept: string, maxBytes: number, beforeHop?: (hop: URL) => Promise<CrawlFailure | null>) =>
      boundedGet(u, {
        agent,
        userAgent: opts.userAgent,
        accept,
        maxBytes,
        maxRedirects: opts.maxRedirects,
        hopTimeoutMs: Math.min(HOP_TIMEOUT_MS, opts.timeMs),
        signal: all,
        beforeHop,
        wantBody: (status) => status >= 200 && status < 300,
      });
    const robots = new Map<string, Promise<RobotsOutcome>>();
    const mayRequest = async (hop: URL): Promise<CrawlFailure | null> => {
      let rules = robots.get(hop.origin);
      if (!rules) robots.set(hop.origin, (rules = readRobots(hop, productToken, (r) => get(r, 'text/plain,*/*;q=0.1', ROBOTS_MAX_BYTES))));
      const outcome = await rules;
      if (!outcome.ok) return outcome.failure;
      return outcome.rules.allows(hop) ? null : disallowedFailure(hop, productToken);
    };

    // One byte more than the bound is asked for: a body that fills it is too large, not cut short.
    const outcome = await get(start, ACCEPT, opts.maxBytes + 1, mayRequest);
    if (signal?.aborted) throw signal.reason;
    if (!outcome.ok) return outcome;
    const res = outcome.response;
    if (res.status < 200 || res.status >= 300) return { ok: false, failure: { code: 'http_error', reason: `${res.finalUrl} answered HTTP ${res.status}.` } };
    if (res.body.byteLength > opts.maxBytes) {
      return { ok: false, failure: { code: 'too_large', reason: `${res.finalUrl} is larger than ${megabytes(opts.maxBytes)}, the most a picture may be.` } };
    }
    return { ok: true, bytes: res.body, finalUrl: res.finalUrl };
  }

  return { download, close: () => agent.close() };
}
export type PictureDownloader = ReturnType<typeof pictureDownloader>;

const megabytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(n / 1024)} kB`);
