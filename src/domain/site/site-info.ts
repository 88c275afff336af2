import type { SiteInfo } from '../../contract/site.ts';
import type { SiteStore } from '../../store/site-store.ts';
import type { CacheFactory } from '../../store/shared-cache.ts';

export const MCP_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];

export async function getSiteInfo(store: SiteStore, publicUrl: string): Promise<SiteInfo> {
  const [settings, counts] = await Promise.all([store.settings(), store.counts()]);
  return {
    name: settings.name,
    purpose: settings.purpose,
    timezone: settings.timezone,
    urls: {
      site: publicUrl,
      api: `${publicUrl}/api/v1`,
      docs: `${publicUrl}/docs`,
      openapi: `${publicUrl}/api/v1/openapi.json`,
      mcp: `${publicUrl}/mcp`,
      problems: `${publicUrl}/docs/problems`,
    },
    counts,
    free_launch_queue_weeks: { min: settings.free_queue_min_weeks, max: settings.free_queue_max_weeks },
    mcp_protocol_versions: MCP_VERSIONS,
  };
}

/**
 * get_site_info as the other public reads are served: at most `ttlMs` old (the home page, the
 * pricing page, feeds and llms.txt all ask for it).
 */
export function cachedSiteInfo(store: SiteStore, publicUrl: string, cache: CacheFactory, ttlMs: number) {
  const info = cache<SiteInfo>('site-info', ttlMs, 1);
  return () => info.through('info', () => getSiteInfo(store, publicUrl));
}
