-- Listing rows are rewritten often (view counts flushed every few seconds, votes, trending
-- scores), and every rewrite clears the page's visibility bit, which turns the index-only scans of
-- the feeds and rankings back into heap reads. Measured at 100,000 listings after a load run: the
-- "today" feed read 8,511 heap pages for 4,527 rows (22 ms); after VACUUM, 6.7 ms. PostgreSQL's
-- default waits for 20 % of the table to change before vacuuming it; listings are vacuumed at 2 %.
-- (PGlite has no autovacuum worker; there the setting is kept but has no effect.)
alter table listings set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
