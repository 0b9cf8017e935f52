-- 008_participant_lookup: every new participation asks "has this device (or app user) already taken
-- part in this segment?" for the participants counter. Only the limited messages had an index on it,
-- so the check read every message of the segment: a vote got slower as the vote filled (1.2 ms at
-- 5,000 votes, linear after). These make it one index probe.
create index messages_segment_device_idx on messages (segment_id, device_id) where device_id is not null;
create index messages_segment_author_idx on messages (segment_id, author_app_user_id)
  where author_app_user_id is not null;
