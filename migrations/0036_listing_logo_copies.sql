-- Listings whose logo_url names a picture on another site (written by releases before the site kept
-- logos) are copied into the media storage by jobs/listing-logo.ts, found by jobs/listing-logo-sweep.ts
-- (docs/decisions.md#pictures). The sweep pages through this index by id: it holds only the
-- listings still waiting (or refused), so a run on a directory of a million listings reads a few
-- rows, not the table.
create index listings_logo_to_copy_idx on listings (id) where logo_hash is null and logo_url is not null;

-- Why a listing's logo could not be copied (not a picture, a private address, too large, 404…),
-- for its owner's Pictures page and so the sweep does not fetch the same address again. One row per
-- listing, for the address it last tried; a kept copy deletes it.
create table listing_logo_refusals (
  listing_id bigint primary key references listings (id) on delete cascade,
  source_url text not null,
  code text not null check (code ~ '^[a-z][a-z0-9_]{0,59}$'),
  reason text not null check (char_length(reason) <= 2000),
  refused_at timestamptz not null
);
