// Trim in the inbox: staff set in/out points on a voice message's waveform; the worker renders
// the trimmed broadcast copy from the original (non-destructive), which delivery then sends.
import type { Sql } from "postgres";
import type PgBoss from "pg-boss";
import { setMediaTrim } from "../../db/media_jobs.ts";
import { messageFor } from "../inbox/service.ts";
import { AppError } from "../rules/errors.ts";
import { trimError } from "../rules/audio.ts";
import { QUEUES } from "../platform/jobs.ts";
import type { StaffUser } from "../rules/permissions.ts";

/**
 * Saves the in/out points (ms on the aired timeline; both null clears them) of a message's audio and
 * queues the render of its broadcast copy. 404 for another channel's message, 422 no_broadcast_audio
 * when it has no processed audio, 422 trim_invalid for points outside the recording.
 */
export async function trimMessage(
  deps: { sql: Sql; boss?: PgBoss },
  user: StaffUser,
  messageId: number,
  trim: { in_ms: number | null; out_ms: number | null },
) {
  const message = await messageFor(deps.sql, user, messageId);
  if (!message.media_id || !message.broadcast_path || message.aired_duration_ms === null) {
    throw new AppError(422, "no_broadcast_audio");
  }
  const field = trimError(trim.in_ms, trim.out_ms, message.aired_duration_ms);
  if (field) throw new AppError(422, "trim_invalid", {}, { [field]: ["trim_invalid"] });
  const saved = await setMediaTrim(deps.sql, message.media_id, { inMs: trim.in_ms, outMs: trim.out_ms });
  if (!saved) throw new AppError(422, "no_broadcast_audio");
  const taskId = (await deps.boss?.send(QUEUES.broadcast, { mediaId: message.media_id })) ?? null;
  return { id: messageId, trim_in_ms: trim.in_ms, trim_out_ms: trim.out_ms, task_id: taskId };
}
