// The broadcast screen's reads: the interactions live now and the messages staff marked for air.
import type { Db } from "./client.ts";
import type { SegmentRow } from "./segments.ts";

/** A message quoted (broadcast_1) or broadcast (broadcast_2), as the broadcasting channel shows it. */
export interface MarkedMessageRow {
  id: number;
  segment_id: number;
  segment_title: string;
  type: string;
  text: string | null;
  transcript: string | null;
  recording_url: string | null;
  duration_ms: number | null;
  author_name: string | null;
  author_city: string | null;
  broadcast_status: "broadcast_1" | "broadcast_2";
  created_at: Date;
}

/** The channel's segments live at `now`: out of draft, started, not ended, not archived or trashed. */
export async function listLiveSegments(sql: Db, channelId: number, now: Date) {
  return await sql<SegmentRow[]>`
    select id, uuid, channel_id, type, title, status, start_date, end_date, background_url, background_kind
    from segments
    where channel_id = ${channelId} and status in ('ready', 'published') and start_date <= ${now}
      and (end_date is null or end_date > ${now})
    order by start_date desc, id desc`;
}

/** The latest messages marked broadcast_1 or broadcast_2 of a channel, or of one of its segments. */
export async function listMarkedMessages(
  sql: Db,
  channelId: number,
  segmentId: number | null,
  limit: number,
) {
  return await sql<MarkedMessageRow[]>`
    select m.id, m.segment_id, s.title as segment_title, m.type, m.text, m.transcript,
      m.content->>'recording_url' as recording_url, m.duration_ms, m.author_name, m.author_city,
      m.broadcast_status, m.created_at
    from messages m join segments s on s.id = m.segment_id
    where m.channel_id = ${channelId} and m.broadcast_status <> 'none' and m.status <> 'trash'
      ${segmentId ? sql`and m.segment_id = ${segmentId}` : sql``}
    order by m.updated_at desc, m.id desc
    limit ${limit}`;
}
