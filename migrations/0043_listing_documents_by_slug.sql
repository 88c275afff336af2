-- A usable document found by its listing's slug alone (issue 32, goals 2 and 3;
-- docs/decisions.md#documents-by-slug): a first read was an index lookup in listings (the slug,
-- then the listing's wide row for its id and status) before the one in listing_documents; now it
-- is one lookup here and the view count.
--
-- Safe without a trigger of its own: a body is written back only under the generation read with
-- its profile (0038), and a change of the listing's slug or status bumps that generation and
-- empties the body in its own transaction. So a row with a body holds the slug its listing has and
-- was public when computed, and still is. The write-back copies the slug in the same statement.
alter table listing_documents add column slug text;
update listing_documents d set slug = l.slug from listings l where l.id = d.listing_id and d.body is not null;
create index listing_documents_slug_idx on listing_documents (slug) where body is not null;
