-- Claims (spec 4.4, 3.5): a signed-in person proves a listing is their company's by a DNS TXT
-- record, a meta tag on the homepage, a file under /.well-known/, or a link mailed to an address
-- at the listing's domain. A verified claim makes the claimant the listing's owner.

create table listing_claims (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  method text not null check (method in ('dns', 'meta', 'file', 'email')),
  -- expired is written when a pending claim past expires_at is next touched; reads also tell it by expires_at.
  status text not null default 'pending' check (status in ('pending', 'verified', 'failed', 'expired')),
  -- What the proof is about, fixed when the claim is made: the listing's homepage then, and its
  -- registrable domain (null for an IP address or a single-label host such as localhost).
  homepage text not null,
  domain text,
  -- dns, meta, file: the token the claimant publishes. Published on purpose, so kept as it is.
  token text,
  -- email: where the link went, and only the SHA-256 of the link's token (the link is a secret).
  email text,
  token_hash text unique,
  -- The last look verify_claim took: found, not_found or could_not_check, and what it saw.
  last_result text check (last_result in ('found', 'not_found', 'could_not_check')),
  last_detail text,
  checked_at timestamptz,
  failure_reason text,
  -- Who owned the listing when this claim was verified (the owner it replaced), for the site team.
  previous_owner_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  verified_at timestamptz,
  check ((method = 'email') = (email is not null and token_hash is not null and token is null)),
  check ((method = 'email') or (token is not null and email is null and token_hash is null)),
  check ((status = 'verified') = (verified_at is not null)),
  check (status <> 'failed' or failure_reason is not null),
  check ((last_result is null) = (checked_at is null))
);
-- One pending claim per person, listing and method: claiming again returns it.
create unique index listing_claims_pending_idx on listing_claims (user_id, listing_id, method) where status = 'pending';
-- list_my_claims: newest first.
create index listing_claims_user_idx on listing_claims (user_id, created_at desc, id desc);
create index listing_claims_listing_idx on listing_claims (listing_id);
create index listing_claims_previous_owner_idx on listing_claims (previous_owner_id) where previous_owner_id is not null;

-- Every claim link mailed, for the throttle per person and per listing (and as a record of who
-- asked us to write to a company's addresses).
create table claim_emails (
  id bigint generated always as identity primary key,
  claim_id bigint not null references listing_claims (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  listing_id bigint not null references listings (id) on delete cascade,
  email text not null,
  sent_at timestamptz not null default now()
);
create index claim_emails_claim_idx on claim_emails (claim_id);
create index claim_emails_user_idx on claim_emails (user_id, sent_at);
create index claim_emails_listing_idx on claim_emails (listing_id, sent_at);
