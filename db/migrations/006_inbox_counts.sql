-- 006_inbox_counts: the participations inbox counts its tabs (back-office §2 Message list, §7 GET interaction
-- counts, pagination.total) with index-only scans: every column of the tab conditions of db/inbox.ts is in
-- the index, so counting 200,000 participations of an interaction never reads the table (bench/inbox.ts).
create index messages_segment_counts_idx on messages (segment_id, status, moderation, liked, winner, read);
