-- Outgoing webhooks (issue 33; docs/decisions.md "Outgoing webhooks"). A signed-in person
-- registers endpoints; the changes they care about write an event row in their own transaction
-- (an outbox); a fan-out job turns each event into one delivery per matching endpoint; a delivery
-- job per endpoint posts them, oldest first, signed the Standard Webhooks way, and records every
-- attempt (the delivery log).

-- An endpoint: an https URL (or a host the operator allowed, WEBHOOK_ALLOW_HOSTS), the events it
-- wants, and its signing secret sealed (AES-256-GCM under a key kept in installation_secrets,
-- itself sealed with SECRETS_KEY when set): the secret must be recoverable to sign, and is shown
-- once. failing_since: the first failed attempt of the current run of failures (null once one
-- succeeds); three days of it disable the endpoint (disabled_at, disabled_reason).
-- lease_until: the node delivering to it now holds it until then (one delivery at a time, in order).
create table webhook_endpoints (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  url text not null check (char_length(url) between 10 and 2000 and (url like 'https://%' or url like 'http://%')),
  description text check (description is null or char_length(description) <= 200),
  events text[] not null check (cardinality(events) between 1 and 20),
  -- For category.listing_live: the category slugs wanted; empty means every category.
  categories text[] not null default '{}' check (cardinality(categories) <= 20),
  secret jsonb not null,
  created_at timestamptz not null,
  disabled_at timestamptz,
  disabled_reason text check (disabled_reason is null or char_length(disabled_reason) <= 300),
  failing_since timestamptz,
  last_success_at timestamptz,
  lease_until timestamptz,
  check ((disabled_at is null) = (disabled_reason is null))
);
create index webhook_endpoints_user_idx on webhook_endpoints (user_id, id);
-- Who wants an event: active endpoints by event name.
create index webhook_endpoints_events_idx on webhook_endpoints using gin (events) where disabled_at is null;

-- An event, written in the transaction of the change it reports. user_id: whose listing, draft,
-- claim or order it is about (null for public events, sent to every endpoint that asks for them).
-- msg_id is the Standard Webhooks webhook-id: the same on every attempt and on "send again", so a
-- receiver can drop repeats. dedupe_key: an event a job may try to write again (a week closed).
-- fanned_out_at: when its deliveries were made.
create table webhook_events (
  id bigint generated always as identity primary key,
  msg_id text not null unique default ('msg_' || replace(gen_random_uuid()::text, '-', '')),
  type text not null check (type ~ '^[a-z_]+\.[a-z_]+$'),
  user_id bigint references users (id) on delete cascade,
  categories text[] not null default '{}',
  dedupe_key text unique,
  data jsonb not null,
  occurred_at timestamptz not null,
  fanned_out_at timestamptz
);
create index webhook_events_waiting_idx on webhook_events (id) where fanned_out_at is null;
create index webhook_events_occurred_idx on webhook_events (occurred_at);

-- One event for one endpoint. state: pending (to send, or to retry at next_attempt_at),
-- succeeded, failed (the endpoint was disabled or deleted before it went through). resent: made
-- by "send again" (the fan-out's own is unique per endpoint and event; a resend goes to the end).
create table webhook_deliveries (
  id bigint generated always as identity primary key,
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  event_id bigint not null references webhook_events (id) on delete cascade,
  resent boolean not null default false,
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed')),
  attempts int not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  created_at timestamptz not null,
  finished_at timestamptz,
  check ((state = 'pending') = (finished_at is null))
);
create unique index webhook_deliveries_once_idx on webhook_deliveries (endpoint_id, event_id) where not resent;
-- An endpoint's queue, oldest first; the sweep's due ones.
create index webhook_deliveries_pending_idx on webhook_deliveries (endpoint_id, id) where state = 'pending';
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending';
create index webhook_deliveries_event_idx on webhook_deliveries (event_id);

-- Every attempt, as the delivery log shows it: when, how long, the answer's status and its first
-- 1 KiB (as text), or what went wrong before an answer (outcome, error).
create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  attempted_at timestamptz not null,
  duration_ms int not null check (duration_ms >= 0),
  outcome text not null check (outcome in ('delivered', 'http_error', 'redirect', 'timeout', 'address_refused', 'connection_failed')),
  status_code smallint,
  response_excerpt text check (response_excerpt is null or octet_length(response_excerpt) <= 4096),
  error text check (error is null or char_length(error) <= 300)
);
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, id desc);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id);
create index webhook_attempts_attempted_idx on webhook_attempts (attempted_at);

-- Every node LISTENs on webhook_events (jobs/webhook-fanout.ts): an event committed is fanned out
-- at once, whichever code wrote it. NOTIFY is sent at commit, and not at all on a rollback.
create function ly_webhook_event_written() returns trigger language plpgsql as $$
begin
  perform pg_notify('webhook_events', '');
  return null;
end $$;
create trigger webhook_events_written after insert on webhook_events
  for each statement execute function ly_webhook_event_written();

-- API keys may carry the new scope (webhooks:write).
alter table api_keys drop constraint api_keys_scopes_check;
alter table api_keys add constraint api_keys_scopes_check
  check (scopes <@ array['account:read', 'listings:write', 'orders:write', 'webhooks:write']::text[] and cardinality(scopes) > 0);
