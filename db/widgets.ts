// Points of distribution: the widget configurations a channel saved, with their permanent interaction.
import type { Db } from "./client.ts";

/** A saved widget configuration of a channel (back-office §7 widgets). */
export interface WidgetRow {
  id: number;
  channel_id: number;
  name: string;
  width: number | null;
  height: number | null;
  background: string | null;
  segment_id: number | null;
  segment_title: string | null;
  site_ref: string | null;
}

/** The widget configurations of a channel, oldest first, with the title of their permanent segment. */
export async function listWidgets(sql: Db, channelId: number): Promise<WidgetRow[]> {
  return await sql<WidgetRow[]>`
    select w.id, w.channel_id, w.name, w.width, w.height, w.background, w.segment_id, w.site_ref,
      s.title as segment_title
    from widgets w left join segments s on s.id = w.segment_id
    where w.channel_id = ${channelId}
    order by w.id`;
}
