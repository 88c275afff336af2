-- Votes people can trust (docs/decisions.md#vote-weighting): each vote's provenance without any
-- address, a published weight from 0 to 1 (stored in thousandths: sums stay exact), and holds for
-- review. Boards rank by the counted points; the number of people who voted stays votes_count.

alter table votes
  add column network_hash text,
  add column agent_hash text,
  -- How the voter had signed in: password, github, google. Null for votes from before.
  add column sign_in_method text,
  -- The vote form carried a valid page token: the listing's own page or a list with its card;
  -- 'unrecorded' for votes cast before forms carried one (not held against them).
  add column seen_on text check (seen_on in ('listing', 'list', 'unrecorded')),
  -- Until the weighting job has looked at them, earlier votes count as they always did.
  add column points smallint not null default 1000 check (points between 0 and 1000),
  -- Past the settle age the weight stays and the hashes, method and page go.
  add column settled_at timestamptz,
  add column held_reason text check (held_reason in ('fresh_burst', 'network_burst', 'single_purpose', 'ring')),
  add column held_group text,
  add column held_at timestamptz,
  add column review text check (review in ('released', 'confirmed')),
  add column reviewed_at timestamptz,
  add constraint votes_review_held check (review is null or held_reason is not null);

-- The raw addresses and user agents are replaced by hashes under a salt made here and never kept:
-- the old votes stay comparable with each other, with nothing else, and with no address.
with salt as (select md5(gen_random_uuid()::text || clock_timestamp()::text) as s)
update votes v set
  network_hash = case when v.ip is null then null
    else left(md5(salt.s || 'network:' || network(set_masklen(v.ip, case when family(v.ip) = 4 then 24 else 48 end))::text), 32) end,
  agent_hash = case when v.user_agent is null or v.user_agent = '' then null else left(md5(salt.s || 'agent:' || v.user_agent), 32) end,
  seen_on = 'unrecorded'
from salt;
alter table votes drop column ip, drop column user_agent;

-- Held votes not yet decided, for the review queue and for awards waiting on it.
create index votes_held_open_idx on votes (week, listing_id) where held_reason is not null and review is null;
-- The weighting job reads the votes not yet settled, by time.
create index votes_unsettled_idx on votes (created_at) where settled_at is null;
-- Bursts from one network: the votes for a listing from one hash around a time.
create index votes_listing_network_idx on votes (listing_id, network_hash, created_at) where network_hash is not null;
create index votes_user_idx on votes (user_id);
-- A voter's genuine activity (the weighting's second part), read per voter.
create index follows_user_idx on follows (user_id);
create index reviews_user_idx on reviews (user_id) where status = 'published';
create index comments_user_visible_idx on comments (user_id) where status = 'visible';

-- The same provenance for the other signals of the community.
alter table follows add column network_hash text, add column agent_hash text, add column sign_in_method text;
alter table reviews add column network_hash text, add column agent_hash text, add column sign_in_method text;
alter table comment_upvotes add column network_hash text, add column agent_hash text, add column sign_in_method text;

-- Counted points, kept by the trigger below from the votes' points: all time, and cast in the
-- listing's launch week (the weekly board).
alter table listings add column vote_points bigint not null default 0, add column week_points bigint not null default 0;
update listings l set vote_points = coalesce(v.p, 0), week_points = coalesce(v.w, 0)
from (select v.listing_id, sum(v.points)::bigint as p, (sum(v.points) filter (where v.week = li.launch_week))::bigint as w
      from votes v join listings li on li.id = v.listing_id group by v.listing_id) v
where v.listing_id = l.id;

create or replace function ly_vote_points() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update listings l set vote_points = l.vote_points + d.p, week_points = l.week_points + d.w
    from (select a.listing_id, sum(a.points)::bigint as p, coalesce(sum(a.points) filter (where a.week = li.launch_week), 0)::bigint as w
          from added a join listings li on li.id = a.listing_id group by a.listing_id) d
    where l.id = d.listing_id and (d.p <> 0 or d.w <> 0);
  elsif tg_op = 'DELETE' then
    update listings l set vote_points = greatest(l.vote_points - d.p, 0), week_points = greatest(l.week_points - d.w, 0)
    from (select r.listing_id, sum(r.points)::bigint as p, coalesce(sum(r.points) filter (where r.week = li.launch_week), 0)::bigint as w
          from removed r join listings li on li.id = r.listing_id group by r.listing_id) d
    where l.id = d.listing_id and (d.p <> 0 or d.w <> 0);
  else
    update listings l set vote_points = greatest(l.vote_points + d.p, 0), week_points = greatest(l.week_points + d.w, 0)
    from (select x.listing_id, sum(x.points)::bigint as p, coalesce(sum(x.points) filter (where x.week = li.launch_week), 0)::bigint as w
          from (select listing_id, week, points from changed_new union all select listing_id, week, -points from changed_old) x
          join listings li on li.id = x.listing_id group by x.listing_id) d
    where l.id = d.listing_id and (d.p <> 0 or d.w <> 0);
    -- Trending sums the points too: a listing whose weights moved is refreshed by the next run.
    insert into trending_stale (listing_id)
      select n.listing_id from changed_new n join changed_old o on o.id = n.id where n.points <> o.points
      on conflict do nothing;
  end if;
  return null;
end $$;
create trigger votes_points_insert after insert on votes
  referencing new table as added for each statement execute function ly_vote_points();
create trigger votes_points_delete after delete on votes
  referencing old table as removed for each statement execute function ly_vote_points();
create trigger votes_points_update after update on votes
  referencing old table as changed_old new table as changed_new for each statement execute function ly_vote_points();

-- A launch moved to another week: its week's points follow, like week_votes (migration 0011).
create or replace function ly_week_points_moved() returns trigger language plpgsql as $$
begin
  update listings set week_points = coalesce((select sum(v.points) from votes v where v.listing_id = new.id and v.week = new.launch_week), 0)
  where id = new.id;
  return null;
end $$;
create trigger listings_week_points_moved after update of launch_week on listings
  for each row when (old.launch_week is distinct from new.launch_week) execute function ly_week_points_moved();

-- Boards rank by counted points (ties: people, earlier launch, id).
drop index listings_week_rank_votes_idx;
create index listings_week_rank_points_idx on listings (launch_week, status, week_points desc, published_at asc nulls last, id);
drop index listings_browse_votes_idx;
create index listings_browse_votes_idx on listings (status, vote_points desc, published_at asc nulls last, id);

-- When the detection job last looked at the votes: a closed week's awards wait for a look after
-- its close (and for its held votes to be decided, at most 48 hours).
create table vote_detection_runs (
  id smallint primary key check (id = 1),
  ran_at timestamptz not null,
  votes integer not null,
  held integer not null
);

-- The profile shows the counted points beside the number of people: the change feed compares them.
drop trigger listings_changes_update on listings;
create trigger listings_changes_update after update on listings
  for each row when (
    (old.id, old.slug, old.owner_id, old.status, old.plan, old.launch_week, old.published_at, old.name,
     old.url, old.domain, old.tagline, old.short_description, old.description, old.logo_url,
     old.demo_video_url, old.stage, old.country, old.city, old.founded_year, old.contact_email,
     old.pricing_model, old.pricing_summary, old.features, old.usps, old.keywords, old.tags,
     old.faqs, old.socials, old.story, old.unlocked_sections, old.not_found_on_website,
     old.revenue_mrr_cents, old.revenue_verified, old.votes_count, old.follows_count, old.comments_count, old.vote_points)
    is distinct from
    (new.id, new.slug, new.owner_id, new.status, new.plan, new.launch_week, new.published_at, new.name,
     new.url, new.domain, new.tagline, new.short_description, new.description, new.logo_url,
     new.demo_video_url, new.stage, new.country, new.city, new.founded_year, new.contact_email,
     new.pricing_model, new.pricing_summary, new.features, new.usps, new.keywords, new.tags,
     new.faqs, new.socials, new.story, new.unlocked_sections, new.not_found_on_website,
     new.revenue_mrr_cents, new.revenue_verified, new.votes_count, new.follows_count, new.comments_count, new.vote_points))
  execute function ly_listing_row_changed();

-- The moderators' decisions on held votes, in the action log (subject: the listing).
alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'listing_hidden', 'listing_restored', 'edit_reviewed',
  'user_disabled', 'user_enabled', 'admin_granted',
  'price_changed', 'product_added', 'product_retired',
  'category_added', 'category_moved', 'category_retired', 'category_tree_imported',
  'content_hidden', 'content_restored', 'reports_dismissed',
  'votes_released', 'votes_confirmed'));
