import robotsParserModule from 'robots-parser';
import type { CrawlFailure } from './types.ts';
import type { GetOutcome } from './bounded-get.ts';

export interface RobotsRules {
  allows(url: URL): boolean;
  /** Crawl-delay for our group (or '*'), 0 when none. */
  crawlDelayMs: number;
}

export type RobotsOutcome = { ok: true; rules: RobotsRules } | { ok: false; failure: CrawlFailure };

/** RFC 9309: a crawler must read at least 500 KiB of robots.txt; the rest may be ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

// The package is CommonJS whose typings declare an ES default export; at run time Node hands us
// module.exports (the function itself).
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ALLOW_ALL: RobotsRules = { allows: () => true, crawlDelayMs: 0 };

/**
 * Reads an origin's robots.txt the RFC 9309 way: a 4xx (no file) allows everything; a 5xx, a 429
 * or no answer in time means "closed for now", and the caller fails with a reason instead of
 * guessing. Rules are matched for our product token (e.g. LaunchyardBot); robots-parser picks our
 * own group over '*'.
 */
export async function readRobots(origin: URL, productToken: string, get: (url: URL) => Promise<GetOutcome>): Promise<RobotsOutcome> {
  const robotsUrl = new URL('/robots.txt', origin);
  const outcome = await get(robotsUrl);
  if (!outcome.ok) {
    const { code } = outcome.failure;
    // Too many redirects or a redirect off the web: the file is "unavailable", which allows all.
    if (code === 'too_many_redirects' || code === 'invalid_url') return { ok: true, rules: ALLOW_ALL };
    if (code === 'timeout') {
      return {
        ok: false,
        failure: { code: 'timeout', reason: `${robotsUrl.href} did not answer in time; a site whose robots.txt cannot be read is not crawled. Try again later.` },
      };
    }
    return outcome;
  }
  const { status, body } = outcome.response;
  if (status === 429 || status >= 500) {
    return {
      ok: false,
      failure: {
        code: 'robots_disallowed',
        reason: `${robotsUrl.href} answered HTTP ${status}; until it can be read the site counts as closed to crawlers. Try again later.`,
      },
    };
  }
  if (status < 200 || status >= 300) return { ok: true, rules: ALLOW_ALL };

  const text = new TextDecoder('utf-8').decode(body);
  const robots = robotsParser(robotsUrl.href, text);
  const delay = robots.getCrawlDelay(productToken);
  return {
    ok: true,
    rules: {
      // undefined means "not this origin", which never happens here; treat it as a refusal anyway.
      allows: (url) => robots.isAllowed(url.href, productToken) === true,
      crawlDelayMs: typeof delay === 'number' && delay > 0 ? delay * 1000 : 0,
    },
  };
}

/** "robots.txt disallows LaunchyardBot on /pricing." */
export function disallowedFailure(url: URL, productToken: string): CrawlFailure {
  return {
    code: 'robots_disallowed',
    reason: `${new URL('/robots.txt', url).href} disallows ${productToken} on ${url.pathname}${url.search}.`,
  };
}
