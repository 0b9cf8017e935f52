// Votes: the counts per choice, the integrity review of suspicious votes, the timeline, and the public
// results read (the visibility fields and counts in one query).
import type { Db } from "./client.ts";
import type { ChoiceCount } from "../lib/rules/votes.ts";

/** The choices of a segment in order with their vote counts, summed over the counter shards. */
export async function getVoteCounts(sql: Db, segmentId: number): Promise<ChoiceCount[]> {
  return await sql<ChoiceCount[]>`
    select c.id, c.label, coalesce(sum(v.count), 0)::int as count
    from segment_choices c
    left join vote_counts v on v.choice_id = c.id
    where c.segment_id = ${segmentId}
    group by c.id, c.label, c.position
    order by c.position`;
}

/** Votes of a segment by integrity (counted, suspicious, excluded), read from the messages. */
export async function getVoteIntegrityCounts(sql: Db, segmentId: number) {
  const [row] = await sql<{ counted: number; suspicious: number; excluded: number }[]>`
    select
      coalesce((select sum(count) from vote_counts where segment_id = ${segmentId}), 0)::int as counted,
      (select count(*) from messages where segment_id = ${segmentId} and vote_integrity = 'suspicious')::int
        as suspicious,
      (select count(*) from messages where segment_id = ${segmentId} and vote_integrity = 'excluded')::int
        as excluded`;
  return row;
}

/** Votes per minute per choice of a segment (burst timeline), counted and suspicious, the last `hours`. */
export async function getVoteTimeline(sql: Db, segmentId: number, since: Date) {
  return await sql<{ minute: string; choice_id: number; counted: number; suspicious: number }[]>`
    select to_char(date_trunc('minute', m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as minute,
      c.choice_id::int as choice_id,
      count(*) filter (where m.vote_integrity = 'counted')::int as counted,
      count(*) filter (where m.vote_integrity <> 'counted')::int as suspicious
    from messages m, unnest(m.choice_ids) as c(choice_id)
    where m.segment_id = ${segmentId} and m.choice_ids is not null and m.created_at >= ${since}
    group by 1, 2
    order by 1, 2`;
}

/**
 * Staff decide on suspicious votes (all of the segment, or those of `ids`): accepted ones become
 * counted and are added to the counters in the same statement, excluded ones stay out. An excluded vote
 * may still be accepted later. Returns the ids of the votes that changed.
 */
export async function reviewSuspiciousVotes(
  sql: Db,
  segmentId: number,
  action: "accept" | "exclude",
  ids: number[] | null,
  shard: number,
): Promise<number[]> {
  const which = ids ? sql`and id = any(${ids}::bigint[])` : sql``;
  // all at once accepts the suspicious votes; named ones may also be excluded ones taken back
  const from = ids ? sql`in ('suspicious', 'excluded')` : sql`= 'suspicious'`;
  if (action === "exclude") {
    const rows = await sql`
      update messages set vote_integrity = 'excluded'
      where segment_id = ${segmentId} and vote_integrity = 'suspicious' ${which}
      returning id::int as id`;
    return rows.map((r) => r.id);
  }
  const [row] = await sql<{ ids: number[] }[]>`
    with accepted as (
      update messages set vote_integrity = 'counted'
      where segment_id = ${segmentId} and vote_integrity ${from} ${which}
      returning id, choice_ids),
    votes as (
      insert into vote_counts (segment_id, choice_id, shard, count)
      select ${segmentId}, choice_id, ${shard}, count(*)
      from accepted, unnest(accepted.choice_ids) as choice_id
      where exists (select 1 from segment_choices sc where sc.id = choice_id)
      group by choice_id
      order by choice_id
      on conflict (choice_id, shard) do update set count = vote_counts.count + excluded.count)
    select coalesce(array_agg(id::int order by id), '{}') as ids from accepted`;
  return row.ids;
}

/** What a vote results read needs, in one round trip (lib/participations/results_cache.ts). */
export interface ResultsRead {
  channel_id: number;
  show_results: boolean | null;
  hide_results_until_end: boolean | null;
  end_date: Date | null;
  choices: ChoiceCount[];
}

/** The segment's visibility fields and its choices in order with their counts, or null (unknown segment). */
export async function getResultsRead(sql: Db, segmentId: number): Promise<ResultsRead | null> {
  const [row] = await sql<ResultsRead[]>`
    select s.channel_id::int as channel_id, s.show_results, s.hide_results_until_end, s.end_date,
      coalesce((
        select json_agg(json_build_object('id', c.id, 'label', c.label, 'count', c.count) order by c.position)
        from (
          select c.id, c.label, c.position, coalesce(sum(v.count), 0)::int as count
          from segment_choices c
          left join vote_counts v on v.choice_id = c.id
          where c.segment_id = s.id
          group by c.id, c.label, c.position
        ) c
      ), '[]'::json) as choices
    from segments s
    where s.id = ${segmentId}`;
  return row ?? null;
}
