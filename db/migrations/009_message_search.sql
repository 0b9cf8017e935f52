-- 009_message_search: the counts of a search in every tab (back-office §2 Message list search, §7 GET
-- interaction counts) read a narrow copy of each message's tabs and words instead of the messages.
--
-- A search for a common word matches thousands of messages spread over every page of the table: counting
-- them in each tab visited every page of messages (8,700 pages at 200,000 participations, rows of 345
-- bytes). This table holds only what that count needs: the tabs of the message as bits and its words
-- without positions, about 2.3 times fewer pages (bench/inbox.ts). The message list itself still filters
-- on messages.search_vector while it walks its index, newest first.
--
-- Statement triggers keep it, like the tab counters (007): every write path keeps it right. Messages
-- without words (a vote from a visitor who gave no name) have no row.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
create table message_search (
  message_id bigint primary key,
  segment_id bigint not null,
  channel_id bigint not null,
  -- inbox_tab_bits()
  tabs smallint not null,
  words tsvector not null
);
create index message_search_words_idx on message_search using gin (words);

-- The tabs of inbox_tabs() (007) as bits, in this order: all, liked, archive, moderated, winner, trash,
-- unread (TAB_MASK in db/inbox.ts). One expression, so that the planner inlines it.
create function inbox_tab_bits(m messages) returns smallint language sql immutable as $$
  select ((inbox_tabs(m, 1)).all_tab | ((inbox_tabs(m, 1)).liked << 1) | ((inbox_tabs(m, 1)).archive << 2)
    | ((inbox_tabs(m, 1)).moderated << 3) | ((inbox_tabs(m, 1)).winner << 4)
    | ((inbox_tabs(m, 1)).trash << 5) | ((inbox_tabs(m, 1)).unread << 6))::smallint
$$;

create function message_search_inserted() returns trigger language plpgsql as $$
begin
  insert into message_search (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n), strip(n.search_vector)
  from new_rows n where n.search_vector <> '';
  return null;
end $$;

-- Only the messages whose tabs or words changed are written again (a comment changes nothing here).
create function message_search_updated() returns trigger language plpgsql as $$
begin
  insert into message_search as c (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n), strip(n.search_vector)
  from new_rows n join old_rows o on o.id = n.id
  where n.search_vector <> ''
    and (inbox_tab_bits(n) <> inbox_tab_bits(o) or n.search_vector <> o.search_vector)
  on conflict (message_id) do update set tabs = excluded.tabs, words = excluded.words;
  delete from message_search
  where message_id = any (array(select n.id from new_rows n where n.search_vector = ''));
  return null;
end $$;

create function message_search_deleted() returns trigger language plpgsql as $$
begin
  delete from message_search where message_id = any (array(select o.id from old_rows o));
  return null;
end $$;

create trigger messages_search_insert after insert on messages
  referencing new table as new_rows for each statement execute function message_search_inserted();
create trigger messages_search_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function message_search_updated();
create trigger messages_search_delete after delete on messages
  referencing old table as old_rows for each statement execute function message_search_deleted();

-- The messages already stored.
insert into message_search (message_id, segment_id, channel_id, tabs, words)
select m.id, m.segment_id, m.channel_id, inbox_tab_bits(m), strip(m.search_vector)
from messages m where m.search_vector <> '';
