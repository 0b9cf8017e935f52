// The counts a staff member's top bar and moderation queue follow: unread and awaiting moderation
// in the caller's channel (0 and 0 in super admin mode, as the unread statistic).
import type { Sql } from "postgres";
import { channelCounts } from "../../db/live.ts";
import type { StaffUser } from "../rules/permissions.ts";

export async function channelCountsFor(
  sql: Sql,
  user: StaffUser,
): Promise<{ unread: number; moderation: number }> {
  return user.channel_id === null ? { unread: 0, moderation: 0 } : await channelCounts(sql, user.channel_id);
}
