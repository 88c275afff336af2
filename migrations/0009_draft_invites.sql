-- Co-founder invites (invite_cofounder): a one-time link by email through which the invitee signs
-- in and adds their own founder profile to a draft. Only the SHA-256 of the link's token is kept.

create table draft_invites (
  id bigint generated always as identity primary key,
  draft_id uuid not null references drafts (id) on delete cascade,
  email text not null,
  token_hash text not null unique,
  invited_by bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by bigint references users (id) on delete set null
);
-- Counting a draft's invites (at most 10) and listing them.
create index draft_invites_draft_idx on draft_invites (draft_id, created_at);
-- One open invite per address and draft: inviting the address again renews that invite's link.
create unique index draft_invites_pending_email_idx on draft_invites (draft_id, lower(email)) where accepted_at is null;
