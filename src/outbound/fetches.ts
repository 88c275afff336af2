import type { Config } from '../config.ts';
import { createSafeFetch } from './safe-fetch.ts';

/**
 * Every outbound fetch besides the crawler's goes through the safe fetch (outbound/): private
 * addresses refused before connecting, deadlines, bounded bodies. The operator's own model and
 * Domain Rating provider may be on a private host: exactly that host is allowed, for that client.
 */
export function outboundFetches(config: Pick<Config, 'cimdAllowHosts' | 'llm' | 'domainRatingProvider'>) {
  const cimd = createSafeFetch({ allowHosts: config.cimdAllowHosts, timeoutMs: 5_000, maxBodyBytes: 64 * 1024 });
  const model = config.llm
    ? createSafeFetch({ allowHosts: [new URL(config.llm.baseUrl).hostname], timeoutMs: config.llm.timeoutMs, maxBodyBytes: 4 * 1024 * 1024 })
    : undefined;
  const domainRating = config.domainRatingProvider
    ? createSafeFetch({ allowHosts: [new URL(config.domainRatingProvider.url.replace('{domain}', 'x')).hostname], timeoutMs: 10_000, maxBodyBytes: 256 * 1024 })
    : undefined;
  return {
    cimd,
    model,
    domainRating,
    close: async () => void (await Promise.all([cimd.close(), model?.close(), domainRating?.close()])),
  };
}
