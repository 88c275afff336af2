-- Follows send mail (docs/decisions.md#follow-mails): a followed listing goes live, a followed
-- listing wins Launch of the Week. Each has its switch in email_preferences.
alter table email_preferences drop constraint email_preferences_kind_check;
alter table email_preferences add constraint email_preferences_kind_check
  check (kind in ('comments', 'replies', 'updates', 'followed_live', 'followed_award'));

-- What happened to a listing that its followers are told about, written by the week-start
-- transaction that made it happen (so an event is never lost between the change and the mail):
-- it went live in its launch week, or it won a place of that week's Launch of the Week. mailed_at
-- is set once every follower's mail is decided; until then the hourly week-start sends the job.
create table follow_mail_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('followed_live', 'followed_award')),
  listing_id bigint not null references listings (id) on delete cascade,
  week date not null check (extract(isodow from week) = 1),
  place smallint check (place between 1 and 3),
  happened_at timestamptz not null,
  mailed_at timestamptz,
  unique (kind, listing_id, week),
  check ((kind = 'followed_award') = (place is not null))
);
create index follow_mail_events_pending_idx on follow_mail_events (kind, id) where mailed_at is null;

-- One row per (event, follower) told: claimed just before the mail is handed to the mailer, so a
-- second run, a retry or another node never mails the same follower about the same event again.
-- outbox_id is the mail's outbox row, noted once the mailer is done: a claim without it was cut off
-- by a crash, and the mail is not sent again whether or not it left (at most once).
create table follow_mail_deliveries (
  event_id bigint not null references follow_mail_events (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  claimed_at timestamptz not null,
  outbox_id bigint,
  primary key (event_id, user_id)
);
