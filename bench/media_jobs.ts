// The worker's media jobs against hostile uploads, through the real job code (processMedia, the image
// copies) on a fresh embedded database: each job's outcome, its ffmpeg runs and the peak resident memory
// of the heaviest one (read by /usr/bin/time around each run), and the wall time. The reference is a
// 20-second voice message; the 10-minute 6 kbit/s Opus is also rendered with the filter the worker used
// before (reversing the recording to trim its end), for comparison.
//
//   deno run -A bench/media_jobs.ts
import { testApp } from "../tests/_helpers.ts";
import { randomChannel, randomSegment, testDevice, tusUpload } from "../tests/api/_participation.ts";
import { blackPng } from "../tests/_media_attacks.ts";
import { spokenWav } from "../tests/_audio.ts";
import { MediaInputError, processMedia } from "../lib/media/processing.ts";
import { writeStoredImageVariants } from "../lib/media/image_variants.ts";
import { observeToolRuns, runTool, type ToolRun } from "../lib/media/tool_run.ts";
import { FFMPEG_MEMORY_LIMIT_BYTES, IMAGE_MAX_PIXELS } from "../lib/rules/constants.ts";

const ctx = await testApp();
const channelId = await randomChannel(ctx.sql);
const dir = await Deno.makeTempDir({ prefix: "im-bench-media-" });

async function ffmpeg(args: string[]) {
  const out = await new Deno.Command("ffmpeg", { args: ["-loglevel", "error", "-y", ...args] }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
}

/** A listener's upload through the widget's steps (slot, tus, PUT); returns the media id. */
async function upload(bytes: Uint8Array, extension: string, maxRecordingTime: number): Promise<string> {
  const segment = await randomSegment(ctx.sql, channelId, {
    type: extension === "mp4" ? "video" : "recording_question",
    limit_1_vote: false,
    max_recording_time: maxRecordingTime,
  });
  const kind = extension === "mp4" ? "video" : "audio";
  const slot = await ctx.request("/api/v1/upload", { method: "POST", json: { extension, kind } });
  const { data_id } = await slot.json();
  const res = await tusUpload(ctx, data_id, bytes);
  await res.body?.cancel();
  if (res.status !== 204) throw new Error(`upload refused: ${res.status}`);
  const params = new URLSearchParams({
    channel_id: String(channelId),
    segment: String(segment.id),
    device_id: testDevice(crypto.randomUUID()),
    data_id,
    extension,
  });
  const put = await ctx.request(`/api/v1/interactions?${params}`, {
    method: "PUT",
    headers: { "content-disposition": `attachment; filename="f.${extension}"`, "content-type": "audio/ogg" },
  });
  await put.body?.cancel();
  return data_id;
}

interface Row {
  job: string;
  outcome: string;
  runs: number;
  peakMb: number | null;
  seconds: number;
}
const rows: Row[] = [];

/** Runs one job, observing its tools; an upload refused before the job is an outcome too. */
async function measure(job: string, work: () => Promise<unknown>) {
  const runs: ToolRun[] = [];
  observeToolRuns((run) => runs.push(run));
  const started = performance.now();
  let outcome: string;
  try {
    await work();
    outcome = "processed";
  } catch (error) {
    outcome = error instanceof MediaInputError
      ? `refused: ${error.code}`
      : `refused: ${(error as Error).message}`;
  } finally {
    observeToolRuns(null);
  }
  const peaks = runs.map((r) => r.peakKb ?? 0);
  rows.push({
    job,
    outcome,
    runs: runs.length,
    peakMb: peaks.length ? Math.round(Math.max(...peaks) / 1024) : null,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
  console.error(`${job}: ${outcome}`);
}

const deps = { sql: ctx.sql, storage: ctx.deps.storage };
try {
  // the reference: a 20-second voice message as a phone records it (Opus in WebM)
  const wav = await spokenWav(dir, "voice", -6);
  await ffmpeg([
    ...["-i", wav, "-f", "lavfi", "-t", "14", "-i", "sine=frequency=220:sample_rate=22050"],
    ...["-filter_complex", "[0][1]concat=n=2:v=0:a=1,atrim=end=20", "-c:a", "libopus", "-b:a", "32k"],
    `${dir}/voice.webm`,
  ]);
  const voice = await upload(await Deno.readFile(`${dir}/voice.webm`), "webm", 120);
  await measure("20 s voice message (reference)", () => processMedia(deps, voice));

  await ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc=size=1280x720:rate=25:duration=10", "-f", "lavfi", "-i", "sine=d=10"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", `${dir}/clip.mp4`],
  ]);
  const video = await upload(await Deno.readFile(`${dir}/clip.mp4`), "mp4", 120);
  await measure("10 s 720p video (reference)", () => processMedia(deps, video));

  // 10 minutes at 6 kbit/s: 450 KB
  await ffmpeg([
    ...["-f", "lavfi", "-i", "sine=frequency=300:duration=600", "-af", "volume=0.3", "-ac", "1"],
    ...["-c:a", "libopus", "-b:a", "6k", `${dir}/long.ogg`],
  ]);
  const long = await Deno.readFile(`${dir}/long.ogg`);
  const allowed = await upload(long, "ogg", 600);
  await measure("10 min Opus 6 kbit/s, interaction of 600 s", () => processMedia(deps, allowed));
  const tooLong = await upload(long, "ogg", 120);
  await measure("10 min Opus 6 kbit/s, interaction of 120 s", () => processMedia(deps, tooLong));
  await measure("10 min Opus, the former render (areverse), no limit", async () => {
    const trim = "silenceremove=start_periods=1:start_threshold=-50dB:start_silence=0.15,areverse," +
      "silenceremove=start_periods=1:start_threshold=-50dB:start_silence=0.25,areverse," +
      "aformat=sample_fmts=flt:sample_rates=48000:channel_layouts=stereo";
    const out = await runTool(
      "ffmpeg",
      ["-nostdin", "-i", `${dir}/long.ogg`, "-af", trim, "-f", "null", "-"],
      {
        memoryBytes: 8 * 1024 ** 3,
      },
    );
    if (!out.success) throw new Error("ffmpeg failed");
  });

  // a playlist behind an ID3 tag long enough to hide it from the upload's first look
  const m3u = new TextEncoder().encode(
    "#EXTM3U\n#EXT-X-TARGETDURATION:30\n" + "#EXTINF:30.0,\nlong.ogg\n".repeat(24) + "#EXT-X-ENDLIST\n",
  );
  const hls = new Uint8Array(210 + m3u.length);
  hls.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 72]); // ID3v2.4, a tag of 200 bytes
  hls.set(m3u, 210);
  const disguised = await upload(hls, "mp3", 600);
  await measure("HLS playlist in an mp3 (1.4 KB)", () => processMedia(deps, disguised));

  const huge = await blackPng(12000, 12000);
  await ctx.deps.storage.put("segments/1/background-huge.png", huge, "image/png");
  await measure(
    `PNG 12000×12000 (${Math.round(huge.length / 1024)} KB) as a background`,
    () => writeStoredImageVariants(ctx.deps.storage, "segments/1/background-huge.png"),
  );
  const largest = await blackPng(6000, 4000);
  await ctx.deps.storage.put("segments/1/background-largest.png", largest, "image/png");
  await measure(
    `PNG 6000×4000 (${IMAGE_MAX_PIXELS / 1e6} MP allowed) as a background`,
    () => writeStoredImageVariants(ctx.deps.storage, "segments/1/background-largest.png"),
  );
} finally {
  await ctx.close();
  await Deno.remove(dir, { recursive: true });
}

console.log(`## Media jobs (bench/media_jobs.ts): peak memory of the heaviest ffmpeg run of each job\n`);
console.log(
  `Memory limit of every ffmpeg run: ${FFMPEG_MEMORY_LIMIT_BYTES / 1024 / 1024} MB (RLIMIT_DATA).\n`,
);
console.log("| Job | Outcome | ffmpeg runs | Peak MB | Wall s |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const row of rows) {
  console.log(`| ${row.job} | ${row.outcome} | ${row.runs} | ${row.peakMb ?? "–"} | ${row.seconds} |`);
}
