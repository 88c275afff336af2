import type { CrawlBounds } from './crawler/types.ts';
import { createCrawler } from './crawler/crawler.ts';
import { createTxtRecords } from './outbound/txt-records.ts';
import type { ProofReaders } from './domain/claims/checks.ts';
import type { WorkPool } from './workers/pool.ts';
import { poolMetaFinder, poolPageReader } from './workers/adapters.ts';

/**
 * What verify_claim reads proofs through, as the service wires it: TXT records from DNS_SERVERS
 * (or the system's resolvers); homepages and /.well-known/ files through a crawler of their own
 * with the site crawler's settings (user agent and robots.txt token, bounds, allowed private
 * hosts); outside HTML parsed in the worker pool. The owner closes it when the node stops.
 */
export function proofReaders(
  opts: { userAgent: string; allowHosts: string[]; bounds: CrawlBounds; dnsServers: string[]; pageBudgetMs: number },
  pool: WorkPool,
): { readers: ProofReaders; close(): Promise<void> } {
  const crawler = createCrawler({ userAgent: opts.userAgent, allowHosts: opts.allowHosts, bounds: opts.bounds, readPage: poolPageReader(pool, opts.pageBudgetMs) });
  return {
    readers: {
      txt: createTxtRecords({ servers: opts.dnsServers }),
      fetchPage: (url) => crawler.fetchPage(url),
      fetchText: (url, o) => crawler.fetchText(url, o),
      findMeta: poolMetaFinder(pool, opts.pageBudgetMs),
    },
    close: () => crawler.close(),
  };
}
