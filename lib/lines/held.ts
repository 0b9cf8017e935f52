// The messages a channel's lines held outside any interaction (the line fed none, or the interaction refused
// them): listed for the channel's staff who read its participations, so no listener's message is lost; staff
// who act on its participations move one into an interaction that can take it, or dismiss it.
import type { Sql } from "postgres";
import type PgBoss from "pg-boss";
import {
  claimHeldMessage,
  countWaitingHeld,
  type HeldForMove,
  heldMessageExists,
  listHeldMessages,
  mediaStatus,
  releaseHeldMessage,
  settleMovedHeld,
} from "../../db/line_held.ts";
import { getParticipationContext } from "../../db/participations.ts";
import { accountOfNumber } from "../../db/phone_links.ts";
import { sendParticipation } from "../participations/service.ts";
import { QUEUES } from "../platform/jobs.ts";
import type { EventBus } from "../live/bus.ts";
import { keywordChoice } from "../rules/lines.ts";
import { getChannel } from "../../db/channels.ts";
import { AppError } from "../rules/errors.ts";
import { HELD_LIST_LIMIT, HELD_MOVE_STALE_SECONDS } from "../rules/line_held.ts";
import { can, requireAccess, type StaffUser } from "../rules/permissions.ts";
import { listLineTargets } from "../../db/lines.ts";

/** The channel's held messages, newest first: never the listener's number, their file once it is ready. */
export async function heldMessages(deps: { sql: Sql }, user: StaffUser, channelId: number) {
  requireAccess(user, "participations-read", [channelId]);
  if (!(await getChannel(deps.sql, channelId))) throw new AppError(404, "not_found");
  const rows = await listHeldMessages(deps.sql, channelId, HELD_LIST_LIMIT);
  return rows.map(({ media_path, media_status, ...row }) => ({
    ...row,
    media_url: media_status === "ready" && media_path ? `/media/${media_path}` : null,
    created_at: row.created_at.toISOString(),
  }));
}

/** The held messages page: the messages, and the interactions staff may move one into (those a line may feed). */
export async function heldPage(deps: { sql: Sql }, user: StaffUser, channelId: number) {
  const held = await heldMessages(deps, user, channelId);
  const canAct = can(user, "participations-action");
  const targets = canAct ? await listLineTargets(deps.sql, channelId) : [];
  return { held, targets: targets.map(({ id, title }) => ({ id, title })), canAct };
}

/** How many of the channel's held messages wait for staff: shown on the lines page and the moderation page. */
export async function waitingHeldCount(
  deps: { sql: Sql },
  user: StaffUser,
  channelId: number,
): Promise<number> {
  requireAccess(user, "participations-read", [channelId]);
  return await countWaitingHeld(deps.sql, channelId);
}

/** Takes a waiting held message for one action: 404 when not the channel's, 409 when staff already settled it. */
async function claim(sql: Sql, user: StaffUser, channelId: number, id: number, to: "moving" | "dismissed") {
  requireAccess(user, "participations-action", [channelId]);
  const held = await claimHeldMessage(sql, channelId, id, to, user.id, HELD_MOVE_STALE_SECONDS);
  if (held) return held;
  if (!(await heldMessageExists(sql, channelId, id))) throw new AppError(404, "not_found");
  throw new AppError(409, "held_settled");
}

/** Dismisses a held message: it stays listed (and in the audit log) as dismissed, no longer waiting. */
export async function dismissHeldMessage(deps: { sql: Sql }, user: StaffUser, channelId: number, id: number) {
  await claim(deps.sql, user, channelId, id, "dismissed");
}

export interface MoveDeps {
  sql: Sql;
  jwtSecret: Uint8Array;
  boss?: PgBoss;
  bus?: EventBus;
  now?: () => Date;
}

/**
 * Moves a held message into an interaction of its channel: it becomes a participation there under that
 * interaction's rules, as the line would have stored it (its media and caption, the listener's number, a
 * keyword vote counted once per number). Done once: a second move at the same moment gets 409; a move the
 * interaction refuses gives the message back to the waiting ones with the refusal.
 */
export async function moveHeldMessage(
  deps: MoveDeps,
  user: StaffUser,
  channelId: number,
  id: number,
  segmentId: number,
): Promise<{ messageId: number }> {
  const held = await claim(deps.sql, user, channelId, id, "moving");
  try {
    const messageId = await storeMoved(deps, channelId, held, segmentId);
    await settleMovedHeld(deps.sql, id, messageId);
    return { messageId };
  } catch (error) {
    await releaseHeldMessage(deps.sql, id);
    throw error;
  }
}

async function storeMoved(deps: MoveDeps, channelId: number, held: HeldForMove, segmentId: number) {
  // a number STOP forgot is no one's: the held message stands for itself, as one sender
  const sender = held.number_hash ? held.number_hash.slice(0, 40) : `held-${held.id}`;
  const send = {
    sql: deps.sql,
    boss: deps.boss,
    bus: deps.bus,
    now: deps.now?.() ?? new Date(),
    secret: deps.jwtSecret,
    address: held.number_hash ? `phone:${held.number_hash}` : `held:${held.id}`,
  };
  // a media still being fetched reaches the pipeline by its fetch job; any other is processed for the interaction
  const fetching = held.media_status === "uploading";
  const origin = {
    segment: segmentId,
    channel_id: channelId,
    extra_user_information: {
      ...(held.author_name ? { name: held.author_name } : {}),
      ...(held.author_city ? { city: held.author_city } : {}),
    },
    line: {
      medium: held.medium,
      phoneNumberId: held.phone_number_id,
      sender,
      deferMedia: fetching,
      caption: held.media_id ? held.text : null,
    },
  };
  const author = held.phone_number_id ? await accountOfNumber(deps.sql, held.phone_number_id) : null;
  let outcome;
  if (held.media_id && held.media_kind) {
    outcome = await sendParticipation(send, origin, {}, author, { id: held.media_id, kind: held.media_kind });
    // the fetch ended while the participation was stored: its pipeline run may have missed it
    if (fetching && (await mediaStatus(deps.sql, held.media_id)) !== "uploading") {
      await deps.boss?.send(QUEUES.media, { mediaId: held.media_id });
    }
  } else {
    const context = await getParticipationContext(deps.sql, segmentId, null);
    const choices = context?.choices ?? [];
    const choice = choices.length ? keywordChoice(held.text ?? "", choices) : null;
    const content = choice !== null ? { choice_ids: [choice] } : { text: held.text ?? "" };
    outcome = await sendParticipation(send, origin, content, author);
  }
  if (!("id" in outcome)) throw new AppError(409, "held_already_participated");
  return outcome.id;
}
