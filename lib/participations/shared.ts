// Reading and sharing a participation ("Messages are private unless shared"; visitor-widget
// §2 "Shared message view", §4 "Shared interaction: GET interactions/{id}").
import type { Sql } from "postgres";
import { getMessageByShareToken, getMessageForStaffRead, markShared } from "../../db/shared_messages.ts";
import { AppError } from "../rules/errors.ts";
import { canAccessChannel, type StaffUser } from "../rules/permissions.ts";
import {
  isPubliclyReadable,
  isShareToken,
  type PublicMessage,
  publicMessage,
} from "../rules/public_message.ts";
import { sharedMessageUrl } from "../rules/share_link.ts";

/**
 * A message as anyone may read it: by share token when shared or broadcast; by sequential id only for
 * staff with rights on its channel. Everything else is a 404, so that ids cannot be walked.
 */
export async function readSharedMessage(
  sql: Sql,
  key: string,
  staff: StaffUser | null,
): Promise<PublicMessage> {
  if (isShareToken(key)) {
    const row = await getMessageByShareToken(sql, key);
    if (!row || !isPubliclyReadable(row)) throw new AppError(404, "not_found");
    return publicMessage(row);
  }
  const id = /^[1-9][0-9]{0,14}$/.test(key) ? Number(key) : 0;
  if (!staff || !id) throw new AppError(404, "not_found");
  const row = await getMessageForStaffRead(sql, id);
  if (!row || !canAccessChannel(staff, row.channel_id)) throw new AppError(404, "not_found");
  return publicMessage(row);
}

/**
 * The author shares their message (the thanks screen's Share): the token is the proof of authorship.
 * A message waiting for moderation gets its link now; the link opens once staff approve it.
 */
export async function shareMessage(sql: Sql, token: string, channelWidgetUrl: (channelId: number) => string) {
  if (!isShareToken(token) || !(await markShared(sql, token))) throw new AppError(404, "not_found");
  const row = await getMessageByShareToken(sql, token);
  if (!row) throw new AppError(404, "not_found");
  return { token, url: sharedMessageUrl(channelWidgetUrl(row.channel_id), token) };
}
