-- 031_search_bitmaps: the counts of a new search in every tab from bitmaps, not from the messages it matches
-- (the aim: an inbox request's worst p95 <= 10 ms on PostgreSQL, <= 20 ms on PGlite).
--
-- Counting a search with message_search (009, 029) finds its messages in the words index, then reads each
-- one's tabs in the table: a word found in one message of twelve is on every page, and at 200,000
-- participations that count took 8 ms on PostgreSQL and 11 ms on PGlite, most of the inbox's request.
--
-- Here each message of message_search has a place in its segment (`ord`, from 0, in order of arrival) and
-- the segment is cut in chunks of 512 places. For each chunk:
-- - search_chunks holds one bitmap per tab: bit `ord % 512` is set when that message is in the tab;
-- - search_bits holds one bitmap per lexeme found in the chunk: which of its messages have that word.
-- A search 'anni:* & zoé:*' ORs the bitmaps of the lexemes each prefix starts, ANDs the terms, then counts the
-- bits shared with each tab's bitmap: a few hundred rows of 64 bytes instead of every page (bitCountsOf()
-- in db/inbox.ts; 8 -> 1 ms on PostgreSQL at 200,000 participations).
--
-- Statement triggers on message_search keep them: every change of a message's tabs or words flips the bits it
-- changes (XOR), in one upsert per table whose rows go in key order. Rows whose bits all went to 0 go.
-- What a write costs more, p50 against migration 030 (PostgreSQL 15 / PGlite): a one-message insert with
-- words 0.35 -> 0.52 / 0.75 -> 1.02 ms, marking a message read 0.25 -> 0.54 / 0.80 -> 1.41 ms, a new
-- transcript 0.36 -> 0.91 / 0.89 -> 1.98 ms. Marking 2,000 messages read takes less: 413 -> 92 / 673 -> 167 ms,
-- message_search_updated() now compares with message_search's rows instead of joining the two transition
-- tables, which the planner, knowing nothing of their sizes, ran as a nested loop.
-- Writers of messages with words in one segment queue briefly on its place counter and its last chunk.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
alter table message_search add column ord integer;

-- The next free place of each segment, and its channel (the channel scope of a count).
create table message_search_ords (
  segment_id bigint primary key references segments (id) on delete cascade,
  channel_id bigint not null,
  next integer not null
);
create index message_search_ords_channel_id_idx on message_search_ords (channel_id);

update message_search s set ord = p.ord
from (select message_id, (row_number() over (partition by segment_id order by message_id) - 1)::int as ord
  from message_search) p
where p.message_id = s.message_id;
insert into message_search_ords (segment_id, channel_id, next)
select segment_id, min(channel_id), count(*) from message_search group by segment_id;
alter table message_search alter column ord set not null;

-- The bitmap of one place in its chunk.
create function search_bit(ord integer) returns bit(512) language sql immutable as $$
  select set_bit(repeat('0', 512)::bit(512), ord % 512, 1)
$$;

-- Tabs in the order of inbox_tab_bits() (009): all, liked, archive, moderated, winner, trash, unread.
create table search_chunks (
  segment_id bigint not null,
  chunk integer not null,
  all_tab bit(512) not null,
  liked bit(512) not null,
  archive bit(512) not null,
  moderated bit(512) not null,
  winner bit(512) not null,
  trash bit(512) not null,
  unread bit(512) not null,
  primary key (segment_id, chunk)
);

-- "C": lexemes in byte order, so that the lexemes a prefix starts are one range of the key
create table search_bits (
  segment_id bigint not null,
  lexeme text collate "C" not null,
  chunk integer not null,
  bits bit(512) not null,
  primary key (segment_id, lexeme, chunk)
);

-- Flips the bits of places in the tabs' bitmaps: `flips` holds the tabs (inbox_tab_bits()) that changed for
-- the message at `ords`. A function of arrays, so that each trigger below names its own transition tables
-- in static statements (planned once per connection, where EXECUTE planned them on every write).
create function search_flip_tabs(segments bigint[], ords integer[], flips integer[]) returns void
language plpgsql as $$
declare
  zero constant bit(512) := repeat('0', 512)::bit(512);
begin
  insert into search_chunks as c (segment_id, chunk, all_tab, liked, archive, moderated, winner, trash, unread)
  select segment_id, ord / 512,
    coalesce(bit_or(search_bit(ord)) filter (where flip & 1 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 2 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 4 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 8 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 16 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 32 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 64 <> 0), zero)
  from unnest(segments, ords, flips) f(segment_id, ord, flip)
  where flip <> 0
  group by segment_id, ord / 512
  order by 1, 2
  on conflict (segment_id, chunk) do update set all_tab = c.all_tab # excluded.all_tab,
    liked = c.liked # excluded.liked, archive = c.archive # excluded.archive,
    moderated = c.moderated # excluded.moderated, winner = c.winner # excluded.winner,
    trash = c.trash # excluded.trash, unread = c.unread # excluded.unread;
end $$;

-- Flips the bits of the lexemes in `word_lists` (each the words of the message at the same place of `ords`); a
-- lexeme named twice for one place (its words before and after a change) cancels out. Rows left with no bit
-- go when `clears`.
create function search_flip_words(segments bigint[], ords integer[], word_lists text[], clears boolean) returns void
language plpgsql as $$
begin
  insert into search_bits as b (segment_id, lexeme, chunk, bits)
  select segment_id, lexeme, ord / 512, bit_or(search_bit(ord))
  from (select f.segment_id, f.ord, lexeme from unnest(segments, ords, word_lists) f(segment_id, ord, words),
      unnest(string_to_array(f.words, ' ')) lexeme
    group by 1, 2, 3 having count(*) = 1) l
  group by segment_id, lexeme, ord / 512
  order by 1, 2, 3
  on conflict (segment_id, lexeme, chunk) do update set bits = b.bits # excluded.bits;
  if clears then
    delete from search_bits b using (select distinct f.segment_id, lexeme, f.ord / 512 as chunk
        from unnest(segments, ords, word_lists) f(segment_id, ord, words),
          unnest(string_to_array(f.words, ' ')) lexeme) l
    where b.segment_id = l.segment_id and b.lexeme = l.lexeme and b.chunk = l.chunk
      and b.bits = repeat('0', 512)::bit(512);
  end if;
end $$;

-- The statement triggers on message_search: a new message sets its bits, a deleted one clears them, and a
-- change flips those of the tabs and the words that changed (marking a message read writes one chunk row).
create function search_bits_inserted() returns trigger language plpgsql as $$
begin
  perform search_flip_tabs(array_agg(n.segment_id), array_agg(n.ord), array_agg(n.tabs::integer)),
    search_flip_words(array_agg(n.segment_id), array_agg(n.ord), array_agg(n.words), false)
  from new_rows n;
  return null;
end $$;

create function search_bits_deleted() returns trigger language plpgsql as $$
declare
  zero constant bit(512) := repeat('0', 512)::bit(512);
begin
  perform search_flip_tabs(array_agg(o.segment_id), array_agg(o.ord), array_agg(o.tabs::integer)),
    search_flip_words(array_agg(o.segment_id), array_agg(o.ord), array_agg(o.words), true)
  from old_rows o;
  delete from search_chunks c using (select distinct segment_id, ord / 512 as chunk from old_rows) o
  where c.segment_id = o.segment_id and c.chunk = o.chunk and c.all_tab = zero and c.liked = zero
    and c.archive = zero and c.moderated = zero and c.winner = zero and c.trash = zero and c.unread = zero;
  return null;
end $$;

create function search_bits_updated() returns trigger language plpgsql as $$
declare
  segments bigint[];
  ords integer[];
  flips integer[];
  word_lists text[];
begin
  -- each message's rows before and after, paired by grouping: the planner knows nothing of the transition
  -- tables' sizes, and a join of the two was a nested loop (2,000 messages marked read: 1.8 s)
  select array_agg(segment_id), array_agg(ord), array_agg(flip) into segments, ords, flips
  from (select segment_id, ord, bit_xor(tabs) as flip
    from (select segment_id, ord, tabs from old_rows union all select segment_id, ord, tabs from new_rows) r
    group by segment_id, ord) f
  where flip <> 0;
  if segments is not null then
    perform search_flip_tabs(segments, ords, flips);
  end if;
  -- the words before and after, for the messages whose words changed
  select array_agg(segment_id) || array_agg(segment_id), array_agg(ord) || array_agg(ord),
    array_agg(before) || array_agg(after)
  into segments, ords, word_lists
  from (select segment_id, ord, min(words) as before, max(words) as after
    from (select segment_id, ord, words from old_rows union all select segment_id, ord, words from new_rows) r
    group by segment_id, ord having min(words) <> max(words)) f;
  if segments is not null then
    perform search_flip_words(segments, ords, word_lists, true);
  end if;
  return null;
end $$;

create trigger message_search_bits_insert after insert on message_search
  referencing new table as new_rows for each statement execute function search_bits_inserted();
create trigger message_search_bits_update after update on message_search
  referencing old table as old_rows new table as new_rows for each statement execute function search_bits_updated();
create trigger message_search_bits_delete after delete on message_search
  referencing old table as old_rows for each statement execute function search_bits_deleted();

-- Adds messages with words to message_search at the next places of their segments, in the order of their ids
-- (columns as arrays, one element per message).
create function message_search_add(new_ids bigint[], new_segments bigint[], new_channels bigint[],
  new_tabs smallint[], new_words text[]) returns void language plpgsql as $$
begin
  with worded as (
    select * from unnest(new_ids, new_segments, new_channels, new_tabs, new_words)
      w(id, segment_id, channel_id, tabs, words)),
  reserved as (
    insert into message_search_ords as o (segment_id, channel_id, next)
    select segment_id, min(channel_id), count(*) from worded group by segment_id order by 1
    on conflict (segment_id) do update set next = o.next + excluded.next
    returning o.segment_id, o.next)
  insert into message_search (message_id, segment_id, channel_id, tabs, words, ord)
  select w.id, w.segment_id, w.channel_id, w.tabs, w.words,
    r.next - (count(*) over (partition by w.segment_id))::int
      + (row_number() over (partition by w.segment_id order by w.id))::int - 1
  from worded w join reserved r on r.segment_id = w.segment_id;
end $$;

create or replace function message_search_inserted() returns trigger language plpgsql as $$
begin
  perform message_search_add(array_agg(n.id), array_agg(n.segment_id), array_agg(n.channel_id),
    array_agg(inbox_tab_bits(n)), array_agg(array_to_string(tsvector_to_array(n.search_vector), ' ')))
  from new_rows n where n.search_vector <> '';
  return null;
end $$;

-- Only the messages whose tabs or words changed are written again (a comment changes nothing here); one
-- that got words gets its places as on insert, one that lost them leaves message_search.
create or replace function message_search_updated() returns trigger language plpgsql as $$
begin
  -- compared with message_search's row, not with old_rows: a join of the two transition tables was a nested
  -- loop (the planner knows nothing of their sizes)
  update message_search s set tabs = n.tabs, words = n.words
  from (select n.id, inbox_tab_bits(n) as tabs, array_to_string(tsvector_to_array(n.search_vector), ' ') as words
    from new_rows n where n.search_vector <> '') n
  where s.message_id = n.id and (s.tabs <> n.tabs or s.words <> n.words);
  perform message_search_add(array_agg(n.id), array_agg(n.segment_id), array_agg(n.channel_id),
    array_agg(inbox_tab_bits(n)), array_agg(array_to_string(tsvector_to_array(n.search_vector), ' ')))
  from new_rows n
  where n.search_vector <> '' and not exists (select 1 from message_search s where s.message_id = n.id);
  delete from message_search
  where message_id = any (array(select n.id from new_rows n where n.search_vector = ''));
  return null;
end $$;

-- The messages already stored.
select search_flip_tabs(array_agg(segment_id), array_agg(ord), array_agg(tabs::integer)),
  search_flip_words(array_agg(segment_id), array_agg(ord), array_agg(words), false)
from message_search;
