// The messages a line could not store as a participation (migration 080): kept for staff, never lost.
import type { Sql } from "postgres";
import type { Db } from "./client.ts";
import type { LineKind } from "../lib/rules/lines.ts";
import type { HeldReason } from "../lib/rules/line_held.ts";

/** A held message as the channel's staff read it (never the listener's number). */
export interface HeldMessageRow {
  id: number;
  channel_id: number;
  line_id: number | null;
  line_label: string | null;
  medium: LineKind;
  segment_id: number | null;
  segment_title: string | null;
  reason: HeldReason;
  text: string | null;
  media_id: string | null;
  media_kind: "audio" | "video" | "image" | null;
  media_status: string | null;
  /** the file staff play (its playable copy once the pipeline made it) */
  media_path: string | null;
  author_name: string | null;
  author_city: string | null;
  created_at: Date;
  /** null while it waits for staff; "moving" while one of them moves it */
  resolution: "moving" | "moved" | "dismissed" | null;
  /** the participation it became once moved */
  message_id: number | null;
  /** the interaction it was moved into */
  moved_to: number | null;
  moved_title: string | null;
}

/** Keeps one held message; returns its id. */
export async function insertHeldMessage(sql: Db, held: {
  channelId: number;
  lineId: number;
  medium: LineKind;
  segmentId: number | null;
  reason: HeldReason;
  text: string | null;
  mediaId: string | null;
  mediaKind: "audio" | "video" | "image" | null;
  phoneNumberId: number;
  authorName: string | null;
  authorCity: string | null;
  notified: boolean;
}): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into line_held_messages (channel_id, line_id, medium, segment_id, reason, text, media_id, media_kind,
      phone_number_id, author_name, author_city, notified)
    values (${held.channelId}, ${held.lineId}, ${held.medium}, ${held.segmentId}, ${held.reason}, ${held.text},
      ${held.mediaId}, ${held.mediaKind}, ${held.phoneNumberId}, ${held.authorName}, ${held.authorCity},
      ${held.notified})
    returning id::int as id`;
  return row.id;
}

/** Whether the listener was already told, since `since`, that a message on this line could not count for this reason. */
export async function heldNoticeSent(
  sql: Db,
  lineId: number,
  phoneNumberId: number,
  reason: string,
  since: Date,
): Promise<boolean> {
  const [row] = await sql`
    select 1 from line_held_messages
    where line_id = ${lineId} and phone_number_id = ${phoneNumberId} and reason = ${reason} and notified
      and created_at > ${since}
    limit 1`;
  return !!row;
}

/** The channel's held messages, newest first. */
export async function listHeldMessages(sql: Db, channelId: number, limit: number): Promise<HeldMessageRow[]> {
  return await sql<HeldMessageRow[]>`
    select h.id::int as id, h.channel_id::int as channel_id, h.line_id::int as line_id, l.label as line_label,
      h.medium, h.segment_id::int as segment_id, coalesce(nullif(s.title, ''), '#' || s.id) as segment_title,
      h.reason, h.text, h.media_id, h.media_kind, m.status as media_status,
      m.playable_path as media_path, h.author_name, h.author_city,
      h.created_at, h.resolution, h.message_id::int as message_id,
      mv.segment_id::int as moved_to, coalesce(nullif(ms.title, ''), '#' || ms.id) as moved_title
    from line_held_messages h
    left join messages mv on mv.id = h.message_id
    left join segments ms on ms.id = mv.segment_id
    left join phone_lines l on l.id = h.line_id
    left join segments s on s.id = h.segment_id
    left join media m on m.id = h.media_id
    where h.channel_id = ${channelId}
    order by h.created_at desc, h.id desc
    limit ${limit}`;
}

/** How many of the channel's held messages wait for staff (neither moved nor dismissed). */
export async function countWaitingHeld(sql: Db, channelId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from line_held_messages where channel_id = ${channelId} and resolution is null`;
  return row.count;
}

/** A held message as it is moved: what the participation is made of, with the listener's keyed hash. */
export interface HeldForMove {
  id: number;
  line_id: number | null;
  medium: LineKind;
  text: string | null;
  media_id: string | null;
  media_kind: "audio" | "video" | "image" | null;
  media_status: string | null;
  phone_number_id: number | null;
  number_hash: string | null;
  author_name: string | null;
  author_city: string | null;
}

/**
 * Takes a waiting held message of the channel for one staff action (`moving` or `dismissed`), or null when it
 * is not the channel's or was already taken: of two staff acting at the same moment, one gets it. A move whose
 * server stopped half-way (still `moving` after `staleSeconds`, lib/rules/line_held.ts) may be taken again.
 */
export async function claimHeldMessage(
  sql: Db,
  channelId: number,
  id: number,
  resolution: "moving" | "dismissed",
  userId: number,
  staleSeconds: number,
): Promise<HeldForMove | null> {
  const [row] = await sql<HeldForMove[]>`
    with taken as (
      update line_held_messages set resolution = ${resolution}, resolved_at = now(), resolved_by = ${userId}
      where id = ${id} and channel_id = ${channelId}
        and (resolution is null
          or (resolution = 'moving' and resolved_at < now() - make_interval(secs => ${staleSeconds})))
      returning *)
    select t.id::int as id, t.line_id::int as line_id, t.medium, t.text, t.media_id, t.media_kind,
      m.status as media_status, t.phone_number_id::int as phone_number_id, p.number_hash, t.author_name,
      t.author_city
    from taken t
    left join media m on m.id = t.media_id
    left join phone_numbers p on p.id = t.phone_number_id`;
  return row ?? null;
}

/** Whether the channel has this held message (a 404 for another channel's). */
export async function heldMessageExists(sql: Db, channelId: number, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from line_held_messages where id = ${id} and channel_id = ${channelId}`;
  return !!row;
}

/** A move that failed gives the held message back to the waiting ones. */
export async function releaseHeldMessage(sql: Db, id: number): Promise<void> {
  await sql`
    update line_held_messages set resolution = null, resolved_at = null, resolved_by = null
    where id = ${id} and resolution = 'moving'`;
}

/** A move that stored its participation: the held message is that participation now. */
export async function settleMovedHeld(sql: Db, id: number, messageId: number): Promise<void> {
  await sql`update line_held_messages set resolution = 'moved', message_id = ${messageId} where id = ${id}`;
}

/** The media's status now (a fetch may have finished while a held message was moved). */
export async function mediaStatus(sql: Db, mediaId: string): Promise<string | null> {
  const [row] = await sql<{ status: string }[]>`select status from media where id = ${mediaId}`;
  return row?.status ?? null;
}

/**
 * Erases the channel's held messages older than `before` (its retention period) with their media rows;
 * returns the count and the storage keys of the media files, for the caller to remove.
 */
export async function deleteHeldMessagesBefore(sql: Sql, channelId: number, before: Date) {
  return await sql.begin(async (tx) => {
    const rows = await tx<{ media_id: string | null }[]>`
      delete from line_held_messages where channel_id = ${channelId} and created_at < ${before}
      returning media_id`;
    const ids = rows.map((r) => r.media_id).filter((id): id is string => id !== null);
    const files = ids.length
      ? await tx<{ paths: (string | null)[] }[]>`
        delete from media where id = any(${ids}::uuid[])
          and not exists (select 1 from messages m where m.media_id = media.id)
        returning array[original_path, playable_path, poster_path, delivery_mp3_path] as paths`
      : [];
    return {
      count: rows.length,
      files: files.flatMap((f) => f.paths).filter((p): p is string => typeof p === "string"),
    };
  });
}
