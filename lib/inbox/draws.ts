// Winner draws: drawn among a tab's participations after staff confirm, recorded with
// who, when, how many and the seed, and replayed for an audit.
import type { Sql } from "postgres";
import * as draws from "../../db/draws.ts";
import type { Db } from "../../db/client.ts";
import { type DrawTab, drawWinners, newDrawSeed } from "../rules/draws.ts";
import { AppError } from "../rules/errors.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";
import { segmentFor } from "./service.ts";

const view = (d: draws.DrawRow) => ({
  id: d.id,
  segment_id: d.segment_id,
  drawn_by: d.user_name,
  drawn_at: new Date(d.created_at).toISOString(),
  tab: d.tab,
  count: d.count,
  exclude_previous: d.exclude_previous,
  seed: d.seed,
  candidates: d.candidate_ids.length,
  winner_ids: d.winner_ids,
  winners: d.winners,
  rank: d.rank,
  redraw: d.rank > 1,
});

/**
 * Draws up to `count` winners among the tab's participations (participations-action): the candidates are
 * fixed first, then a fresh seed picks; both are recorded. Draws of one interaction run one at a time.
 */
export async function drawSegmentWinners(
  sql: Sql,
  user: StaffUser,
  body: { segment_id: number; count: number; tab: DrawTab; exclude_previous: boolean },
) {
  requireAccess(user, "participations-action");
  const segment = await segmentFor(sql, user, body.segment_id);
  const correct = segment.correct_choice_id ?? null;
  return await sql.begin(async (tx) => {
    await tx`select id from segments where id = ${segment.id} for update`;
    const candidates = await draws.drawCandidates(tx, segment.id, {
      tab: body.tab,
      excludePrevious: body.exclude_previous,
      correctChoiceId: correct,
    });
    const { id, winners } = await recordSeededDraw(tx, user, segment, {
      tab: body.tab,
      count: body.count,
      exclude_previous: body.exclude_previous,
      candidates,
    });
    return { id, ids: winners, candidates: candidates.length };
  });
}

/**
 * Picks up to `count` winners among `candidates` (ids in increasing order, fixed by the caller in its
 * transaction) with a fresh seed, and records the seed, the candidates and who drew, for an audit.
 */
export async function recordSeededDraw(
  tx: Db,
  user: StaffUser,
  segment: { id: number; channel_id: number },
  o: { tab: draws.DrawRow["tab"]; count: number; exclude_previous: boolean; candidates: number[] },
) {
  const seed = newDrawSeed();
  const winners = drawWinners(o.candidates, o.count, seed);
  const id = await draws.recordDraw(tx, {
    segment_id: segment.id,
    channel_id: segment.channel_id,
    user_id: user.id,
    tab: o.tab,
    count: o.count,
    exclude_previous: o.exclude_previous,
    seed,
    candidate_ids: o.candidates,
    winner_ids: winners,
  });
  return { id, winners, seed };
}

/** The draws of an interaction, newest first (participations-read). */
export async function segmentDraws(sql: Sql, user: StaffUser, segmentId: number) {
  requireAccess(user, "participations-read");
  await segmentFor(sql, user, segmentId);
  return (await draws.listDraws(sql, segmentId)).map(view);
}

/**
 * A draw replayed for an audit: the recorded candidates and seed pick again, and `matches` says whether
 * they give the recorded winners. Another channel's draw is a 404.
 */
export async function auditDraw(sql: Sql, user: StaffUser, id: number) {
  requireAccess(user, "participations-read");
  const draw = await draws.getDraw(sql, id);
  if (!draw) throw new AppError(404, "not_found");
  await segmentFor(sql, user, draw.segment_id);
  const replayed = drawWinners(draw.candidate_ids, draw.count, draw.seed);
  return {
    ...view(draw),
    candidate_ids: draw.candidate_ids,
    replayed_ids: replayed,
    matches: replayed.length === draw.winner_ids.length && replayed.every((w, i) => w === draw.winner_ids[i]),
  };
}
