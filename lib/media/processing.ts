// Media processing in the worker (DESIGN.md Media processing): a web-playable copy (audio mp3; video
// h264/aac mp4 with a jpg poster, ffprobe for its size and duration), an mp3 for radio delivery, and a
// transcript when an OpenAI-compatible transcription service is configured. Every audio (voice
// message, voice reply, the sound of a video) is measured and gets a broadcast copy: leading and trailing
// silence trimmed, normalised to the channel's loudness target with a true peak ≤ −1 dBTP, in the
// channel's delivery format, with the waveform peaks of that timeline; the original is kept. A voice
// message costs two ffmpeg runs: one decode measures it, one decode writes every file of the aired timeline.
import type { Sql } from "postgres";
import type { Storage } from "./storage.ts";
import { runTool } from "./tool_run.ts";
import type { MediaErrorCode } from "../rules/media_jobs.ts";
import {
  failMedia,
  getMedia,
  markProcessing,
  recordingLimitOfMedia,
  saveBroadcastCopy,
  saveProcessedMedia,
} from "../../db/media_jobs.ts";
import { getChannel } from "../../db/channels.ts";
import { transcriptTooLong } from "../rules/participation.ts";
import { type TranscriptSegment, transcriptSegments } from "../rules/webvtt.ts";
import {
  contentStart,
  demuxerOf,
  type FileKind,
  imageSize,
  isMpegAudioFrame,
  pixelsAllowed,
  type Sniffed,
  sniffMedia,
} from "../rules/files.ts";
import {
  airedEndSeconds,
  durationMsOfSamples,
  formatSpec,
  gainPlan,
  type Loudness,
  nextRenderPlan,
  parseEbur128,
  parseSampleCount,
  predictedLoudness,
  type RenderPlan,
  waveformPeaks,
} from "../rules/audio.ts";
import {
  FFMPEG_THREADS,
  IMAGE_MAX_PIXELS,
  MAX_BROADCAST_RENDERS,
  MAX_RECORDING_TIME_S,
  PEAKS_SAMPLE_RATE,
  RECORDING_TIME_MARGIN_S,
  SILENCE_THRESHOLD_DB,
  TRAILING_SILENCE_KEPT_S,
  TRUE_PEAK_CEILING_DBTP,
} from "../rules/constants.ts";
import { log } from "../platform/log.ts";

/** What ffprobe tells about a file. */
export interface Probe {
  durationMs: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

/**
 * The file itself cannot be processed (no file, not decodable, no audio or video, too long, too heavy):
 * trying again gives the same result, so the job fails at once. Its message is its code (MEDIA_ERRORS),
 * the text the listener reads in their language. Any other error (storage, database, transcription
 * service, a worker that died) is retried.
 */
export class MediaInputError extends Error {
  override name = "MediaInputError";
  constructor(readonly code: MediaErrorCode, readonly values: Record<string, number> = {}) {
    super(code);
  }
}

/**
 * A listener's file as ffmpeg is given it: its path and the demuxer of the type its content has
 * (lib/rules/files.ts demuxerOf). ffmpeg never guesses the format, so a playlist or a concat script in
 * disguise is read as what it claims to be and fails, and it may open no other file nor any network
 * address (`-protocol_whitelist file`).
 */
export interface MediaInput {
  path: string;
  demuxer: string;
  type: Sniffed;
}

async function readAt(path: string, offset: number, length: number): Promise<Uint8Array> {
  using file = await Deno.open(path, { read: true });
  await file.seek(offset, Deno.SeekMode.Start);
  const buf = new Uint8Array(length);
  let n = 0;
  while (n < length) {
    const read = await file.read(buf.subarray(n));
    if (read === null) break;
    n += read;
  }
  return buf.subarray(0, n);
}

/**
 * Reads the type of a stored file from its content, past an ID3 tag (an mp3 must be MPEG audio after
 * it); a file of no type ffmpeg is given, or not of `kind` (a recorded voice may sit in webm/mp4/mkv),
 * is a MediaInputError.
 */
export async function mediaInputOf(path: string, kind?: FileKind): Promise<MediaInput> {
  const head = await readAt(path, 0, 64);
  const type = sniffMedia(head);
  const start = contentStart(head);
  if (type?.extension === "mp3" && start + 2 > head.length) {
    // a tag longer than the head: what follows it is read where it starts
    const after = await readAt(path, start, 4096);
    const first = after.findIndex((b) => b !== 0);
    if (first < 0 || !isMpegAudioFrame(after, first)) throw new MediaInputError("media_unreadable");
  }
  const demuxer = type && demuxerOf(type);
  const fits = type && (!kind || type.kind === kind ||
    (kind === "audio" && ["webm", "mp4", "mkv"].includes(type.extension)));
  if (!type || !demuxer || !fits) throw new MediaInputError("media_unreadable");
  return { path, demuxer, type };
}

/** ffmpeg's input options for a listener's file, read for at most `seconds` when given. */
const inputArgs = (input: MediaInput, seconds?: number) => [
  "-protocol_whitelist",
  "file",
  "-threads",
  String(FFMPEG_THREADS),
  "-f",
  input.demuxer,
  ...(seconds ? ["-t", String(seconds)] : []),
  "-i",
  input.path,
];

/** What the job hands every tool it runs: its signal (the job ended) and, for a listener's file, a cap. */
export interface RunOptions {
  signal?: AbortSignal;
}

/**
 * Runs a tool bounded (lib/media/tool_run.ts); a failure is a MediaInputError whose detail (ffmpeg's
 * output, with paths) goes to the server's log only. A run stopped by the job's signal rethrows its reason
 * (the job is retried or ended by pg-boss, not failed for its file).
 */
async function run(
  cmd: string,
  args: string[],
  options: RunOptions & { stdout?: boolean } = {},
): Promise<{ stdout: Uint8Array; log: string }> {
  const out = await runTool(cmd, args, options);
  if (!out.success) {
    options.signal?.throwIfAborted();
    const tail = out.stderr.trim().split("\n").slice(-3).join(" ");
    log.error(`media ${cmd} ${out.killed ? "stopped after its time limit" : "failed"}`, {
      tool: cmd,
      output: tail,
    });
    const heavy = out.killed ||
      /Cannot allocate memory|Memory allocation error|malloc of size|failed to map segment|bad_alloc/i.test(
        out.stderr,
      );
    throw new MediaInputError(heavy ? "media_too_heavy" : "media_unreadable");
  }
  return { stdout: out.stdout, log: out.stderr };
}

/** Probes a media file with ffprobe: a listener's file with its demuxer, a path only for our own files. */
export async function probe(input: string | MediaInput, options: RunOptions = {}): Promise<Probe> {
  const source = typeof input === "string"
    ? [input]
    : ["-protocol_whitelist", "file", "-f", input.demuxer, input.path];
  const { stdout } = await run(
    "ffprobe",
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...source],
    { ...options, stdout: true },
  );
  const json = JSON.parse(new TextDecoder().decode(stdout)) as {
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

/** Runs ffmpeg quietly (errors only, overwriting its output), bounded; a failure throws MediaInputError. */
export const ffmpeg = async (args: string[], options: RunOptions = {}) => {
  await run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], options);
};

/** Runs ffmpeg with its log at info level and returns the log (stderr), where analysis filters print. */
async function ffmpegLog(args: string[], options: RunOptions): Promise<string> {
  return (await run("ffmpeg", ["-hide_banner", "-nostdin", "-nostats", "-y", ...args], options)).log;
}

/**
 * Leading silence removed (a short breath kept): a streaming filter. The trailing silence is found by the
 * analysis (silencedetect, lib/rules/audio.ts airedEndSeconds) and cut by the render at that time, so
 * nothing holds the recording in memory (reversing it to trim its end held all of it: 1 GB for 10 min).
 * The timeline is renumbered from 0: the in/out points and the end are read on it.
 */
const LEADING_SILENCE_TRIM =
  `silenceremove=start_periods=1:start_threshold=${SILENCE_THRESHOLD_DB}dB:start_silence=0.15,` +
  "asetpts=N/SR/TB";

/** Where the aired timeline ends and what the in/out points of a trim cut. */
interface AiredCut {
  trim?: { inMs: number | null; outMs: number | null } | null;
  /** the end of the aired timeline (s) after the in/out points, when trailing silence is cut */
  endSeconds?: number | null;
}

/** The filters from an original to the aired timeline: silence trimmed, then the in/out points (ms). */
function airedFilters(cut: AiredCut): string {
  const filters = [LEADING_SILENCE_TRIM];
  const trim = cut.trim;
  if (trim && (trim.inMs !== null || trim.outMs !== null)) {
    const parts = [`start=${(trim.inMs ?? 0) / 1000}`];
    if (trim.outMs !== null) parts.push(`end=${trim.outMs / 1000}`);
    filters.push(`atrim=${parts.join(":")}`, "asetpts=PTS-STARTPTS");
  }
  if (cut.endSeconds != null) filters.push(`atrim=end=${cut.endSeconds}`);
  return filters.join(",");
}

/**
 * The aired timeline's sample layout: 48 kHz stereo in floats. The analysis measures the signal in this
 * layout and the render amplifies the very same one, so a gain alone gives a result known in advance
 * (a mono phone recording read as stereo has the same loudness but a true peak 3 dB lower).
 */
const AIR_LAYOUT = "aformat=sample_fmts=flt:sample_rates=48000:channel_layouts=stereo";

/** An ebur128 measure inside a filter graph, named so its summary is told from the others' in the log. */
const ebur128 = (name: string) => `ebur128@${name}=peak=true:framelog=verbose`;
/** A count of samples (per channel) inside a filter graph, named likewise. */
const samples = (name: string) => `astats@${name}=measure_perchannel=none:measure_overall=Number_of_samples`;

/** The two measures of one analysis: the recording as it is (when asked) and its aired timeline. */
export interface AudioAnalysis {
  original: Loudness | null;
  aired: Loudness;
  /** where the aired timeline ends (s): its trailing silence cut, a breath kept; null when none */
  airedEndSeconds: number | null;
  /** the seconds of the recording as it was decoded (when `original` was asked), at most `maxSeconds` */
  originalSeconds: number | null;
}

/**
 * Measures a recording in one decode, for the copy that goes on air: its aired timeline (leading silence
 * trimmed, then the in/out points, in AIR_LAYOUT; its trailing silence found and left out of the measure's
 * duration) and, with `original`, the recording as it is (the inbox shows its loudness and flags it
 * clipped): branches of one filter graph. At most `maxSeconds` of the file are decoded. A file without audio is a MediaInputError.
 */
export async function analyseAudio(
  input: MediaInput,
  options: {
    trim?: { inMs: number | null; outMs: number | null } | null;
    original?: boolean;
    maxSeconds?: number;
  } & RunOptions = {},
): Promise<AudioAnalysis> {
  const aired = `${airedFilters({ trim: options.trim })},${AIR_LAYOUT},asplit=2[measure][tail];` +
    `[measure]${ebur128("aired")}[out];` +
    `[tail]silencedetect=n=${SILENCE_THRESHOLD_DB}dB:d=${TRAILING_SILENCE_KEPT_S},${
      samples("aired")
    },anullsink`;
  // the recording as decoded: measured when asked, counted when it has a longest duration
  const original = [
    ...(options.original ? [ebur128("original")] : []),
    ...(options.maxSeconds ? ["aformat=sample_rates=48000", samples("original")] : []),
  ];
  const graph = original.length
    ? `[0:a:0]asplit=2[original][aired];[original]${original.join(",")},anullsink;[aired]${aired}`
    : `[0:a:0]${aired}`;
  const log = await ffmpegLog(
    [...inputArgs(input, options.maxSeconds), "-filter_complex", graph, "-map", "[out]", "-f", "null", "-"],
    options,
  );
  const airedSamples = parseSampleCount(log, "aired");
  const originalSamples = parseSampleCount(log, "original");
  return {
    original: options.original ? parseEbur128(log, "original") : null,
    aired: parseEbur128(log, "aired"),
    airedEndSeconds: airedSamples === null ? null : airedEndSeconds(log, airedSamples / 48000),
    originalSeconds: originalSamples === null ? null : originalSamples / 48000,
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
  input: MediaInput,
  out: string,
  plan: RenderPlan,
  options: { format: string; cut: AiredCut; webMp3?: string; maxSeconds?: number } & RunOptions,
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
    `[0:a:0]${airedFilters(options.cut)},volume=${plan.gainDb}dB${limiter},${AIR_LAYOUT},` +
    `asplit=${branches.length}${branches.join("")}`,
    `[wave]aformat=sample_fmts=flt:sample_rates=${PEAKS_SAMPLE_RATE}:channel_layouts=mono[samples]`,
    ...(plan.limit ? [`[measure]${ebur128("render")},anullsink`] : []),
  ].join(";");
  const args = [
    "-hide_banner",
    "-nostdin",
    "-nostats",
    "-loglevel",
    plan.limit ? "info" : "error",
    "-y",
    ...inputArgs(input, options.maxSeconds),
    "-filter_complex",
    graph,
    ...["-map", "[air]", ...formatSpec(options.format).args, out],
    ...(options.webMp3 ? ["-map", "[web]", "-c:a", "libmp3lame", "-b:a", "128k", options.webMp3] : []),
    ...["-map", "[samples]", "-f", "f32le", "pipe:1"],
  ];
  const { stdout: bytes, log } = await run("ffmpeg", args, { signal: options.signal, stdout: true });
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
 * (MAX_BROADCAST_RENDERS at most). With `maxSeconds`, a recording that lasts that long (as decoded, whatever
 * its header said) is refused: media_too_long.
 */
export async function renderBroadcast(
  input: MediaInput,
  out: string,
  options: {
    targetLufs: number;
    format: string;
    trim?: { inMs: number | null; outMs: number | null } | null;
    webMp3?: string;
    original?: boolean;
    maxSeconds?: number;
  } & RunOptions,
): Promise<BroadcastRender> {
  const analysis = await analyseAudio(input, {
    trim: options.trim,
    original: options.original,
    maxSeconds: options.maxSeconds,
    signal: options.signal,
  });
  if (options.maxSeconds !== undefined && (analysis.originalSeconds ?? 0) >= options.maxSeconds - 0.05) {
    throw new MediaInputError("media_too_long", { seconds: options.maxSeconds });
  }
  const cut: AiredCut = { trim: options.trim, endSeconds: analysis.airedEndSeconds };
  let plan: RenderPlan = gainPlan(analysis.aired, options.targetLufs);
  let renders = 0;
  for (;;) {
    const output = await renderOnce(input, out, plan, { ...options, cut });
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

/** A file the job wrote, streamed into the storage (a WAV copy of 10 minutes is 170 MB: never read whole). */
async function putFile(storage: Storage, key: string, file: string, contentType: string): Promise<void> {
  const opened = await Deno.open(file, { read: true });
  await storage.put(key, opened.readable, contentType);
}

/**
 * The broadcast copy of an original: the original measured, the copy rendered in the channel's
 * format and stored under `key` + its extension, with the waveform peaks of the aired timeline; the web
 * MP3 of that timeline is written to `webMp3` by the same render when given. A recording of `maxSeconds`
 * or more is refused (media_too_long).
 */
async function airCopy(
  deps: Pick<MediaDeps, "sql" | "storage">,
  input: MediaInput,
  where: { channelId: number | null; work: string; key: string },
  options: { webMp3?: string; maxSeconds: number } & RunOptions,
): Promise<{ file: string; air: Parameters<typeof saveBroadcastCopy>[2] }> {
  const channel = where.channelId ? await getChannel(deps.sql, where.channelId) : null;
  const format = channel?.audio_format ?? "mp3_192";
  const spec = formatSpec(format);
  const file = `${where.work}/broadcast.${spec.extension}`;
  const render = await renderBroadcast(input, file, {
    targetLufs: channel?.audio_target_lufs ?? -23,
    format,
    webMp3: options.webMp3,
    original: true,
    maxSeconds: options.maxSeconds,
    signal: options.signal,
  });
  const broadcast = `${where.key}.${spec.extension}`;
  await putFile(deps.storage, broadcast, file, spec.contentType);
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
 * The longest a media may last (s), beyond which it is refused: its interaction's max_recording_time plus
 * RECORDING_TIME_MARGIN_S, else MAX_RECORDING_TIME_S (a staff reply, a file not sent yet) plus the margin.
 * Checked from the header first (ffprobe), then on what is decoded: ffmpeg reads no more than this.
 */
async function longestOf(sql: Sql, mediaId: string): Promise<number> {
  const limit = await recordingLimitOfMedia(sql, mediaId);
  return Math.min(limit ?? MAX_RECORDING_TIME_S, MAX_RECORDING_TIME_S) + RECORDING_TIME_MARGIN_S;
}

/** Refuses a file whose header gives a duration of `maxSeconds` or more (media_too_long). */
function checkDeclaredDuration(info: Probe, maxSeconds: number) {
  if (info.durationMs !== null && info.durationMs >= maxSeconds * 1000) {
    throw new MediaInputError("media_too_long", { seconds: maxSeconds });
  }
}

/**
 * The broadcast copy of a staff voice or video reply, made by the worker after the reply is
 * sent: the reply itself plays its original at once; this adds the measured, normalised, trimmed copy in
 * the channel's format and its waveform. A video without sound gets none.
 */
export async function renderReplyBroadcast(
  deps: Pick<MediaDeps, "sql" | "storage">,
  mediaId: string,
  options: RunOptions = {},
) {
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError("media_unreadable");
  const work = await Deno.makeTempDir({ prefix: "im-reply-" });
  try {
    const input = await mediaInputOf(await deps.storage.localPath(media.original_path, work));
    const maxSeconds = await longestOf(deps.sql, mediaId);
    const info = await probe(input, options);
    checkDeclaredDuration(info, maxSeconds);
    if (!info.hasAudio) return { id: mediaId, broadcast: false };
    const key = `${media.original_path.replace(/\.[^./]+$/, "")}-broadcast`;
    const { air } = await airCopy(deps, input, { channelId: media.channel_id, work, key }, {
      maxSeconds,
      signal: options.signal,
    });
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
 * On failure the error is rethrown; the media is marked failed with the reason's code (MEDIA_ERRORS; the
 * original is kept) when the file cannot be processed or on the `lastAttempt`, else it stays processing
 * while the job is retried (task polling says STARTED, not FAILURE, in between). `signal` ends every tool
 * the job runs (the job expired or stopped).
 */
export async function processMedia(
  deps: MediaDeps,
  mediaId: string,
  options: { lastAttempt?: boolean } & RunOptions = {},
) {
  const run = { signal: options.signal };
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError("media_unreadable");
  await markProcessing(deps.sql, mediaId);
  const work = await Deno.makeTempDir({ prefix: "im-media-" });
  try {
    const path = await deps.storage.localPath(media.original_path, work);
    const base = `participations/${mediaId}`;
    if (media.kind === "image") {
      // stored as sent: nothing on the server decodes a listener's image
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
    const input = await mediaInputOf(path, media.kind);
    const maxSeconds = await longestOf(deps.sql, mediaId);
    // the header's duration refuses a long file before anything decodes it; the decode itself stops at
    // the limit (a header may lie)
    const info: Probe = await probe(input, run);
    checkDeclaredDuration(info, maxSeconds);
    if (!info.hasAudio && !info.hasVideo) throw new MediaInputError("media_unreadable");
    let playable: string, poster: string | null = null, mp3: string | null = null;
    const mp3File = `${work}/delivery.mp3`;
    let air: Parameters<typeof saveBroadcastCopy>[2] | null = null;
    if (info.hasAudio) {
      // the web copy is the aired timeline at the aired level, so the inbox plays what goes on air
      const copy = await airCopy(
        deps,
        input,
        { channelId: media.channel_id, work, key: `${base}-broadcast` },
        {
          webMp3: mp3File,
          maxSeconds,
          signal: options.signal,
        },
      );
      mp3 = `${base}-delivery.mp3`;
      await putFile(deps.storage, mp3, mp3File, "audio/mpeg");
      air = copy.air;
    }
    if (info.hasVideo && media.kind === "video") {
      const mp4 = `${work}/playable.mp4`;
      await ffmpeg([
        "-filter_threads",
        "1",
        ...inputArgs(input, maxSeconds),
        "-c:v",
        "libx264",
        "-threads",
        String(FFMPEG_THREADS),
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
      ], run);
      const jpg = `${work}/poster.jpg`;
      await ffmpeg(["-f", "mov", "-i", mp4, "-frames:v", "1", "-q:v", "4", jpg], run);
      playable = `${base}-web.mp4`;
      poster = `${base}-poster.jpg`;
      await putFile(deps.storage, playable, mp4, "video/mp4");
      await putFile(deps.storage, poster, jpg, "image/jpeg");
      info.durationMs = (await probe(mp4, run)).durationMs ?? info.durationMs;
      if (info.durationMs !== null && info.durationMs >= (maxSeconds - 0.05) * 1000) {
        throw new MediaInputError("media_too_long", { seconds: maxSeconds });
      }
    } else {
      if (!mp3) throw new MediaInputError("media_unreadable");
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
        await ffmpeg([
          "-f",
          "mov",
          "-i",
          `${work}/playable.mp4`,
          "-vn",
          "-c:a",
          "libmp3lame",
          "-b:a",
          "64k",
          heard,
        ], run);
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
      // the media and its participations keep the code only: the detail was logged where it happened
      if (!(error instanceof MediaInputError)) {
        log.error("media processing failed", { media_id: mediaId, error });
      }
      await failMedia(
        deps.sql,
        mediaId,
        error instanceof MediaInputError ? error.code : "media_processing_failed",
      );
    }
    throw error;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/** Refuses an image whose header declares more than IMAGE_MAX_PIXELS, or none readable (image_too_many_pixels). */
export async function checkImageFile(path: string): Promise<void> {
  // the whole file: a JPEG's frame header may follow 64 KB of metadata (images are 10 MB at most)
  const size = imageSize(await Deno.readFile(path));
  if (!size) throw new MediaInputError("media_unreadable");
  if (!pixelsAllowed(size)) {
    throw new MediaInputError("image_too_many_pixels", { megapixels: IMAGE_MAX_PIXELS / 1e6 });
  }
}

/**
 * Renders the broadcast copy again after staff set (or cleared) in/out points: from the
 * original, non-destructively, under a new key (a delivery reading the previous copy is not cut short);
 * the previous copy is removed. A media without audio or without its original is a MediaInputError.
 */
export async function renderTrimmedBroadcast(deps: MediaDeps, mediaId: string, options: RunOptions = {}) {
  const media = await getMedia(deps.sql, mediaId);
  if (!media || !media.original_path) throw new MediaInputError("media_unreadable");
  const work = await Deno.makeTempDir({ prefix: "im-trim-" });
  try {
    const input = await mediaInputOf(await deps.storage.localPath(media.original_path, work));
    const channel = media.channel_id ? await getChannel(deps.sql, media.channel_id) : null;
    const format = channel?.audio_format ?? "mp3_192";
    const spec = formatSpec(format);
    const file = `${work}/broadcast.${spec.extension}`;
    const trim = { inMs: media.trim_in_ms, outMs: media.trim_out_ms };
    const render = await renderBroadcast(input, file, {
      targetLufs: channel?.audio_target_lufs ?? -23,
      format,
      trim,
      // a ready media was measured whole: read no further than any media may last
      maxSeconds: MAX_RECORDING_TIME_S + RECORDING_TIME_MARGIN_S,
      signal: options.signal,
    });
    const key = `participations/${mediaId}-broadcast-${Date.now().toString(36)}.${spec.extension}`;
    await putFile(deps.storage, key, file, spec.contentType);
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
