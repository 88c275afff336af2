import { sql, type Kysely } from 'kysely';

/**
 * Places 1–3 of every finished week: the week's launches with the most votes cast during that
 * week; ties go to the earlier launch, then the lower id. A launch nobody voted for wins nothing.
 */
export async function insertAwards(conn: Kysely<any>, currentWeek: string, timeZone: string): Promise<number> {
  const result = await sql`
    insert into awards (week, place, listing_id, votes, created_at)
    select week, place, listing_id, votes, ((week + 7)::timestamp at time zone ${timeZone})
    from (
      select l.launch_week as week, l.id as listing_id, count(v.id)::int as votes,
        row_number() over (partition by l.launch_week order by count(v.id) desc, l.published_at, l.id) as place
      from listings l
      join votes v on v.listing_id = l.id and v.week = l.launch_week
      where l.status = 'live' and l.launch_week < ${currentWeek}::date
      group by l.id
    ) ranked
    where place <= 3
    on conflict do nothing`.execute(conn);
  return Number(result.numAffectedRows ?? 0);
}
