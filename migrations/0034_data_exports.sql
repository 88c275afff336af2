-- "Download my data" (GDPR art. 15 and 20; docs/data-export.md): a person asks on /account/data, a
-- job gathers everything tied to the account into one zip (launchyard-export.json and the pictures
-- of their listings) and stores it in the media storage under a private key no public route serves
-- (exports/<32 hex>/launchyard-export.zip), so every node can hand it out. The link works for that
-- signed-in person only, for DATA_EXPORT_LINK_HOURS (domain/privacy/retention.ts); then the sweep
-- deletes the file and the row stays, without it, so the old link says "expired" (410). Starting a
-- new export deletes the account's older rows: an account keeps its latest export row, nothing else.

-- state: queued (job sent), preparing (the job runs: progress and step say how far), ready (the
-- file is stored; expires_at says until when), failed (the job gave up; failure says why, in words),
-- expired (past expires_at: the file is deleted). sends: how often the job was sent; the sweep sends
-- a lost one (quiet since updated_at) again a few times, then fails it.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id bigint not null references users (id) on delete cascade,
  state text not null default 'queued' check (state in ('queued', 'preparing', 'ready', 'failed', 'expired')),
  progress smallint not null default 0 check (progress between 0 and 100),
  step text check (step is null or char_length(step) between 1 and 100),
  storage_key text unique check (storage_key ~ '^exports/[0-9a-f]{32}/launchyard-export\.zip$'),
  size_bytes bigint check (size_bytes >= 0),
  sends smallint not null default 1 check (sends >= 1),
  failure text check (failure is null or char_length(failure) between 1 and 300),
  created_at timestamptz not null,
  -- Every write of the job (start, progress, re-send) moves it: a job quiet for long was lost.
  updated_at timestamptz not null,
  started_at timestamptz,
  ready_at timestamptz,
  expires_at timestamptz,
  check ((state = 'ready') = (storage_key is not null)),
  check (state not in ('ready', 'expired') or (ready_at is not null and expires_at is not null and size_bytes is not null)),
  check ((state = 'failed') = (failure is not null))
);
-- An account's exports, newest first (the page, the hourly limit, the older rows a new export deletes).
create index data_exports_user_idx on data_exports (user_id, created_at desc);
-- The sweep: files past their expiry, and jobs that went quiet.
create index data_exports_ready_expiry_idx on data_exports (expires_at) where state = 'ready';
create index data_exports_unfinished_idx on data_exports (updated_at) where state in ('queued', 'preparing');

-- An export copies the mail sent to the account's address: found by index, not by reading the whole outbox.
create index outbox_emails_to_idx on outbox_emails (lower(to_address), id);
