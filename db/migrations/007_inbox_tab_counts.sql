-- 007_inbox_tab_counts: the participations inbox reads the size of each tab (back-office §2 Message list
-- tabs and paging total, §7 GET interaction counts, statistics/messages_not_read) from counters instead of
-- counting 200,000 rows on every poll (bench/inbox.ts).
--
-- A trigger keeps them: every statement that inserts, updates or deletes messages adds the change of each
-- tab, summed per segment, to one of 8 shards, so simultaneous writers (a vote rush) do not queue on one
-- row. The shard is that of the connection: a transaction that writes messages twice (insert, then update)
-- finds the counter row it already holds instead of waiting for another one while holding a message. The tab conditions are those of FILTER_SQL in db/inbox.ts
-- (tests/api/inbox_counts_test.ts compares the counters with a count of the rows after random changes).
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
    sign * (not m.read and m.status <> 'trash')::int)::inbox_counts
$$;

-- Adds changes summed per segment to the shard of the connection, skipping sums of zero (a change of other columns)
-- and segments being deleted (their counters go with them).
create function inbox_counts_add(changes inbox_counts[]) returns void language sql as $$
  insert into inbox_counts as c (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner,
    trash, unread)
  select d.segment_id, pg_backend_pid() % 8, d.channel_id, sum(d.all_tab), sum(d.liked), sum(d.archive),
    sum(d.moderated), sum(d.winner), sum(d.trash), sum(d.unread)
  from unnest(changes) d
  where exists (select 1 from segments s where s.id = d.segment_id)
  group by d.segment_id, d.channel_id
  having sum(d.all_tab) <> 0 or sum(d.liked) <> 0 or sum(d.archive) <> 0 or sum(d.moderated) <> 0
    or sum(d.winner) <> 0 or sum(d.trash) <> 0 or sum(d.unread) <> 0
  order by d.segment_id
  on conflict (segment_id, shard) do update set
    all_tab = c.all_tab + excluded.all_tab, liked = c.liked + excluded.liked,
    archive = c.archive + excluded.archive, moderated = c.moderated + excluded.moderated,
    winner = c.winner + excluded.winner, trash = c.trash + excluded.trash, unread = c.unread + excluded.unread
$$;

-- Each operation names only the transition tables it has (plpgsql plans a statement when it first runs).
create function inbox_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform inbox_counts_add(array(select inbox_tabs(n, 1) from new_rows n));
  elsif tg_op = 'UPDATE' then
    perform inbox_counts_add(array(
      select inbox_tabs(n, 1) from new_rows n union all select inbox_tabs(o, -1) from old_rows o));
  else
    perform inbox_counts_add(array(select inbox_tabs(o, -1) from old_rows o));
  end if;
  return null;
end $$;

create trigger messages_inbox_counts_insert after insert on messages
  referencing new table as new_rows for each statement execute function inbox_counts_apply();
create trigger messages_inbox_counts_update after update on messages
  referencing old table as old_rows new table as new_rows for each statement execute function inbox_counts_apply();
create trigger messages_inbox_counts_delete after delete on messages
  referencing old table as old_rows for each statement execute function inbox_counts_apply();

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
