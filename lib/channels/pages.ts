// What the channel pages load (shared by /channels/{id}, /channels/new and /settings).
import type { Sql } from "postgres";
import { type ChannelView, channelView, monetisation, monetisationSince } from "../rules/channels.ts";
import { channelFor } from "./service.ts";
import { channelActivitySince, listChannelOptions } from "../../db/channels.ts";
import { isSuperAdministrator, type StaffUser } from "../rules/permissions.ts";

export interface ChannelPageData {
  channel: ChannelView | null;
  parents: { id: number; label: string }[];
  monetisation: ReturnType<typeof monetisation> | null;
}

/** The channel (null for a new one), the parent choices (super administrators) and its monetisation. */
export async function loadChannelPage(
  sql: Sql,
  user: StaffUser,
  id: number | null,
  now: Date,
): Promise<ChannelPageData> {
  const parents = isSuperAdministrator(user)
    ? (await listChannelOptions(sql)).map(({ id, label }) => ({ id, label }))
    : [];
  if (id === null) return { channel: null, parents, monetisation: null };
  const channel = channelView(await channelFor(sql, user, id));
  const stats = await channelActivitySince(sql, id, monetisationSince(now));
  return { channel, parents, monetisation: monetisation(stats) };
}
