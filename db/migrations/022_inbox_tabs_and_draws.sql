-- 022_inbox_tabs_within_all: Liked and Winners are parts of All. A liked message in the
-- archive or the trash made "Liked 32" beside "All 30"; now a liked or winning message counts in those
-- tabs only while it is in All (received and accepted), as FILTER_SQL in db/inbox.ts says.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
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

-- The counters and the search copy's tab bits, counted again from the messages.
delete from inbox_counts;
insert into inbox_counts (segment_id, shard, channel_id, all_tab, liked, archive, moderated, winner, trash,
  unread, writes)
select t.segment_id, 0, t.channel_id, sum(t.all_tab), sum(t.liked), sum(t.archive), sum(t.moderated),
  sum(t.winner), sum(t.trash), sum(t.unread), 1
from messages m, inbox_tabs(m, 1) t
group by t.segment_id, t.channel_id;
update message_search s set tabs = inbox_tab_bits(m) from messages m
where m.id = s.message_id and s.tabs <> inbox_tab_bits(m);
delete from inbox_search_totals;

-- Winner draws: who drew, when, how many among which tab, whether previous winners
-- were left out, the seed and the candidates in order, so that lib/rules/draws.ts picks the same
-- winners again for an audit.
create table winner_draws (
  id bigserial primary key,
  segment_id bigint not null references segments (id) on delete cascade,
  channel_id bigint not null,
  user_id bigint references users (id) on delete set null,
  tab text not null check (tab in ('all', 'liked', 'recorded')),
  count int not null check (count between 1 and 50),
  exclude_previous boolean not null,
  seed text not null,
  candidate_ids bigint[] not null,
  winner_ids bigint[] not null,
  created_at timestamptz not null default now()
);
create index winner_draws_segment_idx on winner_draws (segment_id, created_at desc);
