-- 032_search_uploaded: the Uploaded tab of a new search counted from the bitmaps of 031, with the other tabs
-- (the aim: an inbox request's worst p95 <= 10 ms on PostgreSQL, <= 20 ms on PGlite).
--
-- Uploaded holds the messages of All with a successful delivery (FILTER_SQL in db/inbox.ts). Its count for a
-- search looked each delivered message of the channel up in messages and matched its words: 400 deliveries at
-- 200,000 participations took 1.9 ms on PostgreSQL, the longest of the queries the inbox's request runs at
-- once. Here message_search keeps whether its message was delivered (`delivered`), and search_chunks one more
-- bitmap per chunk (`uploaded`), flipped like the tabs' by the triggers of 031: Uploaded is then the bits
-- shared with All and with the search's bitmap, in the same query as the other tabs.
--
-- Statement triggers on deliveries set `delivered` again for the messages whose deliveries changed, after
-- locking those messages: a message given words at the same time (message_search_add() reads its
-- deliveries) then waits for, or is waited for by, the delivery. They also bump the `writes` counter of the
-- segments changed (007), so that the kept counts of a search (inbox_search_totals) are counted again.
-- A delivery started then successful costs more (bench/inbox_writes.ts, p50): 0.23 -> 0.94 ms on PostgreSQL
-- 15, 0.34 -> 1.85 ms on PGlite; the writes of messages cost what they did.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
alter table message_search add column delivered boolean not null default false;

alter table search_chunks add column uploaded bit(512) not null default repeat('0', 512)::bit(512);
alter table search_chunks alter column uploaded drop default;

-- The tabs' bits of 031 and bit 128 for a delivered message (message_search.delivered): the flips of
-- search_chunks.uploaded.
create or replace function search_flip_tabs(segments bigint[], ords integer[], flips integer[]) returns void
language plpgsql as $$
declare
  zero constant bit(512) := repeat('0', 512)::bit(512);
begin
  insert into search_chunks as c (segment_id, chunk, all_tab, liked, archive, moderated, winner, trash, unread,
    uploaded)
  select segment_id, ord / 512,
    coalesce(bit_or(search_bit(ord)) filter (where flip & 1 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 2 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 4 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 8 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 16 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 32 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 64 <> 0), zero),
    coalesce(bit_or(search_bit(ord)) filter (where flip & 128 <> 0), zero)
  from unnest(segments, ords, flips) f(segment_id, ord, flip)
  where flip <> 0
  group by segment_id, ord / 512
  order by 1, 2
  on conflict (segment_id, chunk) do update set all_tab = c.all_tab # excluded.all_tab,
    liked = c.liked # excluded.liked, archive = c.archive # excluded.archive,
    moderated = c.moderated # excluded.moderated, winner = c.winner # excluded.winner,
    trash = c.trash # excluded.trash, unread = c.unread # excluded.unread,
    uploaded = c.uploaded # excluded.uploaded;
end $$;

-- A message_search row's bits in search_chunks: its tabs, and 128 when delivered.
create function search_tab_flips(tabs smallint, delivered boolean) returns integer language sql immutable as $$
  select tabs::integer | (delivered::integer << 7)
$$;

create or replace function search_bits_inserted() returns trigger language plpgsql as $$
begin
  perform search_flip_tabs(array_agg(n.segment_id), array_agg(n.ord), array_agg(search_tab_flips(n.tabs, n.delivered))),
    search_flip_words(array_agg(n.segment_id), array_agg(n.ord), array_agg(n.words), false)
  from new_rows n;
  return null;
end $$;

create or replace function search_bits_deleted() returns trigger language plpgsql as $$
declare
  zero constant bit(512) := repeat('0', 512)::bit(512);
begin
  perform search_flip_tabs(array_agg(o.segment_id), array_agg(o.ord), array_agg(search_tab_flips(o.tabs, o.delivered))),
    search_flip_words(array_agg(o.segment_id), array_agg(o.ord), array_agg(o.words), true)
  from old_rows o;
  delete from search_chunks c using (select distinct segment_id, ord / 512 as chunk from old_rows) o
  where c.segment_id = o.segment_id and c.chunk = o.chunk and c.all_tab = zero and c.liked = zero
    and c.archive = zero and c.moderated = zero and c.winner = zero and c.trash = zero and c.unread = zero
    and c.uploaded = zero;
  return null;
end $$;

create or replace function search_bits_updated() returns trigger language plpgsql as $$
declare
  segments bigint[];
  ords integer[];
  flips integer[];
  word_lists text[];
begin
  -- each message's rows before and after, paired by grouping (031)
  select array_agg(segment_id), array_agg(ord), array_agg(flip) into segments, ords, flips
  from (select segment_id, ord, bit_xor(search_tab_flips(tabs, delivered)) as flip
    from (select segment_id, ord, tabs, delivered from old_rows
      union all select segment_id, ord, tabs, delivered from new_rows) r
    group by segment_id, ord) f
  where flip <> 0;
  if segments is not null then
    perform search_flip_tabs(segments, ords, flips);
  end if;
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

-- As in 031, and a message that already has a successful delivery (words given after it was delivered) comes
-- in delivered.
create or replace function message_search_add(new_ids bigint[], new_segments bigint[], new_channels bigint[],
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
  insert into message_search (message_id, segment_id, channel_id, tabs, words, ord, delivered)
  select w.id, w.segment_id, w.channel_id, w.tabs, w.words,
    r.next - (count(*) over (partition by w.segment_id))::int
      + (row_number() over (partition by w.segment_id order by w.id))::int - 1,
    exists (select 1 from deliveries d where d.message_id = w.id and d.status = 'success')
  from worded w join reserved r on r.segment_id = w.segment_id;
end $$;

-- Sets message_search.delivered again for these messages, and bumps the `writes` of the segments changed.
create function search_mark_delivered(ids bigint[]) returns void language plpgsql as $$
begin
  -- a message given words meanwhile reads its deliveries in message_search_add(): one of the two waits
  perform 1 from messages where id = any (ids) order by id for no key update;
  with changed as (
    update message_search s set delivered = not s.delivered
    where s.message_id = any (ids)
      and s.delivered <> exists (select 1 from deliveries d where d.message_id = s.message_id and d.status = 'success')
    returning s.segment_id, s.channel_id)
  insert into inbox_counts as c (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner,
    trash, unread, writes)
  select segment_id, pg_backend_pid() % 8, min(channel_id), 0, 0, 0, 0, 0, 0, 0, 1
  from changed group by segment_id order by segment_id
  on conflict (segment_id, shard) do update set writes = c.writes + 1;
end $$;

-- The trigger of every write of deliveries: the messages with a successful delivery before or after it. A
-- statement names the transition tables of its operation only, so each operation has its own branch.
create function search_deliveries_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform search_mark_delivered(array(select distinct message_id from new_rows where status = 'success'));
  elsif tg_op = 'DELETE' then
    perform search_mark_delivered(array(select distinct message_id from old_rows where status = 'success'));
  else
    perform search_mark_delivered(array(select o.message_id from old_rows o where o.status = 'success'
      union select n.message_id from new_rows n where n.status = 'success'));
  end if;
  return null;
end $$;

create trigger deliveries_search_insert after insert on deliveries
  referencing new table as new_rows for each statement execute function search_deliveries_changed();
create trigger deliveries_search_update after update on deliveries
  referencing old table as old_rows new table as new_rows for each statement execute function search_deliveries_changed();
create trigger deliveries_search_delete after delete on deliveries
  referencing old table as old_rows for each statement execute function search_deliveries_changed();

-- The deliveries already made; the kept counts of searches have no Uploaded tab yet.
select search_mark_delivered(array(select distinct message_id from deliveries where status = 'success'));
delete from inbox_search_totals;
