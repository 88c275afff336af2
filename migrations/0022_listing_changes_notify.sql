-- Public profiles are cached on every node until something in them changes. Whatever writes the
-- change (a request on any node, a job, the CLI, plain SQL), these triggers send the listing's
-- slug on the channel `listing_changes` when the transaction commits (NOTIFY is transactional and
-- drops duplicates within a transaction); '*' means "forget every profile" (a renamed category or
-- attribute shows in many). Each node LISTENs (store/listing-changes.ts).
--
-- The columns compared below are those the profile statement reads (store/listings-store.ts,
-- profileRow; a test keeps the two lists equal). Trending scores and week votes are left out on
-- purpose (not shown; the trending job rewrites them for many listings at once), and view counts
-- are not on this row (listing_views, migration 0023): a profile shows them a few minutes late
-- (docs/decisions.md).

create function ly_listing_row_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('listing_changes', old.slug);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.slug <> old.slug) then
    perform pg_notify('listing_changes', new.slug);
  end if;
  return null;
end $$;

create trigger listings_changes_insert_delete after insert or delete on listings
  for each row execute function ly_listing_row_changed();

create trigger listings_changes_update after update on listings
  for each row when (
    (old.id, old.slug, old.owner_id, old.status, old.plan, old.launch_week, old.published_at, old.name,
     old.url, old.domain, old.tagline, old.short_description, old.description, old.logo_url,
     old.demo_video_url, old.stage, old.country, old.city, old.founded_year, old.contact_email,
     old.pricing_model, old.pricing_summary, old.features, old.usps, old.keywords, old.tags,
     old.faqs, old.socials, old.story, old.unlocked_sections, old.not_found_on_website,
     old.revenue_mrr_cents, old.revenue_verified, old.votes_count, old.follows_count)
    is distinct from
    (new.id, new.slug, new.owner_id, new.status, new.plan, new.launch_week, new.published_at, new.name,
     new.url, new.domain, new.tagline, new.short_description, new.description, new.logo_url,
     new.demo_video_url, new.stage, new.country, new.city, new.founded_year, new.contact_email,
     new.pricing_model, new.pricing_summary, new.features, new.usps, new.keywords, new.tags,
     new.faqs, new.socials, new.story, new.unlocked_sections, new.not_found_on_website,
     new.revenue_mrr_cents, new.revenue_verified, new.votes_count, new.follows_count))
  execute function ly_listing_row_changed();

-- A part of a profile kept in its own table: the listing it belongs to.
create function ly_listing_part_changed() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('listing_changes', l.slug) from listings l where l.id = old.listing_id;
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('listing_changes', l.slug) from listings l where l.id = new.listing_id;
  end if;
  return null;
end $$;

-- Each table that holds a part of a profile, by listing_id.
do $$
declare part text;
begin
  foreach part in array array['listing_categories', 'listing_attribute_values', 'listing_founders', 'listing_updates',
                               'reviews', 'domain_rating_snapshots', 'milestones', 'listing_media'] loop
    execute format('create trigger %I after insert or update or delete on %I
      for each row execute function ly_listing_part_changed()', part || '_changes', part);
  end loop;
end $$;

-- A founder shown on a few listings: those listings. (Deleting one removes its listing_founders
-- rows, which notify above.)
create function ly_founder_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('listing_changes', l.slug)
    from listing_founders lf join listings l on l.id = lf.listing_id
    where lf.founder_id = new.id;
  return null;
end $$;

create trigger founders_changes after update of slug, name, title, avatar_url, user_id on founders
  for each row execute function ly_founder_changed();

-- Names shown on many profiles (a category, an attribute's label): every profile.
create function ly_profiles_all_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('listing_changes', '*');
  return null;
end $$;

create trigger categories_changes after update of slug, name on categories
  for each statement execute function ly_profiles_all_changed();
create trigger category_attributes_changes after update of key, label, position on category_attributes
  for each statement execute function ly_profiles_all_changed();
create trigger listings_changes_truncate after truncate on listings
  for each statement execute function ly_profiles_all_changed();
