-- The public directory: site settings, accounts, categories, listings and everything a listing shows.
-- Shared by PGlite (PostgreSQL 18) and PostgreSQL 15: use nothing newer than 15.

create extension if not exists pg_trgm;
create extension if not exists unaccent;
create extension if not exists fuzzystrmatch;

-- array_to_string and unaccent are only STABLE, so generated columns cannot call them directly.
-- For text[] and a fixed dictionary they are immutable in practice; these wrappers say so.
create or replace function ly_join(text[]) returns text
  language sql immutable parallel safe
  as $$ select coalesce(array_to_string($1, ' '), '') $$;

create or replace function ly_unaccent(text) returns text
  language sql immutable parallel safe
  as $$ select public.unaccent('public.unaccent'::regdictionary, coalesce($1, '')) $$;

create table site_settings (
  id smallint primary key default 1 check (id = 1),
  name text not null default 'Launchyard',
  purpose text not null default 'A directory of products and a weekly launch calendar.',
  timezone text not null default 'UTC',
  free_queue_min_weeks smallint not null default 6,
  free_queue_max_weeks smallint not null default 8,
  free_week_capacity integer not null default 25 check (free_week_capacity >= 0),
  updated_at timestamptz not null default now(),
  check (free_queue_min_weeks between 1 and free_queue_max_weeks)
);
insert into site_settings (id) values (1);

create table users (
  id bigint generated always as identity primary key,
  email text not null,
  name text not null,
  password_hash text,
  is_admin boolean not null default false,
  email_verified_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table categories (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,219}$'),
  name text not null,
  description text not null default '',
  parent_id bigint references categories (id) on delete restrict,
  position integer not null default 0,
  faqs jsonb not null default '[]',
  created_at timestamptz not null default now(),
  check (parent_id is null or parent_id <> id)
);
create index categories_parent_idx on categories (parent_id, position);

-- Facts a category's listings can state, compared side by side by compare_listings.
create table category_attributes (
  id bigint generated always as identity primary key,
  category_id bigint not null references categories (id) on delete cascade,
  key text not null check (key ~ '^[a-z0-9_]{1,60}$'),
  label text not null,
  kind text not null check (kind in ('text', 'boolean', 'number', 'list')),
  position integer not null default 0,
  unique (category_id, key)
);

create table founders (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,219}$'),
  user_id bigint unique references users (id) on delete set null,
  name text not null,
  title text,
  bio text not null default '',
  avatar_url text,
  country text check (country ~ '^[A-Z]{2}$'),
  socials jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index founders_name_trgm on founders using gin (lower(name) gin_trgm_ops);

create table listings (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,219}$'),
  owner_id bigint references users (id) on delete set null,
  status text not null default 'draft'
    check (status in ('draft', 'awaiting_badge', 'scheduled', 'live', 'archived')),
  plan text not null default 'free' check (plan in ('free', 'paid')),
  -- The Monday (in the site timezone) of the listing's launch week. Never a week number.
  launch_week date check (launch_week is null or extract(isodow from launch_week) = 1),
  published_at timestamptz,
  name text not null,
  url text not null,
  domain text not null,
  tagline text,
  short_description text,
  description text,
  headline text,
  summary text,
  stage text check (stage ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
  pricing_model text,
  pricing_summary text,
  country text check (country ~ '^[A-Z]{2}$'),
  city text,
  founded_year smallint check (founded_year between 1800 and 2100),
  contact_email text,
  demo_video_url text,
  logo_url text,
  seo_title text,
  seo_description text,
  features text[] not null default '{}',
  usps text[] not null default '{}',
  keywords text[] not null default '{}',
  tags text[] not null default '{}',
  faqs jsonb not null default '[]',
  socials jsonb not null default '{}',
  story jsonb,
  unlocked_sections text[] not null default '{}'
    check (unlocked_sections <@ array['story', 'milestones', 'media']::text[]),
  -- Facts the company's own site did not state; left blank on purpose.
  not_found_on_website text[] not null default '{}',
  primary_category_id bigint references categories (id) on delete restrict,
  -- Monthly recurring revenue, shown on the revenue leaderboard.
  revenue_mrr_cents bigint check (revenue_mrr_cents >= 0),
  revenue_verified boolean not null default false,
  -- Denormalised counters, kept by the code that writes votes, follows and views.
  votes_count integer not null default 0 check (votes_count >= 0),
  follows_count integer not null default 0 check (follows_count >= 0),
  views_count bigint not null default 0 check (views_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (
    lower(ly_unaccent(name || ' ' || coalesce(tagline, '') || ' ' || ly_join(keywords)))
  ) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('simple', ly_unaccent(name)), 'A') ||
    setweight(to_tsvector('english', ly_unaccent(tagline)), 'B') ||
    setweight(to_tsvector('english', ly_unaccent(ly_join(keywords))), 'B') ||
    setweight(to_tsvector('english', ly_unaccent(description)), 'C')
  ) stored
);
create index listings_status_week_idx on listings (status, launch_week);
create index listings_status_published_idx on listings (status, published_at desc);
create index listings_status_votes_idx on listings (status, votes_count desc);
create index listings_domain_idx on listings (domain);
create index listings_owner_idx on listings (owner_id);
create index listings_primary_category_idx on listings (primary_category_id);
create index listings_search_trgm on listings using gin (search_text gin_trgm_ops);
create index listings_search_vector on listings using gin (search_vector);

-- The primary category is also listings.primary_category_id; extra categories are paid-plan only.
create table listing_categories (
  listing_id bigint not null references listings (id) on delete cascade,
  category_id bigint not null references categories (id) on delete restrict,
  is_primary boolean not null default false,
  position smallint not null default 0,
  primary key (listing_id, category_id)
);
create index listing_categories_category_idx on listing_categories (category_id, listing_id);

create table listing_attribute_values (
  listing_id bigint not null references listings (id) on delete cascade,
  attribute_id bigint not null references category_attributes (id) on delete cascade,
  value text not null,
  primary key (listing_id, attribute_id)
);

create table listing_founders (
  listing_id bigint not null references listings (id) on delete cascade,
  founder_id bigint not null references founders (id) on delete cascade,
  title text,
  position smallint not null default 0,
  primary key (listing_id, founder_id)
);
create index listing_founders_founder_idx on listing_founders (founder_id);

create table listing_updates (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  title text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index listing_updates_listing_idx on listing_updates (listing_id, created_at desc);

create table milestones (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  date date not null,
  title text not null,
  description text,
  url text,
  created_at timestamptz not null default now()
);
create index milestones_listing_idx on milestones (listing_id, date desc);

create table listing_media (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  kind text not null check (kind in ('image', 'video')),
  url text not null,
  caption text,
  position smallint not null default 0
);
create index listing_media_listing_idx on listing_media (listing_id, position);

-- Alternatives the owner approved; get_alternatives lists these first.
create table listing_alternatives (
  listing_id bigint not null references listings (id) on delete cascade,
  alternative_id bigint not null references listings (id) on delete cascade,
  position smallint not null default 0,
  created_at timestamptz not null default now(),
  primary key (listing_id, alternative_id),
  check (listing_id <> alternative_id)
);

-- Votes come only from signed-in people on the site: the source column admits nothing else, and
-- the row records who, when and from where.
create table votes (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  -- Monday (site timezone) of the week the vote was cast in.
  week date not null check (extract(isodow from week) = 1),
  source text not null default 'site' check (source = 'site'),
  ip inet,
  user_agent text,
  created_at timestamptz not null default now(),
  unique (listing_id, user_id)
);
create index votes_week_listing_idx on votes (week, listing_id);
create index votes_listing_created_idx on votes (listing_id, created_at);

create table follows (
  listing_id bigint not null references listings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (listing_id, user_id)
);

-- Genuine reviews are published ones whose author is neither the owner nor a founder of the listing.
create table reviews (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  body text not null default '',
  status text not null default 'published' check (status in ('pending', 'published', 'rejected')),
  created_at timestamptz not null default now(),
  unique (listing_id, user_id)
);

-- Views are counted per day so "most viewed" can look at a window and the counter stays cheap.
create table listing_view_days (
  listing_id bigint not null references listings (id) on delete cascade,
  day date not null,
  views integer not null default 0,
  primary key (listing_id, day)
);

create table domain_rating_snapshots (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  value smallint not null check (value between 0 and 100),
  source text not null,
  measured_at timestamptz not null default now()
);
create index domain_rating_snapshots_listing_idx on domain_rating_snapshots (listing_id, measured_at desc);

-- Money paid into the billboard ranking. Kept apart from votes so it can never leak into them.
create table billboard_contributions (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  created_at timestamptz not null default now()
);
create index billboard_contributions_listing_idx on billboard_contributions (listing_id);

create table awards (
  id bigint generated always as identity primary key,
  week date not null check (extract(isodow from week) = 1),
  place smallint not null check (place between 1 and 3),
  listing_id bigint not null references listings (id) on delete cascade,
  votes integer not null,
  created_at timestamptz not null default now(),
  unique (week, place),
  unique (week, listing_id)
);
create index awards_listing_idx on awards (listing_id);

create table blog_posts (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,219}$'),
  title text not null,
  excerpt text not null default '',
  body_markdown text not null,
  faqs jsonb not null default '[]',
  author_name text not null,
  cover_url text,
  tags text[] not null default '{}',
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', ly_unaccent(title)), 'A') ||
    setweight(to_tsvector('english', ly_unaccent(excerpt)), 'B') ||
    setweight(to_tsvector('english', ly_unaccent(body_markdown)), 'C')
  ) stored
);
create index blog_posts_published_idx on blog_posts (status, published_at desc);
create index blog_posts_search_vector on blog_posts using gin (search_vector);
create index blog_posts_title_trgm on blog_posts using gin (lower(title) gin_trgm_ops);

create table interview_questions (
  id bigint generated always as identity primary key,
  question text not null,
  position integer not null default 0,
  active boolean not null default true
);

create table interview_answers (
  user_id bigint not null references users (id) on delete cascade,
  question_id bigint not null references interview_questions (id) on delete cascade,
  answer text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, question_id)
);

-- Prices are set by the site's administrator: USD cents, excluding VAT.
create table products (
  id bigint generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
  name text not null,
  description text not null default '',
  kind text not null check (kind in ('paid_launch', 'extra_category', 'section_unlock', 'billboard', 'featured')),
  price_cents integer not null check (price_cents >= 0),
  needs_listing boolean not null default true,
  active boolean not null default true,
  position integer not null default 0,
  options jsonb not null default '{}',
  updated_at timestamptz not null default now()
);
