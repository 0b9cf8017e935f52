-- 013_vote_integrity: votes that can be trusted. A vote past the per-address cap of its
-- interaction is stored as 'suspicious': it adds nothing to vote_counts (the public results and the live
-- panel read only those) until staff accept it ('counted', added to the counters then) or exclude it.
alter table segments
  add column vote_cap_per_address integer not null default 20 check (vote_cap_per_address between 1 and 100000),
  add column hide_results_until_end boolean not null default false,
  add column high_stakes boolean not null default false;

alter table messages
  add column vote_integrity text not null default 'counted'
    check (vote_integrity in ('counted', 'suspicious', 'excluded'));

-- The staff panel counts and lists the suspicious votes of an interaction without reading the others.
create index messages_segment_suspicious_idx on messages (segment_id, created_at, id)
  where vote_integrity <> 'counted';
