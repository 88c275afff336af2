-- "Delete my account" (GDPR art. 17; docs/decisions.md#account-deletion-issue-31): a request waits
-- out a grace period, signed out, then a job erases the account. The users row stays, anonymised
-- (orders kept for the tax law point at it: orders.user_id is "on delete restrict"), with erased_at.

-- deletion_requested_at: when the person (or an administrator) asked; deletion_due_at: when the
-- job may erase it. Both null again when a sign-in cancels the request. erased_at: done.
alter table users
  add column deletion_requested_at timestamptz,
  add column deletion_due_at timestamptz,
  add column erased_at timestamptz,
  add constraint users_deletion_pair check ((deletion_requested_at is null) = (deletion_due_at is null)),
  add constraint users_erased_no_request check (erased_at is null or deletion_due_at is null);
-- The erasure job: the requests that are due, earliest first. Only pending requests are in it.
create index users_deletion_due_idx on users (deletion_due_at) where deletion_due_at is not null;

-- An account without a password (GitHub / Google sign-in only) confirms its deletion by an
-- e-mailed link: the same one-time link table as address verification.
alter table email_tokens drop constraint email_tokens_purpose_check;
alter table email_tokens add constraint email_tokens_purpose_check check (purpose in ('verify_email', 'delete_account'));

-- The administrators' erasures and scheduled deletions, in the action log.
alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'listing_hidden', 'listing_restored', 'edit_reviewed',
  'user_disabled', 'user_enabled', 'admin_granted',
  'price_changed', 'product_added', 'product_retired',
  'category_added', 'category_moved', 'category_retired', 'category_tree_imported',
  'content_hidden', 'content_restored', 'reports_dismissed',
  'votes_released', 'votes_confirmed',
  'newsletter_intro_saved', 'newsletter_settings_saved', 'newsletter_test_sent', 'newsletter_sending_started',
  'user_deletion_scheduled', 'user_erased'));
