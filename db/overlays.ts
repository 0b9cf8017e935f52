// The on-air overlay of an interaction (a screen in the studio or on a stream): its token, what it shows, and what it reads by token.
import type { SegmentRow } from "../lib/rules/segments.ts";
import type { Db } from "./client.ts";

export type OverlayView = "results" | "qr" | "message";

export interface OverlayRow {
  segment_id: number;
  token: string;
  view: OverlayView;
  message_id: number | null;
}

/** The columns of its interaction an overlay screen reads, picked from the segment row. */
type OverlaySegment = Pick<
  SegmentRow,
  | "channel_id"
  | "uuid"
  | "title"
  | "type"
  | "game_type"
  | "show_results"
  | "hide_results_until_end"
  | "end_date"
>;

/** What an overlay screen needs of its interaction and channel (no personal data). */
export interface OverlayScreenRow extends OverlayRow, OverlaySegment {
  channel_label: string;
  primary_color: string;
  widget_primary_color: string;
  logo_url: string | null;
  /** The channel's language: the overlay's texts on air. */
  channel_language: string;
}

const overlayColumns = "segment_id::int as segment_id, token, view, message_id::int as message_id";

/** The overlay of a segment, created with `token` when it has none yet. */
export async function ensureOverlay(sql: Db, segmentId: number, token: string): Promise<OverlayRow> {
  await sql`insert into segment_overlays (segment_id, token) values (${segmentId}, ${token})
    on conflict (segment_id) do nothing`;
  const [row] = await sql<OverlayRow[]>`
    select ${sql.unsafe(overlayColumns)} from segment_overlays where segment_id = ${segmentId}`;
  return row;
}

/** Replaces the token (the old URL stops working at once). */
export async function setOverlayToken(sql: Db, segmentId: number, token: string): Promise<void> {
  await sql`update segment_overlays set token = ${token}, updated_at = now() where segment_id = ${segmentId}`;
}

/** Sets what the overlay shows. */
export async function setOverlayView(
  sql: Db,
  segmentId: number,
  values: { view?: OverlayView; message_id?: number | null },
): Promise<void> {
  await sql`update segment_overlays set ${sql({ ...values, updated_at: new Date() })}
    where segment_id = ${segmentId}`;
}

/** The overlay of a token with its interaction and channel, or null. */
export async function getOverlayScreen(sql: Db, token: string): Promise<OverlayScreenRow | null> {
  const [row] = await sql<OverlayScreenRow[]>`
    select o.segment_id::int as segment_id, o.token, o.view, o.message_id::int as message_id,
      s.channel_id::int as channel_id, s.uuid::text as uuid, s.title, s.type, s.game_type, s.show_results,
      s.hide_results_until_end, s.end_date, c.label as channel_label, c.primary_color,
      c.widget_primary_color, c.logo_url, c.language as channel_language
    from segment_overlays o
    join segments s on s.id = o.segment_id
    join channels c on c.id = s.channel_id
    where o.token = ${token}`;
  return row ?? null;
}

/** The transcript of a message (a voice message on air shows it), or null. */
export async function messageTranscript(sql: Db, messageId: number): Promise<string | null> {
  const [row] = await sql<
    { transcript: string | null }[]
  >`select transcript from messages where id = ${messageId}`;
  return row?.transcript ?? null;
}
