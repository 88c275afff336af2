import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { summaryColumns, type SummaryRow } from './listings-store.ts';

export type RankedRow = SummaryRow & { metric: string | number | null; previous?: number | null; verified?: boolean; total: number };

/**
 * A week's launches: live ones ranked by the votes cast during that week (ties: earlier launch,
 * then lower id), followed by the ones still scheduled for it.
 */
export function weekEntriesQuery(db: Kysely<DB>, week: string, opts: { liveOnly: boolean; limit: number; offset: number }) {
  const statuses = opts.liveOnly ? ['live'] : ['live', 'scheduled'];
  // Rank on narrow data first (covering index + the week's vote counts); fetch only the page.
  return sql<RankedRow>`
    with wv as (select listing_id, count(*)::int as n from votes where week = ${week}::date group by listing_id),
    ranked as (
      select l.id, coalesce(wv.n, 0) as n, count(*) over ()::int as total,
        row_number() over (order by (l.status = 'live') desc, coalesce(wv.n, 0) desc, l.published_at nulls last, l.id) as pos
      from listings l
      left join wv on wv.listing_id = l.id
      where l.launch_week = ${week}::date and l.status = any(${statuses}::text[])
      order by pos
      limit ${opts.limit} offset ${opts.offset}
    )
    select ${summaryColumns}, r.n as metric, r.total
    from ranked r
    join listings l on l.id = r.id
    left join categories pc on pc.id = l.primary_category_id
    order by r.pos`.execute(db);
}

export function launchesStore(db: Kysely<DB>) {
  return {
    async week(week: string, opts: { liveOnly: boolean; limit: number; offset: number }) {
      return (await weekEntriesQuery(db, week, opts)).rows;
    },

    async countWeek(week: string, liveOnly: boolean) {
      const statuses = liveOnly ? ['live'] : ['live', 'scheduled'];
      const r = await sql<{ n: number }>`select count(*)::int as n from listings
        where launch_week = ${week}::date and status = any(${statuses}::text[])`.execute(db);
      return r.rows[0].n;
    },

    /** This week's live launches ranked by the votes cast between two instants (one site day). */
    async byVotesBetween(week: string, from: Date, to: Date, limit: number, offset: number) {
      const r = await sql<RankedRow>`
        with dv as (select listing_id, count(*)::int as n from votes
                    where week = ${week}::date and created_at >= ${from} and created_at < ${to} group by listing_id)
        select ${summaryColumns}, coalesce(dv.n, 0) as metric, count(*) over ()::int as total
        from listings l
        left join categories pc on pc.id = l.primary_category_id
        left join dv on dv.listing_id = l.id
        where l.launch_week = ${week}::date and l.status = 'live'
        order by coalesce(dv.n, 0) desc, l.published_at nulls last, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    /** Scheduled launches, soonest week first. */
    async upcoming(limit: number, offset: number) {
      const r = await sql<RankedRow>`
        select ${summaryColumns}, null as metric, count(*) over ()::int as total
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'scheduled'
        order by l.launch_week nulls last, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async allTimeVotes(limit: number, offset: number) {
      const r = await sql<RankedRow>`
        select ${summaryColumns}, l.votes_count as metric, count(*) over ()::int as total
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live'
        order by l.votes_count desc, l.published_at nulls last, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
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
      const r = await sql<RankedRow>`
        select ${summaryColumns}, l.dr_value as metric, l.dr_previous as previous, count(*) over ()::int as total
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live' and l.dr_value is not null
        order by l.dr_value desc, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    async revenue(limit: number, offset: number) {
      const r = await sql<RankedRow>`
        select ${summaryColumns}, l.revenue_mrr_cents as metric, l.revenue_verified as verified, count(*) over ()::int as total
        from listings l left join categories pc on pc.id = l.primary_category_id
        where l.status = 'live' and l.revenue_mrr_cents is not null
        order by l.revenue_mrr_cents desc, l.id
        limit ${limit} offset ${offset}`.execute(db);
      return r.rows;
    },

    /** Count for a ranking whose page came back empty (past the end). */
    async countRanked(kind: 'all_time' | 'billboard' | 'domain_rating' | 'revenue' | 'upcoming') {
      const q = {
        all_time: sql`select count(*)::int as n from listings where status = 'live'`,
        billboard: sql`select count(distinct b.listing_id)::int as n from billboard_contributions b join listings l on l.id = b.listing_id and l.status = 'live'`,
        domain_rating: sql`select count(*)::int as n from listings where status = 'live' and dr_value is not null`,
        revenue: sql`select count(*)::int as n from listings where status = 'live' and revenue_mrr_cents is not null`,
        upcoming: sql`select count(*)::int as n from listings where status = 'scheduled'`,
      }[kind];
      return (await q.execute(db)).rows[0] as { n: number };
    },

    async awards(filter: { slug?: string; week?: string; limit: number; offset: number }) {
      const r = await sql<SummaryRow & { week: string; place: number; award_votes: number; total: number }>`
        select a.week, a.place, a.votes as award_votes, ${summaryColumns}, count(*) over ()::int as total
        from awards a
        join listings l on l.id = a.listing_id and l.status = 'live'
        left join categories pc on pc.id = l.primary_category_id
        where ${filter.slug ? sql`l.slug = ${filter.slug}` : sql`true`}
          and ${filter.week ? sql`a.week = ${filter.week}::date` : sql`true`}
        order by a.week desc, a.place
        limit ${filter.limit} offset ${filter.offset}`.execute(db);
      return r.rows;
    },

    async countAwards(slug?: string) {
      const r = await sql<{ n: number }>`select count(*)::int as n from awards a join listings l on l.id = a.listing_id and l.status = 'live'
        where ${slug ? sql`l.slug = ${slug}` : sql`true`}`.execute(db);
      return r.rows[0].n;
    },
  };
}
export type LaunchesStore = ReturnType<typeof launchesStore>;

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
 * Computes a closed week's Launch of the Week places 1–3, exactly once: the award_weeks row is
 * claimed first, so a second node (or a retry) finds it taken and does nothing. Places follow
 * votes cast during the week only; ties go to the earlier launch, then the lower id; a launch
 * without votes wins nothing. Run inside a transaction.
 */
export async function computeWeekAwards(trx: Kysely<DB>, week: string): Promise<{ computed: boolean; winners: number }> {
  const claimed = await sql`insert into award_weeks (week, winners) values (${week}::date, 0)
    on conflict (week) do nothing returning week`.execute(trx);
  if (claimed.rows.length === 0) return { computed: false, winners: 0 };
  const inserted = await sql`
    insert into awards (week, place, listing_id, votes)
    select ${week}::date, place, listing_id, votes from (
      select l.id as listing_id, count(v.id)::int as votes,
        row_number() over (order by count(v.id) desc, l.published_at nulls last, l.id) as place
      from listings l
      join votes v on v.listing_id = l.id and v.week = ${week}::date
      where l.status = 'live' and l.launch_week = ${week}::date
      group by l.id
    ) ranked
    where place <= 3`.execute(trx);
  const winners = Number(inserted.numAffectedRows ?? 0);
  await sql`update award_weeks set winners = ${winners} where week = ${week}::date`.execute(trx);
  return { computed: true, winners };
}
