// The saved widget configurations of a channel, with the iframe code that embeds each one.
import type { Sql } from "postgres";
import { listWidgets } from "../../db/widgets.ts";
import type { StaffUser } from "../rules/permissions.ts";
import { widgetEmbed } from "../rules/share.ts";
import { channelFor } from "../channels/service.ts";

/** The widgets of a channel the caller may see (else a 404), each with its URL and embed code under `base`. */
export async function listChannelWidgets(sql: Sql, user: StaffUser, channelId: number, base: string) {
  await channelFor(sql, user, channelId);
  const rows = await listWidgets(sql, channelId);
  return rows.map((w) => ({ ...w, ...widgetEmbed(base, w) }));
}
