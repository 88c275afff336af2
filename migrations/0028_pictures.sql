-- Pictures the site keeps itself (docs/decisions.md#pictures): logos and gallery images are
-- uploaded (or re-hosted from a drafted site), processed into variants and stored by content under
-- "<source_hash>/" in the media storage (DATA_DIR/media or S3). No page hot-links another site.

-- One processed picture: its folder in the media storage, what it was made for, its size after
-- orientation. The same bytes uploaded twice are one folder; rows referencing it keep it alive, and
-- the sweep deletes folders nothing references once their grace period is over.
create table media_files (
  source_hash text primary key check (source_hash ~ '^[0-9a-f]{64}$'),
  purpose text not null check (purpose in ('logo', 'gallery')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  -- Re-hosted from a drafted site (its address, for the draft editor's "from"); null for uploads.
  source_url text,
  created_at timestamptz not null default now()
);

-- The listing's logo, when the site keeps it (logo_url then names its 256 px PNG).
alter table listings add column logo_hash text references media_files (source_hash);
create index listings_logo_hash_idx on listings (logo_hash) where logo_hash is not null;

-- Gallery images carry their picture, alt text and size; video links stay links (kind 'video').
alter table listing_media
  add column media_hash text references media_files (source_hash),
  add column alt text check (alt is null or char_length(alt) between 1 and 300),
  add column created_at timestamptz not null default now(),
  add constraint listing_media_caption_len check (caption is null or char_length(caption) <= 200),
  add constraint listing_media_image_alt check (kind <> 'image' or media_hash is null or alt is not null);
create index listing_media_hash_idx on listing_media (media_hash) where media_hash is not null;

-- Uploads per account, for the rate limit (one row per accepted or refused upload, kept a day).
create table media_upload_log (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index media_upload_log_user_idx on media_upload_log (user_id, created_at);

-- A drafted logo the site keeps a copy of (jobs/draft-logo.ts): the picture the draft found (its
-- logo_url value; the site's og:image when it found none) downloaded through the address policy
-- and processed like an upload. logo_copy: { source_url, from: logo_url | og_image, status:
-- pending | kept | refused, url, reason }; logo_hash names the copy while it is kept. The drafted
-- field keeps its value and evidence (the address on the page); a listing made from the draft
-- takes the copy while it is the copy of that value.
alter table drafts
  add column logo_copy jsonb,
  add column logo_hash text references media_files (source_hash) on delete set null;
create index drafts_logo_hash_idx on drafts (logo_hash) where logo_hash is not null;
