/** The service objects the bench scripts call in-process (caches off), and what must be closed after. */
import type { Kysely } from 'kysely';
import type { DB } from '../../src/store/schema.ts';
import { createServices, type Services } from '../../src/services.ts';
import { createWorkPool } from '../../src/workers/pool.ts';
import { createSafeFetch } from '../../src/outbound/safe-fetch.ts';
import { proofReaders } from '../../src/proof-readers.ts';
import { DEFAULT_CRAWL_BOUNDS } from '../../src/crawler/crawler.ts';
import { configuredMediaStorage } from '../../src/media/storage/configured-storage.ts';

export function benchServices(db: Kysely<DB>): { services: Services; close(): Promise<void> } {
  const pool = createWorkPool(); // no thread starts: the reads never use it
  const cimdFetch = createSafeFetch({ allowHosts: [], timeoutMs: 5_000, maxBodyBytes: 64 * 1024 });
  const proofs = proofReaders({ userAgent: 'LaunchyardBot/1.0', allowHosts: [], bounds: DEFAULT_CRAWL_BOUNDS, dnsServers: [], pageBudgetMs: 2000 }, pool);
  const media = configuredMediaStorage({ dataDir: 'memory://', media: {} }); // the reads never store a picture
  const services = createServices({ db, publicUrl: 'http://127.0.0.1', viewFlushMs: 0, profileCacheMs: 0, pool, cimdFetch, claimProofs: proofs.readers, mediaStorage: media.storage });
  return {
    services,
    async close() {
      await services.listings.views.stop();
      await pool.close();
      await cimdFetch.close();
      await proofs.close();
      await media.close();
    },
  };
}
