import assert from "node:assert/strict";
import { inboxCommand } from "../../lib/rules/inbox_keys.ts";
import {
  audioFlag,
  durationMsOfSamples,
  formatSpec,
  gainPlan,
  nextRenderPlan,
  parseEbur128,
  predictedLoudness,
  trimError,
  waveformPeaks,
} from "../../lib/rules/audio.ts";

const SUMMARY = `[Parsed_ebur128_0 @ 0x1] t: 5.6 TARGET:-23 LUFS M: -20.0 S: -21.0 I: -22.0 LUFS
[Parsed_ebur128_0 @ 0x1] Summary:

  Integrated loudness:
    I:         -23.1 LUFS
    Threshold: -33.4 LUFS

  True peak:
    Peak:       -8.0 dBFS`;

Deno.test("audio rules - the ebur128 summary gives loudness and true peak, silence gives null", () => {
  assert.deepEqual(parseEbur128(SUMMARY), { lufs: -23.1, truePeak: -8 });
  assert.deepEqual(parseEbur128("Summary:\n I: -70.0 LUFS\n Peak: -inf dBFS"), {
    lufs: null,
    truePeak: null,
  });
  assert.deepEqual(parseEbur128("no summary"), { lufs: null, truePeak: null });
});

// one decode, two measures: ffmpeg builds the graph twice (an empty summary first), then prints each instance's
const TWO_MEASURES = `[ebur128@aired @ 0x2] Summary:
  Integrated loudness:
    I:           0.0 LUFS
  True peak:
    Peak:       -inf dBFS
[ebur128@original @ 0x3] Summary:
  Integrated loudness:
    I:         -70.0 LUFS
  True peak:
    Peak:       -inf dBFS
[out#0 @ 0x4] size=N/A
[ebur128@aired @ 0x5] Summary:

  Integrated loudness:
    I:         -11.5 LUFS
    Threshold: -21.5 LUFS

  True peak:
    Peak:       -2.3 dBFS
[ebur128@original @ 0x6] Summary:

  Integrated loudness:
    I:         -11.7 LUFS

  True peak:
    Peak:        0.7 dBFS
`;

Deno.test("audio rules - each named ebur128 of one filter graph reads its own last summary", () => {
  assert.deepEqual(parseEbur128(TWO_MEASURES, "aired"), { lufs: -11.5, truePeak: -2.3 });
  assert.deepEqual(parseEbur128(TWO_MEASURES, "original"), { lufs: -11.7, truePeak: 0.7 });
  assert.deepEqual(parseEbur128(TWO_MEASURES, "render"), { lufs: null, truePeak: null });
});

Deno.test("audio rules - a gain alone is predicted, a limited render is not", () => {
  assert.deepEqual(predictedLoudness({ lufs: -40, truePeak: -20 }, { gainDb: 17, limit: false }), {
    lufs: -23,
    truePeak: -3,
  });
  assert.deepEqual(predictedLoudness({ lufs: -11.5, truePeak: -2.3 }, { gainDb: -11.5, limit: false }), {
    lufs: -23,
    truePeak: -13.8,
  });
  assert.deepEqual(predictedLoudness({ lufs: null, truePeak: null }, { gainDb: 0, limit: false }), {
    lufs: null,
    truePeak: null,
  });
  assert.equal(predictedLoudness({ lufs: -40, truePeak: -20 }, { gainDb: 24, limit: true }), null);
});

Deno.test("audio rules - a limited render is corrected until ±0.5 LU of the target under -1 dBTP", () => {
  const plan = { gainDb: 20, limit: true };
  assert.equal(nextRenderPlan({ lufs: -16.4, truePeak: -2 }, -16, plan), null);
  assert.equal(nextRenderPlan({ lufs: -15.5, truePeak: -1 }, -16, plan), null);
  assert.deepEqual(nextRenderPlan({ lufs: -16.9, truePeak: -2 }, -16, plan), { gainDb: 20.9, limit: true });
  assert.deepEqual(nextRenderPlan({ lufs: -22.4, truePeak: -0.5 }, -23, { gainDb: 3, limit: false }), {
    gainDb: 2.4,
    limit: true,
  });
  assert.equal(nextRenderPlan({ lufs: null, truePeak: null }, -23, plan), null); // silence: nothing to correct
});

Deno.test("audio rules - the aired duration is the waveform's sample count at its rate", () => {
  assert.equal(durationMsOfSamples(60_000, 8000), 7500);
  assert.equal(durationMsOfSamples(40_321, 8000), 5040);
  assert.equal(durationMsOfSamples(0, 8000), 0);
});

Deno.test("audio rules - the gain reaches the target; a limiter only when the peak would pass -2 dBTP", () => {
  assert.deepEqual(gainPlan({ lufs: -40, truePeak: -20 }, -23), { gainDb: 17, limit: false });
  assert.deepEqual(gainPlan({ lufs: -40, truePeak: -20 }, -16), { gainDb: 24, limit: true });
  assert.deepEqual(gainPlan({ lufs: -10, truePeak: 0.9 }, -23), { gainDb: -13, limit: false });
  assert.deepEqual(gainPlan({ lufs: null, truePeak: null }, -23), { gainDb: 0, limit: false });
});

Deno.test("audio rules - formats: mp3 at its bit rate, wav at its depth", () => {
  assert.deepEqual(formatSpec("mp3_320").args, ["-c:a", "libmp3lame", "-b:a", "320k"]);
  assert.equal(formatSpec("wav_24").extension, "wav");
  assert.deepEqual(formatSpec("wav_16").args, ["-c:a", "pcm_s16le"]);
  assert.equal(formatSpec("unknown").extension, "mp3");
});

Deno.test("audio rules - waveform peaks are the loudest sample of each slice, the loudest at 100", () => {
  assert.deepEqual(waveformPeaks(new Float32Array([0, 0.25, -0.5, 0.125]), 2), [50, 100]);
  assert.deepEqual(waveformPeaks(new Float32Array(4)), [0, 0, 0, 0]);
  assert.equal(waveformPeaks(new Float32Array(10_000).fill(0.1)).length, 300);
  assert.deepEqual(waveformPeaks(new Float32Array(0)), []);
  assert.deepEqual(waveformPeaks(new Float32Array([0.01]), 5), [100]);
});

Deno.test("audio rules - clipped and nearly silent recordings are flagged", () => {
  assert.equal(audioFlag({ lufs: -12, truePeak: 0.3 }), "clipped");
  assert.equal(audioFlag({ lufs: -60, truePeak: -40 }), "nearly_silent");
  assert.equal(audioFlag({ lufs: null, truePeak: null }), "nearly_silent");
  assert.equal(audioFlag({ lufs: -23, truePeak: -3 }), null);
});

Deno.test("audio rules - in/out points stay inside the recording and keep half a second", () => {
  assert.equal(trimError(null, null, 3000), null);
  assert.equal(trimError(500, 2000, 3000), null);
  assert.equal(trimError(null, 2000, 3000), null);
  assert.equal(trimError(3000, null, 3000), "trim_in_ms");
  assert.equal(trimError(1000, 1200, 3000), "trim_out_ms");
  assert.equal(trimError(0, 9000, 3000), "trim_out_ms");
});

Deno.test("inbox keys - letters map to commands; none while typing or with Ctrl/Alt/Meta; Escape always", () => {
  assert.equal(inboxCommand({ key: "j" }), "next");
  assert.equal(inboxCommand({ key: "k" }), "previous");
  assert.equal(inboxCommand({ key: " " }), "play");
  assert.equal(inboxCommand({ key: "ArrowRight" }), "seek_forward");
  assert.equal(inboxCommand({ key: "?" }), "help");
  assert.deepEqual(inboxCommand({ key: "#" }), { action: "#" });
  assert.deepEqual(inboxCommand({ key: "e" }), { action: "e" });
  assert.equal(inboxCommand({ key: "j", typing: true }), null);
  assert.equal(inboxCommand({ key: "l", ctrlKey: true }), null);
  assert.equal(inboxCommand({ key: "Escape", typing: true }), "close");
  assert.equal(inboxCommand({ key: "x" }), null);
});
