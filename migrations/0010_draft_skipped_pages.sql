-- Pages left out of a draft, with why: [{ url, reason }] (e.g. "took too long" to read in the
-- worker pool's page budget). Shown in get_draft's progress so the founder knows what was not read.
alter table drafts add column skipped jsonb not null default '[]';
