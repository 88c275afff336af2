-- A week's launches, counted as they change (issue 32, goal 6; docs/decisions.md#week-sections).
-- The week sections (feed today and this-week, get_launch_week, the weekly leaderboard) counted the
-- week's listings of a status on every request: an index range as long as the week, 150–190 ms for
-- a week of 45,000 launches at 1,000,000 listings. Kept like listing_board_counts (migration 0011):
-- row-level on an update that moves a listing between weeks or statuses, statement-level on bulk
-- inserts and deletes.
create table listing_week_counts (
  week date not null,
  status text not null,
  listings bigint not null default 0 check (listings >= 0),
  primary key (week, status)
);

-- A leaving listing updates its row (always there: counted when it came); an arriving one may make it.
-- Not one upsert for both: the check applies to the row proposed for insertion, -1, before any conflict.
create or replace function ly_week_counts_add(w date, st text, n bigint) returns void language plpgsql as $$
begin
  if n < 0 then
    update listing_week_counts set listings = listings + n where week = w and status = st;
  else
    insert into listing_week_counts (week, status, listings) values (w, st, n)
    on conflict (week, status) do update set listings = listing_week_counts.listings + excluded.listings;
  end if;
end $$;

-- The two rows in key order, so two transactions moving listings between the same weeks lock them
-- in the same order (no deadlock). A side without a week counts nowhere.
create or replace function ly_week_counts_change() returns trigger language plpgsql as $$
begin
  if old.launch_week is not null and (new.launch_week is null or (old.launch_week, old.status) < (new.launch_week, new.status)) then
    perform ly_week_counts_add(old.launch_week, old.status, -1);
    if new.launch_week is not null then perform ly_week_counts_add(new.launch_week, new.status, 1); end if;
  else
    if new.launch_week is not null then perform ly_week_counts_add(new.launch_week, new.status, 1); end if;
    if old.launch_week is not null then perform ly_week_counts_add(old.launch_week, old.status, -1); end if;
  end if;
  return null;
end $$;

create or replace function ly_week_counts_insert() returns trigger language plpgsql as $$
begin
  insert into listing_week_counts (week, status, listings)
  select launch_week, status, count(*) from added where launch_week is not null group by 1, 2 order by 1, 2
  on conflict (week, status) do update set listings = listing_week_counts.listings + excluded.listings;
  return null;
end $$;

create or replace function ly_week_counts_delete() returns trigger language plpgsql as $$
begin
  update listing_week_counts c set listings = c.listings - r.n
  from (select launch_week, status, count(*) as n from removed where launch_week is not null group by 1, 2) r
  where c.week = r.launch_week and c.status = r.status;
  return null;
end $$;

-- Backfill under a lock, before the triggers that keep it, so no write falls in between.
lock table listings in share row exclusive mode;
insert into listing_week_counts (week, status, listings)
  select launch_week, status, count(*) from listings where launch_week is not null group by 1, 2;
create trigger listings_week_counts_update after update of status, launch_week on listings
  for each row when (old.status is distinct from new.status or old.launch_week is distinct from new.launch_week)
  execute function ly_week_counts_change();
create trigger listings_week_counts_insert after insert on listings
  referencing new table as added for each statement execute function ly_week_counts_insert();
create trigger listings_week_counts_delete after delete on listings
  referencing old table as removed for each statement execute function ly_week_counts_delete();

-- The day's ranking of a week (feed today) reads the week's launches without a vote that day in
-- launch order, and stops after its page.
create index listings_week_published_idx on listings (launch_week, status, published_at, id);
