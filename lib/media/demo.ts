// Sound and pictures for the demo's voice and video messages, made on the spot (nothing is downloaded):
// short synthesized jingles, and with ffmpeg a test card with a tone. Each demo channel gets its own
// clips, processed like any upload (lib/media/processing.ts); its demo messages then point at them.
import type { Sql } from "postgres";
import type { Storage } from "./storage.ts";
import { insertReadyMedia } from "../../db/media.ts";
import { getMedia, insertUploadSlot, markUploaded } from "../../db/media_jobs.ts";
import { demoMediaChannels, linkDemoMedia } from "../../db/seed.ts";
import { ffmpeg, processMedia } from "./processing.ts";

const RATE = 22_050;
/** The jingles' lengths in seconds; the demo's voice messages take one each in turn. */
export const DEMO_AUDIO_SECONDS = [9, 14, 21] as const;
/** The test cards' lengths in seconds (with ffmpeg only). */
export const DEMO_VIDEO_SECONDS = [10] as const;
/** A major pentatonic scale from A3, in Hz. */
const SCALE = [220, 246.94, 277.18, 329.63, 369.99, 440, 493.88, 554.37, 659.25];

/**
 * A mono 16-bit WAV of `seconds` at `rate` samples per second, each sample `sample(t)` (t in seconds, a value
 * from -1 to 1).
 */
export function monoWav(seconds: number, rate: number, sample: (t: number) => number): Uint8Array {
  const samples = Math.round(seconds * rate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) =>
    [...text].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.round(sample(i / rate) * 32767), true);
  return bytes;
}

/**
 * A mono 16-bit WAV of `seconds`: a melody of soft plucked notes picked by `variant`.
 * @example jingleWav(9, 0) // 396,944 bytes
 */
export function jingleWav(seconds: number, variant: number): Uint8Array {
  const beat = 0.3 + 0.05 * (variant % 3);
  return monoWav(seconds, RATE, (t) => {
    const n = Math.floor(t / beat);
    const pitch = SCALE[(n * (3 + variant) + (n >> 2) * (variant + 1)) % SCALE.length];
    const local = t - n * beat;
    const envelope = Math.min(1, local / 0.01) * Math.exp(-local * 5);
    const fade = Math.min(1, t / 0.2, (seconds - t) / 0.5);
    const tone = Math.sin(2 * Math.PI * pitch * t) + 0.3 * Math.sin(4 * Math.PI * pitch * t);
    return tone * envelope * fade * 0.5 / 1.3;
  });
}

/** True when ffmpeg can be run here. */
export const hasFfmpeg = () => ffmpeg(["-version"]).then(() => true, () => false);

/** A test card with a tone, as an mp4 of `seconds` (ffmpeg). */
async function testCard(seconds: number, frequency: number): Promise<Uint8Array> {
  const file = await Deno.makeTempFile({ suffix: ".mp4" });
  try {
    await ffmpeg([
      ...["-f", "lavfi", "-i", `testsrc2=size=480x270:rate=25:duration=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=frequency=${frequency}:duration=${seconds}`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
    ]);
    return await Deno.readFile(file);
  } finally {
    await Deno.remove(file).catch(() => {});
  }
}

/** A stored clip as a media of `channelId`: processed (mp3, mp4, poster) with ffmpeg, else played as is. */
async function storeClip(
  deps: { sql: Sql; storage: Storage },
  clip: {
    channelId: number;
    kind: "audio" | "video";
    seconds: number;
    bytes: Uint8Array;
    extension: string;
    type: string;
  },
  ffmpeg: boolean,
): Promise<{ id: string; durationMs: number; url: string }> {
  const name = `demo-${clip.kind}.${clip.extension}`;
  const path = `demo/${clip.channelId}/${crypto.randomUUID()}.${clip.extension}`;
  await deps.storage.put(path, clip.bytes, clip.type);
  const file = { channelId: clip.channelId, kind: clip.kind, extension: clip.extension };
  let id: string;
  if (ffmpeg) {
    id = await insertUploadSlot(deps.sql, file);
    await markUploaded(deps.sql, id, { path, contentType: clip.type, size: clip.bytes.length, name });
    await processMedia(deps, id, { lastAttempt: true });
  } else {
    id = await insertReadyMedia(deps.sql, {
      ...file,
      path,
      name,
      contentType: clip.type,
      size: clip.bytes.length,
    });
  }
  const media = (await getMedia(deps.sql, id))!;
  return { id, durationMs: media.duration_ms ?? clip.seconds * 1000, url: `/media/${media.playable_path}` };
}

/**
 * Gives the demo's voice messages a jingle each and, with ffmpeg, its video messages a test card; they
 * keep their texts and transcripts. Without ffmpeg the jingles play as WAV and nothing can be delivered
 * to the studio (no mp3).
 */
export async function attachDemoMedia(
  deps: { sql: Sql; storage: Storage },
  options: { ffmpeg?: boolean; signal?: AbortSignal } = {},
): Promise<void> {
  const ffmpeg = options.ffmpeg ?? await hasFfmpeg();
  for (const { channelId, kind } of await demoMediaChannels(deps.sql)) {
    if (kind === "video" && !ffmpeg) continue;
    const clips = [];
    for (const [variant, seconds] of (kind === "audio" ? DEMO_AUDIO_SECONDS : DEMO_VIDEO_SECONDS).entries()) {
      if (options.signal?.aborted) return; // the instance is stopping: its database is about to close
      const file = kind === "audio"
        ? { bytes: jingleWav(seconds, variant), extension: "wav", type: "audio/wav" }
        : { bytes: await testCard(seconds, 330 + 110 * variant), extension: "mp4", type: "video/mp4" };
      clips.push(await storeClip(deps, { channelId, kind, seconds, ...file }, ffmpeg));
    }
    await linkDemoMedia(deps.sql, channelId, kind, clips);
  }
}
