import type { Config } from '../config.ts';
import { createSafeFetch } from './safe-fetch.ts';

/**
 * Every outbound fetch besides the crawler's goes through the safe fetch (outbound/): private
 * addresses refused before connecting, deadlines, bounded bodies. The operator's own model and
 * Domain Rating provider may be on a private host: exactly that host is allowed, for that client;
 * so may the sign-in providers' configured endpoints (their discovery may name other, public hosts).
 */
const REAL_PROVIDER_HOSTS = new Set(['github.com', 'api.github.com', 'accounts.google.com']);

export function outboundFetches(config: Pick<Config, 'cimdAllowHosts' | 'llm' | 'domainRatingProvider'> & Partial<Pick<Config, 'signInProviders'>>) {
  const cimd = createSafeFetch({ allowHosts: config.cimdAllowHosts, timeoutMs: 5_000, maxBodyBytes: 64 * 1024 });
  const model = config.llm
    ? createSafeFetch({ allowHosts: [new URL(config.llm.baseUrl).hostname], timeoutMs: config.llm.timeoutMs, maxBodyBytes: 4 * 1024 * 1024 })
    : undefined;
  const domainRating = config.domainRatingProvider
    ? createSafeFetch({ allowHosts: [new URL(config.domainRatingProvider.url.replace('{domain}', 'x')).hostname], timeoutMs: 10_000, maxBodyBytes: 256 * 1024 })
    : undefined;
  // GitHub's and Google's endpoints as configured: the real ones are judged like any host, an
  // operator's own provider (or a test's loopback one) is allowed by name.
  const { github, google } = config.signInProviders ?? {};
  const signInUrls = [github?.authorizeUrl, github?.tokenUrl, github?.apiUrl, google?.issuer].filter((u): u is string => u !== undefined);
  const signIn = signInUrls.length
    ? createSafeFetch({
        allowHosts: [...new Set(signInUrls.map((u) => new URL(u).hostname))].filter((h) => !REAL_PROVIDER_HOSTS.has(h)),
        timeoutMs: 10_000,
        maxBodyBytes: 256 * 1024,
      })
    : undefined;
  return {
    cimd,
    model,
    domainRating,
    signIn,
    close: async () => void (await Promise.all([cimd.close(), model?.close(), domainRating?.close(), signIn?.close()])),
  };
}
