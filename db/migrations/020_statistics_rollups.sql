-- 020_statistics_rollups: the statistics dashboard reads daily rollups instead of counting a
-- channel's whole history on every view (bench/statistics.ts: 1,000,000 participations).
--
-- Days are those of the channel's time zone. The worker (lib/statistics/rollups.ts) rolls every channel:
-- on its first run all its history (backfill), then, on each run, yesterday and today again, and any older
-- day a late change marked (a participation moved to the trash, liked, broadcast, quoted, or deleted).
-- `statistics_rollups.rolled_until` is the first day not in the rollups: the dashboard reads the rollups
-- before it and the participations themselves from its start on.
--
-- The functions and triggers below as they are today: db/functions.sql (applied after the migrations).
alter table channels add column time_zone text not null default 'Europe/Paris';

-- Participations not in the trash, per channel, day, interaction and type.
create table statistics_days (
  channel_id bigint not null references channels (id) on delete cascade,
  day date not null,
  segment_id bigint not null references segments (id) on delete cascade,
  type text not null,
  participations integer not null,
  liked integer not null,
  quoted integer not null,
  broadcast integer not null,
  primary key (channel_id, day, segment_id, type)
);

-- The same per city (a city given), apart: cities times interactions would multiply the rows.
create table statistics_city_days (
  channel_id bigint not null references channels (id) on delete cascade,
  day date not null,
  city text not null,
  participations integer not null,
  primary key (channel_id, day, city)
);

-- Participants per channel and day: 'u' || app user id, else 'd' || device id (as the dashboard counts).
create table statistics_author_days (
  channel_id bigint not null references channels (id) on delete cascade,
  day date not null,
  author text not null,
  app_user_id bigint,
  participations integer not null,
  primary key (channel_id, day, author)
);
-- "returning": had this participant taken part before a day?
create index statistics_author_days_author_idx on statistics_author_days (channel_id, author, day);

-- Where each channel's rollups stand, and the time zone they were made in (a change rolls all again).
-- The participants of the 364 rolled days before `rolled_until` are counted at each run: the 12 months to
-- today only add today's participants not among them (a count of distinct participants cannot be summed).
create table statistics_rollups (
  channel_id bigint primary key references channels (id) on delete cascade,
  time_zone text not null,
  rolled_until date not null,
  rolled_at timestamptz not null default now(),
  year_participants integer not null default 0,
  year_registered integer not null default 0,
  year_returning integer not null default 0,
  -- the 50 app users with the most participations over those days: [{"app_user_id": 1, "n": 12}, …]
  year_listeners jsonb not null default '[]'
);

-- Days before `rolled_until` changed since they were rolled: rolled again on the next run. No foreign key:
-- a channel's deletion deletes its participations, whose trigger still writes here (the run forgets them).
create table statistics_dirty_days (
  channel_id bigint not null,
  day date not null,
  primary key (channel_id, day)
);

create function statistics_mark_day(channel bigint, created timestamptz) returns void language sql as $$
  insert into statistics_dirty_days (channel_id, day)
  select channel, (created at time zone c.time_zone)::date from channels c where c.id = channel
  on conflict do nothing
$$;

create function statistics_mark_message() returns trigger language plpgsql as $$
begin
  perform statistics_mark_day(old.channel_id, old.created_at);
  return null;
end $$;

create trigger messages_statistics_update after update of status, liked, broadcast_status, segment_id, type,
  author_city, author_app_user_id, device_id on messages for each row
  when (old.status is distinct from new.status or old.liked is distinct from new.liked
    or old.broadcast_status is distinct from new.broadcast_status or old.segment_id is distinct from new.segment_id
    or old.type is distinct from new.type or old.author_city is distinct from new.author_city
    or old.author_app_user_id is distinct from new.author_app_user_id or old.device_id is distinct from new.device_id)
  execute function statistics_mark_message();
create trigger messages_statistics_delete after delete on messages for each row
  execute function statistics_mark_message();

create function statistics_mark_quote() returns trigger language plpgsql as $$
begin
  perform statistics_mark_day(m.channel_id, m.created_at) from messages m where m.id = new.message_id;
  return null;
end $$;

create trigger points_ledger_statistics after insert on points_ledger for each row
  when (new.event = 'quoted' and new.message_id is not null) execute function statistics_mark_quote();
