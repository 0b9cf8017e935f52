-- functions.sql: the current definition of every function and trigger of the schema, in one reviewed file.
--
-- db/migrate.ts applies this file after the migrations, in the same transaction: on a new database, and on
-- every start where a migration was applied or this file's text changed since the database last received it.
-- To change a trigger or a function, edit it here (a migration still creates the tables, columns and indexes
-- it needs, and fills them for the rows already stored). The definitions the migrations 007, 009, 010, 020,
-- 022, 026, 028 to 032 made are the history of these: this file replaces them all, whatever a database's age.
-- Every statement is idempotent (create or replace), and nothing outside this file defines a function or a
-- trigger: tests/api/schema_functions_test.ts checks that the live database holds exactly what it defines.
-- Triggers are replaced in place (create or replace trigger), which, unlike drop and create, does not stop
-- the reads of their table while the transaction lasts.
--
-- What each table's triggers keep, and why:
--
-- messages, statement triggers (a bulk update of thousands of messages costs a few writes, whatever module
-- or person at psql runs it):
--   messages_inbox_counts_insert/update/delete: inbox_counts, the size of each inbox tab per segment, so
--     that the tabs and the paging total (back-office §2 Message list, §7 GET interaction counts) are a sum
--     of at most 8 rows instead of a count of 200,000 messages on every poll. Each statement adds its
--     change to the shard of its connection (8 per segment), so simultaneous writers (a vote rush) do not
--     queue on one row. The tab conditions (inbox_tabs()) must stay those of FILTER_SQL in db/inbox.ts.
--     The `writes` column counts the statements: the kept counts of a search (inbox_search_totals) hold
--     while it is unchanged.
--   messages_search_insert/update/delete: message_search, a narrow copy of each message with words (its
--     tabs as bits, its words as text, its place `ord` in its segment), so that counting a search in every
--     tab reads small rows, not the messages.
-- messages, row triggers:
--   messages_statistics_update/delete: statistics_dirty_days, the days already rolled up (statistics
--     dashboard) that a late change of a participation touches, rolled again on the worker's next run.
-- message_search, statement triggers:
--   message_search_bits_insert/update/delete: search_chunks (one bitmap per tab and per chunk of 512 places
--     of a segment) and search_bits (one bitmap per lexeme and chunk), so that the count of a new search in
--     a segment or a channel reads a few hundred rows of 64 bytes instead of every message it matches.
-- deliveries, statement triggers:
--   deliveries_search_insert/update/delete: message_search.delivered (and with it the Uploaded bitmap of
--     search_chunks) for the messages whose successful deliveries changed, and the `writes` of their
--     segments in inbox_counts, so that a search's Uploaded tab is counted with the other tabs.
-- points_ledger, row trigger:
--   points_ledger_statistics: statistics_dirty_days, the day of a participation quoted on air.
-- channels, segments, segment_choices, row triggers:
--   channels_public_page, segments_public_page, segment_choices_public_page: a NOTIFY on the live bus
--     (db/live.ts), delivered at commit, so that every app instance renders again the public pages of the
--     channel, whoever wrote the row (widget pages are kept rendered for a few seconds).
-- audit_log, row and statement triggers:
--   audit_log_append_only, audit_log_no_truncate: refuse every update, delete and truncate of the audit log,
--     but the deletes of the retention purge (db/audit.ts purgeAudit).
--
-- Functions that are not triggers: inbox_tabs() and inbox_tab_bits() (a message's tabs), search_bit() and
-- search_tab_flips() (bits of the bitmaps), message_search_words() (the expression of the words index of
-- message_search), new_share_token() (the default of messages.share_token), quiz_forgotten_tag() (what a
-- forgotten quiz player's answer leaves, db/quiz.ts).

-- messages → inbox_counts ----------------------------------------------------------------------------------

-- The tabs a message is in, as 0/1 (sign -1 takes it out), on shard 0. Liked and Winners are parts of All,
-- as FILTER_SQL in db/inbox.ts says, so that neither is ever larger than All.
create or replace function inbox_tabs(m messages, sign int) returns inbox_counts language sql immutable as $$
  select row(m.segment_id, 0, m.channel_id,
    sign * (m.status = 'received' and m.moderation in ('none', 'approved'))::int,
    sign * (m.liked and m.status = 'received' and m.moderation in ('none', 'approved'))::int,
    sign * (m.status = 'archived' and m.moderation in ('none', 'approved'))::int,
    sign * (m.moderation = 'pending' and m.status <> 'trash')::int,
    sign * (m.winner and m.status = 'received' and m.moderation in ('none', 'approved'))::int,
    sign * (m.status = 'trash')::int,
    sign * (not m.read and m.status <> 'trash')::int, 0)::inbox_counts
$$;

-- Adds changes summed per segment to the shard of the connection, and counts the write (a change of other
-- columns, such as a transcript, changes what a search finds), skipping segments being deleted (their
-- counters go with them). plpgsql, not sql: its plan is kept between calls.
create or replace function inbox_counts_add(changes inbox_counts[]) returns void language plpgsql as $$
begin
  insert into inbox_counts as c (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner,
    trash, unread, writes)
  select d.segment_id, pg_backend_pid() % 8, d.channel_id, sum(d.all_tab), sum(d.liked), sum(d.archive),
    sum(d.moderated), sum(d.winner), sum(d.trash), sum(d.unread), 1
  from unnest(changes) d
  where exists (select 1 from segments s where s.id = d.segment_id)
  group by d.segment_id, d.channel_id
  order by d.segment_id
  on conflict (segment_id, shard) do update set
    all_tab = c.all_tab + excluded.all_tab, liked = c.liked + excluded.liked,
    archive = c.archive + excluded.archive, moderated = c.moderated + excluded.moderated,
    winner = c.winner + excluded.winner, trash = c.trash + excluded.trash, unread = c.unread + excluded.unread,
    writes = c.writes + 1;
end $$;

-- Inserts are the hot path (a vote rush): summed straight from the new rows. inbox_tabs() is called in the
-- select list, where the planner inlines it into the expressions of its body (in FROM it would run once per
-- row as a function scan): an insert of 47 votes, the group commit's batch, 0.11-0.15 ms -> 0.075-0.085 ms
-- on PostgreSQL 15.
create or replace function inbox_counts_inserted() returns trigger language plpgsql as $$
begin
  insert into inbox_counts as c (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner,
    trash, unread, writes)
  select (t).segment_id, pg_backend_pid() % 8, (t).channel_id, sum((t).all_tab), sum((t).liked),
    sum((t).archive), sum((t).moderated), sum((t).winner), sum((t).trash), sum((t).unread), 1
  from (select inbox_tabs(n, 1) as t from new_rows n) tabs
  group by (t).segment_id, (t).channel_id
  order by (t).segment_id
  on conflict (segment_id, shard) do update set
    all_tab = c.all_tab + excluded.all_tab, liked = c.liked + excluded.liked,
    archive = c.archive + excluded.archive, moderated = c.moderated + excluded.moderated,
    winner = c.winner + excluded.winner, trash = c.trash + excluded.trash, unread = c.unread + excluded.unread,
    writes = c.writes + 1;
  return null;
end $$;

-- Updates and deletes: each names only the transition tables it has (plpgsql plans a statement when it
-- first runs).
create or replace function inbox_counts_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    perform inbox_counts_add(array(
      select inbox_tabs(n, 1) from new_rows n union all select inbox_tabs(o, -1) from old_rows o));
  else
    perform inbox_counts_add(array(select inbox_tabs(o, -1) from old_rows o));
  end if;
  return null;
end $$;

create or replace trigger messages_inbox_counts_insert after insert on messages
  referencing new table as new_rows for each statement execute function inbox_counts_inserted();
create or replace trigger messages_inbox_counts_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function inbox_counts_changed();
create or replace trigger messages_inbox_counts_delete after delete on messages
  referencing old table as old_rows for each statement execute function inbox_counts_changed();

-- messages → message_search --------------------------------------------------------------------------------

-- The tabs of inbox_tabs() as bits, in this order: all, liked, archive, moderated, winner, trash, unread
-- (TAB_MASK in db/inbox.ts). One expression, so that the planner inlines it.
create or replace function inbox_tab_bits(m messages) returns smallint language sql immutable as $$
  select ((inbox_tabs(m, 1)).all_tab | ((inbox_tabs(m, 1)).liked << 1) | ((inbox_tabs(m, 1)).archive << 2)
    | ((inbox_tabs(m, 1)).moderated << 3) | ((inbox_tabs(m, 1)).winner << 4)
    | ((inbox_tabs(m, 1)).trash << 5) | ((inbox_tabs(m, 1)).unread << 6))::smallint
$$;

-- The tsvector the words index of message_search holds: the words (lexemes separated by a space; the
-- 'simple' parser's lexemes hold no space) and the scope's lexemes ('~s12', '~c3', which no word produces:
-- the parser splits on '~'), from the row alone. db/inbox.ts searches with the same expression. It names no
-- function of ours: an index is built and vacuumed with only pg_catalog on the search path.
create or replace function message_search_words(words text, segment_id bigint, channel_id bigint) returns tsvector
language sql immutable as $$
  select array_to_tsvector(string_to_array(words, ' ')) || array_to_tsvector(array['~s' || segment_id, '~c' || channel_id])
$$;

-- Adds messages with words to message_search at the next places of their segments, in the order of their ids
-- (columns as arrays, one element per message); a message that already has a successful delivery (words
-- given after it was delivered) comes in delivered.
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

-- Messages without words (a vote from a visitor who gave no name) have no row.
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

create or replace function message_search_deleted() returns trigger language plpgsql as $$
begin
  delete from message_search where message_id = any (array(select o.id from old_rows o));
  return null;
end $$;

create or replace trigger messages_search_insert after insert on messages
  referencing new table as new_rows for each statement execute function message_search_inserted();
create or replace trigger messages_search_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function message_search_updated();
create or replace trigger messages_search_delete after delete on messages
  referencing old table as old_rows for each statement execute function message_search_deleted();

-- message_search → search_chunks, search_bits --------------------------------------------------------------

-- The bitmap of one place in its chunk.
create or replace function search_bit(ord integer) returns bit(512) language sql immutable as $$
  select set_bit(repeat('0', 512)::bit(512), ord % 512, 1)
$$;

-- A message_search row's bits in search_chunks: its tabs (inbox_tab_bits()), and 128 when delivered.
create or replace function search_tab_flips(tabs smallint, delivered boolean) returns integer language sql immutable as $$
  select tabs::integer | (delivered::integer << 7)
$$;

-- Flips the bits of places in the tabs' bitmaps (XOR): `flips` holds the bits (search_tab_flips()) that
-- changed for the message at `ords`. A function of arrays, so that each trigger names its own transition
-- tables in static statements (planned once per connection, where EXECUTE planned them on every write). One
-- upsert whose rows go in key order.
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

-- Flips the bits of the lexemes in `word_lists` (each the words of the message at the same place of `ords`); a
-- lexeme named twice for one place (its words before and after a change) cancels out. Rows left with no bit
-- go when `clears`.
create or replace function search_flip_words(segments bigint[], ords integer[], word_lists text[], clears boolean) returns void
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

-- A new row of message_search sets its bits, a deleted one clears them (chunk rows left with no bit go), and
-- a change flips those of the tabs and the words that changed (marking a message read writes one chunk row).
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
  -- each message's rows before and after, paired by grouping: the planner knows nothing of the transition
  -- tables' sizes, and a join of the two was a nested loop (2,000 messages marked read: 1.8 s)
  select array_agg(segment_id), array_agg(ord), array_agg(flip) into segments, ords, flips
  from (select segment_id, ord, bit_xor(search_tab_flips(tabs, delivered)) as flip
    from (select segment_id, ord, tabs, delivered from old_rows
      union all select segment_id, ord, tabs, delivered from new_rows) r
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

create or replace trigger message_search_bits_insert after insert on message_search
  referencing new table as new_rows for each statement execute function search_bits_inserted();
create or replace trigger message_search_bits_update after update on message_search
  referencing old table as old_rows new table as new_rows for each statement execute function search_bits_updated();
create or replace trigger message_search_bits_delete after delete on message_search
  referencing old table as old_rows for each statement execute function search_bits_deleted();

-- deliveries → message_search.delivered, inbox_counts.writes -----------------------------------------------

-- Sets message_search.delivered again for these messages, and bumps the `writes` of the segments changed.
create or replace function search_mark_delivered(ids bigint[]) returns void language plpgsql as $$
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

-- The messages with a successful delivery before or after the write. A statement names the transition
-- tables of its operation only, so each operation has its own branch.
create or replace function search_deliveries_changed() returns trigger language plpgsql as $$
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

create or replace trigger deliveries_search_insert after insert on deliveries
  referencing new table as new_rows for each statement execute function search_deliveries_changed();
create or replace trigger deliveries_search_update after update on deliveries
  referencing old table as old_rows new table as new_rows for each statement execute function search_deliveries_changed();
create or replace trigger deliveries_search_delete after delete on deliveries
  referencing old table as old_rows for each statement execute function search_deliveries_changed();

-- messages, points_ledger → statistics_dirty_days ----------------------------------------------------------

-- Marks the day (in the channel's time zone) of a participation of the channel for the next rollup run.
create or replace function statistics_mark_day(channel bigint, created timestamptz) returns void language sql as $$
  insert into statistics_dirty_days (channel_id, day)
  select channel, (created at time zone c.time_zone)::date from channels c where c.id = channel
  on conflict do nothing
$$;

create or replace function statistics_mark_message() returns trigger language plpgsql as $$
begin
  perform statistics_mark_day(old.channel_id, old.created_at);
  return null;
end $$;

-- Only a change of what the dashboard counts: status (the trash), liked, broadcast, interaction, type,
-- city, participant.
create or replace trigger messages_statistics_update after update of status, liked, broadcast_status, segment_id, type,
  author_city, author_app_user_id, device_id on messages for each row
  when (old.status is distinct from new.status or old.liked is distinct from new.liked
    or old.broadcast_status is distinct from new.broadcast_status or old.segment_id is distinct from new.segment_id
    or old.type is distinct from new.type or old.author_city is distinct from new.author_city
    or old.author_app_user_id is distinct from new.author_app_user_id or old.device_id is distinct from new.device_id)
  execute function statistics_mark_message();
create or replace trigger messages_statistics_delete after delete on messages for each row
  execute function statistics_mark_message();

create or replace function statistics_mark_quote() returns trigger language plpgsql as $$
begin
  perform statistics_mark_day(m.channel_id, m.created_at) from messages m where m.id = new.message_id;
  return null;
end $$;

create or replace trigger points_ledger_statistics after insert on points_ledger for each row
  when (new.event = 'quoted' and new.message_id is not null) execute function statistics_mark_quote();

-- channels, segments, segment_choices → NOTIFY im_live -----------------------------------------------------

-- Identical notifications of one transaction are delivered once, so replacing ten choices is one message.
create or replace function notify_public_page() returns trigger language plpgsql as $$
declare
  channel bigint;
  segment bigint := 0;
begin
  if tg_table_name = 'channels' then
    channel := coalesce(new.id, old.id);
  elsif tg_table_name = 'segments' then
    channel := coalesce(new.channel_id, old.channel_id);
    segment := coalesce(new.id, old.id);
  else
    segment := coalesce(new.segment_id, old.segment_id);
    select s.channel_id into channel from segments s where s.id = segment;
  end if;
  perform pg_notify('im_live', json_build_object(
    't', 'pages',
    'e', json_build_object('kind', 'page', 'segmentId', segment, 'channelId', coalesce(channel, 0))
  )::text);
  return null;
end $$;

create or replace trigger channels_public_page after insert or update or delete on channels
  for each row execute function notify_public_page();
create or replace trigger segments_public_page after insert or update or delete on segments
  for each row execute function notify_public_page();
create or replace trigger segment_choices_public_page after insert or update or delete on segment_choices
  for each row execute function notify_public_page();

-- messages.share_token's default ---------------------------------------------------------------------------

-- A share token that starts with the second it was made, so that the entries of one second sit side by side
-- at the right end of messages_share_token_key (one random index write less per participation). 90 bits stay
-- random: a stranger would try 2^89 tokens on average for one message made in a known second. The uuid's
-- version is 8 (a layout of its own, RFC 9562).
create or replace function new_share_token() returns uuid language sql volatile parallel safe as $$
  -- a random (version 4) uuid whose first 8 hex digits become the second and whose version digit becomes 8;
  -- one expression, so that the planner inlines it into the insert
  select overlay(overlay(gen_random_uuid()::text
    placing lpad(to_hex(extract(epoch from now())::bigint & 4294967295), 8, '0') from 1 for 8)
    placing '8' from 15 for 1)::uuid
$$;

-- quiz_forgotten_answers.tag ------------------------------------------------------------------------------

-- What a quiz answer leaves once its player is forgotten (a STOP, an erasure: db/quiz.ts forgetQuizPlayers):
-- the SHA-256 of the question and the player's old key. The key is already a keyed hash of the number, so
-- the tag cannot be turned back into it; it only lets the question refuse that player a second answer. Every
-- statement that leaves or looks for a tag uses this one expression, so they cannot drift apart.
create or replace function quiz_forgotten_tag(question bigint, player text) returns text
  language sql immutable parallel safe as $$
  select encode(sha256(convert_to(question::text || ':' || player, 'UTF8')), 'hex')
$$;

-- audit_log: append-only ---------------------------------------------------------------------------------

-- The log cannot be edited through the app: every update, delete and truncate is refused, except the
-- deletes of the retention purge (db/audit.ts purgeAudit), which marks its own transaction first.
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('im.audit_purge', true) = 'on' then
    return old;
  end if;
  raise exception 'audit_log is append-only (%)', tg_op using errcode = 'insufficient_privilege';
end $$;

create or replace trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();
create or replace trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();
