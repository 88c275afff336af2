-- The weekly newsletter's editions (docs/decisions.md#newsletter): one per closed launch week, built
-- after its awards are decided, kept as sent (the public archive /newsletter shows them as web pages).
create table newsletter_editions (
  id bigint generated always as identity primary key,
  -- The launch week the edition is about (its Monday): one edition per week.
  week date not null unique,
  subject text not null check (char_length(subject) between 1 and 200),
  -- The administrator's optional opening paragraph (Markdown, rendered with raw HTML off).
  intro text check (intro is null or char_length(intro) <= 2000),
  -- The mail as built (HTML with inline styles and its plain-text part); rebuilt until sending starts.
  -- Both carry the literal {{unsubscribe_url}} that the sender replaces per subscriber.
  html text not null,
  text text not null,
  -- What the edition says (winners, top launches, this week's and next week's launches, posts: names,
  -- slugs, taglines, kept logos, votes), kept as built: the public web version and the feed are
  -- rendered from it, so an archived edition reads as it was sent.
  content jsonb not null,
  -- draft: built, may be rebuilt; sending: deliveries queued, being sent; sent: every delivery done.
  status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
  built_at timestamptz not null default now(),
  sending_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index newsletter_editions_sent_idx on newsletter_editions (sent_at desc) where status = 'sent';

-- When the digest goes out: automatically on Mondays at this hour (site timezone), or only by hand.
alter table site_settings
  add column newsletter_auto boolean not null default true,
  add column newsletter_hour smallint not null default 9 check (newsletter_hour between 0 and 23);

-- The newsletter's administration in the action log: the intro, the sending settings, a test mail,
-- sending started by hand.
alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'listing_hidden', 'listing_restored', 'edit_reviewed',
  'user_disabled', 'user_enabled', 'admin_granted',
  'price_changed', 'product_added', 'product_retired',
  'category_added', 'category_moved', 'category_retired', 'category_tree_imported',
  'content_hidden', 'content_restored', 'reports_dismissed',
  'votes_released', 'votes_confirmed',
  'newsletter_intro_saved', 'newsletter_settings_saved', 'newsletter_test_sent', 'newsletter_sending_started'));
alter table admin_actions drop constraint admin_actions_subject_type_check;
alter table admin_actions add constraint admin_actions_subject_type_check
  check (subject_type in ('listing', 'listing_version', 'user', 'product', 'category', 'category_tree', 'review', 'comment', 'founder',
    'newsletter_edition', 'site_settings'));
