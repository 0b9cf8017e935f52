-- 010_message_search_scope: the words of each row of message_search (009) also name its segment and its
-- channel ('~s12', '~c3'), so that the count of a search in a segment or a channel can intersect the
-- index entries of its words with those of its scope.
--
-- Without them the index finds the messages matching the words in every segment and channel, and each is
-- then read to keep those of the scope: with a long history (1,000,000 messages, the searched segment
-- 200,000 of them) that is 55 ms, 19 ms with the scope in the index (PostgreSQL). The words of a message
-- never produce these lexemes: the 'simple' parser splits on '~'. db/inbox.ts uses them only when the
-- scope is a small part of all messages (searchByScope() in lib/rules/inbox.ts): reading the entries of a scope
-- that holds nearly every message costs more than it saves.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
create function message_scope_words(segment_id bigint, channel_id bigint) returns tsvector
language sql immutable as $$
  select array_to_tsvector(array['~s' || segment_id, '~c' || channel_id])
$$;

create or replace function message_search_inserted() returns trigger language plpgsql as $$
begin
  insert into message_search (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n),
    strip(n.search_vector) || message_scope_words(n.segment_id, n.channel_id)
  from new_rows n where n.search_vector <> '';
  return null;
end $$;

-- Only the messages whose tabs or words changed are written again (a comment changes nothing here).
create or replace function message_search_updated() returns trigger language plpgsql as $$
begin
  insert into message_search as c (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n),
    strip(n.search_vector) || message_scope_words(n.segment_id, n.channel_id)
  from new_rows n join old_rows o on o.id = n.id
  where n.search_vector <> ''
    and (inbox_tab_bits(n) <> inbox_tab_bits(o) or n.search_vector <> o.search_vector)
  on conflict (message_id) do update set tabs = excluded.tabs, words = excluded.words;
  delete from message_search
  where message_id = any (array(select n.id from new_rows n where n.search_vector = ''));
  return null;
end $$;

update message_search set words = words || message_scope_words(segment_id, channel_id);
