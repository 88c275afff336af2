-- Every public read served from an index that matches its order, with totals that are kept, not
-- counted: at 100k listings each browse page scanned and sorted the whole table (row_number and
-- count(*) over ()), trending summed votes at request time, and the category tree counted every
-- listing of every category on each call (docs/performance.md).

-- Trending is stored, refreshed by the trending-refresh job (same time-decay formula as before).
-- The score is kept relative to a reference time (trending_state): every listing's score decays by
-- the same factor between two moments, so the order only changes where votes come, go or leave
-- the window, and the job rewrites only those listings (store/trending-store.ts).
alter table listings add column trending_score double precision not null default 0;
create table trending_state (
  id smallint primary key check (id = 1),
  reference_at timestamptz not null,
  computed_until timestamptz not null
);
-- Listings whose votes were withdrawn since the last refresh (a deleted vote leaves no trace to find).
-- No foreign key: a listing deleted with its votes is named here on its way out; the job skips it.
create table trending_stale (listing_id bigint primary key);
create or replace function ly_trending_stale() returns trigger language plpgsql as $$
begin
  insert into trending_stale (listing_id) select distinct listing_id from removed on conflict do nothing;
  return null;
end $$;
create trigger votes_trending_stale after delete on votes
  referencing old table as removed for each statement execute function ly_trending_stale();

-- One index per browse order, led by status, in exactly the order the query asks for, so a page
-- reads its rows (and the offset before them) from the index and stops.
create index listings_browse_newest_idx on listings (status, published_at desc nulls last, id desc);
create index listings_browse_votes_idx on listings (status, votes_count desc, published_at asc nulls last, id);
create index listings_browse_trending_idx on listings (status, trending_score desc, votes_count desc, id);
create index listings_browse_views_idx on listings (status, views_count desc, id);
create index listings_browse_follows_idx on listings (status, follows_count desc, id);
create index listings_browse_upcoming_idx on listings (status, launch_week asc nulls last, id);
-- The trending job resets only listings that have a score.
create index listings_trending_positive_idx on listings (id) where trending_score > 0;
-- Filters, so a selective one is gathered by index and sorted, instead of walked past.
create index listings_status_country_idx on listings (status, country);
create index listings_status_stage_idx on listings (status, stage);
create index listings_status_pricing_idx on listings (status, lower(pricing_model));
-- "example.com" also matches its subdomains: a suffix match is a prefix match of the reversed name.
create index listings_domain_reverse_idx on listings (reverse(domain) text_pattern_ops);
-- Alternatives: a listing's category peers by votes.
drop index listings_primary_category_idx;
create index listings_primary_votes_idx on listings (primary_category_id, status, votes_count desc, published_at asc nulls last, id);
-- Leaderboards read these in order, with the id as the tie-break.
drop index listings_dr_idx;
drop index listings_revenue_idx;
create index listings_dr_idx on listings (dr_value desc, id) where status = 'live' and dr_value is not null;
create index listings_revenue_idx on listings (revenue_mrr_cents desc, id) where status = 'live' and revenue_mrr_cents is not null;
-- Superseded by the browse indexes above (same leading columns, without the tie-break).
drop index listings_status_published_idx;
drop index listings_status_votes_idx;
drop index listings_follows_idx;
drop index listings_views_idx;

-- Each public listing in every category it is in and every category above those: a listing
-- counts once in a category however many of its subcategories it is in, and a category's
-- listings (subcategories included) are one index range. Kept by ly_refresh_covers.
create table listing_category_cover (
  category_id bigint not null references categories (id) on delete cascade,
  status text not null check (status in ('live', 'scheduled')),
  listing_id bigint not null references listings (id) on delete cascade,
  primary key (category_id, status, listing_id)
);
create index listing_category_cover_listing_idx on listing_category_cover (listing_id);

-- Public listings per category and status, kept from the cover rows in the same transaction.
create table category_counts (
  category_id bigint primary key references categories (id) on delete cascade,
  live integer not null default 0 check (live >= 0),
  scheduled integer not null default 0 check (scheduled >= 0)
);

create or replace function ly_category_counts_add() returns trigger language plpgsql as $$
begin
  insert into category_counts (category_id, live, scheduled)
  select category_id, count(*) filter (where status = 'live'), count(*) filter (where status = 'scheduled')
  from added group by category_id
  on conflict (category_id) do update
    set live = category_counts.live + excluded.live, scheduled = category_counts.scheduled + excluded.scheduled;
  return null;
end $$;

create or replace function ly_category_counts_remove() returns trigger language plpgsql as $$
begin
  update category_counts c
    set live = c.live - r.live, scheduled = c.scheduled - r.scheduled
  from (select category_id, count(*) filter (where status = 'live') as live, count(*) filter (where status = 'scheduled') as scheduled
        from removed group by category_id) r
  where c.category_id = r.category_id;
  return null;
end $$;

create trigger listing_category_cover_add after insert on listing_category_cover
  referencing new table as added for each statement execute function ly_category_counts_add();
create trigger listing_category_cover_remove after delete on listing_category_cover
  referencing old table as removed for each statement execute function ly_category_counts_remove();

-- The cover rows these listings should have: each category of a public listing, and every
-- category above it, with the listing's status.
create or replace function ly_cover_of(ids bigint[]) returns table (category_id bigint, status text, listing_id bigint)
language sql stable as $$
  with recursive up as (
    select lc.listing_id, lc.category_id from listing_categories lc
    join listings l on l.id = lc.listing_id and l.status in ('live', 'scheduled')
    where lc.listing_id = any(ids)
    union
    select up.listing_id, c.parent_id from up join categories c on c.id = up.category_id where c.parent_id is not null
  )
  select up.category_id, l.status, up.listing_id from up join listings l on l.id = up.listing_id
$$;

-- Brings the cover rows of these listings in line with their status and categories: what no
-- longer holds is deleted, what is new is inserted (the counts follow through the triggers above).
create or replace function ly_refresh_covers(ids bigint[]) returns void language plpgsql as $$
begin
  if ids is null or cardinality(ids) = 0 then
    return;
  end if;
  delete from listing_category_cover cv
  where cv.listing_id = any(ids)
    and not exists (select 1 from ly_cover_of(ids) w
                    where w.category_id = cv.category_id and w.status = cv.status and w.listing_id = cv.listing_id);
  insert into listing_category_cover (category_id, status, listing_id)
  select w.category_id, w.status, w.listing_id from ly_cover_of(ids) w
  on conflict do nothing;
end $$;

create or replace function ly_covers_from_categories_added() returns trigger language plpgsql as $$
begin
  perform ly_refresh_covers(array(select distinct listing_id from added));
  return null;
end $$;
create or replace function ly_covers_from_categories_removed() returns trigger language plpgsql as $$
begin
  perform ly_refresh_covers(array(select distinct listing_id from removed));
  return null;
end $$;
create or replace function ly_covers_from_categories_changed() returns trigger language plpgsql as $$
begin
  perform ly_refresh_covers(array(select listing_id from added union select listing_id from removed));
  return null;
end $$;
create trigger listing_categories_cover_insert after insert on listing_categories
  referencing new table as added for each statement execute function ly_covers_from_categories_added();
create trigger listing_categories_cover_delete after delete on listing_categories
  referencing old table as removed for each statement execute function ly_covers_from_categories_removed();
create trigger listing_categories_cover_update after update on listing_categories
  referencing old table as removed new table as added for each statement execute function ly_covers_from_categories_changed();

-- A listing that becomes public, changes between live and scheduled, or leaves: its cover follows.
-- Row-level with a WHEN, so only rows whose status changed cost anything (a statement trigger
-- would join the old and new rows of every update, votes and views included).
create or replace function ly_covers_from_status() returns trigger language plpgsql as $$
begin
  perform ly_refresh_covers(array[new.id]);
  return null;
end $$;
create trigger listings_cover_status after update of status on listings
  for each row when (old.status is distinct from new.status) execute function ly_covers_from_status();

-- A category moved under another parent: every listing below it is counted in its new ancestors.
create or replace function ly_covers_from_tree() returns trigger language plpgsql as $$
begin
  perform ly_refresh_covers(array(
    with recursive moved as (
      select n.id from added n join removed o on o.id = n.id where n.parent_id is distinct from o.parent_id
      union
      select c.id from categories c join moved m on c.parent_id = m.id
    )
    select distinct lc.listing_id from listing_categories lc where lc.category_id in (select id from moved)));
  return null;
end $$;
create trigger categories_cover_tree after update on categories
  referencing old table as removed new table as added for each statement execute function ly_covers_from_tree();

-- Votes a listing got in its own launch week: the week's ranking (launch calendar, weekly
-- leaderboard, this-week feed) reads it from an index instead of counting the week's votes.
alter table listings add column week_votes integer not null default 0 check (week_votes >= 0);
update listings l set week_votes = v.n
from (select v.listing_id, count(*)::int as n from votes v join listings x on x.id = v.listing_id and v.week = x.launch_week group by v.listing_id) v
where v.listing_id = l.id;
create index listings_week_rank_votes_idx on listings (launch_week, status, week_votes desc, published_at asc nulls last, id);
drop index listings_week_rank_idx;
-- The day's votes (the launch feed's "today" section).
create index votes_created_idx on votes (created_at);

create or replace function ly_week_votes_added() returns trigger language plpgsql as $$
begin
  update listings l set week_votes = l.week_votes + a.n
  from (select listing_id, week, count(*)::int as n from added group by listing_id, week) a
  where l.id = a.listing_id and l.launch_week = a.week;
  return null;
end $$;
create or replace function ly_week_votes_removed() returns trigger language plpgsql as $$
begin
  update listings l set week_votes = greatest(l.week_votes - r.n, 0)
  from (select listing_id, week, count(*)::int as n from removed group by listing_id, week) r
  where l.id = r.listing_id and l.launch_week = r.week;
  return null;
end $$;
create trigger votes_week_votes_insert after insert on votes
  referencing new table as added for each statement execute function ly_week_votes_added();
create trigger votes_week_votes_delete after delete on votes
  referencing old table as removed for each statement execute function ly_week_votes_removed();

-- A listing moved to another launch week counts that week's votes (none, before it is live).
create or replace function ly_week_votes_moved() returns trigger language plpgsql as $$
begin
  update listings set week_votes = (select count(*) from votes v where v.listing_id = new.id and v.week = new.launch_week)
  where id = new.id;
  return null;
end $$;
create trigger listings_week_votes_moved after update of launch_week on listings
  for each row when (old.launch_week is distinct from new.launch_week) execute function ly_week_votes_moved();

-- Live listings on the Domain Rating and revenue leaderboards, kept like the counts above.
create table listing_board_counts (
  board text primary key,
  listings bigint not null default 0 check (listings >= 0)
);

-- Row-level, and only when a column it counts by changed.
create or replace function ly_board_counts_change() returns trigger language plpgsql as $$
declare
  dr integer := (new.status = 'live' and new.dr_value is not null)::int - (old.status = 'live' and old.dr_value is not null)::int;
  revenue integer := (new.status = 'live' and new.revenue_mrr_cents is not null)::int - (old.status = 'live' and old.revenue_mrr_cents is not null)::int;
begin
  if dr <> 0 then update listing_board_counts set listings = listings + dr where board = 'domain-rating'; end if;
  if revenue <> 0 then update listing_board_counts set listings = listings + revenue where board = 'revenue'; end if;
  return null;
end $$;
create or replace function ly_board_counts_insert() returns trigger language plpgsql as $$
begin
  update listing_board_counts b set listings = b.listings + a.n
  from (select 'domain-rating' as board, count(*) filter (where status = 'live' and dr_value is not null) as n from added
        union all
        select 'revenue', count(*) filter (where status = 'live' and revenue_mrr_cents is not null) from added) a
  where b.board = a.board and a.n <> 0;
  return null;
end $$;
create or replace function ly_board_counts_delete() returns trigger language plpgsql as $$
begin
  update listing_board_counts b set listings = b.listings - r.n
  from (select 'domain-rating' as board, count(*) filter (where status = 'live' and dr_value is not null) as n from removed
        union all
        select 'revenue', count(*) filter (where status = 'live' and revenue_mrr_cents is not null) from removed) r
  where b.board = r.board and r.n <> 0;
  return null;
end $$;

-- Backfill under a lock, before the triggers that keep it, so no write falls in between.
lock table listings in share row exclusive mode;
insert into listing_board_counts (board, listings) values
  ('domain-rating', (select count(*) from listings where status = 'live' and dr_value is not null)),
  ('revenue', (select count(*) from listings where status = 'live' and revenue_mrr_cents is not null));
create trigger listings_board_counts_update after update of status, dr_value, revenue_mrr_cents on listings
  for each row when (old.status is distinct from new.status or old.dr_value is distinct from new.dr_value
    or old.revenue_mrr_cents is distinct from new.revenue_mrr_cents)
  execute function ly_board_counts_change();
create trigger listings_board_counts_insert after insert on listings
  referencing new table as added for each statement execute function ly_board_counts_insert();
create trigger listings_board_counts_delete after delete on listings
  referencing old table as removed for each statement execute function ly_board_counts_delete();

select ly_refresh_covers(array(select id from listings where status in ('live', 'scheduled')));

analyze listings;
analyze listing_category_cover;
