import assert from "node:assert/strict";
import { inboxCommand } from "../../lib/rules/inbox_keys.ts";
import {
  audioFlag,
  formatSpec,
  gainPlan,
  parseEbur128,
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
