// A video's subtitles, served as WebVTT at /media/participations/{media id}-subtitles.vtt, beside the
// video's own files: the same random name, so the same privacy as the media (README Security and privacy).
// Built from the database at each read, so an erased participation has no subtitles left.
import type { Db } from "../../db/client.ts";
import { getSubtitleSource } from "../../db/media_jobs.ts";
import { transcriptSegments, webVtt } from "../rules/webvtt.ts";

const SUBTITLES_KEY = /^participations\/([0-9a-f-]{36})-subtitles\.vtt$/i;

/** The media key of a media's subtitles. */
export const subtitlesKey = (mediaId: string) => `participations/${mediaId}-subtitles.vtt`;

/** Whether a /media key names subtitles (then `subtitlesOf` answers it, not the file store). */
export const subtitlesMediaId = (key: string): string | null => SUBTITLES_KEY.exec(key)?.[1] ?? null;

/** The WebVTT text of a media's transcript, or null when it has none (unknown, erased, not transcribed). */
export async function subtitlesOf(sql: Db, mediaId: string): Promise<string | null> {
  const source = await getSubtitleSource(sql, mediaId);
  if (!source) return null;
  return webVtt(source.transcript, transcriptSegments(source.segments), source.duration_ms);
}
