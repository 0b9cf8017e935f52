// The playout queue of an interaction: staff mark messages for air (`t` in the studio inbox),
// reorder them (dragging or the keyboard), and deliver them in that order with their position leading the
// file name. Every change takes the segment's lock, so two producers never leave a gap or a duplicate.
import type { Sql } from "postgres";
import * as playout from "../../db/playout.ts";
import type { StaffUser } from "../rules/permissions.ts";
import { AppError } from "../rules/errors.ts";
import { isReorderOf, playoutFileName } from "../rules/playout.ts";
import { messageFor, segmentFor } from "../inbox/service.ts";
import { deliverMessage, DeliveryFailed } from "../delivery/service.ts";
import type { Storage } from "../media/storage.ts";

/** The API view of a queue. */
export const playoutView = (rows: playout.PlayoutRow[]) =>
  rows.map((r) => ({
    message_id: r.message_id,
    position: r.position,
    author_name: r.author_name,
    duration_ms: r.duration_ms,
  }));

/** The queue of an interaction the caller may see (404 otherwise). */
export async function playoutOf(sql: Sql, user: StaffUser, segmentId: number) {
  await segmentFor(sql, user, segmentId);
  return playoutView(await playout.listPlayout(sql, segmentId));
}

/** Puts a message in its interaction's queue (last) or takes it out; returns the queue. */
export async function setInPlayout(sql: Sql, user: StaffUser, messageId: number, queued: boolean) {
  const message = await messageFor(sql, user, messageId);
  return await sql.begin(async (tx) => {
    await playout.lockPlayout(tx, message.segment_id);
    if (queued) await playout.addToPlayout(tx, message.segment_id, messageId, user.id);
    else await playout.removeFromPlayout(tx, message.segment_id, messageId);
    return {
      segment_id: message.segment_id,
      queue: playoutView(await playout.listPlayout(tx, message.segment_id)),
    };
  });
}

/** Sets the air order: `ids` must be exactly the queue's messages (422 playout_changed otherwise). */
export async function reorderPlayout(sql: Sql, user: StaffUser, segmentId: number, ids: number[]) {
  await segmentFor(sql, user, segmentId);
  return await sql.begin(async (tx) => {
    await playout.lockPlayout(tx, segmentId);
    const current = (await playout.listPlayout(tx, segmentId)).map((r) => r.message_id);
    if (!isReorderOf(ids, current)) {
      throw new AppError(422, "playout_changed", {}, { ids: ["playout_changed"] });
    }
    await playout.setPlayoutOrder(tx, segmentId, ids);
    return playoutView(await playout.listPlayout(tx, segmentId));
  });
}

/**
 * Delivers the queue in air order, each file named with its position first ("03_…"). Goes on after a
 * failed one; returns what happened to each.
 */
export async function deliverPlayout(
  deps: { sql: Sql; storage: Storage; jwtSecret: Uint8Array },
  user: StaffUser,
  segmentId: number,
) {
  await segmentFor(deps.sql, user, segmentId);
  const rows = await playout.listPlayout(deps.sql, segmentId);
  if (!rows.length) throw new AppError(422, "playout_empty");
  const results: {
    message_id: number;
    position: number;
    status: string;
    remote_path?: string;
    error?: string;
  }[] = [];
  for (const row of rows) {
    const rename = (name: string) => playoutFileName(row.position, rows.length, name);
    try {
      const r = await deliverMessage(deps, row.message_id, { rename });
      results.push({ message_id: row.message_id, position: row.position, ...r });
    } catch (error) {
      if (error instanceof AppError && error.code === "ftp_not_configured") throw error;
      if (!(error instanceof AppError) && !(error instanceof DeliveryFailed)) throw error;
      const text = error instanceof AppError ? error.code : error.message;
      results.push({ message_id: row.message_id, position: row.position, status: "failed", error: text });
    }
  }
  return results;
}
