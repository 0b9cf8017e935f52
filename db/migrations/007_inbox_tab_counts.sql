-- 007_inbox_tab_counts: the participations inbox reads the size of each tab (back-office §2 Message list
-- tabs and paging total, §7 GET interaction counts, statistics/messages_not_read) from counters instead of
-- counting 200,000 rows on every poll (bench/inbox.ts).
--
-- A trigger keeps them: every statement that inserts, updates or deletes messages adds the change of each
-- tab, summed per segment, to one of 8 shards, so simultaneous writers (a vote rush) do not queue on one
-- row. The shard is that of the connection: a transaction that writes messages twice (insert, then update)
-- finds the counter row it already holds instead of waiting for another one while holding a message. The tab conditions are those of FILTER_SQL in db/inbox.ts
-- (tests/api/inbox_counts_test.ts compares the counters with a count of the rows after random changes).
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
create table inbox_counts (
  segment_id bigint not null references segments (id) on delete cascade,
  shard smallint not null check (shard >= 0),
  channel_id bigint not null,
  all_tab bigint not null default 0,
  liked bigint not null default 0,
  archive bigint not null default 0,
  moderated bigint not null default 0,
  winner bigint not null default 0,
  trash bigint not null default 0,
  unread bigint not null default 0,
  -- statements that wrote messages of the segment: a search total counted at the same sum still holds
  writes bigint not null default 0,
  primary key (segment_id, shard)
);
create index inbox_counts_channel_id_idx on inbox_counts (channel_id);

-- The tabs a message is in, as 0/1 (sign -1 takes it out), on shard 0.
create function inbox_tabs(m messages, sign int) returns inbox_counts language sql immutable as $$
  select row(m.segment_id, 0, m.channel_id,
    sign * (m.status = 'received' and m.moderation in ('none', 'approved'))::int,
    sign * (m.liked and m.status <> 'trash' and m.moderation in ('none', 'approved'))::int,
    sign * (m.status = 'archived' and m.moderation in ('none', 'approved'))::int,
    sign * (m.moderation = 'pending' and m.status <> 'trash')::int,
    sign * (m.winner and m.status <> 'trash' and m.moderation in ('none', 'approved'))::int,
    sign * (m.status = 'trash')::int,
    sign * (not m.read and m.status <> 'trash')::int, 0)::inbox_counts
$$;

-- Adds changes summed per segment to the shard of the connection, and counts the write (a change of other
-- columns, such as a transcript, changes what a search finds), skipping segments being deleted (their
-- counters go with them). plpgsql, not sql: its plan is kept between calls.
create function inbox_counts_add(changes inbox_counts[]) returns void language plpgsql as $$
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

-- Inserts are the hot path (a vote rush): summed straight from the new rows, with no array in between,
-- which keeps a one-row insert at about 70 % of its speed without counters instead of 30 % (pgbench).
create function inbox_counts_inserted() returns trigger language plpgsql as $$
begin
  insert into inbox_counts as c (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner,
    trash, unread, writes)
  select t.segment_id, pg_backend_pid() % 8, t.channel_id, sum(t.all_tab), sum(t.liked), sum(t.archive),
    sum(t.moderated), sum(t.winner), sum(t.trash), sum(t.unread), 1
  from new_rows n, inbox_tabs(n, 1) t
  group by t.segment_id, t.channel_id
  order by t.segment_id
  on conflict (segment_id, shard) do update set
    all_tab = c.all_tab + excluded.all_tab, liked = c.liked + excluded.liked,
    archive = c.archive + excluded.archive, moderated = c.moderated + excluded.moderated,
    winner = c.winner + excluded.winner, trash = c.trash + excluded.trash, unread = c.unread + excluded.unread,
    writes = c.writes + 1;
  return null;
end $$;

-- Updates and deletes: each names only the transition tables it has (plpgsql plans a statement when it
-- first runs).
create function inbox_counts_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    perform inbox_counts_add(array(
      select inbox_tabs(n, 1) from new_rows n union all select inbox_tabs(o, -1) from old_rows o));
  else
    perform inbox_counts_add(array(select inbox_tabs(o, -1) from old_rows o));
  end if;
  return null;
end $$;

create trigger messages_inbox_counts_insert after insert on messages
  referencing new table as new_rows for each statement execute function inbox_counts_inserted();
create trigger messages_inbox_counts_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function inbox_counts_changed();
create trigger messages_inbox_counts_delete after delete on messages
  referencing old table as old_rows for each statement execute function inbox_counts_changed();

-- The messages already stored.
select inbox_counts_add(array(select inbox_tabs(m, 1) from messages m));

-- Counting no longer reads messages_segment_counts_idx (006): one index less to write per participation.
drop index messages_segment_counts_idx;

-- The small tabs read newest first straight from their own index (no sort of thousands of rows), and the
-- uploaded tab starts from the few delivered messages.
drop index messages_pending_idx;
drop index messages_liked_idx;
drop index messages_winner_idx;
create index messages_pending_idx on messages (channel_id, created_at desc, id desc) where moderation = 'pending';
create index messages_segment_pending_idx on messages (segment_id, created_at desc, id desc)
  where moderation = 'pending';
create index messages_liked_idx on messages (segment_id, created_at desc, id desc) where liked;
create index messages_winner_idx on messages (segment_id, created_at desc, id desc) where winner;
create index deliveries_success_idx on deliveries (message_id) where status = 'success';

-- The counts of a search in every tab (full-text, back-office §2 Message list) with the sum of `writes` of
-- its scope when they were counted: the list and its tabs poll every 15 s with the same search, and while
-- nothing was written they read them here instead of visiting every matching message again. Old rows are
-- removed hourly.
create table inbox_search_totals (
  scope text not null,
  search text not null,
  writes bigint not null,
  counts jsonb not null,
  counted_at timestamptz not null default now(),
  primary key (scope, search)
);
create index inbox_search_totals_counted_at_idx on inbox_search_totals (counted_at);
