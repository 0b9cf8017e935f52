-- 031_search_bitmaps: the counts of a new search in every tab from bitmaps, not from the messages it matches
-- (issue 20: inbox worst p95 <= 10 ms on PostgreSQL, <= 20 ms on PGlite).
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
-- bits shared with each tab's bitmap: a few hundred rows of 64 bytes instead of every page (searchBitCounts()
-- in db/inbox.ts; 8 -> 1 ms on PostgreSQL at 200,000 participations).
--
-- Statement triggers on message_search keep them: every change of a message's tabs or words flips the bits it
-- changes (XOR), in one upsert per table whose rows go in key order. Rows whose bits all went to 0 go.
-- Writers of messages with words in one segment queue briefly on its place counter and its last chunk.
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

-- Flips the bits of what a statement on message_search changed: the rows before and after it (one side only
-- on an insert or a delete). A bit changes when its message is in one side and not the other; words are
-- looked at only for the messages whose words changed (marking a message read changes one chunk row).
create function search_bits_changed() returns trigger language plpgsql as $$
declare
  tab_rows text := case tg_op
    when 'INSERT' then 'select * from new_rows'
    when 'DELETE' then 'select * from old_rows'
    else 'select * from old_rows union all select * from new_rows' end;
  word_rows text := case tg_op
    when 'UPDATE' then 'select o.* from old_rows o join new_rows n using (message_id) where o.words <> n.words
      union all select n.* from old_rows o join new_rows n using (message_id) where o.words <> n.words'
    else tab_rows end;
  zero constant bit(512) := repeat('0', 512)::bit(512);
begin
  execute format($q$
    insert into search_chunks as c (segment_id, chunk, all_tab, liked, archive, moderated, winner, trash, unread)
    select segment_id, ord / 512,
      coalesce(bit_or(search_bit(ord)) filter (where flips & 1 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 2 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 4 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 8 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 16 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 32 <> 0), $1),
      coalesce(bit_or(search_bit(ord)) filter (where flips & 64 <> 0), $1)
    from (select segment_id, ord, bit_xor(tabs) as flips from (%s) r group by segment_id, ord) f
    where flips <> 0
    group by segment_id, ord / 512
    order by 1, 2
    on conflict (segment_id, chunk) do update set all_tab = c.all_tab # excluded.all_tab,
      liked = c.liked # excluded.liked, archive = c.archive # excluded.archive,
      moderated = c.moderated # excluded.moderated, winner = c.winner # excluded.winner,
      trash = c.trash # excluded.trash, unread = c.unread # excluded.unread$q$, tab_rows) using zero;
  if tg_op = 'UPDATE' then
    if not exists (select 1 from old_rows o join new_rows n using (message_id) where o.words <> n.words) then
      return null;
    end if;
  end if;
  execute format($q$
    insert into search_bits as b (segment_id, lexeme, chunk, bits)
    select segment_id, lexeme, ord / 512, bit_or(search_bit(ord))
    from (select segment_id, ord, lexeme from (%s) r, unnest(string_to_array(r.words, ' ')) lexeme
      group by segment_id, ord, lexeme having count(*) = 1) f
    group by segment_id, lexeme, ord / 512
    order by 1, 2, 3
    on conflict (segment_id, lexeme, chunk) do update set bits = b.bits # excluded.bits$q$, word_rows);
  if tg_op <> 'INSERT' then
    execute format($q$
      delete from search_bits b using (select distinct segment_id, lexeme, ord / 512 as chunk
          from (%s) r, unnest(string_to_array(r.words, ' ')) lexeme) f
      where b.segment_id = f.segment_id and b.lexeme = f.lexeme and b.chunk = f.chunk and b.bits = $1$q$,
      word_rows) using zero;
  end if;
  if tg_op = 'DELETE' then
    delete from search_chunks c using (select distinct segment_id, ord / 512 as chunk from old_rows) f
    where c.segment_id = f.segment_id and c.chunk = f.chunk and c.all_tab = zero and c.liked = zero
      and c.archive = zero and c.moderated = zero and c.winner = zero and c.trash = zero and c.unread = zero;
  end if;
  return null;
end $$;

create trigger message_search_bits_insert after insert on message_search
  referencing new table as new_rows for each statement execute function search_bits_changed();
create trigger message_search_bits_update after update on message_search
  referencing old table as old_rows new table as new_rows for each statement execute function search_bits_changed();
create trigger message_search_bits_delete after delete on message_search
  referencing old table as old_rows for each statement execute function search_bits_changed();

-- A message with words gets the next places of its segment.
create or replace function message_search_inserted() returns trigger language plpgsql as $$
begin
  with worded as (
    select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n) as tabs,
      array_to_string(tsvector_to_array(n.search_vector), ' ') as words
    from new_rows n where n.search_vector <> ''),
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
  return null;
end $$;

-- Only the messages whose tabs or words changed are written again (a comment changes nothing here); one
-- that got words gets its places as on insert, one that lost them leaves message_search.
create or replace function message_search_updated() returns trigger language plpgsql as $$
begin
  update message_search s set tabs = inbox_tab_bits(n), words = array_to_string(tsvector_to_array(n.search_vector), ' ')
  from new_rows n join old_rows o on o.id = n.id
  where s.message_id = n.id and n.search_vector <> ''
    and (inbox_tab_bits(n) <> inbox_tab_bits(o) or n.search_vector <> o.search_vector);
  with worded as (
    select n.id, n.segment_id, n.channel_id, inbox_tab_bits(n) as tabs,
      array_to_string(tsvector_to_array(n.search_vector), ' ') as words
    from new_rows n
    where n.search_vector <> '' and not exists (select 1 from message_search s where s.message_id = n.id)),
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
  delete from message_search
  where message_id = any (array(select n.id from new_rows n where n.search_vector = ''));
  return null;
end $$;

-- The messages already stored.
insert into search_chunks (segment_id, chunk, all_tab, liked, archive, moderated, winner, trash, unread)
select segment_id, ord / 512,
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 1 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 2 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 4 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 8 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 16 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 32 <> 0), repeat('0', 512)::bit(512)),
  coalesce(bit_or(search_bit(ord)) filter (where tabs & 64 <> 0), repeat('0', 512)::bit(512))
from message_search group by segment_id, ord / 512;
insert into search_bits (segment_id, lexeme, chunk, bits)
select segment_id, lexeme, ord / 512, bit_or(search_bit(ord))
from message_search, unnest(string_to_array(words, ' ')) lexeme
group by segment_id, lexeme, ord / 512;
