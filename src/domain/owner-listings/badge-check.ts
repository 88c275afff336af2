import type { PageFetch } from '../../crawler/types.ts';
import type { BadgeCheckOutcome } from '../../store/schema.ts';

/** What the badge check needs from the crawler: one page, through the safe fetch and robots.txt. */
export interface HomepageReader {
  fetchPage(url: string): Promise<PageFetch>;
}

export interface BadgeCheckResult {
  outcome: BadgeCheckOutcome;
  detail: string;
}

/** findBadge as the service runs it: in the worker pool, within a time budget (see workers/). */
export type BadgeFinder = (html: string, pageUrl: string, publicUrl: string, slug: string) => Promise<BadgeCheckResult>;

/**
 * One check of a free listing's homepage. verified / absent when the page was read; unverifiable
 * when it could not be (403 or another HTTP error, timeout, robots.txt disallows us, unreachable,
 * not HTML): the owner can fix that, and the next check tries again.
 */
export async function checkHomepage(
  reader: HomepageReader,
  p: { homepage: string; publicUrl: string; slug: string },
  // The parser loads with the first check (the service runs it in the worker pool: jobs/handlers.ts).
  find: BadgeFinder = async (...args) => (await import('./badge-page.ts')).findBadge(...args),
): Promise<BadgeCheckResult> {
  let fetched: PageFetch;
  try {
    fetched = await reader.fetchPage(p.homepage);
  } catch (err) {
    return { outcome: 'unverifiable', detail: `Could not read ${p.homepage}: ${(err as Error).message}` };
  }
  if (!fetched.ok) {
    const status = fetched.status ? ` (HTTP ${fetched.status})` : '';
    return { outcome: 'unverifiable', detail: `Could not read ${p.homepage}${status}: ${fetched.failure.reason}` };
  }
  const { page } = fetched;
  if (page.status < 200 || page.status > 299) {
    return { outcome: 'unverifiable', detail: `Could not read ${p.homepage}: HTTP ${page.status}.` };
  }
  return find(page.html, page.finalUrl || page.url, p.publicUrl, p.slug);
}
