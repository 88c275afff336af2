-- Discussions under listings, visitors' reports, the moderation queue, and the e-mail people can
-- switch off (docs/decisions.md#discussions).

-- A comment (parent_id null) or a reply to one (parent_id set; replies are never replied to).
-- status: visible; held (a spam rule or three reports: out of sight until a moderator decides);
-- hidden (by a moderator); deleted (by its author: its text is erased, the row stays while it has
-- replies so the thread keeps its shape).
create table comments (
  id bigint generated always as identity primary key,
  listing_id bigint not null references listings (id) on delete cascade,
  parent_id bigint references comments (id) on delete cascade,
  user_id bigint references users (id) on delete set null,
  body text not null,
  -- The body as HTML (markdown-it, raw HTML off), made once when written.
  body_html text not null,
  status text not null default 'visible' check (status in ('visible', 'held', 'hidden', 'deleted')),
  -- Why a comment is held or hidden, in words (shown to moderators; mailed to the author when hidden).
  status_reason text,
  upvotes integer not null default 0 check (upvotes >= 0),
  -- Visible replies (kept by the trigger below).
  replies_count integer not null default 0 check (replies_count >= 0),
  -- The "top" order with time decay as one stored number (log10 of upvotes + age in 12.5-hour steps
  -- from a fixed epoch): comparing two comments never needs the current time, so one index serves it.
  rank double precision not null,
  -- sha256 of the normalised text: the same text by the same person within an hour is refused.
  body_hash text not null,
  pinned_at timestamptz,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  check (status = 'deleted' or char_length(body) between 1 and 5000),
  check (parent_id is null or pinned_at is null)
);
-- Threads of a listing in each order (the first page is an index walk, whatever the listing's size).
create index comments_threads_top_idx on comments (listing_id, rank desc, id desc) where parent_id is null;
create index comments_threads_new_idx on comments (listing_id, created_at desc, id desc) where parent_id is null;
create index comments_replies_idx on comments (parent_id, created_at, id) where parent_id is not null;
create index comments_user_idx on comments (user_id, created_at desc);
create unique index comments_one_pinned_idx on comments (listing_id) where pinned_at is not null;
create index comments_status_idx on comments (status, created_at desc, id desc);

-- Links in comments, for "the same link posted by three new accounts within an hour".
create table comment_links (
  comment_id bigint not null references comments (id) on delete cascade,
  link text not null check (char_length(link) between 1 and 500),
  user_id bigint references users (id) on delete set null,
  created_at timestamptz not null,
  primary key (comment_id, link)
);
create index comment_links_recent_idx on comment_links (link, created_at desc);

create table comment_upvotes (
  comment_id bigint not null references comments (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (comment_id, user_id)
);

alter table listings add column comments_count integer not null default 0 check (comments_count >= 0);
alter table listings add column comment_threads_count integer not null default 0 check (comment_threads_count >= 0);

-- Counts kept by the database, whatever writes a comment: the listing's visible comments (cards,
-- profile, search), a comment's visible replies, and the threads a listing shows (a visible
-- comment, or one deleted, hidden or held that still has visible replies: shown as a placeholder
-- above them, so a removed question does not take others' answers with it): the list's total,
-- never a count(*).
-- A reply's change updates its parent's replies_count, which fires this again for the parent.
create function ly_comment_counts() returns trigger language plpgsql as $$
declare
  was_visible int := 0; is_visible int := 0; was_thread int := 0; is_thread int := 0;
  listing bigint; parent bigint;
begin
  if tg_op <> 'INSERT' then
    was_visible := (old.status = 'visible')::int;
    was_thread := (old.parent_id is null and (old.status = 'visible' or (old.status <> 'visible' and old.replies_count > 0)))::int;
    listing := old.listing_id; parent := old.parent_id;
  end if;
  if tg_op <> 'DELETE' then
    is_visible := (new.status = 'visible')::int;
    is_thread := (new.parent_id is null and (new.status = 'visible' or (new.status <> 'visible' and new.replies_count > 0)))::int;
    listing := new.listing_id; parent := new.parent_id;
  end if;
  if is_visible <> was_visible or is_thread <> was_thread then
    update listings set comments_count = comments_count + is_visible - was_visible,
                        comment_threads_count = comment_threads_count + is_thread - was_thread
      where id = listing;
  end if;
  if parent is not null and is_visible <> was_visible then
    update comments set replies_count = replies_count + is_visible - was_visible where id = parent;
  end if;
  return null;
end $$;
create trigger comments_counts after insert or delete or update of status, replies_count on comments
  for each row execute function ly_comment_counts();

-- Reports from signed-in visitors about a listing, a review, a comment or a founder profile. One
-- open report per person per thing; a moderator's decision closes every open report of the thing.
create table reports (
  id bigint generated always as identity primary key,
  subject_type text not null check (subject_type in ('listing', 'review', 'comment', 'founder')),
  subject_id bigint not null,
  reporter_id bigint references users (id) on delete set null,
  reason text not null check (reason in ('spam', 'harassment', 'misleading', 'off_topic', 'illegal', 'other')),
  details text not null default '' check (char_length(details) <= 1000),
  status text not null default 'open' check (status in ('open', 'actioned', 'dismissed')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by bigint references users (id) on delete set null
);
create unique index reports_one_open_idx on reports (subject_type, subject_id, reporter_id) where status = 'open';
-- The queue: things with open reports, oldest report first.
create index reports_open_idx on reports (created_at, id) where status = 'open';
create index reports_subject_idx on reports (subject_type, subject_id, created_at);

-- Founder profiles can be hidden by a moderator, like reviews (status 'rejected') and comments.
alter table founders add column hidden_at timestamptz;

-- The moderators' new actions, in the action log with their subject.
alter table admin_actions drop constraint admin_actions_action_check;
alter table admin_actions add constraint admin_actions_action_check check (action in (
  'listing_hidden', 'listing_restored', 'edit_reviewed',
  'user_disabled', 'user_enabled', 'admin_granted',
  'price_changed', 'product_added', 'product_retired',
  'category_added', 'category_moved', 'category_retired', 'category_tree_imported',
  'content_hidden', 'content_restored', 'reports_dismissed'));
alter table admin_actions drop constraint admin_actions_subject_type_check;
alter table admin_actions add constraint admin_actions_subject_type_check
  check (subject_type in ('listing', 'listing_version', 'user', 'product', 'category', 'category_tree', 'review', 'comment', 'founder'));

-- What a person switched off, one row per kind of mail (no row: the default, on). Kinds:
-- comments (new comments on my listings), replies (replies to my comments), updates (a followed
-- listing's updates).
create table email_preferences (
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('comments', 'replies', 'updates')),
  enabled boolean not null,
  changed_at timestamptz not null,
  primary key (user_id, kind)
);

-- The makers' comment mail: at most one per listing per window, across nodes (the row is locked
-- while a mail is decided), naming the comments after the last one mailed.
create table comment_mail_marks (
  listing_id bigint primary key references listings (id) on delete cascade,
  last_mailed_at timestamptz not null,
  last_comment_id bigint not null
);

-- The headers a mail was sent with (List-Unsubscribe…), as the outbox shows them.
alter table outbox_emails add column headers jsonb not null default '{}';

-- The profile now carries the comment count: the change feed compares it too (migration 0022).
drop trigger listings_changes_update on listings;
create trigger listings_changes_update after update on listings
  for each row when (
    (old.id, old.slug, old.owner_id, old.status, old.plan, old.launch_week, old.published_at, old.name,
     old.url, old.domain, old.tagline, old.short_description, old.description, old.logo_url,
     old.demo_video_url, old.stage, old.country, old.city, old.founded_year, old.contact_email,
     old.pricing_model, old.pricing_summary, old.features, old.usps, old.keywords, old.tags,
     old.faqs, old.socials, old.story, old.unlocked_sections, old.not_found_on_website,
     old.revenue_mrr_cents, old.revenue_verified, old.votes_count, old.follows_count, old.comments_count)
    is distinct from
    (new.id, new.slug, new.owner_id, new.status, new.plan, new.launch_week, new.published_at, new.name,
     new.url, new.domain, new.tagline, new.short_description, new.description, new.logo_url,
     new.demo_video_url, new.stage, new.country, new.city, new.founded_year, new.contact_email,
     new.pricing_model, new.pricing_summary, new.features, new.usps, new.keywords, new.tags,
     new.faqs, new.socials, new.story, new.unlocked_sections, new.not_found_on_website,
     new.revenue_mrr_cents, new.revenue_verified, new.votes_count, new.follows_count, new.comments_count))
  execute function ly_listing_row_changed();

-- A hidden founder leaves the profiles that show them.
drop trigger founders_changes on founders;
create trigger founders_changes after update of slug, name, title, avatar_url, user_id, hidden_at on founders
  for each row execute function ly_founder_changed();
