import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { domainRatingStore } from '../store/domain-rating-store.ts';
import type { DomainRatingProvider } from './domain-rating-provider.ts';

const STALE_AFTER_DAYS = 7;
const BATCH = 200;

/**
 * Asks the provider for listings whose rating is older than a week. A failed or unknown lookup
 * writes nothing, so the last good value and its trend stay in place; the next run retries.
 */
export async function refreshDomainRatings(db: Kysely<DB>, provider: DomainRatingProvider, now: Date) {
  if (!provider.automatic) return { provider: provider.name, checked: 0, updated: 0, failed: 0, skipped: 'manual provider' };
  const store = domainRatingStore(db);
  const due = await store.stale(new Date(now.getTime() - STALE_AFTER_DAYS * 86_400_000), BATCH);
  let updated = 0;
  let failed = 0;
  for (const listing of due) {
    try {
      const value = await provider.lookup(listing.domain);
      if (value === null) continue;
      await store.record(listing.id, value, provider.name, now);
      updated++;
    } catch {
      failed++;
    }
  }
  return { provider: provider.name, checked: due.length, updated, failed };
}
