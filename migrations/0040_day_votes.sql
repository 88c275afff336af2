-- The votes of each site day per listing, kept as votes come, go and are weighed (issue 32, goal 6;
-- docs/decisions.md#day-votes). The launch feed's "today" summed the day's votes per request and
-- probed each voted launch: 58 ms for a day of 6,622 votes at 1,000,000 listings, growing with the
-- day. With the day's tally in (day, points) order it walks the best first and stops after its page.
--
-- A site day is the vote's created_at in the site's timezone, as the feed's own day (the domain's
-- localDate). The triggers read the timezone; when it changes, the days are counted again.
create table listing_day_votes (
  day date not null,
  listing_id bigint not null references listings (id) on delete cascade,
  votes integer not null,
  points bigint not null,
  primary key (day, listing_id)
);
-- The day's ranking walks this from the top (ties in launch order are sorted per group of equal points).
create index listing_day_votes_rank_idx on listing_day_votes (day, points desc, listing_id);

-- One statement's change as deltas per (day, listing), applied in key order (two transactions
-- meet their rows in the same order: no deadlock). A delta may name a row that is not there (a day
-- pruned, or counted under another timezone): it is inserted with what it takes away and removed
-- with the emptied rows, so no check refuses it and nothing negative stays. A deleted listing's
-- votes go with it (on delete cascade) and so do its tally rows: their delta is dropped.
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

-- Every day counted again under the new timezone (a site changes it once, if ever); the week-start
-- job prunes the days no section reads.
create or replace function ly_day_votes_recount() returns trigger language plpgsql as $$
begin
  delete from listing_day_votes;
  insert into listing_day_votes (day, listing_id, votes, points)
    select (created_at at time zone new.timezone)::date, listing_id, count(*), sum(points) from votes group by 1, 2;
  return null;
end $$;

-- Backfilled under a lock, before the triggers that keep it, so no vote falls in between.
lock table votes in share row exclusive mode;
insert into listing_day_votes (day, listing_id, votes, points)
  select (v.created_at at time zone coalesce((select timezone from site_settings where id = 1), 'UTC'))::date, v.listing_id, count(*), sum(v.points)
  from votes v group by 1, 2;
create trigger votes_day_votes_insert after insert on votes
  referencing new table as added for each statement execute function ly_day_votes();
create trigger votes_day_votes_delete after delete on votes
  referencing old table as removed for each statement execute function ly_day_votes();
create trigger votes_day_votes_update after update on votes
  referencing old table as changed_old new table as changed_new for each statement execute function ly_day_votes();
create trigger site_settings_day_votes after update of timezone on site_settings
  for each row when (old.timezone is distinct from new.timezone) execute function ly_day_votes_recount();
