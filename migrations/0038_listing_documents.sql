-- The public profile, precomputed: one row per listing holding the exact JSON text get_listing
-- answers (and its ETag), so a first read is one indexed lookup returning text (issue 32, goal 2;
-- docs/decisions.md#precomputed-profiles).
--
-- Never stale: whatever changes a part of a profile (the same tables and columns migration 0022
-- announces on `listing_changes`) bumps `generation` and empties `body` in the same transaction.
-- A body is written back only under the generation read in the same snapshot as the profile it
-- was computed from (store/listing-documents-store.ts), so a change committed in between wins.
-- Names shown on every profile (a category, an attribute's label) bump the one epoch below
-- instead: a body computed under an older epoch, or for another PUBLIC_URL, is not used.
-- View counts (listing_views, flushed in bulk, silent) are spliced in at read time: `views` is the
-- count the body holds, `views_at` where its digits start.
-- Gallery sizes come from media_files, whose rows never change while a listing refers to them.

create table listing_document_settings (
  id boolean primary key default true check (id),
  -- Bumped when a name shown on every profile changes.
  epoch bigint not null default 1,
  -- The PUBLIC_URL the job last built under: another one bumps the epoch (jobs/listing-documents.ts).
  public_url text
);
insert into listing_document_settings default values;

create table listing_documents (
  listing_id bigint primary key references listings (id) on delete cascade,
  generation bigint not null default 1,
  -- Null until computed, and again after every change.
  body text,
  tag text,
  epoch bigint,
  public_url text,
  views bigint,
  views_at integer,
  check ((body is null) = (tag is null))
);
-- What the job fills, in id order.
create index listing_documents_missing_idx on listing_documents (listing_id) where body is null;
-- Bodies computed under an older epoch, emptied by the job in batches.
create index listing_documents_epoch_idx on listing_documents (epoch) where body is not null;
insert into listing_documents (listing_id) select id from listings;

-- These listings' documents are out of date: bumped and emptied (a row made for a listing without one).
create function ly_listing_documents_stale(ids bigint[]) returns void language sql as $$
  insert into listing_documents (listing_id)
    select l.id from listings l where l.id = any(ids)
  on conflict (listing_id) do update set generation = listing_documents.generation + 1, body = null, tag = null;
$$;

-- New listings get their row in one statement (seeding inserts thousands at a time).
create function ly_listing_documents_inserted() returns trigger language plpgsql as $$
begin
  insert into listing_documents (listing_id) select id from inserted on conflict do nothing;
  return null;
end $$;
create trigger listing_documents_insert after insert on listings
  referencing new table as inserted for each statement execute function ly_listing_documents_inserted();

-- A listing row whose profile columns changed: the trigger of 0022 (columns as of 0025) already
-- fires exactly then; its function now also bumps the document.
create or replace function ly_listing_row_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('listing_changes', old.slug);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.slug <> old.slug) then
    perform pg_notify('listing_changes', new.slug);
  end if;
  if tg_op = 'UPDATE' then
    perform ly_listing_documents_stale(array[new.id]);
  end if;
  return null;
end $$;

-- The tables of 0022 holding a part of a profile: once per statement, from its transition tables.
create function ly_listing_documents_parts_added() returns trigger language plpgsql as $$
begin
  perform ly_listing_documents_stale(array(select distinct listing_id from added));
  return null;
end $$;
create function ly_listing_documents_parts_removed() returns trigger language plpgsql as $$
begin
  perform ly_listing_documents_stale(array(select distinct listing_id from removed));
  return null;
end $$;
create function ly_listing_documents_parts_changed() returns trigger language plpgsql as $$
begin
  perform ly_listing_documents_stale(array(select listing_id from changed_old union select listing_id from changed_new));
  return null;
end $$;

do $$
declare part text;
begin
  foreach part in array array['listing_categories', 'listing_attribute_values', 'listing_founders', 'listing_updates',
                               'reviews', 'domain_rating_snapshots', 'milestones', 'listing_media'] loop
    execute format('create trigger %I after insert on %I referencing new table as added
      for each statement execute function ly_listing_documents_parts_added()', part || '_documents_insert', part);
    execute format('create trigger %I after delete on %I referencing old table as removed
      for each statement execute function ly_listing_documents_parts_removed()', part || '_documents_delete', part);
    execute format('create trigger %I after update on %I referencing old table as changed_old new table as changed_new
      for each statement execute function ly_listing_documents_parts_changed()', part || '_documents_update', part);
  end loop;
end $$;

-- A founder shown on a few listings (trigger of 0024: slug, name, title, avatar, user, hidden).
create or replace function ly_founder_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('listing_changes', l.slug)
    from listing_founders lf join listings l on l.id = lf.listing_id
    where lf.founder_id = new.id;
  perform ly_listing_documents_stale(array(select lf.listing_id from listing_founders lf where lf.founder_id = new.id));
  return null;
end $$;

-- Names shown on many profiles: one epoch for all of them, not a write to every document.
create or replace function ly_profiles_all_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('listing_changes', '*');
  update listing_document_settings set epoch = epoch + 1;
  return null;
end $$;
