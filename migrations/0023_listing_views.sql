-- View counts move off the listing row. Adding views rewrote the whole listing row, and since
-- views_count was indexed (the most-viewed order) the update could not be HOT: every flush wrote
-- a new entry in each of the listing's indexes, two GIN indexes among them. At 100,000 listings,
-- crawlers reading 50,000 profiles made one flush of their views cost 15 s of database time.
-- Here a flush touches a narrow row and two small indexes. The status is copied (kept by the
-- triggers below) so the most-viewed order is still read from one index and stops after its page.
create table listing_views (
  listing_id bigint primary key references listings (id) on delete cascade,
  status text not null,
  views bigint not null default 0 check (views >= 0)
);
insert into listing_views (listing_id, status, views) select id, status, views_count from listings;
create index listing_views_browse_idx on listing_views (status, views desc, listing_id);
-- Rewritten by every flush: vacuumed early, like listings (migration 0021).
alter table listing_views set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);

create function ly_listing_views_insert() returns trigger language plpgsql as $$
begin
  insert into listing_views (listing_id, status) select i.id, i.status from inserted i;
  return null;
end $$;
create trigger listings_views_insert after insert on listings
  referencing new table as inserted for each statement execute function ly_listing_views_insert();

create function ly_listing_views_status() returns trigger language plpgsql as $$
begin
  update listing_views set status = new.status where listing_id = new.id;
  return null;
end $$;
create trigger listings_views_status after update of status on listings
  for each row when (old.status is distinct from new.status) execute function ly_listing_views_status();

alter table listings drop column views_count;
