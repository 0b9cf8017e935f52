-- 029_message_search_compact_words: the words of message_search (009) as plain text, lexemes separated by a
-- space, and the scope's lexemes (010) only in its index: rows of about 110 bytes instead of 160, so the
-- count of a new search reads fewer pages of the table.
--
-- Counting a search in every tab (countSearch() in db/inbox.ts) finds its messages in the index, then reads
-- each one's tabs in the table. A word found in one message of twelve is on nearly every page, so the count
-- visits about as many pages as the table has: at 200,000 participations (bench/inbox.ts) 4,163 pages before,
-- 2,950 now. The count of the bench's new words (that query alone, p50 on a shared machine): 9.8 -> 7.5 ms
-- on PostgreSQL 15, 11.0 -> 10.2 ms on PGlite. This migration takes 1.8 s there (4.5 s on PGlite), writes
-- to messages waiting meanwhile.
-- Tried and measured before this, without gain: storing the words out of line (toast_tuple_target = 128 and
-- storage external) toasts nothing, PostgreSQL only toasts a row of more than about 2 kB; a count that reads no
-- column still visits every page (neither PostgreSQL 15.18 nor PGlite's 18 skip the all-visible pages of a
-- bitmap scan); an index of (segment, word, tabs, message) read index-only took twice as long as this table.
--
-- message_search_words() gives back the tsvector the index holds: the words and the scope's lexemes, from
-- the row alone. db/inbox.ts searches with the same expression. The 'simple' parser's lexemes hold no space.
-- It names no function of ours: an index is built and vacuumed with only pg_catalog on the search path
-- (PGlite's PostgreSQL 18), so 010's message_scope_words(), now unused, goes.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
drop index message_search_words_idx;
alter table message_search alter column words type text using
  array_to_string(tsvector_to_array(ts_delete(words, array['~s' || segment_id, '~c' || channel_id])), ' ');

create function message_search_words(words text, segment_id bigint, channel_id bigint) returns tsvector
language sql immutable as $$
  select array_to_tsvector(string_to_array(words, ' ')) || array_to_tsvector(array['~s' || segment_id, '~c' || channel_id])
$$;

-- without a pending list, as 011 set it
create index message_search_words_idx on message_search
  using gin (message_search_words(words, segment_id, channel_id)) with (fastupdate = off);

create or replace function message_search_inserted() returns trigger language plpgsql as $$
begin
  insert into message_search (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n), array_to_string(tsvector_to_array(n.search_vector), ' ')
  from new_rows n where n.search_vector <> '';
  return null;
end $$;

-- Only the messages whose tabs or words changed are written again (a comment changes nothing here).
create or replace function message_search_updated() returns trigger language plpgsql as $$
begin
  insert into message_search as c (message_id, segment_id, channel_id, tabs, words)
  select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n),
    array_to_string(tsvector_to_array(n.search_vector), ' ')
  from new_rows n join old_rows o on o.id = n.id
  where n.search_vector <> ''
    and (inbox_tab_bits(n) <> inbox_tab_bits(o) or n.search_vector <> o.search_vector)
  on conflict (message_id) do update set tabs = excluded.tabs, words = excluded.words;
  delete from message_search
  where message_id = any (array(select n.id from new_rows n where n.search_vector = ''));
  return null;
end $$;

drop function message_scope_words(bigint, bigint);
