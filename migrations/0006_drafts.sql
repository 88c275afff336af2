-- Drafts: a product submitted by its URL, read by the crawler and drafted by the extractor, then
-- edited by its owner and saved as a listing. Crawl snapshots are kept: they are the evidence base
-- every drafted value quotes from, and regenerate re-reads them.

create table drafts (
  id uuid primary key default gen_random_uuid(),
  owner_id bigint not null references users (id) on delete cascade,
  url text not null,
  status text not null default 'crawling'
    check (status in ('crawling', 'drafting', 'ready', 'failed', 'submitted')),
  -- Progress for the site's progress bar; pages_planned grows as the crawler finds links.
  stage text not null default 'queued'
    check (stage in ('queued', 'robots', 'fetching', 'drafting', 'verifying', 'done', 'failed')),
  pages_fetched integer not null default 0 check (pages_fetched >= 0),
  pages_planned integer not null default 0 check (pages_planned >= 0),
  fields_drafted integer not null default 0 check (fields_drafted >= 0),
  -- How often the pipeline was sent; the sweeper re-sends a lost one a few times, then gives up.
  pipeline_sends smallint not null default 1,
  failure_code text,
  failure_reason text,
  -- Per profile field: { value, state, evidence, ai: { value, evidence } | null } (domain/drafts/field-states.ts).
  fields jsonb not null default '{}',
  faqs jsonb not null default '[]',
  founders jsonb not null default '[]',
  company_socials jsonb not null default '{}',
  founder_socials jsonb not null default '{}',
  story jsonb,
  milestones jsonb not null default '[]',
  seo jsonb,
  -- { url, status: pending|ready|failed, reason, comparison }
  competitor jsonb,
  -- Sections the owner has written (faqs, founders, company_socials): a re-run of the pipeline keeps them.
  owner_sections text[] not null default '{}',
  listing_id bigint references listings (id) on delete set null,
  submitted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 'failed' or failure_code is not null)
);
create index drafts_owner_created_idx on drafts (owner_id, created_at desc, id);
-- The sweeper looks for drafts stuck in the pipeline.
create index drafts_in_pipeline_idx on drafts (updated_at) where status in ('crawling', 'drafting');
create index drafts_listing_idx on drafts (listing_id) where listing_id is not null;

-- One fetched page, as the crawler returned it (src/crawler/types.ts PageSnapshot).
create table crawl_pages (
  id bigint generated always as identity primary key,
  draft_id uuid not null references drafts (id) on delete cascade,
  purpose text not null check (purpose in ('site', 'competitor')),
  position smallint not null default 0,
  url text not null,
  final_url text not null,
  fetched_at timestamptz not null,
  status smallint not null,
  content_type text not null default '',
  hash text not null,
  title text not null default '',
  lang text not null default '',
  text text not null default '',
  html text not null default '',
  links jsonb not null default '[]'
);
create index crawl_pages_draft_idx on crawl_pages (draft_id, purpose, position);
