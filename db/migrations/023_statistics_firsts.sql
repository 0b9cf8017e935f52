-- 023_statistics_firsts: each participant's first rolled day in a channel, kept by
-- the statistics roll (db/statistics.ts rollChannelStatistics) with statistics_author_days. "New versus
-- returning" over a period is then a count of first days inside it (an index range) instead of a probe for
-- an earlier day per participant of the period: a participant of the period is new when its first day is in
-- it (or it has none yet: first seen today, not rolled), returning otherwise.
create table statistics_author_firsts (
  channel_id bigint not null references channels (id) on delete cascade,
  author text not null,
  first_day date not null,
  primary key (channel_id, author)
);
create index statistics_author_firsts_day_idx on statistics_author_firsts (channel_id, first_day);

-- The participants, registered, returning and most active app users of the rolled days of the last 7, 30
-- and 365 days (the dashboard's ranges to today, but today), counted at each roll as the 12 months' were:
-- {"7": {"participants": 1, "registered": 0, "returning": 0, "listeners": [{"app_user_id": 1, "n": 3}]}, …}
alter table statistics_rollups add column windows jsonb not null default '{}';

-- Rollups made before the first days were kept are made again on the next run (the dashboard reads the
-- participations until then).
delete from statistics_rollups;
