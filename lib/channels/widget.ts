// What the channel widget shows (visitor-widget §2 "Channel widget screens", §7 "Permanent
// interactions"): the channel's public view and its permanent segments. Read by the page and the API.
import type { Sql } from "postgres";
import { getChannel } from "../../db/channels.ts";
import { listPermanentSegments } from "../../db/permanent.ts";
import { getSegmentWithChoices } from "../../db/segments.ts";
import { publicChannelView } from "../rules/channels.ts";
import type { Customisation } from "../rules/customisation.ts";
import { AppError } from "../rules/errors.ts";
import { type PublicSegment, publicSegmentView } from "../segments/view.ts";

/** The public view of a channel by id; an unknown id is a 404. */
export async function publicChannel(sql: Sql, channelId: number) {
  const row = await getChannel(sql, channelId);
  if (!row) throw new AppError(404, "not_found");
  return { row, view: publicChannelView(row) };
}

/**
 * The permanent segments the widget shows: none for a closed channel; only open ones with
 * `activeOnly`; only `interactionId` when given (widget query parameter interaction_id).
 */
export async function permanentSegments(
  sql: Sql,
  channel: { id: number; status: string; customisation: unknown },
  options: { now: Date; activeOnly: boolean; interactionId?: number },
): Promise<PublicSegment[]> {
  if (channel.status === "closed") return [];
  const rows = await listPermanentSegments(sql, channel.id, options.activeOnly ? options.now : null);
  return rows
    .filter((row) => options.interactionId === undefined || row.id === options.interactionId)
    .map((row) => publicSegmentView(row, row.choices, channel.customisation as Partial<Customisation>));
}

/**
 * The channel and the segment (with its choices) of a single-interaction widget, read side by side;
 * null when either is missing or the segment is another channel's.
 */
export async function widgetChannelAndSegment(sql: Sql, channelId: number | null, segmentId: number | null) {
  const [channel, segment] = await Promise.all([
    channelId ? getChannel(sql, channelId) : null,
    segmentId ? getSegmentWithChoices(sql, segmentId) : null,
  ]);
  if (!channel || !segment || Number(segment.channel_id) !== channel.id) return null;
  return { channel, segment };
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The label, logo and widget colour (null unless a #rrggbb) of a channel, worn by the pages a listener
 * reaches from its widget; null for an unknown or invalid id.
 */
export async function channelBrand(sql: Sql, channelId: number) {
  const channel = Number.isSafeInteger(channelId) && channelId > 0 ? await getChannel(sql, channelId) : null;
  if (!channel) return null;
  const color = COLOR.test(channel.widget_primary_color) ? channel.widget_primary_color : null;
  return { label: channel.label, logo_url: channel.logo_url, color };
}
