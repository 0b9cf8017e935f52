-- 080_line_held_messages: a listener's message a line could not store as a participation is kept anyway.
--
-- A line may feed no interaction at that moment, or the interaction refuses what came (closed, not its kind
-- of participation, the listener's one participation already taken, a text to a quiz with no question
-- open). What the listener sent is kept here, in the channel's inbox of held messages, for staff with that
-- channel's rights; the listener is told once why it could not count. The same rules as a line's
-- participations apply: STOP forgets the number (the row keeps its text), the channel's retention erases it.
create table line_held_messages (
  id bigint generated always as identity primary key,
  channel_id bigint not null references channels (id) on delete cascade,
  line_id bigint references phone_lines (id) on delete set null,
  medium text not null check (medium in ('whatsapp', 'sms', 'voice')),
  -- the interaction that refused it (null: the line fed none)
  segment_id bigint references segments (id) on delete set null,
  reason text not null,
  text text,
  media_id uuid references media (id) on delete set null,
  media_kind text check (media_kind in ('audio', 'video', 'image')),
  phone_number_id bigint references phone_numbers (id) on delete set null,
  author_name text,
  author_city text,
  -- the listener was told why (a notice is not sent twice for the same reason within a day)
  notified boolean not null default false,
  created_at timestamptz not null default now()
);
create index line_held_messages_channel_idx on line_held_messages (channel_id, created_at desc);
create index line_held_messages_number_idx on line_held_messages (line_id, phone_number_id, reason, created_at desc)
  where phone_number_id is not null;
create index line_held_messages_media_idx on line_held_messages (media_id) where media_id is not null;
