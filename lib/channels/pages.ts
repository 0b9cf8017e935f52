// What the channel pages load (shared by /channels/{id}, /channels/new and /settings).
import type { Sql } from "postgres";
import { type ChannelView, channelView, monetisation, monetisationSince } from "../rules/channels.ts";
import { channelFor } from "./service.ts";
import {
  channelActivitySince,
  getChannel,
  listChannelOptions,
  listChannelsWithCounts,
} from "../../db/channels.ts";
import { countUnreadMessages } from "../../db/statistics.ts";
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
  const parents = await channelChoicesFor(sql, user);
  if (id === null) return { channel: null, parents, monetisation: null };
  const channel = channelView(await channelFor(sql, user, id));
  const stats = await channelActivitySince(sql, id, monetisationSince(now));
  return { channel, parents, monetisation: monetisation(stats) };
}

/** The channels a user may place things in, for a select: every one for a super administrator, else none. */
export async function channelChoicesFor(sql: Sql, user: StaffUser): Promise<{ id: number; label: string }[]> {
  if (!isSuperAdministrator(user)) return [];
  return (await listChannelOptions(sql)).map(({ id, label }) => ({ id, label }));
}

/** Channel labels by id for a list spanning every channel (super admin mode), else undefined. */
export async function channelLabelsFor(sql: Sql, user: StaffUser): Promise<Map<number, string> | undefined> {
  if (user.channel_id !== null) return undefined;
  return new Map((await listChannelOptions(sql)).map((o) => [o.id, o.label]));
}

/** Every channel with its counts (the /channels list of a super administrator). */
export async function loadChannelList(sql: Sql) {
  return await listChannelsWithCounts(sql);
}

/** The /home page: the user's channel and its unread messages (none without a channel). */
export async function loadHome(sql: Sql, user: StaffUser) {
  if (!user.channel_id) return { channel: null, unread: 0 };
  const channel = await getChannel(sql, user.channel_id);
  return { channel, unread: await countUnreadMessages(sql, user.channel_id) };
}

/** Unread messages of the user's channel (0 without a channel). */
export async function unreadCountFor(sql: Sql, user: StaffUser): Promise<number> {
  return user.channel_id === null ? 0 : await countUnreadMessages(sql, user.channel_id);
}
