-- The owner's listings: version history of edits, the free plan's badge checks, follower mail of updates.

-- Every owner edit of a listing, with a before and after copy of the changed fields, for the site
-- team (/admin/listing-versions). Edits publish at once, so this is how a bad edit is found and undone.
create table listing_versions (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  editor_id bigint references users (id) on delete set null,
  -- What made the edit: the operation's name (update_my_listing, set_founder_story, update_draft …).
  source text not null check (source ~ '^[a-z][a-z0-9_]{0,59}$'),
  before jsonb not null,
  after jsonb not null,
  created_at timestamptz not null default now()
);
create index listing_versions_listing_idx on listing_versions (listing_id, created_at desc, id desc);
create index listing_versions_created_idx on listing_versions (created_at desc, id desc);

-- Each look at a free listing's homepage for the service's badge.
create table badge_checks (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  checked_at timestamptz not null default now(),
  outcome text not null check (outcome in ('verified', 'absent', 'unverifiable')),
  url text not null,
  detail text not null default ''
);
create index badge_checks_listing_idx on badge_checks (listing_id, checked_at desc, id desc);

-- When the free plan was chosen, the last badge check, and when the badge was first found.
alter table listings add column free_queued_at timestamptz;
alter table listings add column badge_checked_at timestamptz;
alter table listings add column badge_verified_at timestamptz;

-- The badge sweep: listings awaiting their badge, least recently checked first.
create index listings_awaiting_badge_idx on listings (badge_checked_at nulls first, id)
  where status = 'awaiting_badge';
-- Free-week capacity: free listings holding a week.
create index listings_free_week_idx on listings (launch_week)
  where plan = 'free' and status in ('awaiting_badge', 'scheduled', 'live');

-- Set when followers were mailed about an update: a retried job never mails twice.
alter table listing_updates add column followers_notified_at timestamptz;
