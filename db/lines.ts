// Phone lines, listeners' numbers and the provider message ids already stored (migration 045).
import type { Db } from "./client.ts";
import type { LineKind } from "../lib/rules/lines.ts";

/** A line as staff and webhooks read it; credentials_enc never leaves lib/. */
export interface LineRow {
  id: number;
  channel_id: number;
  kind: LineKind;
  label: string;
  address: string;
  segment_id: number | null;
  credentials_enc: string | null;
  /** the channel's language: the voicemail greeting is spoken in it */
  language: string;
  /** a WhatsApp line's approved template, sent outside the 24-hour window (migration 094) */
  template_name: string | null;
  template_language: string | null;
  created_at: Date;
}

const columns = (sql: Db) =>
  sql`l.id::int as id, l.channel_id::int as channel_id, l.kind, l.label, l.address,
    l.segment_id::int as segment_id, l.credentials_enc, coalesce(c.language, 'en') as language, l.template_name,
    l.template_language, l.created_at`;

/** The lines of a channel, oldest first. */
export async function listLines(sql: Db, channelId: number): Promise<LineRow[]> {
  return await sql<LineRow[]>`
    select ${columns(sql)} from phone_lines l join channels c on c.id = l.channel_id
    where l.channel_id = ${channelId} order by l.id`;
}

/** One line, or null. */
export async function getLine(sql: Db, id: number): Promise<LineRow | null> {
  const [row] = await sql<LineRow[]>`
    select ${columns(sql)} from phone_lines l join channels c on c.id = l.channel_id where l.id = ${id}`;
  return row ?? null;
}

/** Adds a line; returns its id. */
export async function insertLine(sql: Db, line: {
  channelId: number;
  kind: LineKind;
  label: string;
  address: string;
  segmentId: number | null;
  credentialsEnc: string | null;
  template: { name: string; language: string } | null;
}): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into phone_lines (channel_id, kind, label, address, segment_id, credentials_enc, template_name,
      template_language)
    values (${line.channelId}, ${line.kind}, ${line.label}, ${line.address}, ${line.segmentId},
      ${line.credentialsEnc}, ${line.template?.name ?? null}, ${line.template?.language ?? null})
    returning id::int as id`;
  return row.id;
}

/**
 * Changes a line; credentials only when new ones are given (null keeps the sealed ones), its template only
 * when one is given (undefined keeps it, null removes it: switching the interaction leaves it alone).
 */
export async function updateLine(sql: Db, id: number, line: {
  label: string;
  address: string;
  segmentId: number | null;
  credentialsEnc: string | null;
  template?: { name: string; language: string } | null;
}): Promise<void> {
  const keep = line.template === undefined;
  await sql`
    update phone_lines set label = ${line.label}, address = ${line.address}, segment_id = ${line.segmentId},
      credentials_enc = coalesce(${line.credentialsEnc}, credentials_enc),
      template_name = case when ${keep} then template_name else ${line.template?.name ?? null} end,
      template_language = case when ${keep} then template_language else ${
    line.template?.language ?? null
  } end,
      updated_at = now()
    where id = ${id}`;
}

export async function deleteLine(sql: Db, id: number): Promise<void> {
  await sql`delete from phone_lines where id = ${id}`;
}

/** Whether the segment is the channel's (a line feeds only its own channel's interactions). */
export async function segmentOfChannel(sql: Db, segmentId: number, channelId: number): Promise<boolean> {
  const [row] = await sql`select 1 from segments where id = ${segmentId} and channel_id = ${channelId}`;
  return !!row;
}

/**
 * The id of the listener's number, stored once (by its keyed hash); a newer profile name replaces the
 * older one.
 */
export async function upsertPhoneNumber(
  sql: Db,
  number: { hash: string; sealed: string; profileName: string | null },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into phone_numbers (number_hash, number_enc, profile_name)
    values (${number.hash}, ${number.sealed}, ${number.profileName})
    on conflict (number_hash) do update
      set profile_name = coalesce(excluded.profile_name, phone_numbers.profile_name)
    returning id::int as id`;
  return row.id;
}

/** Forgets a number (STOP): its participations keep their text, no longer tied to it. */
export async function deletePhoneNumber(sql: Db, hash: string): Promise<boolean> {
  const rows = await sql`delete from phone_numbers where number_hash = ${hash} returning id`;
  return rows.length > 0;
}

/**
 * Claims a provider message id for a line: true the first time, false when it was already received (a
 * provider's retry, or a replay).
 */
export async function claimInbound(sql: Db, lineId: number, providerId: string): Promise<boolean> {
  const rows = await sql`
    insert into line_inbound (line_id, provider_id) values (${lineId}, ${providerId.slice(0, 200)})
    on conflict do nothing returning 1`;
  return rows.length > 0;
}

/** Ties a claimed provider message to the participation it became. */
export async function setInboundMessage(sql: Db, lineId: number, providerId: string, messageId: number) {
  await sql`update line_inbound set message_id = ${messageId}
    where line_id = ${lineId} and provider_id = ${providerId.slice(0, 200)}`;
}

/** Names the listener's number on a claimed provider message (WhatsApp's reply window counts from it). */
export async function setInboundNumber(sql: Db, lineId: number, providerId: string, phoneNumberId: number) {
  await sql`update line_inbound set phone_number_id = ${phoneNumberId}
    where line_id = ${lineId} and provider_id = ${providerId.slice(0, 200)}`;
}

/** Gives a claim back when storing failed, so the provider's retry is stored. */
export async function releaseInbound(sql: Db, lineId: number, providerId: string): Promise<void> {
  await sql`delete from line_inbound where line_id = ${lineId} and provider_id = ${providerId.slice(0, 200)}`;
}

/** The interactions a channel's lines may feed, newest first (the lines form's choice). */
export async function listLineTargets(sql: Db, channelId: number) {
  return await sql<{ id: number; title: string; type: string }[]>`
    select id::int as id, coalesce(nullif(title, ''), '#' || id) as title, type from segments
    where channel_id = ${channelId} and status not in ('archived', 'trash') order by id desc limit 200`;
}
