// oEmbed (/oembed): what a widget address embeds, its title and author, from the stored channel or segment.
import type { Sql } from "postgres";
import { getChannel } from "../../db/channels.ts";
import { findEmbeddableSegment } from "../../db/oembed.ts";
import type { WidgetTarget } from "../rules/embed.ts";
import { AppError } from "../rules/errors.ts";

/** The widget path, title and author of an embeddable target; an unknown one (or a mismatched channel) is a 404. */
export async function embedOf(
  sql: Sql,
  target: WidgetTarget,
): Promise<{ path: string; title: string; author: string }> {
  if (target.kind === "channel") {
    const channel = await getChannel(sql, target.channelId);
    if (!channel) throw new AppError(404, "not_found");
    return { path: `/widgets/channel/${channel.id}/`, title: channel.label, author: channel.label };
  }
  const s = await findEmbeddableSegment(
    sql,
    target.kind === "share" ? { uuid: target.uuid } : { id: target.segmentId },
  );
  if (!s || (target.kind === "segment" && s.channel_id !== target.channelId)) {
    throw new AppError(404, "not_found");
  }
  return { path: `/widgets/${s.channel_id}/${s.id}/`, title: s.title, author: s.channel_label };
}
