// Permanent interactions a channel's public may see, with their choices, and the playable file of a
// shared participation.
import type { Db } from "./client.ts";
import { segmentColumns, type SegmentRow } from "./segments.ts";

/**
 * The permanent segments of a channel that the public may see (ready or published), newest start
 * first, with their choices; `openAt` keeps only those started by then and not ended.
 */
export async function listPermanentSegments(
  sql: Db,
  channelId: number,
  openAt: Date | null,
): Promise<(SegmentRow & { choices: { id: number; label: string }[] })[]> {
  return await sql<(SegmentRow & { choices: { id: number; label: string }[] })[]>`
    select ${segmentColumns(sql, "s")}, coalesce((
      select json_agg(json_build_object('id', c.id, 'label', c.label) order by c.position)
      from segment_choices c where c.segment_id = s.id), '[]') as choices
    from segments s
    where s.channel_id = ${channelId} and s.to_mode = 'permanent' and s.status in ('ready', 'published')
      and (${openAt}::timestamptz is null
        or ((s.start_date is null or s.start_date <= ${openAt}) and (s.end_date is null or s.end_date > ${openAt})))
    order by s.start_date desc nulls last, s.id desc`;
}

/** The playable path of a media (a shared participation's recording), or null. */
export async function playablePath(sql: Db, mediaId: string | null): Promise<string | null> {
  if (!mediaId) return null;
  const [row] = await sql<{ path: string | null }[]>`
    select playable_path as path from media where id::text = ${mediaId}`;
  return row?.path ?? null;
}
