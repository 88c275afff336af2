-- The pages a draft's crawl has read so far, in order: [{ url, title }] (url after redirects).
-- Written as each page arrives, so the founder watching the draft sees which pages were read.
alter table drafts add column pages_read jsonb not null default '[]';
