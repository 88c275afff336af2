import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * listings.trending_score: the sum over a listing's votes of the last `windowDays` of
 * weight × 0.5^(age / halfLife) (the weight: vote-weighting.ts), stored relative to a reference time (trending_state.reference_at) instead
 * of "now". Between two moments every score decays by the same factor, so the order stays right
 * without rewriting every row: a refresh recomputes only the listings whose votes changed since
 * the last one (new votes, withdrawn votes, votes that left the window). Writes go in batches, so
 * no statement holds the database (and PGlite's event loop) for long. The reference moves forward
 * twice a year (a full recompute), before the stored numbers grow large.
 */
export const TRENDING_REBASE_MS = 180 * 86_400_000;
/** Rows per statement: on PGlite a statement holds the event loop, 200 rows about 70 ms. */
const BATCH = 200;
/** New votes are looked for a little before the last refresh: a vote committed late is still seen. */
const OVERLAP_MS = 5 * 60_000;

export interface TrendingParams {
  now: Date;
  halfLifeHours: number;
  windowDays: number;
}

export async function refreshTrendingScores(db: Kysely<DB>, p: TrendingParams): Promise<number> {
  const windowMs = p.windowDays * 86_400_000;
  const state = (await sql<{ reference_at: Date; computed_until: Date }>`select reference_at, computed_until from trending_state where id = 1`.execute(db)).rows[0];
  const full = !state || p.now.getTime() - new Date(state.reference_at).getTime() > TRENDING_REBASE_MS || new Date(state.computed_until) > p.now;
  const reference = full ? p.now : new Date(state.reference_at);
  const since = full ? undefined : new Date(state.computed_until);

  // Taken before the votes are read: a vote withdrawn from here on marks its listing for the next run.
  const stale = (await sql<{ listing_id: string }>`delete from trending_stale returning listing_id`.execute(db)).rows.map((r) => r.listing_id);
  const candidates = full
    ? await sql<{ id: string }>`
        select id from listings where trending_score <> 0
        union
        select distinct listing_id from votes where created_at > ${new Date(p.now.getTime() - windowMs)} and created_at <= ${p.now}`.execute(db)
    : await sql<{ id: string }>`
        select distinct listing_id as id from votes
        where (created_at > ${new Date(since!.getTime() - OVERLAP_MS)} and created_at <= ${p.now})
           or (created_at > ${new Date(since!.getTime() - windowMs)} and created_at <= ${new Date(p.now.getTime() - windowMs)})`.execute(db);
  const ids = [...new Set([...candidates.rows.map((r) => r.id), ...stale])];

  let changed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const r = await sql`
      update listings l set trending_score = coalesce(f.score, 0)
      from unnest(${batch}::bigint[]) as c(id)
      left join (
        select v.listing_id as id, sum(v.points / 1000.0 * power(0.5, extract(epoch from (${reference}::timestamptz - v.created_at)) / ${p.halfLifeHours * 3600})) as score
        from votes v
        where v.listing_id = any(${batch}::bigint[])
          and v.created_at > ${p.now}::timestamptz - make_interval(days => ${p.windowDays}) and v.created_at <= ${p.now}::timestamptz
        group by v.listing_id
      ) f on f.id = c.id
      where l.id = c.id and l.trending_score is distinct from coalesce(f.score, 0)`.execute(db);
    changed += Number(r.numAffectedRows ?? 0);
  }
  await sql`insert into trending_state (id, reference_at, computed_until) values (1, ${reference}, ${p.now})
    on conflict (id) do update set reference_at = excluded.reference_at, computed_until = excluded.computed_until`.execute(db);
  return changed;
}
