-- A burst that straddles midnight UTC was split in two: network hashes are salted per day, so the
-- same network had one hash before 00:00 and another after, and 6 + 6 votes escaped a threshold of
-- 10. A vote cast within the detection window before midnight also stores its network's hash under
-- the next day's salt; the job and the weighing at the vote read the two as one network
-- (docs/decisions.md#vote-weighting). Settling clears it with the other hashes.
alter table votes add column network_hash_next text;
create index votes_listing_network_next_idx on votes (listing_id, network_hash_next, created_at) where network_hash_next is not null;
