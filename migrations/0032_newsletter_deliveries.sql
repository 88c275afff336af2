-- The newsletter's deliveries: one row per (edition, subscriber), the unit the sender claims, sends
-- once and records (docs/decisions.md#newsletter, "Sending at scale, exactly once").

-- status: queued (waiting for next_attempt_at), sending (claimed by claimed_by; its lease runs out at
-- next_attempt_at, after which another run may claim it again), sent (committed just before the
-- message's last byte went to the SMTP server: see the decision), failed (a permanent refusal, too
-- many temporary ones, or the subscriber stopped being mailed before its turn). message_id is the
-- deterministic Message-ID the mail carries.
create table newsletter_deliveries (
  edition_id bigint not null references newsletter_editions (id) on delete cascade,
  subscriber_id bigint not null references newsletter_subscribers (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts smallint not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null,
  claimed_at timestamptz,
  claimed_by text check (char_length(claimed_by) <= 100),
  last_error text check (char_length(last_error) <= 500),
  sent_at timestamptz,
  message_id text check (char_length(message_id) <= 200),
  primary key (edition_id, subscriber_id),
  check (status <> 'sending' or (claimed_at is not null and claimed_by is not null)),
  check (status <> 'sent' or sent_at is not null)
);
-- The next batch to send: an edition's rows that are due (queued, or sending with a lapsed lease),
-- earliest first. Only unfinished rows are in it, so it shrinks as the edition goes out.
create index newsletter_deliveries_due_idx on newsletter_deliveries (edition_id, next_attempt_at)
  where status in ('queued', 'sending');
-- A subscriber's deletion (the foreign key's cascade) without a scan.
create index newsletter_deliveries_subscriber_idx on newsletter_deliveries (subscriber_id);

-- Permanent refusals (SMTP 5xx) in a row; at 3 the address is marked bouncing and no longer mailed.
-- A delivery that is accepted sets it back to 0.
alter table newsletter_subscribers add column bounces smallint not null default 0 check (bounces >= 0);
-- Queueing an edition reads the confirmed subscribers in id order.
create index newsletter_subscribers_confirmed_idx on newsletter_subscribers (id) where status = 'confirmed';
