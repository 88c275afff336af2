import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';
import { summaryColumns, type SummaryRow } from './listing-summary.ts';
import { executePrepared } from './prepared.ts';

export const SEARCH_LIMITS = {
  /**
   * Relevance ranking (ts_rank, then votes, then id) covers the `head` most voted matches;
   * further matches follow by votes. A query with at most this many matches is ranked entirely.
   * Ranking every match of a common word cost ~60 ms at 100k listings; a head of 200 cost 3.4 ms
   * on PostgreSQL and 6.2 ms on PGlite, 100 costs 1.3 and 1.7 ms (docs/decisions.md).
   */
  head: 100,
  /** Up to this many matches, `total` is an exact count; above, it may be an estimate. */
  exactTotal: 1000,
  /** Dictionary count from which a query is worth walking the most voted listings first. */
  commonMatches: 3000,
  /** Most voted listings the walk reads before it gives up on filling the head. */
  walkRows: 5000,
};
export type SearchLimits = typeof SEARCH_LIMITS;

export interface RelevanceQuery {
  /** The full-text query, already built from the correction groups. */
  tsq: RawBuilder<unknown>;
  status: 'live' | 'scheduled';
  /** Conditions on the listing `l` (category, stage, country, pricing model, domain). */
  filters: RawBuilder<unknown>[];
  limit: number;
  offset: number;
  likelyMatches?: number;
}

/** One page of listings matching tsq in relevance order, and the total (see SEARCH_LIMITS.exactTotal). */
export async function relevanceSearch(
  db: Kysely<DB>,
  query: RelevanceQuery,
  limits: SearchLimits = SEARCH_LIMITS,
): Promise<{ rows: SummaryRow[]; total: number; totalIsEstimate: boolean }> {
  const walkable = query.filters.length === 0 && query.offset + query.limit <= limits.head && (query.likelyMatches ?? 0) >= limits.commonMatches;
  if (walkable) {
    const walked = await headByWalk(db, query, limits);
    if (walked) return { ...walked, totalIsEstimate: true };
  }
  return { ...(await allMatches(db, query, limits.head)), totalIsEstimate: false };
}

/**
 * A common query: walk the public listings from the most voted, testing each against the query,
 * until the head is full; rank only the head. The total is estimated from the share of matches
 * among the listings walked. Undefined when the walk is not worth it (too few matches).
 */
async function headByWalk(db: Kysely<DB>, query: RelevanceQuery, limits: SearchLimits): Promise<{ rows: SummaryRow[]; total: number } | undefined> {
  const { tsq, status, limit, offset } = query;
  const { head, walkRows, exactTotal } = limits;
  // Prepared: the statement's shape never changes with the words, so one generic plan serves every
  // common query. The query is computed once (in q), not for each listing walked past.
  const result = await executePrepared(
    db,
    sql<SummaryRow & { hits: number; walked: number; population: string }>`
    with q as (
      select ${tsq} as tsq
    ), walk as (
      select s.listing_id, s.votes_count, s.search_vector, s.search_vector @@ (select tsq from q) as hit,
        row_number() over (order by s.votes_count desc, s.listing_id) as walked
      from listing_search s
      where s.status = ${status}
      order by s.votes_count desc, s.listing_id
      limit ${sql.lit(walkRows)}
    ), head as (
      select listing_id, votes_count, search_vector, walked from walk where hit limit ${sql.lit(head)}
    ), ranked as (
      select listing_id, count(*) over ()::int as hits, max(walked) over ()::int as walked,
        row_number() over (order by ts_rank(search_vector, (select tsq from q)) desc, votes_count desc, listing_id) as pos
      from head
    )
    select ${summaryColumns}, r.hits, r.walked,
      (select c.listings from listing_search_counts c where c.status = ${status}) as population
    from ranked r
    join listings l on l.id = r.listing_id
    left join categories pc on pc.id = l.primary_category_id
    where r.pos > ${offset} and r.pos <= ${offset + limit}
    order by r.pos`,
  );
  const first = result.rows[0];
  if (!first || first.hits < head) return undefined;
  const population = Number(first.population);
  // Listings walked past without a match cannot match: the estimate never counts them.
  const estimate = Math.min(Math.round((head / first.walked) * population), population - first.walked + head);
  if (estimate <= exactTotal) return undefined;
  return { rows: result.rows.map(({ hits: _h, walked: _w, population: _p, ...row }) => row), total: estimate };
}

/** Every match, read through the full-text index: exact order and exact total. */
async function allMatches(db: Kysely<DB>, query: RelevanceQuery, head: number): Promise<{ rows: SummaryRow[]; total: number }> {
  const { tsq, status, filters, limit, offset } = query;
  const from = filters.length ? sql`listing_search s join listings l on l.id = s.listing_id` : sql`listing_search s`;
  const where = sql.join([sql`s.status = ${status}`, sql`s.search_vector @@ (${tsq})`, ...filters], sql` and `);
  const result = await sql<SummaryRow & { total: number }>`
    with matches as (
      select s.listing_id, s.votes_count, s.search_vector,
        row_number() over (order by s.votes_count desc, s.listing_id) as by_votes
      from ${from}
      where ${where}
    ), ranked as (
      select m.listing_id, count(*) over ()::int as total,
        row_number() over (
          order by m.by_votes > ${head},
            case when m.by_votes <= ${head} then ts_rank(m.search_vector, (${tsq})) end desc nulls last,
            m.votes_count desc, m.listing_id) as pos
      from matches m
      order by pos
      limit ${limit} offset ${offset}
    )
    select ${summaryColumns}, r.total
    from ranked r
    join listings l on l.id = r.listing_id
    left join categories pc on pc.id = l.primary_category_id
    order by r.pos`.execute(db);
  const rows = result.rows;
  if (rows[0]) return { rows: rows.map(({ total: _t, ...row }) => row), total: rows[0].total };
  if (offset === 0) return { rows: [], total: 0 };
  // count(*) over () is absent when the page is past the end; count separately then.
  const count = await sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db);
  return { rows: [], total: count.rows[0].n };
}
