// Winner draws (back-office §7, the interactions admin call draw_winners): the candidates of a draw among a tab,
// the draw's record (seed and candidates, so an audit draws the same winners again), the winners marked.
import type { Db } from "./client.ts";
import { FILTER_SQL } from "./inbox.ts";
import type { DrawTab } from "../lib/rules/draws.ts";

export interface DrawRow {
  id: number;
  segment_id: number;
  channel_id: number;
  user_id: number | null;
  user_name: string | null;
  /** The inbox tab drawn among, or `quiz`: the candidates are quiz answer ids (db/quiz.ts). */
  tab: DrawTab | "quiz";
  count: number;
  exclude_previous: boolean;
  seed: string;
  candidate_ids: number[];
  winner_ids: number[];
  created_at: Date;
  /** The winners in the order drawn, as the inbox names them (null when the listener gave no name). */
  winners: { id: number; name: string | null; city: string | null }[];
  /** Its rank among the interaction's draws (1 for the first; more is a re-draw). */
  rank: number;
}

const AUTHOR = (alias: string) =>
  `coalesce('u' || ${alias}.author_app_user_id::text, 'd' || ${alias}.device_id, 'm' || ${alias}.id::text)`;

const TAB_SQL: Record<DrawTab, string> = {
  all: FILTER_SQL.all,
  liked: FILTER_SQL.liked,
  recorded: `${FILTER_SQL.all} and (m.media_id is not null or m.duration_ms is not null)`,
};

/**
 * The candidates of a draw, ids in increasing order: the counted participations of the tab (of the right
 * answer for a game), one per author (their first), leaving out the authors who already won if asked.
 */
export async function drawCandidates(
  sql: Db,
  segmentId: number,
  o: { tab: DrawTab; excludePrevious: boolean; correctChoiceId: number | null },
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id::int as id from (
      select distinct on (author) c.id from (
        select m.id, ${sql.unsafe(AUTHOR("m"))} as author from messages m
        where m.segment_id = ${segmentId} and ${sql.unsafe(TAB_SQL[o.tab])} and m.vote_integrity = 'counted'
          ${o.correctChoiceId ? sql`and m.choice_ids @> array[${o.correctChoiceId}::bigint]` : sql``}
      ) c
      ${
    o.excludePrevious
      ? sql`where not exists (select 1 from messages w where w.segment_id = ${segmentId} and w.winner
          and ${sql.unsafe(AUTHOR("w"))} = c.author)`
      : sql``
  }
      order by author, c.id
    ) firsts order by id`;
  return rows.map((r) => r.id);
}

/** Marks the winners and records the draw; returns its id. */
export async function recordDraw(
  sql: Db,
  draw: Omit<DrawRow, "id" | "created_at" | "user_name" | "winners" | "rank">,
): Promise<number> {
  // a quiz draw's ids are quiz answers, not messages: its winners are announced by the quiz
  if (draw.tab !== "quiz" && draw.winner_ids.length) {
    await sql`update messages set winner = true, updated_at = now()
      where id in ${sql(draw.winner_ids)} and not winner`;
  }
  const [row] = await sql<{ id: number }[]>`
    insert into winner_draws (segment_id, channel_id, user_id, tab, count, exclude_previous, seed,
      candidate_ids, winner_ids)
    values (${draw.segment_id}, ${draw.channel_id}, ${draw.user_id}, ${draw.tab}, ${draw.count},
      ${draw.exclude_previous}, ${draw.seed}, ${draw.candidate_ids}, ${draw.winner_ids})
    returning id::int as id`;
  return row.id;
}

const COLUMNS = `d.id::int as id, d.segment_id::int as segment_id, d.channel_id::int as channel_id,
  d.user_id::int as user_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
  as user_name, d.tab, d.count, d.exclude_previous, d.seed, d.candidate_ids::int[] as candidate_ids,
  d.winner_ids::int[] as winner_ids, d.created_at,
  (select coalesce(json_agg(json_build_object('id', m.id::int, 'name', m.author_name, 'city', m.author_city)
    order by array_position(d.winner_ids, m.id)), '[]') from messages m where m.id = any(d.winner_ids)) as winners,
  (select count(*) from winner_draws e where e.segment_id = d.segment_id and e.id <= d.id)::int as rank`;

/** The draws of a segment, newest first. */
export async function listDraws(sql: Db, segmentId: number): Promise<DrawRow[]> {
  return await sql<DrawRow[]>`
    select ${sql.unsafe(COLUMNS)} from winner_draws d left join users u on u.id = d.user_id
    where d.segment_id = ${segmentId} order by d.created_at desc, d.id desc limit 100`;
}

/** One draw, or null. */
export async function getDraw(sql: Db, id: number): Promise<DrawRow | null> {
  const [row] = await sql<DrawRow[]>`
    select ${sql.unsafe(COLUMNS)} from winner_draws d left join users u on u.id = d.user_id
    where d.id = ${id}`;
  return row ?? null;
}
