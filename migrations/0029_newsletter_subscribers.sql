-- The weekly newsletter's subscribers, with double opt-in and the consent they gave
-- (docs/decisions.md#newsletter).

-- One row per address (lower-cased). status: pending (a confirmation link is out), confirmed (gets
-- the newsletter), unsubscribed, bouncing (the sender gave up on the address). Consent is what the
-- person agreed to when they asked for the link that confirmed them: when, on which page, and the
-- words shown. Only the SHA-256 of the link's token is kept; it stays after use (token_used_at) so a
-- second click says "already used" rather than "unknown". No network address is kept here.
create table newsletter_subscribers (
  id bigint generated always as identity primary key,
  email text not null unique check (
    char_length(email) between 3 and 254 and email = lower(email) and strpos(email, '@') > 1
    and strpos(email, chr(13)) = 0 and strpos(email, chr(10)) = 0 and strpos(email, ' ') = 0),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed', 'bouncing')),
  -- The signed-in person who subscribed from their e-mail preferences (null: the public form).
  user_id bigint references users (id) on delete set null,
  consented_at timestamptz not null,
  consent_page text not null check (char_length(consent_page) between 1 and 200 and left(consent_page, 1) = '/'),
  consent_text text not null check (char_length(consent_text) between 1 and 2000),
  token_hash text check (char_length(token_hash) = 64),
  token_sent_at timestamptz,
  token_expires_at timestamptz,
  token_used_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((token_hash is null) = (token_expires_at is null) and (token_hash is null) = (token_sent_at is null)),
  check (token_used_at is null or token_hash is not null),
  check (status <> 'confirmed' or confirmed_at is not null),
  check (status <> 'unsubscribed' or unsubscribed_at is not null)
);
-- A confirmation link's lookup.
create unique index newsletter_subscribers_token_idx on newsletter_subscribers (token_hash) where token_hash is not null;
-- An account's deletion (on delete set null) and "the subscriptions of an account".
create index newsletter_subscribers_user_idx on newsletter_subscribers (user_id) where user_id is not null;

-- Subscription attempts in the last hour, for the per-address and per-network throttles: HMACs of
-- the address and of the client's /24 or /48 network under an installation key, never the address
-- or the IP itself. Rows older than the window are deleted as new ones come.
create table newsletter_attempts (
  id bigint generated always as identity primary key,
  address_hash text not null check (char_length(address_hash) = 32),
  network_hash text check (char_length(network_hash) = 32),
  at timestamptz not null
);
create index newsletter_attempts_address_idx on newsletter_attempts (address_hash, at);
create index newsletter_attempts_network_idx on newsletter_attempts (network_hash, at) where network_hash is not null;
create index newsletter_attempts_at_idx on newsletter_attempts (at);
