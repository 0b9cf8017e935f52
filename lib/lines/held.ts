// The messages a channel's lines held outside any interaction (the line fed none, or the interaction refused
// them): listed for the channel's staff who read its participations, so no listener's message is lost.
import type { Sql } from "postgres";
import { listHeldMessages } from "../../db/line_held.ts";
import { getChannel } from "../../db/channels.ts";
import { AppError } from "../rules/errors.ts";
import { HELD_LIST_LIMIT } from "../rules/line_held.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";

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
export type HeldMessage = Awaited<ReturnType<typeof heldMessages>>[number];
