// Audio for air: the pure part of the worker's broadcast copies: the channel's loudness target
// and delivery format, the gain to apply, reading ffmpeg's ebur128 summary, waveform peaks, the flags a
// recording gets (clipped, nearly silent) and the checks of in/out points.
import {
  AUDIO_FORMATS,
  AUDIO_TARGETS_LUFS,
  CLIPPED_PEAK_DBTP,
  LOUDNESS_TOLERANCE_LU,
  NEARLY_SILENT_LUFS,
  TRAILING_SILENCE_KEPT_S,
  TRUE_PEAK_CEILING_DBTP,
  WAVEFORM_POINTS,
} from "./constants.ts";

export type AudioFormat = typeof AUDIO_FORMATS[number];
export type AudioTarget = typeof AUDIO_TARGETS_LUFS[number];

/** How ffmpeg writes a delivery format: codec arguments, file extension and content type. */
export function formatSpec(format: string): { args: string[]; extension: string; contentType: string } {
  switch (format) {
    case "mp3_320":
      return { args: ["-c:a", "libmp3lame", "-b:a", "320k"], extension: "mp3", contentType: "audio/mpeg" };
    case "wav_16":
      return { args: ["-c:a", "pcm_s16le"], extension: "wav", contentType: "audio/wav" };
    case "wav_24":
      return { args: ["-c:a", "pcm_s24le"], extension: "wav", contentType: "audio/wav" };
    default:
      return { args: ["-c:a", "libmp3lame", "-b:a", "192k"], extension: "mp3", contentType: "audio/mpeg" };
  }
}

/** A loudness measure (ffmpeg ebur128): integrated loudness (LUFS) and true peak (dBTP); null when silent. */
export interface Loudness {
  lufs: number | null;
  truePeak: number | null;
}

/**
 * Reads the summary ffmpeg's `ebur128=peak=true` filter prints at the end of its log; with `instance`, the
 * summary of the filter named `ebur128@<instance>` in a log where several measured (one decode, several
 * branches of a filter graph).
 * @example parseEbur128("Summary:\n Integrated loudness:\n I: -23.1 LUFS\n True peak:\n Peak: -3.2 dBFS") // { lufs: -23.1, truePeak: -3.2 }
 */
export function parseEbur128(log: string, instance?: string): Loudness {
  let summary = log.slice(log.lastIndexOf("Summary:"));
  if (instance !== undefined) {
    // ffmpeg may build a filter graph twice (the first one only to set up its outputs, with an empty
    // summary): the last summary of the instance counts
    const heads = [...log.matchAll(new RegExp(`\\[ebur128@${instance} @ [^\\]]*\\] Summary:`, "g"))];
    const start = heads.length ? heads[heads.length - 1].index : -1;
    // the summary's own lines carry no "[filter @ …]" prefix: the next one starts another filter's output
    const end = start < 0 ? -1 : log.indexOf("\n[", start + 1);
    summary = start < 0 ? "" : log.slice(start, end < 0 ? undefined : end);
  }
  const num = (re: RegExp) => {
    const m = re.exec(summary);
    const n = m ? Number(m[1]) : NaN;
    return Number.isFinite(n) && n > -70 ? n : null; // -70 LUFS is ebur128's floor: silence
  };
  return { lufs: num(/\bI:\s*(-?[\d.]+|-inf)\s*LUFS/), truePeak: num(/\bPeak:\s*(-?[\d.]+|-inf)\s*dBFS/) };
}

/**
 * The samples (per channel) an `astats@<instance>=measure_overall=Number_of_samples` filter counted, from
 * its line in ffmpeg's log (the last one: a graph may be built twice); null when absent.
 * @example parseSampleCount("[astats@aired @ 0x1] Number of samples: 96000", "aired") // 96000
 */
export function parseSampleCount(log: string, instance: string): number | null {
  const all = [
    ...log.matchAll(new RegExp(`\\[astats@${instance} @ [^\\]]*\\] Number of samples: (\\d+)`, "g")),
  ];
  return all.length ? Number(all[all.length - 1][1]) : null;
}

/**
 * Where a timeline of `totalSeconds` ends once its trailing silence is cut, from ffmpeg's silencedetect
 * log (run with d = TRAILING_SILENCE_KEPT_S): a silence that lasts until the end (its silence_end within
 * a few ms of it) is cut TRAILING_SILENCE_KEPT_S after it starts; null when the timeline ends on sound.
 * @example airedEndSeconds("silence_start: 4.2\nsilence_end: 6 | silence_duration: 1.8", 6) // 4.45
 */
export function airedEndSeconds(log: string, totalSeconds: number): number | null {
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/g)];
  const ends = [...log.matchAll(/silence_end: (-?[\d.]+)/g)];
  if (!starts.length || !ends.length) return null;
  const start = Number(starts[starts.length - 1][1]);
  const end = Number(ends[ends.length - 1][1]);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || totalSeconds - end > 0.01) {
    return null;
  }
  return Math.round(Math.max(0, Math.min(totalSeconds, start + TRAILING_SILENCE_KEPT_S)) * 1e4) / 1e4;
}

/**
 * The gain (dB) that brings a measured loudness to the target, and whether a true-peak limiter is needed
 * (the gain alone would push the true peak over the ceiling, with 1 dB kept for the encoder's overshoot).
 * @example gainPlan({ lufs: -40, truePeak: -20 }, -23) // { gainDb: 17, limit: false }
 */
export function gainPlan(measure: Loudness, target: number): { gainDb: number; limit: boolean } {
  if (measure.lufs === null) return { gainDb: 0, limit: false };
  const gainDb = Math.round((target - measure.lufs) * 100) / 100;
  const peak = measure.truePeak ?? measure.lufs;
  return { gainDb, limit: peak + gainDb > TRUE_PEAK_CEILING_DBTP - 1 };
}

/** One render of a broadcast copy: the gain (dB) and whether the true-peak limiter is on. */
export interface RenderPlan {
  gainDb: number;
  limit: boolean;
}

/**
 * What a render reads without measuring it again. A gain alone (no limiter) moves the integrated loudness
 * and the true peak by exactly the gain, since the analysis measured the very signal the render amplifies
 * (the aired timeline at 48 kHz stereo): the result is the measure plus the gain. A limiter changes both
 * by an amount nobody can tell beforehand: null, the render must be measured.
 * @example predictedLoudness({ lufs: -40, truePeak: -20 }, { gainDb: 17, limit: false }) // { lufs: -23, truePeak: -3 }
 */
export function predictedLoudness(aired: Loudness, plan: RenderPlan): Loudness | null {
  if (plan.limit) return null;
  const shifted = (v: number | null) => v === null ? null : Math.round((v + plan.gainDb) * 10) / 10;
  return { lufs: shifted(aired.lufs), truePeak: shifted(aired.truePeak) };
}

/**
 * After a measured (limited) render: null when it reads the target ±LOUDNESS_TOLERANCE_LU with a true peak
 * at most the ceiling (or is silence), else the next render's plan: the gain corrected by what it missed,
 * the limiter on when the peak went over.
 * @example nextRenderPlan({ lufs: -24.2, truePeak: -2 }, -23, { gainDb: 20, limit: true }) // { gainDb: 21.2, limit: true }
 */
export function nextRenderPlan(result: Loudness, target: number, plan: RenderPlan): RenderPlan | null {
  if (result.lufs === null) return null;
  const peakOver = result.truePeak !== null && result.truePeak > TRUE_PEAK_CEILING_DBTP;
  const off = target - result.lufs;
  if (!peakOver && Math.abs(off) <= LOUDNESS_TOLERANCE_LU) return null;
  return { gainDb: Math.round((plan.gainDb + off) * 100) / 100, limit: plan.limit || peakOver };
}

/**
 * The duration (ms) of `samples` samples at `rate` Hz: the render counts the aired timeline this way
 * instead of probing the files it wrote.
 * @example durationMsOfSamples(60_000, 8000) // 7500
 */
export function durationMsOfSamples(samples: number, rate: number): number {
  return Math.round((samples * 1000) / rate);
}

/**
 * Waveform peaks of mono samples: the loudest magnitude of each of `points` equal slices, scaled so the
 * loudest slice is 100 (the shape shows at any level; the loudness is told apart).
 * @example waveformPeaks(new Float32Array([0, 0.25, -0.5, 0.125]), 2) // [50, 100]
 */
export function waveformPeaks(samples: Float32Array, points = WAVEFORM_POINTS): number[] {
  if (samples.length === 0) return [];
  const n = Math.min(points, samples.length);
  const raw: number[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * samples.length) / n);
    const to = Math.floor(((i + 1) * samples.length) / n);
    let max = 0;
    for (let j = from; j < to; j++) max = Math.max(max, Math.abs(samples[j]));
    raw.push(max);
  }
  const top = Math.max(...raw);
  return raw.map((v) => (top > 0 ? Math.round((v / top) * 100) : 0));
}

/** What the inbox says about a recording's level. */
export type AudioFlag = "clipped" | "nearly_silent" | null;

/**
 * A recording is clipped when its true peak reaches CLIPPED_PEAK_DBTP, nearly silent when quieter than
 * NEARLY_SILENT_LUFS (or not measurable).
 * @example audioFlag({ lufs: -12, truePeak: 0.3 }) // "clipped"
 */
export function audioFlag(measure: { lufs: number | null; truePeak: number | null }): AudioFlag {
  if (measure.lufs === null || measure.lufs < NEARLY_SILENT_LUFS) return "nearly_silent";
  if (measure.truePeak !== null && measure.truePeak >= CLIPPED_PEAK_DBTP) return "clipped";
  return null;
}

/**
 * Checks in/out points (ms) against the aired duration: null when valid, else the field in error.
 * Both null clears the trim; at least half a second must remain.
 * @example trimError(500, 2000, 3000) // null
 */
export function trimError(inMs: number | null, outMs: number | null, durationMs: number): string | null {
  if (inMs === null && outMs === null) return null;
  const start = inMs ?? 0;
  const end = outMs ?? durationMs;
  if (start < 0 || start >= durationMs) return "trim_in_ms";
  if (end > durationMs + 50 || end - start < 500) return "trim_out_ms";
  return null;
}
