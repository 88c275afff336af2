-- Search reads a narrow copy of the public listings: id, status, votes and the full-text vector.
-- A misspelled common word ("analytcs") matches ~10% of the directory; reading and ranking those
-- rows in the wide listings table cost ~60 ms a query at 100k listings. Here the most voted
-- listings can be walked in order (votes index) and tested against the query without touching
-- the wide rows, so a common query stops after its first few hundred matches (docs/decisions.md).
create table listing_search (
  listing_id bigint primary key references listings (id) on delete cascade,
  status text not null check (status in ('live', 'scheduled')),
  votes_count integer not null,
  search_vector tsvector not null
);
-- Public listings per status (one row for each, always): the base of the estimated total of a
-- common query.
create table listing_search_counts (
  status text primary key,
  listings bigint not null check (listings >= 0)
);

-- Backfill before the indexes (built once, not row by row) and under a lock, so no write to
-- listings falls between the copy and the triggers that keep it.
lock table listings in share row exclusive mode;
insert into listing_search (listing_id, status, votes_count, search_vector)
select id, status, votes_count, search_vector from listings where status in ('live', 'scheduled');
insert into listing_search_counts (status, listings)
select s, (select count(*) from listing_search where status = s) from unnest(array['live', 'scheduled']) as s;
create index listing_search_votes_idx on listing_search (status, votes_count desc, listing_id);
-- No pending list: PGlite never vacuums, and a growing list would be scanned by every search.
create index listing_search_vector_idx on listing_search using gin (search_vector) with (fastupdate = off);

create or replace function ly_listing_search_insert() returns trigger language plpgsql as $$
begin
  insert into listing_search (listing_id, status, votes_count, search_vector)
  select i.id, i.status, i.votes_count, i.search_vector from inserted i where i.status in ('live', 'scheduled');
  return null;
end $$;

create or replace function ly_listing_search_update() returns trigger language plpgsql as $$
begin
  if new.status in ('live', 'scheduled') then
    insert into listing_search (listing_id, status, votes_count, search_vector)
    values (new.id, new.status, new.votes_count, new.search_vector)
    on conflict (listing_id) do update
      set status = excluded.status, votes_count = excluded.votes_count, search_vector = excluded.search_vector;
  else
    delete from listing_search where listing_id = new.id;
  end if;
  return null;
end $$;

-- Statement-level for inserts, so a bulk insert copies its rows in one go; row-level for updates,
-- and only when a copied column changed (view counts, for one, change often and are not copied).
create trigger listings_search_copy_insert after insert on listings
  referencing new table as inserted for each statement execute function ly_listing_search_insert();
create trigger listings_search_copy_update after update on listings
  for each row when (old.status is distinct from new.status or old.votes_count is distinct from new.votes_count
    or old.search_vector is distinct from new.search_vector)
  execute function ly_listing_search_update();

create or replace function ly_listing_search_count() returns trigger language plpgsql as $$
begin
  with delta as (
    select status, sum(n) as n from (
      select status, 1 as n from added
      union all
      select status, -1 from removed) d
    group by status
  )
  update listing_search_counts c set listings = c.listings + d.n from delta d where c.status = d.status and d.n <> 0;
  return null;
end $$;

-- A statement's rows counted at once; a vote (same status) changes no count and writes nothing.
create or replace function ly_listing_search_count_insert() returns trigger language plpgsql as $$
begin
  update listing_search_counts c set listings = c.listings + a.n
  from (select status, count(*) as n from added group by status) a where c.status = a.status;
  return null;
end $$;

create or replace function ly_listing_search_count_delete() returns trigger language plpgsql as $$
begin
  update listing_search_counts c set listings = c.listings - r.n
  from (select status, count(*) as n from removed group by status) r where c.status = r.status;
  return null;
end $$;

create trigger listing_search_count_insert after insert on listing_search
  referencing new table as added for each statement execute function ly_listing_search_count_insert();
create trigger listing_search_count_update after update on listing_search
  referencing old table as removed new table as added for each statement execute function ly_listing_search_count();
create trigger listing_search_count_delete after delete on listing_search
  referencing old table as removed for each statement execute function ly_listing_search_count_delete();

analyze listing_search;
