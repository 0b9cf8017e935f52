// Media processing in the worker (DESIGN.md Media processing): ffprobe for the duration, a
// web-playable copy (audio mp3; video h264/aac mp4 with a jpg poster), an mp3 for radio delivery,
// and a transcript when an OpenAI-compatible transcription service is configured.
import type { Sql } from "postgres";
import type { Storage } from "./storage.ts";
import { failMedia, getMedia, markProcessing, saveProcessedMedia } from "../../db/media_jobs.ts";
import { getChannel } from "../../db/channels.ts";
import { transcriptTooLong } from "../rules/participation.ts";

/** What ffprobe tells about a file. */
export interface Probe {
  durationMs: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

/**
 * The file itself cannot be processed (no file, not decodable, no audio or video): trying again gives
 * the same result, so the job fails at once. Any other error (storage, database, transcription
 * service, a worker that died) is retried.
 */
export class MediaInputError extends Error {
  override name = "MediaInputError";
}

async function run(cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr).trim().split("\n").slice(-3).join(" ");
    throw new MediaInputError(`${cmd} failed: ${err}`);
  }
  return new TextDecoder().decode(out.stdout);
}

/** Probes a media file with ffprobe. */
export async function probe(path: string): Promise<Probe> {
  const json = JSON.parse(
    await run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path]),
  ) as {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      codec_name?: string;
    }[];
  };
  const streams = json.streams ?? [];
  // cover art in an audio file is a "video" stream of a still image codec
  const video = streams.find((s) =>
    s.codec_type === "video" && !["mjpeg", "png"].includes(s.codec_name ?? "")
  );
  const seconds = Number(json.format?.duration ?? streams.find((s) => s.duration)?.duration);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    hasVideo: Boolean(video),
    hasAudio: streams.some((s) => s.codec_type === "audio"),
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/** Runs ffmpeg quietly (errors only, overwriting its output); a failure throws MediaInputError. */
export const ffmpeg = (args: string[]) =>
  run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);

/** Sends an audio file to an OpenAI-compatible /audio/transcriptions endpoint; returns the text. */
export async function transcribe(
  file: string,
  options: { baseUrl: string; apiKey?: string; model?: string; fetch?: typeof fetch },
): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([await Deno.readFile(file)], { type: "audio/mpeg" }), "audio.mp3");
  form.append("model", options.model ?? "whisper-1");
  const res = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
    method: "POST",
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    body: form,
  });
  if (!res.ok) throw new Error(`transcription failed: HTTP ${res.status}`);
  const body = await res.json() as { text?: unknown };
  return typeof body.text === "string" ? body.text.trim() : "";
}

export interface MediaDeps {
  sql: Sql;
  storage: Storage;
  transcription?: { baseUrl: string; apiKey?: string };
}

/**
 * Processes an uploaded media: the copies go to the storage next to the original, the media row
 * becomes ready and its participations get the duration, the recording url and the transcript.
 * On failure the error is rethrown; the media is marked failed with the reason (the original is kept) when
 * the file cannot be processed or on the `lastAttempt`, else it stays processing while the job is retried
 * (task polling says STARTED, not FAILURE, in between).
 */
export async function processMedia(
  deps: MediaDeps,
  mediaId: string,
  options: { lastAttempt?: boolean } = {},
) {
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError(`media ${mediaId} has no file`);
  await markProcessing(deps.sql, mediaId);
  const work = await Deno.makeTempDir({ prefix: "im-media-" });
  try {
    const input = await deps.storage.localPath(media.original_path);
    const base = `participations/${mediaId}`;
    if (media.kind === "image") {
      await saveProcessedMedia(deps.sql, mediaId, {
        playablePath: media.original_path,
        posterPath: media.original_path,
        deliveryMp3Path: null,
        durationMs: null,
        width: null,
        height: null,
        transcript: null,
        transcriptTooLong: false,
        recordingUrl: `/media/${media.original_path}`,
      });
      return { id: mediaId, status: "ready" };
    }
    const info = await probe(input);
    if (!info.hasAudio && !info.hasVideo) throw new MediaInputError("no audio or video stream");
    let playable: string, poster: string | null = null, mp3: string | null = null;
    const mp3File = `${work}/delivery.mp3`;
    if (info.hasAudio) {
      await ffmpeg([
        "-i",
        input,
        "-vn",
        "-ac",
        "2",
        "-ar",
        "44100",
        "-c:a",
        "libmp3lame",
        "-b:a",
        "128k",
        mp3File,
      ]);
      mp3 = `${base}-delivery.mp3`;
      await deps.storage.put(mp3, await Deno.readFile(mp3File), "audio/mpeg");
    }
    if (info.hasVideo && media.kind === "video") {
      const mp4 = `${work}/playable.mp4`;
      await ffmpeg([
        "-i",
        input,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "26",
        "-pix_fmt",
        "yuv420p",
        "-vf",
        "scale='min(1280,iw)':-2",
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        "-movflags",
        "+faststart",
        mp4,
      ]);
      const jpg = `${work}/poster.jpg`;
      await ffmpeg(["-i", mp4, "-frames:v", "1", "-q:v", "4", jpg]);
      playable = `${base}-web.mp4`;
      poster = `${base}-poster.jpg`;
      await deps.storage.put(playable, await Deno.readFile(mp4), "video/mp4");
      await deps.storage.put(poster, await Deno.readFile(jpg), "image/jpeg");
      info.durationMs = (await probe(mp4)).durationMs ?? info.durationMs;
    } else {
      if (!mp3) throw new MediaInputError("no audio stream");
      playable = mp3; // mp3 plays everywhere: the web copy and the radio copy are one file
      info.durationMs = (await probe(mp3File)).durationMs ?? info.durationMs;
    }
    let transcript: string | null = null;
    let tooLong = false;
    if (deps.transcription && info.hasAudio) {
      transcript = await transcribe(mp3File, deps.transcription);
      const channel = media.channel_id ? await getChannel(deps.sql, media.channel_id) : null;
      tooLong = transcriptTooLong(transcript, channel?.segment_customisation);
    }
    await saveProcessedMedia(deps.sql, mediaId, {
      playablePath: playable,
      posterPath: poster,
      deliveryMp3Path: mp3,
      durationMs: info.durationMs,
      width: info.width,
      height: info.height,
      transcript,
      transcriptTooLong: tooLong,
      recordingUrl: `/media/${playable}`,
    });
    return {
      id: mediaId,
      status: "ready",
      duration_ms: info.durationMs,
      recording_url: `/media/${playable}`,
    };
  } catch (error) {
    if (error instanceof MediaInputError || (options.lastAttempt ?? true)) {
      await failMedia(deps.sql, mediaId, error instanceof Error ? error.message : String(error));
    }
    throw error;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}
