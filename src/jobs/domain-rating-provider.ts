/**
 * Where Domain Rating values come from. The offline default has none of its own: values are set
 * by an administrator or imported (npm run cli -- dr:set / dr:import). A real provider is an HTTP
 * API behind configuration.
 */
export interface DomainRatingProvider {
  readonly name: string;
  /** True when the refresh job should ask this provider at all. */
  readonly automatic: boolean;
  /** The current rating 0–100, or null when the provider does not know the domain. Throws on failure. */
  lookup(domain: string): Promise<number | null>;
}

export const manualProvider: DomainRatingProvider = {
  name: 'manual',
  automatic: false,
  lookup: async () => null,
};

export interface HttpProviderConfig {
  /** URL template with {domain}, e.g. https://api.example/v1/dr?target={domain} */
  url: string;
  apiKey?: string;
  /** Dotted path of the number in the JSON answer. */
  field: string;
  timeoutMs?: number;
  name?: string;
  /** The service's safe fetch, the provider's host allowed (outbound/safe-fetch.ts). */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

/** Any HTTP API that answers JSON with the rating at a known path. */
export function httpProvider(cfg: HttpProviderConfig): DomainRatingProvider {
  return {
    name: cfg.name ?? new URL(cfg.url.replace('{domain}', 'x')).hostname,
    automatic: true,
    async lookup(domain) {
      const res = await cfg.fetch(cfg.url.replace('{domain}', encodeURIComponent(domain)), {
        headers: { accept: 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
        signal: AbortSignal.timeout(cfg.timeoutMs ?? 5000),
        redirect: 'error',
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`domain rating provider answered ${res.status} for ${domain}`);
      let value: unknown = await res.json();
      for (const key of cfg.field.split('.')) value = (value as Record<string, unknown> | null)?.[key];
      if (value === null || value === undefined) return null;
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`domain rating provider gave ${JSON.stringify(value)} for ${domain}`);
      return Math.round(n);
    },
  };
}
