-- Migration 0040's tally trigger failed to delete a listing that had votes: the listing's votes go
-- with it (on delete cascade), and their trigger then wrote the withdrawn votes back as a delta for a
-- listing no longer there (a foreign key violation). The tally's rows go with the listing too, so a
-- delta for a listing that is gone is dropped. (0040 had not been released; its function is replaced
-- here rather than edited, as migrations are never changed once applied.)
create or replace function ly_day_votes() returns trigger language plpgsql as $$
declare
  tz text := coalesce((select timezone from site_settings where id = 1), 'UTC');
begin
  if tg_op = 'INSERT' then
    insert into listing_day_votes as t (day, listing_id, votes, points)
      select (created_at at time zone tz)::date, listing_id, count(*), sum(points) from added
      group by 1, 2 order by 1, 2
      on conflict (day, listing_id) do update set votes = t.votes + excluded.votes, points = t.points + excluded.points;
  elsif tg_op = 'DELETE' then
    insert into listing_day_votes as t (day, listing_id, votes, points)
      select (r.created_at at time zone tz)::date, r.listing_id, -count(*), -sum(r.points) from removed r
      where exists (select from listings l where l.id = r.listing_id)
      group by 1, 2 order by 1, 2
      on conflict (day, listing_id) do update set votes = t.votes + excluded.votes, points = t.points + excluded.points;
    delete from listing_day_votes t using (select distinct (created_at at time zone tz)::date as day, listing_id from removed) r
      where t.day = r.day and t.listing_id = r.listing_id and t.votes <= 0;
  else
    -- Only the votes whose points, instant or listing moved (the weighing moves points).
    insert into listing_day_votes as t (day, listing_id, votes, points)
      select day, listing_id, sum(n), sum(p) from (
        select (n.created_at at time zone tz)::date as day, n.listing_id, 1 as n, n.points::bigint as p
        from changed_new n join changed_old o on o.id = n.id
        where n.points <> o.points or n.created_at <> o.created_at or n.listing_id <> o.listing_id
        union all
        select (o.created_at at time zone tz)::date, o.listing_id, -1, -o.points::bigint
        from changed_old o join changed_new n on n.id = o.id
        where n.points <> o.points or n.created_at <> o.created_at or n.listing_id <> o.listing_id) d
      where exists (select from listings l where l.id = d.listing_id)
      group by 1, 2 having sum(n) <> 0 or sum(p) <> 0 order by 1, 2
      on conflict (day, listing_id) do update set votes = t.votes + excluded.votes, points = t.points + excluded.points;
    delete from listing_day_votes t using (
        select distinct (o.created_at at time zone tz)::date as day, o.listing_id
        from changed_old o join changed_new n on n.id = o.id
        where n.points <> o.points or n.created_at <> o.created_at or n.listing_id <> o.listing_id) r
      where t.day = r.day and t.listing_id = r.listing_id and t.votes <= 0;
  end if;
  return null;
end $$;
