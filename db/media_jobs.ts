// A listener's media from upload to processed file: the upload slot, its states through processing, its
// failure, and the clean-up of abandoned slots and unused uploads.
import type { Db, Json, Sql } from "./client.ts";

/** A media row as the upload and processing steps read it. */
export interface MediaRow {
  id: string;
  channel_id: number | null;
  kind: "audio" | "video" | "image";
  original_path: string | null;
  extension: string | null;
  content_type: string | null;
  size_bytes: number | null;
  playable_path: string | null;
  poster_path: string | null;
  delivery_mp3_path: string | null;
  duration_ms: number | null;
  /** the broadcast copy (audio ready for air) and the in/out points it was (or is to be) rendered with */
  broadcast_path: string | null;
  trim_in_ms: number | null;
  trim_out_ms: number | null;
  aired_duration_ms: number | null;
  status: string;
  error: string | null;
  created_at: Date;
}

/** Opens an upload slot (POST upload): a media row waiting for its file; returns its id (data_id). */
export async function insertUploadSlot(
  sql: Db,
  slot: { channelId: number | null; kind: string; extension: string },
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into media (channel_id, kind, extension, status)
    values (${slot.channelId}, ${slot.kind}, ${slot.extension}, 'uploading') returning id`;
  return row.id;
}

/** The media with that id, or null (a malformed id is null too). */
export async function getMedia(sql: Db, id: string): Promise<MediaRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await sql<MediaRow[]>`
    select id, channel_id::int as channel_id, kind, original_path, extension, content_type,
      size_bytes::int as size_bytes, playable_path, poster_path, delivery_mp3_path, duration_ms, status, error,
      created_at, broadcast_path, trim_in_ms, trim_out_ms, aired_duration_ms
    from media where id = ${id}`;
  return row ?? null;
}

/**
 * The max_recording_time (s) of the interaction whose participation uses this media, or null when none
 * does (a staff reply, a file not sent yet).
 */
export async function recordingLimitOfMedia(sql: Db, id: string): Promise<number | null> {
  const [row] = await sql<{ seconds: number }[]>`
    select max(s.max_recording_time)::int as seconds
    from messages m join segments s on s.id = m.segment_id where m.media_id = ${id}`;
  return row?.seconds ?? null;
}

/** Marks a slot's file as received and stored. */
export async function markUploaded(
  sql: Db,
  id: string,
  file: { path: string; contentType: string; size: number; name: string },
): Promise<void> {
  await sql`
    update media set status = 'uploaded', original_path = ${file.path}, content_type = ${file.contentType},
      size_bytes = ${file.size}, original_name = ${file.name.slice(0, 255)}, updated_at = now()
    where id = ${id}`;
}

/** Ties a slot to the channel of the participation that uses it. */
export async function setMediaChannel(sql: Db, id: string, channelId: number): Promise<void> {
  await sql`update media set channel_id = ${channelId}, updated_at = now() where id = ${id} and channel_id is null`;
}

/** Records the outcome of processing on the media and on the participations using it. */
export async function saveProcessedMedia(sql: Sql, id: string, out: {
  playablePath: string;
  posterPath: string | null;
  deliveryMp3Path: string | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  transcript: string | null;
  /** the timed segments of the transcript (subtitles), when the service gave them */
  transcriptSegments?: { start: number; end: number; text: string }[] | null;
  transcriptTooLong: boolean;
  recordingUrl: string;
}): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      update media set status = 'ready', playable_path = ${out.playablePath}, poster_path = ${out.posterPath},
        delivery_mp3_path = ${out.deliveryMp3Path}, duration_ms = ${out.durationMs}, width = ${out.width},
        height = ${out.height}, error = null, transcript_segments = ${
      out.transcriptSegments ? tx.json(out.transcriptSegments as Json) : null
    }, updated_at = now()
      where id = ${id}`;
    const extra: Record<string, unknown> = {
      recording_id: id,
      recording_url: out.recordingUrl,
      duration: out.durationMs === null ? null : Math.round(out.durationMs / 1000),
    };
    if (out.transcript !== null) {
      extra.transcription = { data: [{ transcript: out.transcript }], too_long: out.transcriptTooLong };
    }
    await tx`
      update messages set processing_status = 'done', processing_error = null, duration_ms = ${out.durationMs},
        transcript = ${out.transcript}, content = content || ${tx.json(extra as Json)}, updated_at = now()
      where media_id = ${id}`;
  });
}

/** Marks processing as failed (the original is kept). */
export async function failMedia(sql: Sql, id: string, reason: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update media set status = 'failed', error = ${
      reason.slice(0, 2000)
    }, updated_at = now() where id = ${id}`;
    await tx`
      update messages set processing_status = 'failed', processing_error = ${reason.slice(0, 2000)},
        updated_at = now()
      where media_id = ${id}`;
  });
}

/** Marks the media and its participations as being processed. */
export async function markProcessing(sql: Db, id: string): Promise<void> {
  // one statement: the media and its participations never disagree, even if the worker dies here
  await sql`
    with media_row as (update media set status = 'processing', updated_at = now() where id = ${id})
    update messages set processing_status = 'processing' where media_id = ${id}`;
}

/** Deletes upload slots never finished before `before`; returns their ids (their files go too). */
export async function deleteAbandonedSlots(sql: Db, before: Date): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    delete from media where status = 'uploading' and created_at < ${before} returning id`;
  return rows.map((r) => r.id);
}

/**
 * Deletes the media rows of listeners' uploads that no participation took (uploaded, never sent) since
 * before `before`; returns the storage keys of their files, for the caller to delete. A row is taken only
 * while nothing uses it: a participation sent at that very moment finds its upload gone (404), never a
 * message without its file.
 */
export async function deleteUnusedUploads(sql: Db, before: Date): Promise<string[]> {
  const rows = await sql<{ path: string | null }[]>`
    delete from media x
    where x.status = 'uploaded' and x.updated_at < ${before}
      and not exists (select 1 from messages m where m.media_id = x.id)
      and not exists (select 1 from line_held_messages h where h.media_id = x.id)
    returning x.original_path as path`;
  return rows.map((r) => r.path).filter((p): p is string => p !== null);
}

/** True when a participation already uses this media (a slot serves one participation). */
export async function mediaInUse(sql: Db, id: string): Promise<boolean> {
  const [row] = await sql<
    { used: boolean }[]
  >`select exists (select 1 from messages where media_id = ${id}) as used`;
  return row.used;
}

/**
 * Leaves a media job no retry (pg-boss's job table): when its handler fails next, the job is failed
 * for good instead of tried again.
 */
export async function endMediaJobRetries(sql: Db, jobId: string): Promise<void> {
  await sql`update pgboss.job set retry_limit = retry_count where name = 'media' and id = ${jobId}`;
}

/** A media job still waiting for a worker, with what decides its priority (lib/rules/media_jobs.ts). */
export interface WaitingMediaJob {
  job_id: string;
  priority: number;
  delivery_option: string | null;
  delivery_trigger: string | null;
  moderation: string;
  marked_for_air: boolean;
}

/** The waiting (created or retry) media jobs of these messages' media. */
export async function waitingMediaJobsOf(sql: Db, messageIds: number[]): Promise<WaitingMediaJob[]> {
  if (!messageIds.length) return [];
  return await sql<WaitingMediaJob[]>`
    select j.id::text as job_id, j.priority, s.delivery_option, s.delivery_trigger, m.moderation,
      (m.broadcast_status <> 'none' or exists (select 1 from playout_queue q where q.message_id = m.id))
        as marked_for_air
    from messages m join segments s on s.id = m.segment_id
    join pgboss.job j on j.name = 'media' and j.state in ('created', 'retry') and j.data->>'mediaId' = m.media_id::text
    where m.id in ${sql(messageIds)} and m.status <> 'trash'`;
}

/** Sets the priority of waiting media jobs (pg-boss takes the highest first). */
export async function setMediaJobPriority(sql: Db, jobIds: string[], priority: number): Promise<void> {
  if (!jobIds.length) return;
  await sql`update pgboss.job set priority = ${priority}
    where name = 'media' and state in ('created', 'retry') and id in ${sql(jobIds)}`;
}

/** The measures, broadcast copy and waveform the worker made of a media's audio. */
export interface BroadcastCopy {
  loudnessLufs?: number | null;
  truePeakDbtp?: number | null;
  broadcastPath: string;
  broadcastLufs: number | null;
  broadcastTruePeakDbtp: number | null;
  broadcastDurationMs: number | null;
  airedDurationMs?: number | null;
  peaks?: number[];
}

/**
 * Records a broadcast copy; returns whether it was recorded and the path of the copy it replaces. With
 * `trim`, only when the in/out points are still the ones it was rendered with (a newer trim's render wins).
 */
export async function saveBroadcastCopy(
  sql: Db,
  id: string,
  copy: BroadcastCopy,
  trim?: { inMs: number | null; outMs: number | null },
): Promise<{ saved: boolean; previous: string | null }> {
  const [row] = await sql<{ previous: string | null }[]>`
    update media m set broadcast_path = ${copy.broadcastPath}, broadcast_lufs = ${copy.broadcastLufs},
      broadcast_true_peak_dbtp = ${copy.broadcastTruePeakDbtp},
      broadcast_duration_ms = ${copy.broadcastDurationMs},
      loudness_lufs = ${copy.loudnessLufs === undefined ? sql`m.loudness_lufs` : copy.loudnessLufs},
      true_peak_dbtp = ${copy.truePeakDbtp === undefined ? sql`m.true_peak_dbtp` : copy.truePeakDbtp},
      aired_duration_ms = ${
    copy.airedDurationMs === undefined ? sql`m.aired_duration_ms` : copy.airedDurationMs
  },
      peaks = ${copy.peaks === undefined ? sql`m.peaks` : sql.json(copy.peaks)}, updated_at = now()
    from (select broadcast_path from media where id = ${id} for update) old
    where m.id = ${id}
      ${
    trim
      ? sql`and m.trim_in_ms is not distinct from ${trim.inMs}
        and m.trim_out_ms is not distinct from ${trim.outMs}`
      : sql``
  }
    returning old.broadcast_path as previous`;
  return { saved: Boolean(row), previous: row?.previous ?? null };
}

/** Sets (or clears, both null) the in/out points of a media's broadcast copy; false when not ready audio. */
export async function setMediaTrim(
  sql: Db,
  id: string,
  trim: { inMs: number | null; outMs: number | null },
): Promise<boolean> {
  const rows = await sql`
    update media set trim_in_ms = ${trim.inMs}, trim_out_ms = ${trim.outMs}, updated_at = now()
    where id = ${id} and status = 'ready' and broadcast_path is not null returning id`;
  return rows.length > 0;
}

/** What a video's subtitles are built from: its transcript, timed segments and duration. */
export interface SubtitleSource {
  transcript: string;
  segments: { start: number; end: number; text: string }[] | null;
  duration_ms: number | null;
}

/**
 * The transcript of a processed media that is still used by a participation (an erased one has none left),
 * with its segments; null for an unknown or malformed id, or a media with no transcript.
 */
export async function getSubtitleSource(sql: Db, mediaId: string): Promise<SubtitleSource | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(mediaId)) return null;
  const [row] = await sql<SubtitleSource[]>`
    select m.transcript, md.transcript_segments as segments, md.duration_ms
    from media md join messages m on m.media_id = md.id
    where md.id = ${mediaId} and md.status = 'ready' and md.kind <> 'image' and m.transcript is not null and m.transcript <> ''
    order by m.id limit 1`;
  return row ?? null;
}
