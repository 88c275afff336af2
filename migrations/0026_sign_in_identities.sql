-- Sign in with GitHub and with Google (docs/decisions.md#social-sign-in).

-- An account's identity at a provider: who the provider says it is (subject: GitHub's numeric id,
-- Google's sub), the e-mail it gave and whether it vouched for it, and when the provider says the
-- identity was made (GitHub's created_at; Google does not say). No access or refresh token is kept:
-- the provider is asked once, at sign-in, and never again.
create table user_identities (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  provider text not null check (provider in ('github', 'google')),
  subject text not null,
  email text,
  email_verified boolean not null default false,
  -- When the provider says the identity was made (GitHub's created_at); null when unknown.
  provider_created_at timestamptz,
  linked_at timestamptz not null default now(),
  last_used_at timestamptz,
  -- One account per identity, one identity per provider and account; the second's index also
  -- serves "the identities of an account" (user_id leads it).
  unique (provider, subject),
  unique (user_id, provider)
);

-- How the person signed in, for each session.
alter table sessions add column method text not null default 'password' check (method in ('password', 'github', 'google'));
