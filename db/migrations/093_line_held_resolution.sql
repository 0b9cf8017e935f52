-- 093_line_held_resolution: staff settle a held message: moved into an interaction, or dismissed.
--
-- A held message waits for staff until one of them moves it into an interaction of its channel that can take
-- it (it then is that participation: message_id) or dismisses it. Either is done once: the update that settles
-- it only takes a row still waiting, so two staff moving it at the same moment make one participation. The row
-- stays (the audit log names it); the count staff see is of the rows still waiting.
alter table line_held_messages
  add column resolution text check (resolution in ('moving', 'moved', 'dismissed')),
  add column resolved_at timestamptz,
  add column resolved_by bigint references users (id) on delete set null,
  add column message_id bigint references messages (id) on delete set null;
create index line_held_messages_waiting_idx on line_held_messages (channel_id) where resolution is null;
