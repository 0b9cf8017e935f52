// The quotas of a channel nobody approved yet (a self-registered trial; lib/rules/constants.ts
// UNAPPROVED_CHANNEL_QUOTA), and their approval by a super administrator.
import type { Sql } from "postgres";
import { approveChannel as approve, channelUsage } from "../../db/channels.ts";
import { UNAPPROVED_CHANNEL_QUOTA } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import { requireAccess, type StaffUser } from "../rules/permissions.ts";

export type QuotaUse = "member" | "upload";

/**
 * Refuses (403 `channel_quota`) one more member or upload of `bytes` in a channel that is not approved
 * and has used its quota; an approved channel has none.
 */
export async function checkChannelQuota(
  sql: Sql,
  channelId: number,
  use: QuotaUse,
  bytes = 0,
  now: Date = new Date(),
): Promise<void> {
  const usage = await channelUsage(sql, channelId, new Date(now.getTime() - 24 * 3600_000));
  if (!usage || usage.approved) return;
  const quota = UNAPPROVED_CHANNEL_QUOTA;
  const over = use === "member"
    ? usage.members >= quota.members
    : usage.uploads >= quota.uploadsPerDay || usage.bytes + bytes > quota.storageBytes;
  if (over) throw new AppError(403, "channel_quota");
}

/** Lifts the quotas of a channel (super administrators: channels-all). */
export async function approveChannel(sql: Sql, user: StaffUser, channelId: number): Promise<void> {
  requireAccess(user, "channels-all");
  if (!(await approve(sql, channelId))) throw new AppError(404, "not_found");
}
