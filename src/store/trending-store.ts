import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Recomputes listings.trending_score: the sum over each listing's votes of the last `windowDays`
 * of 0.5^(age / halfLife), at `now`. Only listings with recent votes, or a score to reset, are
 * read and written (listings_trending_positive_idx): the cost follows the recent votes, not the
 * directory. Returns how many scores changed.
 */
export async function refreshTrendingScores(db: Kysely<DB>, p: { now: Date; halfLifeHours: number; windowDays: number }): Promise<number> {
  const r = await sql`
    update listings l set trending_score = coalesce(f.score, 0)
    from (
      select id from listings where trending_score > 0
      union
      select distinct v.listing_id from votes v
      where v.created_at > ${p.now}::timestamptz - make_interval(days => ${p.windowDays}) and v.created_at <= ${p.now}::timestamptz
    ) c
    left join (
      select v.listing_id as id,
        sum(power(0.5, extract(epoch from (${p.now}::timestamptz - v.created_at)) / ${p.halfLifeHours * 3600})) as score
      from votes v
      where v.created_at > ${p.now}::timestamptz - make_interval(days => ${p.windowDays}) and v.created_at <= ${p.now}::timestamptz
      group by v.listing_id
    ) f on f.id = c.id
    where l.id = c.id and l.trending_score is distinct from coalesce(f.score, 0)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
