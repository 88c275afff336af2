import type { Kysely } from 'kysely';
import type { DB } from '../store/schema.ts';
import { refreshTrendingScores } from '../store/trending-store.ts';
import { TRENDING } from '../domain/listings/directory.ts';

/**
 * Stored trending scores, recomputed on a schedule (TRENDING_REFRESH_MINUTES) and soon after
 * votes arrive (a vote sends this job, deduplicated, to run within half a minute). The order
 * between refreshes is the order at the last refresh: every score decays at the same rate.
 */
export async function runTrendingRefresh(db: Kysely<DB>, now: Date) {
  return { changed: await refreshTrendingScores(db, { now, ...TRENDING }) };
}
