// Staff review of vote integrity: counted and suspicious votes side by side, the burst
// timeline, and accepting or excluding suspicious votes in bulk.
import type { Sql } from "postgres";
import { COUNTER_SHARDS } from "../../db/participations.ts";
import { getVoteIntegrityCounts, getVoteTimeline, reviewSuspiciousVotes } from "../../db/votes.ts";
import { AppError } from "../rules/errors.ts";
import type { EventBus } from "../live/bus.ts";
import { resultsChanged, votesAccepted } from "../live/events.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";
import { segmentFor } from "./service.ts";
import { burstTimeline, DEFAULT_VOTE_CAP, type VoteIntegrityView } from "../rules/vote_integrity.ts";

/** How far back the burst timeline reads. */
export const TIMELINE_HOURS = 24;

/** Counted, suspicious and excluded votes of a segment, its cap, and votes per minute per choice. */
export async function voteIntegrity(
  sql: Sql,
  user: StaffUser,
  segmentId: number,
  now: Date,
): Promise<VoteIntegrityView> {
  const segment = await segmentFor(sql, user, segmentId);
  const since = new Date(now.getTime() - TIMELINE_HOURS * 3600_000);
  const [counts, rows] = await Promise.all([
    getVoteIntegrityCounts(sql, segmentId),
    getVoteTimeline(sql, segmentId, since),
  ]);
  return {
    ...counts,
    cap: Number(segment.vote_cap_per_address ?? DEFAULT_VOTE_CAP),
    timeline: burstTimeline(rows),
  };
}

/**
 * Accepts (they count from now on) or excludes the suspicious votes of a segment, all or by id; open
 * results follow at once, and each accepted vote is a `vote.counted` webhook event.
 */
export async function reviewVotes(
  sql: Sql,
  user: StaffUser,
  segmentId: number,
  action: "accept" | "exclude",
  ids: number[] | null,
  bus?: EventBus,
): Promise<{ changed: number }> {
  const segment = await segmentFor(sql, user, segmentId);
  requireAccess(user, "moderation");
  if (!["single_choice_question", "multiple_choice_question", "game"].includes(String(segment.type))) {
    throw new AppError(422, "validation");
  }
  const shard = Math.floor(Math.random() * COUNTER_SHARDS);
  const changed = await reviewSuspiciousVotes(sql, segmentId, action, ids, shard);
  if (action === "accept") votesAccepted(bus, segmentId, changed, Number(segment.channel_id));
  else if (changed.length) resultsChanged(bus, segmentId);
  return { changed: changed.length };
}
