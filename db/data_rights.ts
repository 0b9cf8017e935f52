// Listeners' data rights and retention (migration 015): export, erasure, consents, retention sweeps.
//
// Erasure anonymises participations rather than deleting them: vote_counts and segment_counts (sharded
// counters, see db/participations.ts) and the inbox tab counters (007) count stored messages, so an
// emptied row keeps every tally and count exact. What stays is what counts: the segment, the type, the
// choices, the state flags and the date.
import type { Db, Sql } from "./client.ts";
import { forgetQuizPlayers } from "./quiz.ts";

/** A stored file of a participation or a reply: the keys to remove from the media store. */
export interface MediaFiles {
  id: string;
  original_path: string | null;
  playable_path: string | null;
  poster_path: string | null;
  delivery_mp3_path: string | null;
}

/** Ids of the participations of an app user (of one channel when given) not yet erased. */
export async function messageIdsOfAuthor(sql: Db, appUserId: number, channelId: number | null) {
  const rows = await sql<{ id: number }[]>`
    select id::int as id from messages
    where author_app_user_id = ${appUserId} and (${channelId}::bigint is null or channel_id = ${channelId})`;
  return rows.map((r) => r.id);
}

/** The device id of a participation, or null. */
export async function deviceOfMessage(sql: Db, messageId: number): Promise<string | null> {
  const [row] = await sql<
    { device_id: string | null }[]
  >`select device_id from messages where id = ${messageId}`;
  return row?.device_id ?? null;
}

/** Ids of a channel's participations sent by this device (a listener without an account). */
export async function messageIdsOfDevice(sql: Db, channelId: number, deviceId: string) {
  const rows = await sql<{ id: number }[]>`
    select id::int as id from messages where channel_id = ${channelId} and device_id = ${deviceId}`;
  return rows.map((r) => r.id);
}

/** Ids of a channel's participations created before `cutoff` and not erased yet (at most `limit`). */
export async function messageIdsBefore(sql: Db, channelId: number, cutoff: Date, limit: number) {
  const rows = await sql<{ id: number }[]>`
    select id::int as id from messages
    where channel_id = ${channelId} and created_at < ${cutoff} and erased_at is null
    order by created_at limit ${limit}`;
  return rows.map((r) => r.id);
}

/**
 * Empties these participations in one transaction: their text, transcript, media, author snapshot,
 * extra information, device and author ids and operator note go, their replies (text and voice) too,
 * and AI assistant answers quoting them; the media rows are deleted. A listener's phone number (a line's
 * participation) is untied from them, and forgotten once no participation holds it. Returns the media files to remove from the store once committed.
 */
export async function anonymiseMessages(sql: Sql, ids: number[]): Promise<MediaFiles[]> {
  if (ids.length === 0) return [];
  return await sql.begin(async (tx) => {
    const files = await tx<MediaFiles[]>`
      select id, original_path, playable_path, poster_path, delivery_mp3_path from media
      where id in (select media_id from messages where id = any(${ids}::bigint[]) and media_id is not null
        union select media_id from replies where message_id = any(${ids}::bigint[]) and media_id is not null)`;
    await tx`delete from replies where message_id = any(${ids}::bigint[])`;
    // the AI assistant's answers about these segments that quote the author's name or words go too
    await tx`
      with gone as (
        select segment_id, lower(author_name) as name, lower(left(coalesce(text, transcript), 40)) as excerpt
        from messages where id = any(${ids}::bigint[]))
      update ai_logs a set answer = null
      where a.answer is not null and a.segment_id in (select segment_id from gone) and exists (
        select 1 from gone g where g.segment_id = a.segment_id and (
          (length(g.name) >= 3 and strpos(lower(a.answer), g.name) > 0)
          or (length(g.excerpt) >= 12 and strpos(lower(a.answer), g.excerpt) > 0)))`;
    const numbers = await tx<{ id: string }[]>`
      select distinct phone_number_id as id from messages
      where id = any(${ids}::bigint[]) and phone_number_id is not null`;
    await tx`
      update messages set
        content = jsonb_strip_nulls(jsonb_build_object(
          'choice_ids', content -> 'choice_ids', 'choice_text', content -> 'choice_text')),
        text = null, transcript = null, media_id = null, extra_user_information = '{}',
        author_name = null, author_city = null, author_app_user_id = null, device_id = null, site_ref = null,
        comment = null, processing_error = null, has_reply = false, erased_at = now(), updated_at = now(),
        phone_number_id = null
      where id = any(${ids}::bigint[])`;
    if (numbers.length) {
      const gone = await tx<{ number_hash: string }[]>`
        delete from phone_numbers pn where pn.id = any(${numbers.map((n) => n.id)}::bigint[])
        and not exists (select 1 from messages m where m.phone_number_id = pn.id) returning number_hash`;
      // the number's live quiz answers (player 'p' + its keyed hash, lib/rules/quiz.ts linePlayer) are
      // made unlinkable, as at its STOP (lib/quiz/service.ts forgetLinePlayer)
      await forgetQuizPlayers(tx, gone.map((n) => `p${n.number_hash.slice(0, 40)}`));
    }
    if (files.length) await tx`delete from media where id = any(${files.map((f) => f.id)}::uuid[])`;
    return files;
  });
}

/**
 * Deletes an app user (its tokens, points ledger rows and exports go with it by cascade) and the mails
 * of the outbox addressed to it. Returns its avatar URL and its exports' files, to remove from the store.
 */
export async function deleteAppUser(sql: Sql, appUserId: number) {
  return await sql.begin(async (tx) => {
    const exports = await tx<{ storage_key: string }[]>`
      select storage_key from data_exports where app_user_id = ${appUserId} and storage_key is not null`;
    const [user] = await tx<{ avatar_url: string | null; email: string | null }[]>`
      delete from app_users where id = ${appUserId} returning avatar_url, email`;
    if (user?.email) await tx`delete from outbox where lower(to_address) = lower(${user.email})`;
    // its live quiz answers and wins are keyed by its id (db/quiz.ts): they go with it
    await tx`delete from quiz_answers where player = ${`u${appUserId}`}`;
    await tx`delete from quiz_winners where player = ${`u${appUserId}`}`;
    await tx`delete from quiz_line_names where player = ${`u${appUserId}`}`;
    return {
      found: !!user,
      avatarUrl: user?.avatar_url ?? null,
      exportKeys: exports.map((e) => e.storage_key),
    };
  });
}

/** Records an erasure: who (staff user, or null for the listener or the retention sweep), when, which id. */
export async function insertErasureLog(sql: Db, entry: {
  channelId: number | null;
  staffUserId: number | null;
  appUserId: number | null;
  reason: "listener" | "staff" | "retention";
  messages: number;
}): Promise<void> {
  await sql`insert into erasure_log (channel_id, staff_user_id, app_user_id, reason, messages)
    values (${entry.channelId}, ${entry.staffUserId}, ${entry.appUserId}, ${entry.reason}, ${entry.messages})`;
}

/** The channels with a retention period, and that period in months. */
export async function channelsWithRetention(sql: Db) {
  return await sql<{ id: number; retention_months: number }[]>`
    select id::int as id, retention_months from channels where retention_months is not null`;
}

/** When a participation was erased (null: not), and its channel's retention period (null: kept). */
export async function erasureState(sql: Db, messageId: number) {
  const [row] = await sql<{ erased_at: Date | null; retention_months: number | null }[]>`
    select m.erased_at, c.retention_months from messages m join channels c on c.id = m.channel_id
    where m.id = ${messageId}`;
  return row ?? { erased_at: null, retention_months: null };
}

/** Keeps the consent texts accepted with a participation (a copy and its SHA-256). */
export async function insertConsents(sql: Db, c: {
  messageId: number;
  channelId: number;
  texts: Record<string, string>;
  sha256: string;
  acceptedAt: Date;
}): Promise<void> {
  await sql`insert into message_consents (message_id, channel_id, texts, sha256, accepted_at)
    values (${c.messageId}, ${c.channelId}, ${sql.json(c.texts)}, ${c.sha256}, ${c.acceptedAt})
    on conflict (message_id) do nothing`;
}

/** The channel's default customisation and the segment's own (the consent texts shown to the listener). */
export async function consentSources(sql: Db, segmentId: number) {
  const [row] = await sql<{ channel: unknown; segment: unknown; legal_notice: string | null }[]>`
    select c.customisation as channel, s.customisation as segment, s.legal_notice
    from segments s join channels c on c.id = s.channel_id where s.id = ${segmentId}`;
  return row ?? null;
}

/** A participation as the listener's export holds it. */
export interface ExportMessageRow {
  id: number;
  channel: string;
  segment_title: string;
  type: string;
  created_at: Date;
  content: Record<string, unknown>;
  text: string | null;
  transcript: string | null;
  extra_user_information: Record<string, unknown>;
  author_name: string | null;
  author_city: string | null;
  broadcast_status: string;
  liked: boolean;
  winner: boolean;
  consent_gdpr: boolean;
  consent_image_right: boolean;
  consents: { texts: Record<string, string>; sha256: string; accepted_at: string } | null;
  media_path: string | null;
  media_extension: string | null;
}

/** Every participation of an app user, oldest first, with its consents and its original media file. */
export async function exportMessages(sql: Db, appUserId: number): Promise<ExportMessageRow[]> {
  return await sql<ExportMessageRow[]>`
    select m.id::int as id, c.label as channel, s.title as segment_title, m.type, m.created_at, m.content,
      m.text, m.transcript, m.extra_user_information, m.author_name, m.author_city, m.broadcast_status,
      m.liked, m.winner, m.consent_gdpr, m.consent_image_right,
      (select json_build_object('texts', mc.texts, 'sha256', mc.sha256, 'accepted_at', mc.accepted_at)
        from message_consents mc where mc.message_id = m.id) as consents,
      coalesce(md.original_path, md.playable_path) as media_path, md.extension as media_extension
    from messages m join segments s on s.id = m.segment_id join channels c on c.id = m.channel_id
      left join media md on md.id = m.media_id
    where m.author_app_user_id = ${appUserId}
    order by m.created_at, m.id`;
}

/** The replies to these participations, oldest first, with their voice file. */
export async function exportReplies(sql: Db, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return await sql<
    {
      id: number;
      message_id: number;
      type: string;
      text: string | null;
      media_path: string | null;
      created_at: Date;
    }[]
  >`
    select r.id::int as id, r.message_id::int as message_id, r.type, r.text,
      coalesce(md.playable_path, md.original_path) as media_path, r.created_at
    from replies r left join media md on md.id = r.media_id
    where r.message_id = any(${messageIds}::bigint[]) order by r.created_at, r.id`;
}

/** The points ledger of an app user (every channel). */
export async function exportPoints(sql: Db, appUserId: number) {
  return await sql<
    { channel: string; message_id: number | null; event: string; points: number; created_at: Date }[]
  >`
    select c.label as channel, p.message_id::int as message_id, p.event, p.points, p.created_at
    from points_ledger p join channels c on c.id = p.channel_id
    where p.app_user_id = ${appUserId} order by p.created_at, p.id`;
}

/** A "download my data" request. */
export interface DataExportRow {
  id: string;
  app_user_id: number;
  status: "pending" | "ready" | "failed";
  storage_key: string | null;
  size_bytes: number | null;
  messages: number | null;
  created_at: Date;
  ready_at: Date | null;
}

const EXPORT_COLUMNS =
  `id, app_user_id::int as app_user_id, status, storage_key, size_bytes::int as size_bytes,
  messages, created_at, ready_at`;

/** Opens an export request for the app user; returns it. */
export async function insertExport(sql: Db, appUserId: number): Promise<DataExportRow> {
  const [row] = await sql<DataExportRow[]>`
    insert into data_exports (app_user_id) values (${appUserId}) returning ${sql.unsafe(EXPORT_COLUMNS)}`;
  return row;
}

/** The export with that id, or null (a malformed id is null too). */
export async function getExport(sql: Db, id: string): Promise<DataExportRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await sql<DataExportRow[]>`
    select ${sql.unsafe(EXPORT_COLUMNS)} from data_exports where id = ${id}`;
  return row ?? null;
}

/** Marks an export built: its file in the store, its size and how many participations it holds. */
export async function markExportReady(
  sql: Db,
  id: string,
  file: { key: string; size: number; messages: number },
): Promise<void> {
  await sql`update data_exports set status = 'ready', storage_key = ${file.key}, size_bytes = ${file.size},
    messages = ${file.messages}, ready_at = now() where id = ${id}`;
}

/** Marks an export failed. */
export async function markExportFailed(sql: Db, id: string): Promise<void> {
  await sql`update data_exports set status = 'failed' where id = ${id}`;
}

/** Deletes the exports created before `before`; returns their files, to remove from the store. */
export async function deleteExportsBefore(sql: Db, before: Date): Promise<string[]> {
  const rows = await sql<{ storage_key: string | null }[]>`
    delete from data_exports where created_at < ${before} returning storage_key`;
  return rows.flatMap((r) => r.storage_key ? [r.storage_key] : []);
}
