-- Launch calendar, rankings, badges and background jobs.

-- Set when an ownership claim is verified (claims arrive later); drives the Verified badge.
alter table listings add column verified_at timestamptz;

-- The latest Domain Rating and the one before it, kept on the listing so the leaderboard is an
-- index scan. Maintained by a trigger, so every writer of snapshots keeps it right.
alter table listings add column dr_value smallint;
alter table listings add column dr_previous smallint;
alter table listings add column dr_measured_at timestamptz;
alter table listings add column dr_source text;

create or replace function ly_listing_dr_refresh() returns trigger language plpgsql as $$
begin
  update listings l set
    dr_value = s.value, dr_measured_at = s.measured_at, dr_source = s.source,
    dr_previous = (select p.value from domain_rating_snapshots p
                   where p.listing_id = l.id and p.measured_at < s.measured_at
                   order by p.measured_at desc, p.id desc limit 1)
  from (select value, measured_at, source from domain_rating_snapshots
        where listing_id = new.listing_id order by measured_at desc, id desc limit 1) s
  where l.id = new.listing_id;
  return null;
end $$;

create trigger domain_rating_snapshots_refresh after insert on domain_rating_snapshots
  for each row execute function ly_listing_dr_refresh();

update listings l set dr_value = s.value, dr_measured_at = s.measured_at, dr_source = s.source,
  dr_previous = (select p.value from domain_rating_snapshots p
                 where p.listing_id = l.id and p.measured_at < s.measured_at
                 order by p.measured_at desc, p.id desc limit 1)
from (select distinct on (listing_id) listing_id, value, measured_at, source
      from domain_rating_snapshots order by listing_id, measured_at desc, id desc) s
where l.id = s.listing_id;

create index listings_dr_idx on listings (dr_value desc) where status = 'live' and dr_value is not null;
create index listings_revenue_idx on listings (revenue_mrr_cents desc) where status = 'live' and revenue_mrr_cents is not null;
create index listings_follows_idx on listings (status, follows_count desc);
create index listings_views_idx on listings (status, views_count desc);

-- A closed week whose awards were computed. Its primary key is what makes "computed once" hold
-- even when several nodes run the week-start job.
create table award_weeks (
  week date primary key check (extract(isodow from week) = 1),
  computed_at timestamptz not null default now(),
  winners smallint not null
);

-- Every run of a background job, for operators (npm run cli -- jobs:runs).
create table job_runs (
  id bigint generated always as identity primary key,
  job text not null,
  job_id text,
  status text not null check (status in ('running', 'succeeded', 'failed')),
  attempt integer not null default 1,
  detail text,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index job_runs_started_idx on job_runs (started_at desc);
create index job_runs_job_idx on job_runs (job, started_at desc);
