// Media processing in the worker (DESIGN.md Media processing): a web-playable copy (audio mp3; video
// h264/aac mp4 with a jpg poster, ffprobe for its size and duration), an mp3 for radio delivery, and a
// transcript when an OpenAI-compatible transcription service is configured. Issue 22: every audio (voice
// message, voice reply, the sound of a video) is measured and gets a broadcast copy: leading and trailing
// silence trimmed, normalised to the channel's loudness target with a true peak ≤ −1 dBTP, in the
// channel's delivery format, with the waveform peaks of that timeline; the original is kept. A voice
// message costs two ffmpeg runs: one decode measures it, one decode writes every file of the aired timeline.
import type { Sql } from "postgres";
import type { Storage } from "./storage.ts";
import {
  failMedia,
  getMedia,
  markProcessing,
  saveBroadcastCopy,
  saveProcessedMedia,
} from "../../db/media_jobs.ts";
import { getChannel } from "../../db/channels.ts";
import { transcriptTooLong } from "../rules/participation.ts";
import { type TranscriptSegment, transcriptSegments } from "../rules/webvtt.ts";
import {
  durationMsOfSamples,
  formatSpec,
  gainPlan,
  type Loudness,
  nextRenderPlan,
  parseEbur128,
  predictedLoudness,
  type RenderPlan,
  waveformPeaks,
} from "../rules/audio.ts";
import {
  MAX_BROADCAST_RENDERS,
  PEAKS_SAMPLE_RATE,
  SILENCE_THRESHOLD_DB,
  TRUE_PEAK_CEILING_DBTP,
} from "../rules/constants.ts";

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

/** Runs ffmpeg with its log at info level and returns the log (stderr), where analysis filters print. */
async function ffmpegLog(args: string[]): Promise<string> {
  const out = await new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-nostats", "-y", ...args],
    stdout: "null",
    stderr: "piped",
  }).output();
  const log = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new MediaInputError(`ffmpeg failed: ${log.trim().split("\n").slice(-3).join(" ")}`);
  return log;
}

/** Leading and trailing silence removed (a short breath kept at both ends). */
const SILENCE_TRIM = [
  `silenceremove=start_periods=1:start_threshold=${SILENCE_THRESHOLD_DB}dB:start_silence=0.15`,
  "areverse",
  `silenceremove=start_periods=1:start_threshold=${SILENCE_THRESHOLD_DB}dB:start_silence=0.25`,
  "areverse",
].join(",");

/** The filters from an original to the aired timeline, then the in/out points (ms) of a trim. */
function airedFilters(trim?: { inMs: number | null; outMs: number | null } | null): string {
  if (!trim || (trim.inMs === null && trim.outMs === null)) return SILENCE_TRIM;
  const parts = [`start=${(trim.inMs ?? 0) / 1000}`];
  if (trim.outMs !== null) parts.push(`end=${trim.outMs / 1000}`);
  return `${SILENCE_TRIM},atrim=${parts.join(":")},asetpts=PTS-STARTPTS`;
}

/**
 * The aired timeline's sample layout: 48 kHz stereo in floats. The analysis measures the signal in this
 * layout and the render amplifies the very same one, so a gain alone gives a result known in advance
 * (a mono phone recording read as stereo has the same loudness but a true peak 3 dB lower).
 */
const AIR_LAYOUT = "aformat=sample_fmts=flt:sample_rates=48000:channel_layouts=stereo";

/** An ebur128 measure inside a filter graph, named so its summary is told from the others' in the log. */
const ebur128 = (name: string) => `ebur128@${name}=peak=true:framelog=verbose`;

/** The two measures of one analysis: the recording as it is (when asked) and its aired timeline. */
export interface AudioAnalysis {
  original: Loudness | null;
  aired: Loudness;
}

/**
 * Measures a recording in one decode (issue 22): its aired timeline (silence trimmed, then the in/out
 * points, in AIR_LAYOUT) and, with `original`, the recording as it is (the inbox shows its loudness and
 * flags it clipped): two ebur128 branches of one filter graph. A file without audio is a MediaInputError.
 */
export async function analyseAudio(
  input: string,
  options: { trim?: { inMs: number | null; outMs: number | null } | null; original?: boolean } = {},
): Promise<AudioAnalysis> {
  const aired = `${airedFilters(options.trim)},${AIR_LAYOUT},${ebur128("aired")}`;
  const graph = options.original
    ? `[0:a:0]asplit=2[original][aired];[original]${ebur128("original")},anullsink;[aired]${aired}[out]`
    : `[0:a:0]${aired}[out]`;
  const log = await ffmpegLog(["-i", input, "-filter_complex", graph, "-map", "[out]", "-f", "null", "-"]);
  return {
    original: options.original ? parseEbur128(log, "original") : null,
    aired: parseEbur128(log, "aired"),
  };
}

/** What one render wrote besides the files: its measure (a limited render only) and the waveform samples. */
interface RenderOutput {
  measured: Loudness | null;
  wave: Float32Array;
}

/**
 * One ffmpeg run from the original to every file of the aired timeline: silence trimmed, the in/out
 * points, the plan's gain (and limiter, on 4× oversampled audio: an approximation of true peak), in
 * AIR_LAYOUT, then split to the broadcast copy in the format's codec, the web MP3 (when `webMp3` is given),
 * the waveform samples (mono floats at PEAKS_SAMPLE_RATE, on stdout) and, when limited, its own measure.
 */
async function renderOnce(
  input: string,
  out: string,
  plan: RenderPlan,
  options: { format: string; trim?: { inMs: number | null; outMs: number | null } | null; webMp3?: string },
): Promise<RenderOutput> {
  const limiter = plan.limit
    ? `,aresample=192000,alimiter=limit=${
      (10 ** ((TRUE_PEAK_CEILING_DBTP - 1) / 20)).toFixed(4)
    }:level=disabled:attack=1:release=50,aresample=48000`
    : "";
  const branches = [
    "[air]",
    "[wave]",
    ...(options.webMp3 ? ["[web]"] : []),
    ...(plan.limit ? ["[measure]"] : []),
  ];
  const graph = [
    `[0:a:0]${airedFilters(options.trim)},volume=${plan.gainDb}dB${limiter},${AIR_LAYOUT},` +
    `asplit=${branches.length}${branches.join("")}`,
    `[wave]aformat=sample_fmts=flt:sample_rates=${PEAKS_SAMPLE_RATE}:channel_layouts=mono[samples]`,
    ...(plan.limit ? [`[measure]${ebur128("render")},anullsink`] : []),
  ].join(";");
  const args = [
    "-hide_banner",
    "-nostats",
    "-loglevel",
    plan.limit ? "info" : "error",
    "-y",
    "-i",
    input,
    "-filter_complex",
    graph,
    ...["-map", "[air]", ...formatSpec(options.format).args, out],
    ...(options.webMp3 ? ["-map", "[web]", "-c:a", "libmp3lame", "-b:a", "128k", options.webMp3] : []),
    ...["-map", "[samples]", "-f", "f32le", "pipe:1"],
  ];
  const run = await new Deno.Command("ffmpeg", { args, stdout: "piped", stderr: "piped" }).output();
  const log = new TextDecoder().decode(run.stderr);
  if (!run.success) throw new MediaInputError(`ffmpeg failed: ${log.trim().split("\n").slice(-3).join(" ")}`);
  const bytes = run.stdout;
  return {
    measured: plan.limit ? parseEbur128(log, "render") : null,
    wave: new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4)),
  };
}

/** What a broadcast render produced: its loudness, duration and waveform, and how it got there. */
export interface BroadcastRender extends Loudness {
  durationMs: number | null;
  peaks: number[];
  /** the recording as it is, when the analysis was asked for it */
  original: Loudness | null;
  /** ffmpeg runs that rendered it (1, or more when a limited render was corrected) */
  renders: number;
  /** whether `lufs`/`truePeak` were measured on the render (limited) or follow from the gain (not limited) */
  measured: boolean;
}

/**
 * Renders the broadcast copy of an original into `out` (48 kHz stereo, the format's codec), and the web MP3
 * into `webMp3` when given: one analysis (aired timeline and, with `original`, the recording as it is),
 * then one render per pass. A gain alone (what a two-pass linear loudnorm does, without its 192 kHz detour)
 * is rendered once and not measured again: its result is the measure plus the gain. When that gain would
 * push the true peak over the ceiling, a limiter holds it, the render measures itself, and the gain is
 * corrected until it reads the target ±LOUDNESS_TOLERANCE_LU and at most the ceiling
 * (MAX_BROADCAST_RENDERS at most).
 */
export async function renderBroadcast(
  input: string,
  out: string,
  options: {
    targetLufs: number;
    format: string;
    trim?: { inMs: number | null; outMs: number | null } | null;
    webMp3?: string;
    original?: boolean;
  },
): Promise<BroadcastRender> {
  const analysis = await analyseAudio(input, { trim: options.trim, original: options.original });
  let plan: RenderPlan = gainPlan(analysis.aired, options.targetLufs);
  let renders = 0;
  for (;;) {
    const output = await renderOnce(input, out, plan, options);
    renders++;
    const result = output.measured ?? predictedLoudness(analysis.aired, plan)!;
    const next = analysis.aired.lufs === null || renders >= MAX_BROADCAST_RENDERS
      ? null
      : output.measured && nextRenderPlan(output.measured, options.targetLufs, plan);
    if (!next) {
      return {
        ...result,
        durationMs: durationMsOfSamples(output.wave.length, PEAKS_SAMPLE_RATE),
        peaks: waveformPeaks(output.wave),
        original: analysis.original,
        renders,
        measured: output.measured !== null,
      };
    }
    plan = next;
  }
}

/** What a transcription service gave: the text and, when it gives them, timed segments. */
export interface Transcription {
  text: string;
  segments: TranscriptSegment[];
}

/**
 * Sends an audio file to an OpenAI-compatible /audio/transcriptions endpoint, asking for `verbose_json` with
 * segment timings (for subtitles); a service that refuses that format (400) is asked again for plain json.
 */
export async function transcribe(
  file: string,
  options: { baseUrl: string; apiKey?: string; model?: string; fetch?: typeof fetch },
): Promise<Transcription> {
  const bytes = await Deno.readFile(file);
  const ask = (verbose: boolean) => {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "audio/mpeg" }), "audio.mp3");
    form.append("model", options.model ?? "whisper-1");
    form.append("response_format", verbose ? "verbose_json" : "json");
    if (verbose) form.append("timestamp_granularities[]", "segment");
    return (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      body: form,
    });
  };
  let res = await ask(true);
  if (res.status === 400) {
    await res.body?.cancel();
    res = await ask(false);
  }
  if (!res.ok) throw new Error(`transcription failed: HTTP ${res.status}`);
  const body = await res.json() as { text?: unknown; segments?: unknown };
  return {
    text: typeof body.text === "string" ? body.text.trim() : "",
    segments: transcriptSegments(body.segments),
  };
}

/**
 * The broadcast copy of an original (issue 22): the original measured, the copy rendered in the channel's
 * format and stored under `key` + its extension, with the waveform peaks of the aired timeline; the web
 * MP3 of that timeline is written to `webMp3` by the same render when given.
 */
async function airCopy(
  deps: Pick<MediaDeps, "sql" | "storage">,
  input: string,
  channelId: number | null,
  work: string,
  key: string,
  webMp3?: string,
): Promise<{ file: string; air: Parameters<typeof saveBroadcastCopy>[2] }> {
  const channel = channelId ? await getChannel(deps.sql, channelId) : null;
  const format = channel?.audio_format ?? "mp3_192";
  const spec = formatSpec(format);
  const file = `${work}/broadcast.${spec.extension}`;
  const render = await renderBroadcast(input, file, {
    targetLufs: channel?.audio_target_lufs ?? -23,
    format,
    webMp3,
    original: true,
  });
  const broadcast = `${key}.${spec.extension}`;
  await deps.storage.put(broadcast, await Deno.readFile(file), spec.contentType);
  return {
    file,
    air: {
      loudnessLufs: render.original?.lufs ?? null,
      truePeakDbtp: render.original?.truePeak ?? null,
      broadcastPath: broadcast,
      broadcastLufs: render.lufs,
      broadcastTruePeakDbtp: render.truePeak,
      broadcastDurationMs: render.durationMs,
      airedDurationMs: render.durationMs,
      peaks: render.peaks,
    },
  };
}

/**
 * The broadcast copy of a staff voice or video reply (issue 22), made by the worker after the reply is
 * sent: the reply itself plays its original at once; this adds the measured, normalised, trimmed copy in
 * the channel's format and its waveform. A video without sound gets none.
 */
export async function renderReplyBroadcast(deps: Pick<MediaDeps, "sql" | "storage">, mediaId: string) {
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError(`media ${mediaId} has no file`);
  const work = await Deno.makeTempDir({ prefix: "im-reply-" });
  try {
    const input = await deps.storage.localPath(media.original_path);
    if (!(await probe(input)).hasAudio) return { id: mediaId, broadcast: false };
    const key = `${media.original_path.replace(/\.[^./]+$/, "")}-broadcast`;
    const { air } = await airCopy(deps, input, media.channel_id, work, key);
    await saveBroadcastCopy(deps.sql, mediaId, air);
    return { id: mediaId, broadcast: true, broadcast_duration_ms: air.broadcastDurationMs };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
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
    const input = await deps.storage.localPath(media.original_path, work);
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
        transcriptSegments: null,
        transcriptTooLong: false,
        recordingUrl: `/media/${media.original_path}`,
      });
      return { id: mediaId, status: "ready" };
    }
    // a voice is read by its analysis, which fails on a file without sound: no probe before it (starting
    // ffprobe or ffmpeg costs about 50 ms of CPU, as much as measuring a voice message)
    const info: Probe = media.kind === "video"
      ? await probe(input)
      : { durationMs: null, hasVideo: false, hasAudio: true, width: null, height: null };
    if (!info.hasAudio && !info.hasVideo) throw new MediaInputError("no audio or video stream");
    let playable: string, poster: string | null = null, mp3: string | null = null;
    const mp3File = `${work}/delivery.mp3`;
    let air: Parameters<typeof saveBroadcastCopy>[2] | null = null;
    if (info.hasAudio) {
      // the web copy is the aired timeline at the aired level, so the inbox plays what goes on air
      const copy = await airCopy(deps, input, media.channel_id, work, `${base}-broadcast`, mp3File);
      mp3 = `${base}-delivery.mp3`;
      await deps.storage.put(mp3, await Deno.readFile(mp3File), "audio/mpeg");
      air = copy.air;
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
      info.durationMs = air?.airedDurationMs ?? info.durationMs;
    }
    let transcript: string | null = null;
    let tooLong = false;
    let segments: TranscriptSegment[] = [];
    if (deps.transcription && info.hasAudio) {
      // a video's transcript is timed on the played mp4 (its subtitles), an audio's on the played mp3
      let heard = mp3File;
      if (playable.endsWith(".mp4")) {
        heard = `${work}/heard.mp3`;
        await ffmpeg(["-i", `${work}/playable.mp4`, "-vn", "-c:a", "libmp3lame", "-b:a", "64k", heard]);
      }
      const result = await transcribe(heard, deps.transcription);
      transcript = result.text;
      segments = result.segments;
      const channel = media.channel_id ? await getChannel(deps.sql, media.channel_id) : null;
      tooLong = transcriptTooLong(transcript, channel?.segment_customisation);
    }
    if (air) await saveBroadcastCopy(deps.sql, mediaId, air);
    await saveProcessedMedia(deps.sql, mediaId, {
      playablePath: playable,
      posterPath: poster,
      deliveryMp3Path: mp3,
      durationMs: info.durationMs,
      width: info.width,
      height: info.height,
      transcript,
      transcriptSegments: segments.length ? segments : null,
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

/**
 * Renders the broadcast copy again after staff set (or cleared) in/out points (issue 22): from the
 * original, non-destructively, under a new key (a delivery reading the previous copy is not cut short);
 * the previous copy is removed. A media without audio or without its original is a MediaInputError.
 */
export async function renderTrimmedBroadcast(deps: MediaDeps, mediaId: string) {
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError(`media ${mediaId} has no file`);
  const work = await Deno.makeTempDir({ prefix: "im-trim-" });
  try {
    const input = await deps.storage.localPath(media.original_path, work);
    const channel = media.channel_id ? await getChannel(deps.sql, media.channel_id) : null;
    const format = channel?.audio_format ?? "mp3_192";
    const spec = formatSpec(format);
    const file = `${work}/broadcast.${spec.extension}`;
    const trim = { inMs: media.trim_in_ms, outMs: media.trim_out_ms };
    const render = await renderBroadcast(input, file, {
      targetLufs: channel?.audio_target_lufs ?? -23,
      format,
      trim,
    });
    const key = `participations/${mediaId}-broadcast-${Date.now().toString(36)}.${spec.extension}`;
    await deps.storage.put(key, await Deno.readFile(file), spec.contentType);
    const saved = await saveBroadcastCopy(deps.sql, mediaId, {
      broadcastPath: key,
      broadcastLufs: render.lufs,
      broadcastTruePeakDbtp: render.truePeak,
      broadcastDurationMs: render.durationMs,
    }, trim);
    // a newer trim was saved meanwhile: its own render replaces the copy, this one is dropped
    if (!saved.saved) await deps.storage.delete(key);
    else if (saved.previous && saved.previous !== key) await deps.storage.delete(saved.previous);
    return { id: mediaId, broadcast_duration_ms: render.durationMs };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}
