-- Identity and access: site sessions, API keys, email, OAuth storage, idempotency, throttling.

-- Server-side sessions: the cookie holds a random token; only its hash is stored, so a database
-- leak reveals no usable session. Revocable one by one or all at once.
create table sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  user_id bigint not null references users (id) on delete cascade,
  csrf_token text not null,
  ip inet,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

-- API keys: shown once, stored as a SHA-256 hash (they are 190+ bits of randomness, so a fast
-- hash is safe and lets a lookup be one index probe). The prefix identifies a key in lists.
create table api_keys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  prefix text not null,
  secret_hash text not null unique,
  scopes text[] not null check (scopes <@ array['account:read', 'listings:write', 'orders:write']::text[] and cardinality(scopes) > 0),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id, created_at desc);

-- One-time links sent by email (address verification, co-founder invites, email claims).
create table email_tokens (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email')),
  token_hash text not null unique,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Every email the service sends, also when no SMTP server is configured: the readable outbox.
create table outbox_emails (
  id bigint generated always as identity primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  transport text not null,
  error text
);
create index outbox_emails_created_idx on outbox_emails (created_at desc);

-- Failed sign-ins per email and per IP, for brute-force throttling across app nodes.
create table sign_in_failures (
  key text primary key,
  failures integer not null default 0,
  window_started_at timestamptz not null default now(),
  locked_until timestamptz
);

-- The OAuth authorization server's storage (oidc-provider models: grants, codes, tokens,
-- registered clients, interactions, sessions), so every node sees the same state.
create table oauth_records (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oauth_records_grant_idx on oauth_records (grant_id) where grant_id is not null;
create index oauth_records_uid_idx on oauth_records (uid) where uid is not null;
create index oauth_records_expires_idx on oauth_records (expires_at);

-- Secrets generated once per installation and shared by all nodes (signing keys, cookie keys).
create table installation_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- Idempotency-Key records: per caller and key, the request fingerprint and the stored response.
create table idempotency_keys (
  principal text not null,
  key text not null check (length(key) between 1 and 255),
  operation text not null,
  request_hash text not null,
  state text not null check (state in ('processing', 'completed')),
  status_code integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  locked_until timestamptz not null,
  expires_at timestamptz not null,
  primary key (principal, key)
);
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);
