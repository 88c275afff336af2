-- The administration area: what administrators did (who, when, what), listings taken out of the
-- directory by moderation, owner edits reviewed, accounts disabled.

-- Every administrator's action, written in the transaction that makes the change, so the log and
-- the data never disagree. admin_id is null for the operator's CLI (and after an account is deleted).
create table admin_actions (
  id bigint generated always as identity primary key,
  admin_id bigint references users (id) on delete set null,
  action text not null check (action in (
    'listing_hidden', 'listing_restored', 'edit_reviewed',
    'user_disabled', 'user_enabled', 'admin_granted',
    'price_changed', 'product_added', 'product_retired')),
  subject_type text not null check (subject_type in ('listing', 'listing_version', 'user', 'product')),
  subject_id text not null check (length(subject_id) between 1 and 200),
  -- What was done, in words, as the log page shows it.
  summary text not null check (length(summary) between 1 and 2000),
  -- The values before and after, and the reason given.
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index admin_actions_created_idx on admin_actions (created_at desc, id desc);
create index admin_actions_subject_idx on admin_actions (subject_type, subject_id, created_at desc);

-- A listing hidden by moderation has status 'archived' (out of every public read, kept counts and
-- covers follow through the status triggers); this row remembers the status it had, so restoring
-- puts it back, and tells a hidden listing from one archived for another reason.
create table listing_moderation (
  listing_id bigint primary key references listings (id) on delete cascade,
  status_before text not null check (status_before in ('awaiting_badge', 'scheduled', 'live')),
  reason text not null check (length(reason) between 1 and 500),
  hidden_by bigint references users (id) on delete set null,
  hidden_at timestamptz not null
);

-- Owner edits publish at once; the moderation queue is the ones nobody has looked at yet.
create table listing_version_reviews (
  version_id bigint primary key references listing_versions (id) on delete cascade,
  reviewed_by bigint references users (id) on delete set null,
  reviewed_at timestamptz not null
);

-- A disabled account cannot sign in, and its sessions, API keys and OAuth grants are refused.
alter table users add column disabled_at timestamptz;

-- The admin pages list claims, orders and badge checks of every account, newest first.
create index listing_claims_created_idx on listing_claims (created_at desc, id desc);
create index orders_created_idx on orders (created_at desc, id desc);
create index badge_checks_checked_idx on badge_checks (checked_at desc, id desc);
