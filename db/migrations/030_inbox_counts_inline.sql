-- 030_inbox_counts_inline: the tab counters of inserted messages (007) without a function call per row
-- (votes near the database's limit). inbox_counts_inserted read each new row's tabs as
-- `from new_rows n, inbox_tabs(n, 1) t`: a function in FROM that returns one row is run as a function scan,
-- which calls the SQL function inbox_tabs once per row. Called in a select list, the same function is inlined
-- by the planner into the expressions of its body, and each field read of its row becomes that field's
-- expression (EXPLAIN VERBOSE shows sums of the conditions on status, moderation, liked, winner and read).
-- Same sums, same single definition of the tabs (inbox_tabs). The trigger on an insert of 47 votes (the
-- group commit's batch), EXPLAIN ANALYZE in one session, PostgreSQL 15: 0.11-0.15 ms before, 0.075-0.085 after.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
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
