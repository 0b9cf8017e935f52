// Use cases of the participations inbox: who may see which message (the caller's channel, any for a
// super administrator; another channel's message is a 404), staff actions with their points, replies.
import type { Sql } from "postgres";
import { traceChannel, traced } from "../platform/tracing.ts";
import type PgBoss from "pg-boss";
import { QUEUES } from "../platform/jobs.ts";
import * as inbox from "../../db/inbox.ts";
import { movePoints } from "../../db/points.ts";
import { getSegment, type SegmentRow } from "../../db/segments.ts";
import { insertReadyMedia } from "../../db/media.ts";
import { subtitlesKey } from "../media/subtitles.ts";
import { erasureInfo } from "../app_users/data_rights.ts";
import { lineForReply, queueLineReply, replyWindowOf } from "../lines/replies.ts";
import { AppError } from "../rules/errors.ts";
import {
  applyAction,
  type BulkAction,
  bulkChanges,
  type InboxFilter,
  type MessageAction,
  type MessageState,
  moderationChanges,
  searchQuery,
} from "../rules/inbox.ts";
import {
  canAccessChannel,
  isSuperAdministrator,
  requireAccess,
  type StaffUser,
} from "../rules/permissions.ts";
import { pagination } from "../rules/paging.ts";
import { pointsChanges } from "../rules/points.ts";
import type { Storage } from "../media/storage.ts";
import { DEFAULT_PAGE_SIZE, MEDIA_MAX_BYTES, POINTS } from "../rules/constants.ts";
import { sniffMedia } from "../rules/files.ts";
import { audioFlag } from "../rules/audio.ts";

/**
 * The channel a list is scoped to: the caller's own; a super administrator may ask for any channel, and
 * sees every channel in admin mode (null). Asking for another channel is a 404 for anyone else.
 */
export function scopeChannel(user: StaffUser, requested?: number | null): number | null {
  if (isSuperAdministrator(user)) return requested ?? user.channel_id;
  if (requested && requested !== user.channel_id) throw new AppError(404, "not_found");
  return user.channel_id;
}

/** The segment if the caller may see it, else a 404. */
export async function segmentFor(sql: Sql, user: StaffUser, id: number): Promise<SegmentRow> {
  const segment = await getSegment(sql, id);
  if (!segment || !canAccessChannel(user, segment.channel_id)) throw new AppError(404, "not_found");
  return segment;
}

/** The message if the caller may see it, else a 404. */
export async function messageFor(sql: Sql, user: StaffUser, id: number): Promise<inbox.MessageRow> {
  const message = await inbox.getMessage(sql, id);
  if (!message || !canAccessChannel(user, message.channel_id)) throw new AppError(404, "not_found");
  return message;
}

const mediaUrl = (path: string | null) => path ? `/media/${path}` : null;

/** The API shape of a message (back-office §3 Message), with its replies when given. */
export function messageView(row: inbox.MessageRow, replies?: inbox.ReplyRow[]) {
  const content = row.content ?? {};
  const recording = mediaUrl(row.playable_path ?? row.original_path) ??
    (typeof content.recording_url === "string" ? content.recording_url : null);
  return {
    id: row.id,
    show_id: row.show_id,
    channel_id: row.channel_id,
    program_id: row.program_id,
    segment: { id: row.segment_id, title: row.segment_title },
    type: row.type,
    medium: row.medium,
    created_at: row.created_at,
    content: {
      ...content,
      text: row.text,
      recording_url: recording,
      duration: row.duration_ms !== null ? row.duration_ms / 1000 : (content.duration ?? null),
    },
    media: row.media_id
      ? {
        kind: row.media_kind,
        content_type: row.media_content_type,
        // A transcribed video's WebVTT subtitles
        subtitles_url: row.media_kind === "video" && row.transcript
          ? `/media/${subtitlesKey(row.media_id)}`
          : null,
      }
      : null,
    audio: audioView(row),
    transcript: row.transcript,
    comment: row.comment,
    read: row.read,
    has_reply: row.has_reply,
    liked: row.liked,
    winner: row.winner,
    broadcast_status: row.broadcast_status,
    status: row.status,
    moderation: row.moderation,
    author_id: row.author_app_user_id,
    author: { name: row.author_name, city: row.author_city, ...row.extra_user_information },
    choice_ids: row.choice_ids,
    share_token: row.share_token,
    shared_at: row.shared_at,
    ...(replies ? { replies: replies.map(replyView) } : {}),
  };
}

/**
 * What the worker measured of a message's audio: the waveform of the aired timeline, the
 * original's loudness and flag, the aired duration and the broadcast copy's (after in/out points).
 */
function audioView(row: inbox.MessageRow) {
  if (!row.peaks || row.aired_duration_ms === null) return null;
  return {
    peaks: row.peaks,
    loudness_lufs: row.loudness_lufs === null ? null : Math.round(row.loudness_lufs * 10) / 10,
    true_peak_dbtp: row.true_peak_dbtp === null ? null : Math.round(row.true_peak_dbtp * 10) / 10,
    flag: audioFlag({ lufs: row.loudness_lufs, truePeak: row.true_peak_dbtp }),
    aired_ms: row.aired_duration_ms,
    on_air_ms: row.broadcast_duration_ms,
    trim_in_ms: row.trim_in_ms,
    trim_out_ms: row.trim_out_ms,
  };
}

/** The API shape of a reply (created_at and content). */
export function replyView(row: inbox.ReplyRow) {
  return {
    id: row.id,
    type: row.type,
    created_at: row.created_at,
    content: {
      text: row.text,
      recording_url: row.recording_url,
      duration: row.duration_ms !== null ? row.duration_ms / 1000 : null,
    },
    // sent back through the participation's line: sent, delivered, read or failed (null otherwise)
    delivery_status: row.delivery_status,
  };
}

/** A message with its replies (marks nothing). */
export async function messageWithReplies(sql: Sql, user: StaffUser, id: number) {
  const message = await messageFor(sql, user, id);
  return {
    ...messageView(message, await inbox.listReplies(sql, id)),
    ...await erasureInfo(sql, message),
    ...await replyWindowOf(sql, message),
  };
}

/**
 * Applies an action key to a message in one transaction: the new state, and the author's points moved
 * to match it (see lib/rules/points.ts). Returns the state the spec's response carries and the points moved.
 */
export async function actOnMessage(sql: Sql, user: StaffUser, id: number, key: MessageAction) {
  return await sql.begin(async (tx) => {
    const message = await inbox.lockMessage(tx, id);
    if (!message || !canAccessChannel(user, message.channel_id)) throw new AppError(404, "not_found");
    const next = applyAction(message, key);
    const changed = Object.fromEntries(
      (["liked", "winner", "broadcast_status", "status", "moderation", "read"] as const)
        .filter((k) => next[k] !== message[k]).map((k) => [k, next[k]]),
    );
    await inbox.updateMessageState(tx, id, changed);
    const points = await movePoints(tx, message, pointsChanges(message, next), POINTS);
    return {
      id,
      liked: next.liked,
      winner: next.winner,
      broadcast_status: next.broadcast_status,
      status: next.status,
      read: next.read,
      points,
    };
  });
}

const REPLY_MEDIA = ["audio", "video"];

/**
 * Stores a voice or video reply file (10 MB, type sniffed from the content: an audio file or an
 * mp4/webm/… video) and returns its media id and URL.
 */
export async function storeReplyFile(
  sql: Sql,
  storage: Storage,
  channelId: number,
  file: unknown,
): Promise<{ mediaId: string; url: string }> {
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, "file_missing");
  if (file.size > MEDIA_MAX_BYTES) {
    throw new AppError(413, "file_too_large", { mb: Math.round(MEDIA_MAX_BYTES / 1024 / 1024) });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffMedia(bytes.subarray(0, 64));
  if (!type || !REPLY_MEDIA.includes(type.kind)) throw new AppError(415, "file_type_reply");
  const key = `replies/${channelId}/${crypto.randomUUID()}.${type.extension}`;
  await storage.put(key, bytes, type.mime);
  const mediaId = await insertReadyMedia(sql, {
    channelId,
    kind: type.kind as "audio" | "video",
    path: key,
    name: file.name,
    extension: type.extension,
    contentType: type.mime,
    size: bytes.length,
  });
  return { mediaId, url: `/media/${key}` };
}

/**
 * The filters of a list request turned into a scoped query (a segment of another channel is a 404);
 * `segment`, when the caller has loaded it already, spares a second read.
 */
export async function queryOf(
  sql: Sql,
  user: StaffUser,
  f: {
    segment_id?: number;
    channel_id?: number;
    search_text?: string;
    filter?: InboxFilter;
    voice_only?: boolean;
    medium?: string;
    choice_id?: number;
    interactions_list?: number[];
  },
  loaded?: SegmentRow,
): Promise<inbox.MessageQuery> {
  let channelId = scopeChannel(user, f.channel_id);
  if (f.segment_id) {
    const segment = loaded?.id === f.segment_id ? loaded : await segmentFor(sql, user, f.segment_id);
    if (channelId !== null && segment.channel_id !== channelId) throw new AppError(404, "not_found");
    channelId = segment.channel_id;
  }
  return {
    channelId,
    segmentId: f.segment_id ?? null,
    filter: f.filter ?? "all",
    search: searchQuery(f.search_text),
    voiceOnly: f.voice_only,
    medium: f.medium ?? null,
    choiceId: f.choice_id ?? null,
    ids: f.interactions_list ?? null,
  };
}

/** How many messages a bulk action changed, in all and in each channel (whose audit log records its part). */
export interface BulkResult {
  count: number;
  byChannel: { channel_id: number; count: number }[];
}

/** Applies a bulk action (archive, trash, restore, read all) to every message the query matches. */
export async function bulkAct(sql: Sql, q: inbox.MessageQuery, action: BulkAction): Promise<BulkResult> {
  const byChannel = await inbox.bulkUpdate(sql, q, bulkChanges(action));
  return { count: byChannel.reduce((sum, c) => sum + c.count, 0), byChannel };
}

/** A page of messages for the list filters, as the API shows them, with its pagination. */
export async function listMessagePage(
  sql: Sql,
  user: StaffUser,
  query: Parameters<typeof queryOf>[2] & { page: number; per_page: number; with_counts?: boolean },
) {
  const q = await queryOf(sql, user, query);
  traceChannel(q.channelId);
  // the inbox's query group: its own span when traces are exported
  const [{ rows, total }, counts] = await traced("inbox.list", {}, () => {
    const counting = query.with_counts ? inbox.countMessages(sql, q) : undefined;
    return Promise.all([inbox.listMessages(sql, q, query.page, query.per_page, counting), counting]);
  });
  const { offset: _offset, ...page } = pagination(total, query.page, query.per_page);
  return { data: rows.map((r) => messageView(r)), pagination: page, ...(counts ? { counts } : {}) };
}

/** The tab counts (all, liked, archive, …) of the list filters. */
export async function countMessagesFor(sql: Sql, user: StaffUser, filters: Parameters<typeof queryOf>[2]) {
  const q = await queryOf(sql, user, filters);
  return await traced("inbox.count", {}, () => inbox.countMessages(sql, q));
}

/** The first page of an interaction's messages and its tab counts (the /participations/{id} page). */
export async function loadSegmentInbox(sql: Sql, user: StaffUser, segmentId: number) {
  const segment = await segmentFor(sql, user, segmentId);
  const q = await queryOf(sql, user, { segment_id: segmentId }, segment);
  traceChannel(segment.channel_id);
  const [{ rows, total }, counts] = await traced("inbox.list", { "im.segment_id": segmentId }, () => {
    const counting = inbox.countMessages(sql, q);
    return Promise.all([inbox.listMessages(sql, q, 1, DEFAULT_PAGE_SIZE, counting), counting]);
  });
  return { messages: rows.map((r) => messageView(r)), total, counts, segment };
}

/** Sets the comment, read flag or status of a message (participations-action); returns it with its replies. */
export async function updateMessage(
  sql: Sql,
  user: StaffUser,
  id: number,
  patch: Partial<MessageState & { comment: string | null }>,
) {
  requireAccess(user, "participations-action");
  await messageFor(sql, user, id);
  await inbox.updateMessageState(sql, id, patch);
  return await messageWithReplies(sql, user, id);
}

/** Sets a message's staff comment (blank clears it); returns the comment kept. */
export async function commentMessage(sql: Sql, user: StaffUser, id: number, text: string | null | undefined) {
  requireAccess(user, "participations-action");
  await messageFor(sql, user, id);
  const comment = text?.trim() || null;
  await inbox.updateMessageState(sql, id, { comment });
  return { id, comment };
}

/** The distinct `ids` if every one is a message the caller's scope holds, else a 404. */
async function scopedIds(sql: Sql, channelId: number | null, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await inbox.idsInScope(sql, channelId, unique)).length !== unique.length) {
    throw new AppError(404, "not_found");
  }
  return unique;
}

/** Marks messages read (a message of another channel is a 404); returns the ids marked. */
export async function markMessagesRead(sql: Sql, user: StaffUser, ids: number[]): Promise<number[]> {
  const channelId = scopeChannel(user);
  return await inbox.markRead(sql, channelId, await scopedIds(sql, channelId, ids));
}

/** Approves or rejects messages awaiting moderation (rejected ones go to the trash); returns those changed. */
export async function moderateMessages(
  sql: Sql,
  user: StaffUser,
  ids: number[],
  decision: "approve" | "reject",
): Promise<number[]> {
  const channelId = scopeChannel(user);
  return await inbox.moderate(
    sql,
    channelId,
    await scopedIds(sql, channelId, ids),
    moderationChanges(decision),
  );
}

/** Applies a bulk action to every message the list filters match; returns how many changed, and where. */
export async function bulkActOnMessages(
  sql: Sql,
  user: StaffUser,
  query: Parameters<typeof queryOf>[2] & { action: BulkAction },
): Promise<BulkResult> {
  return await bulkAct(sql, await queryOf(sql, user, query), query.action);
}

/**
 * A staff reply to a message: a text, or an audio/video file (stored first) with an optional caption.
 * Loads the message once (another channel's is a 404) and returns it with its replies. A file's broadcast
 * copy is queued on `boss`. A text reply to a WhatsApp or SMS participation goes back to the listener
 * through its line (a job on `boss`), refused outside WhatsApp's 24-hour window.
 */
export async function replyToMessage(
  sql: Sql,
  storage: Storage,
  user: StaffUser,
  messageId: number,
  reply: { text: string | null; file?: unknown },
  boss?: PgBoss,
  now = new Date(),
) {
  const message = await messageFor(sql, user, messageId);
  const lineId = await lineForReply(sql, message, reply, now);
  const stored = reply.file === undefined
    ? null
    : await storeReplyFile(sql, storage, message.channel_id, reply.file);
  // The worker makes the reply's broadcast copy (measured, normalised, in the channel's format)
  if (stored) await boss?.send(QUEUES.broadcast, { mediaId: stored.mediaId, reply: true });
  const replyId = await inbox.insertReply(sql, {
    lineId,
    messageId,
    channelId: message.channel_id,
    userId: user.id,
    type: stored ? "voice" : "text",
    text: reply.text,
    mediaId: stored?.mediaId,
    recordingUrl: stored?.url,
  });
  if (lineId !== null) await queueLineReply(boss, replyId);
  // insertReply marks the message replied and read: the only columns of the view it changes
  const replied = { ...message, has_reply: true, read: true };
  return {
    ...messageView(replied, await inbox.listReplies(sql, messageId)),
    ...await erasureInfo(sql, message),
    ...await replyWindowOf(sql, message, now),
  };
}
