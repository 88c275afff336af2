import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';
import { cardColumns, withViewCounts, type SummaryRow } from './listing-summary.ts';

/**
 * Browsing public listings in one of the six orders, with filters, at any size of directory:
 * each order is read from an index that matches it (migration 0011), so a page reads its rows and
 * stops; totals come from kept counts where they can, else an exact count up to a bound and an
 * estimate past it. No request sorts or counts the whole table.
 */

export type BrowseSort = 'relevance' | 'newest' | 'votes' | 'trending' | 'most_viewed' | 'most_followed';

/** ORDER BY of each sort, exactly as its index (listings_browse_*_idx) orders it. */
const ORDER: Record<BrowseSort, RawBuilder<unknown>> = {
  // Without a query, relevance is popularity: the votes order.
  relevance: sql`l.vote_points desc, l.published_at asc nulls last, l.id`,
  votes: sql`l.vote_points desc, l.published_at asc nulls last, l.id`,
  newest: sql`l.published_at desc nulls last, l.id desc`,
  trending: sql`l.trending_score desc, l.votes_count desc, l.id`,
  // View counts live in listing_views (migration 0023), read through its (status, views, id) index.
  most_viewed: sql`lv.views desc, lv.listing_id`,
  most_followed: sql`l.follows_count desc, l.id`,
};

export const BROWSE_LIMITS = {
  /** Up to this many matches a filtered total is counted exactly; past it, it is the planner's estimate. */
  exactTotal: 1000,
};

export interface BrowseQuery {
  status: 'live' | 'scheduled';
  sort: BrowseSort;
  /** A full-text condition on `l` (a query with another order than relevance). */
  text?: RawBuilder<unknown>;
  categorySlug?: string;
  stage?: string;
  country?: string;
  pricingModel?: string;
  /** Normalised: the host without www. */
  domain?: string;
  limit: number;
  offset: number;
}

export interface BrowsePage {
  rows: SummaryRow[];
  total: number;
  totalIsEstimate: boolean;
}

/** Conditions on `l` other than status and category (see BrowseQuery). */
export function listingFilters(q: Pick<BrowseQuery, 'stage' | 'country' | 'pricingModel' | 'domain' | 'text'>): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.stage) where.push(sql`l.stage = ${q.stage}`);
  if (q.country) where.push(sql`l.country = ${q.country}`);
  if (q.pricingModel) where.push(sql`lower(l.pricing_model) = lower(${q.pricingModel})`);
  if (q.domain) {
    // Subdomains match a registrable domain ("example.com"), never a bare suffix like "com": a
    // suffix of the name is a prefix of the reversed name (listings_domain_reverse_idx).
    where.push(q.domain.includes('.') ? sql`(l.domain = ${q.domain} or reverse(l.domain) like ${suffixPattern(q.domain)})` : sql`l.domain = ${q.domain}`);
  }
  if (q.text) where.push(q.text);
  return where;
}

/** LIKE pattern of the reversed names ending in ".domain". */
function suffixPattern(domain: string): string {
  const reversed = [...`.${domain}`].reverse().join('');
  return `${reversed.replace(/[%_\\]/g, '\\$&')}%`;
}

export async function browse(db: Kysely<DB>, q: BrowseQuery): Promise<BrowsePage> {
  const filters = listingFilters(q);
  let category: { id: string; members: number } | undefined;
  if (q.categorySlug) {
    category = await categoryMembers(db, q.categorySlug, q.status);
    if (!category || category.members === 0) return { rows: [], total: 0, totalIsEstimate: false };
  }
  const population = await publicListings(db, q.status);
  const viewed = q.sort === 'most_viewed';
  const where = sql.join([sql`l.status = ${q.status}`, ...(viewed ? [sql`lv.status = ${q.status}`] : []), ...filters], sql` and `);

  // A small category is gathered and sorted; a large one is walked in order and each listing
  // tested, whichever reads fewer rows: walking reads about (offset + limit) × population /
  // members listings, gathering reads the members.
  let source = viewed ? sql`listing_views lv join listings l on l.id = lv.listing_id` : sql`listings l`;
  let member = sql`true`;
  if (category) {
    const walk = (q.offset + q.limit) * population < category.members * category.members;
    if (walk) {
      // offset 0 keeps the test a per-row probe (no semi-join the planner could turn into a gather).
      member = sql`exists (select 1 from listing_category_cover cv
        where cv.category_id = ${category.id} and cv.status = ${q.status} and cv.listing_id = l.id offset 0)`;
    } else {
      source = sql`(select cv.listing_id from listing_category_cover cv where cv.category_id = ${category.id} and cv.status = ${q.status}) m
        join listings l on l.id = m.listing_id${viewed ? sql` join listing_views lv on lv.listing_id = l.id` : sql``}`;
    }
  }

  const result = await withViewCounts<SummaryRow>(sql`
    select ${cardColumns}
    from ${source}
    left join categories pc on pc.id = l.primary_category_id
    where ${where} and ${member}
    order by ${ORDER[q.sort]}
    limit ${q.limit} offset ${q.offset}`).execute(db);

  if (filters.length === 0) return { rows: result.rows, total: category ? category.members : population, totalIsEstimate: false };
  const counted = await boundedTotal(db, sql`from ${source} where ${where} and ${member}`, BROWSE_LIMITS.exactTotal);
  return { rows: result.rows, ...counted };
}

/** The category's id and its public listings of this status (kept in category_counts). */
async function categoryMembers(db: Kysely<DB>, slug: string, status: 'live' | 'scheduled') {
  const r = await sql<{ id: string; members: number }>`
    select c.id, coalesce(${status === 'live' ? sql`cc.live` : sql`cc.scheduled`}, 0)::int as members
    from categories c left join category_counts cc on cc.category_id = c.id
    where c.slug = ${slug}`.execute(db);
  return r.rows[0];
}

/** Public listings of a status (kept in listing_search_counts). */
export async function publicListings(db: Kysely<DB>, status: 'live' | 'scheduled'): Promise<number> {
  const r = await sql<{ n: string }>`select listings as n from listing_search_counts where status = ${status}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The rows a FROM … WHERE selects: counted exactly up to `bound`, else the planner's estimate (no
 * fewer than the bound). Reading past a few hundred matches to count them would cost what the
 * page itself does not.
 */
export async function boundedTotal(db: Kysely<DB>, fromWhere: RawBuilder<unknown>, bound: number): Promise<{ total: number; totalIsEstimate: boolean }> {
  const exact = await sql<{ n: number }>`select count(*)::int as n from (select 1 ${fromWhere} limit ${bound + 1}) x`.execute(db);
  const n = exact.rows[0].n;
  if (n <= bound) return { total: n, totalIsEstimate: false };
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 ${fromWhere}`.execute(db);
  return { total: Math.max(bound + 1, planRows(plan.rows[0]?.['QUERY PLAN'])), totalIsEstimate: true };
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as Array<{ Plan?: { 'Plan Rows'?: number } }>)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
