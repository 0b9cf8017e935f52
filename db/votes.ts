import type { Sql } from "postgres";
import type { ChoiceCount } from "../lib/votes.ts";

/** The choices of a segment in order with their vote counts, summed over the counter shards. */
export async function getVoteCounts(sql: Sql, segmentId: number): Promise<ChoiceCount[]> {
  return await sql<ChoiceCount[]>`
    select c.id, c.label, coalesce(sum(v.count), 0)::int as count
    from segment_choices c
    left join vote_counts v on v.choice_id = c.id
    where c.segment_id = ${segmentId}
    group by c.id, c.label, c.position
    order by c.position`;
}
