import { sql, type Kysely } from 'kysely';
import { executePrepared } from './prepared.ts';
import type { DB } from './schema.ts';
import { cardColumns, summaryColumns, withViewCounts, type SummaryRow } from './listing-summary.ts';
import { publicListings } from './browse.ts';

/** `counted`: the points (thousandths of a vote) a vote ranking ranks by, beside the metric's number of people. */
export type RankedRow = SummaryRow & { metric: string | number | null; counted?: string | number; previous?: number | null; verified?: boolean; total?: number };

/**
 * A week's launches of one status, by the points counted from the votes cast in their launch week
 * (listings_week_rank_points_idx); the metric is the number of people, `counted` the points.
 */
function weekRows(db: Kysely<DB>, week: string, status: 'live' | 'scheduled', limit: number, offset: number) {
  return withViewCounts<RankedRow>(sql`
    select ${cardColumns}, l.week_votes as metric, l.week_points as counted
    from listings l left join categories pc on pc.id = l.primary_category_id
    where l.launch_week = ${week}::date and l.status = ${status}
    order by l.week_points desc, l.published_at asc nulls last, l.id
    limit ${limit} offset ${offset}`).execute(db);
}

export function launchesStore(db: Kysely<DB>) {
  /** A week's launches of one status, kept as they change (listing_week_counts, migration 0039). */
  const countWeekStatus = async (week: string, status: 'live' | 'scheduled') => {
    const r = await executePrepared(db, sql<{ n: string }>`select listings as n from listing_week_counts where week = ${week}::date and status = ${status}`);
    return Number(r.rows[0]?.n ?? 0);
  };
  /** Live listings with a Domain Rating or a revenue figure (kept in listing_board_counts). */
  const boardListings = async (board: 'domain-rating' | 'revenue') => {
    const r = await sql<{ n: string }>`select listings as n from listing_board_counts where board = ${board}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  };
  return {
    /**
     * A week's launches: live ones ranked by the votes cast during that week (ties: earlier
     * launch, then lower id), followed (unless liveOnly) by the ones still scheduled for it.
     */
    async week(week: string, opts: { liveOnly: boolean; limit: number; offset: number }) {
      const live = (await weekRows(db, week, 'live', opts.limit, opts.offset)).rows;
      const liveTotal = await countWeekStatus(week, 'live');
      if (opts.liveOnly) return { rows: live, total: liveTotal };
      const scheduledTotal = await countWeekStatus(week, 'scheduled');
      const room = opts.limit - live.length;
      const scheduled = room > 0 && scheduledTotal > 0 ? (await weekRows(db, week, 'scheduled', room, Math.max(0, opts.offset - liveTotal))).rows : [];
      return { rows: [...live, ...scheduled], total: liveTotal + scheduledTotal };
    },

    /**
     * This week's live launches ranked by the points of the votes cast on one site day. What it reads
     * is bounded by the page, not by the day or the week: the day's kept tally (listing_day_votes,
     * migration 0040) from the best down, each entry's launch probed until offset + limit are this
     * week's and live; then the week's others in launch order (listings_week_published_idx), each
     * checked against the day's tally, stopping after the page. Each part gives its first
     * offset + limit in the final order, so their union holds the page.
     */
    async byDayVotes(week: string, day: string, limit: number, offset: number) {
      const r = await sql<RankedRow>`
        with voted as (
          select t.listing_id as id, t.votes as n, t.points, l.published_at
          from listing_day_votes t join listings l on l.id = t.listing_id
          where t.day = ${day}::date and l.launch_week = ${week}::date and l.status = 'live'
          order by t.points desc, l.published_at asc nulls last, t.listing_id limit ${offset + limit}),
        page as (
          (select id, n, points, published_at from voted)
          union all
          (select l.id, 0, 0::bigint, l.published_at from listings l
           where l.launch_week = ${week}::date and l.status = 'live'
             and not exists (select from listing_day_votes t where t.day = ${day}::date and t.listing_id = l.id)
           order by l.published_at asc nulls last, l.id limit ${offset + limit})
          order by points desc, published_at asc nulls last, id
          limit ${limit} offset ${offset})
        select ${summaryColumns}, p.n as metric, p.points as counted
        from page p join listings l on l.id = p.id
        left join categories pc on pc.id = l.primary_category_id
        order by p.points desc, p.published_at asc nulls last, p.id`.execute(db);
      return { rows: r.rows, total: await countWeekStatus(week, 'live') };
    },

    /** Scheduled launches, soonest week first (listings_browse_upcoming_idx); the total is kept. */
    async upcoming(limit: number, offset: number) {
      const r = await withViewCounts<RankedRow>(sql`
        select ${cardColumns}, null as metric
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'scheduled'
        order by l.launch_week asc nulls last, l.id
        limit ${limit} offset ${offset}`).execute(db);
      return { rows: r.rows, total: await publicListings(db, 'scheduled') };
    },

    /** Live listings by the points of all their votes (listings_browse_votes_idx); the total is kept. */
    async allTimeVotes(limit: number, offset: number) {
      const r = await withViewCounts<RankedRow>(sql`
        select ${cardColumns}, l.votes_count as metric, l.vote_points as counted
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live'
        order by l.vote_points desc, l.published_at asc nulls last, l.id
        limit ${limit} offset ${offset}`).execute(db);
      return { rows: r.rows, total: await publicListings(db, 'live') };
    },

    /** Money contributed to the billboard. Never joined into any community ranking. */
    async billboard(limit: number, offset: number) {
      const r = await sql<RankedRow>`
        with b as (select listing_id, sum(amount_cents)::bigint as cents from billboard_contributions group by listing_id)
        select ${summaryColumns}, b.cents as metric, count(*) over ()::int as total
        from b join listings l on l.id = b.listing_id and l.status = 'live'
        left join categories pc on pc.id = l.primary_category_id
        order by b.cents desc, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async domainRating(limit: number, offset: number) {
      const r = await withViewCounts<RankedRow>(sql`
        select ${cardColumns}, l.dr_value as metric, l.dr_previous as previous
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live' and l.dr_value is not null
        order by l.dr_value desc, l.id
        limit ${limit} offset ${offset}`).execute(db);
      return { rows: r.rows, total: await boardListings('domain-rating') };
    },

    async revenue(limit: number, offset: number) {
      const r = await withViewCounts<RankedRow>(sql`
        select ${cardColumns}, l.revenue_mrr_cents as metric, l.revenue_verified as verified
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live' and l.revenue_mrr_cents is not null
        order by l.revenue_mrr_cents desc, l.id
        limit ${limit} offset ${offset}`).execute(db);
      return { rows: r.rows, total: await boardListings('revenue') };
    },

    /** Count for the billboard when its page came back empty (past the end). */
    async countBillboard() {
      const r = await sql<{ n: number }>`select count(distinct b.listing_id)::int as n from billboard_contributions b
        join listings l on l.id = b.listing_id and l.status = 'live'`.execute(db);
      return r.rows[0].n;
    },

    async awards(filter: { slug?: string; week?: string; limit: number; offset: number }) {
      const r = await executePrepared(db, sql<SummaryRow & { week: string; place: number; award_votes: number; total: number }>`
        select a.week, a.place, a.votes as award_votes, ${summaryColumns}, count(*) over ()::int as total
        from awards a
        join listings l on l.id = a.listing_id and l.status = 'live'
        left join categories pc on pc.id = l.primary_category_id
        where ${filter.slug ? sql`l.slug = ${filter.slug}` : sql`true`}
          and ${filter.week ? sql`a.week = ${filter.week}::date` : sql`true`}
        order by a.week desc, a.place
        limit ${filter.limit} offset ${filter.offset}`);
      return r.rows;
    },

    async countAwards(slug?: string) {
      const r = await executePrepared(db, sql<{ n: number }>`select count(*)::int as n from awards a join listings l on l.id = a.listing_id and l.status = 'live'
        where ${slug ? sql`l.slug = ${slug}` : sql`true`}`);
      return r.rows[0].n;
    },
  };
}
export type LaunchesStore = ReturnType<typeof launchesStore>;

/**
 * The day tallies before `from` (a site day) go: the today section reads one day, and a timezone
 * change counts every day again anyway (migration 0040).
 */
export async function pruneDayVotes(trx: Kysely<DB>, from: string) {
  const r = await sql`delete from listing_day_votes where day < ${from}::date`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Publishes the launches scheduled for this week or earlier. Returns the ids made live.
 * Idempotent: a second run finds nothing left to publish.
 */
export async function publishDueLaunches(trx: Kysely<DB>, currentWeek: string, now: Date) {
  const r = await sql<{ id: string }>`
    update listings set status = 'live', published_at = coalesce(published_at, ${now}), updated_at = ${now}
    where status = 'scheduled' and launch_week <= ${currentWeek}::date
    returning id`.execute(trx);
  return r.rows.map((row) => row.id);
}

/** Closed weeks with live launches whose awards were never computed, oldest first. */
export async function weeksAwaitingAwards(trx: Kysely<DB>, currentWeek: string) {
  const r = await sql<{ week: string }>`
    select distinct l.launch_week as week from listings l
    where l.status = 'live' and l.launch_week < ${currentWeek}::date
      and not exists (select 1 from award_weeks w where w.week = l.launch_week)
    order by 1`.execute(trx);
  return r.rows.map((row) => row.week);
}

/**
 * Held votes of a week still waiting for a moderator, and when the detection job last ran: a
 * closed week's awards wait for both (week-start.ts).
 */
export async function awardReadiness(trx: Kysely<DB>, week: string) {
  const r = await sql<{ open_held: number; ran_at: Date | null }>`
    select (select count(*)::int from votes v where v.week = ${week}::date and v.held_reason is not null and v.review is null) as open_held,
      (select ran_at from vote_detection_runs where id = 1) as ran_at`.execute(trx);
  return r.rows[0];
}

/**
 * Computes a closed week's Launch of the Week places 1–3, exactly once: the award_weeks row is
 * claimed first, so a second node (or a retry) finds it taken and does nothing. Places follow the
 * points counted from the votes cast during the week (their published weights; held votes count
 * 0); ties go to the earlier launch, then the lower id; a launch with nothing counted wins
 * nothing. `votes` keeps the number of people. Run inside a transaction.
 */
export async function computeWeekAwards(trx: Kysely<DB>, week: string): Promise<{ computed: boolean; winners: number }> {
  const claimed = await sql`insert into award_weeks (week, winners) values (${week}::date, 0)
    on conflict (week) do nothing returning week`.execute(trx);
  if (claimed.rows.length === 0) return { computed: false, winners: 0 };
  const inserted = await sql`
    insert into awards (week, place, listing_id, votes)
    select ${week}::date, place, listing_id, votes from (
      select l.id as listing_id, count(v.id)::int as votes,
        row_number() over (order by sum(v.points) desc, l.published_at nulls last, l.id) as place
      from listings l
      join votes v on v.listing_id = l.id and v.week = ${week}::date
      where l.status = 'live' and l.launch_week = ${week}::date
      group by l.id
      having sum(v.points) > 0
    ) ranked
    where place <= 3`.execute(trx);
  const winners = Number(inserted.numAffectedRows ?? 0);
  await sql`update award_weeks set winners = ${winners} where week = ${week}::date`.execute(trx);
  return { computed: true, winners };
}
