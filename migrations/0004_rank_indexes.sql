-- Rankings read a week's launches by launch week and order them by publication time: covering
-- indexes let that happen without visiting the (wide) listing rows; only the page is fetched.
create index listings_week_rank_idx on listings (launch_week, status) include (published_at, id);

-- Typo tolerance without a trigram check per listing: the words listings use (from name,
-- tagline and keywords) live in this small table; a misspelled query word is corrected against
-- it by trigram similarity, then the listings are found with the full-text index alone.
create table search_terms (
  term text primary key,
  documents integer not null default 0
);
create index search_terms_trgm on search_terms using gin (term gin_trgm_ops);

create or replace function ly_search_terms_add_inserted() returns trigger language plpgsql as $$
begin
  insert into search_terms (term, documents)
  select t.lexeme, count(*) from inserted i, unnest(to_tsvector('simple', i.search_text)) t
  where length(t.lexeme) between 3 and 60
  group by t.lexeme
  on conflict (term) do update set documents = search_terms.documents + excluded.documents;
  return null;
end $$;

create or replace function ly_search_terms_add_row() returns trigger language plpgsql as $$
begin
  insert into search_terms (term, documents)
  select t.lexeme, 1 from unnest(to_tsvector('simple', new.search_text)) t
  where length(t.lexeme) between 3 and 60
  on conflict (term) do nothing;
  return null;
end $$;

-- Statement-level for inserts, so a bulk insert adds its words in one go.
create trigger listings_search_terms_insert after insert on listings
  referencing new table as inserted for each statement execute function ly_search_terms_add_inserted();
create trigger listings_search_terms_update after update of name, tagline, keywords on listings
  for each row execute function ly_search_terms_add_row();

insert into search_terms (term, documents)
select t.lexeme, count(*) from listings l, unnest(to_tsvector('simple', l.search_text)) t
where length(t.lexeme) between 3 and 60
group by t.lexeme
on conflict (term) do nothing;
