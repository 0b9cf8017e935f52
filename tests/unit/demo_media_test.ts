import assert from "node:assert/strict";
import { jingleWav } from "../../lib/media/demo.ts";

Deno.test("jingleWav - a mono 16-bit PCM WAV of the asked length, audible, fading in", () => {
  const wav = jingleWav(2, 0);
  const view = new DataView(wav.buffer);
  const text = (at: number, length: number) => new TextDecoder().decode(wav.slice(at, at + length));
  assert.equal(text(0, 4), "RIFF");
  assert.equal(view.getUint32(4, true), wav.length - 8);
  assert.equal(text(8, 8), "WAVEfmt ");
  assert.equal(view.getUint16(20, true), 1); // PCM
  assert.equal(view.getUint16(22, true), 1); // mono
  assert.equal(view.getUint32(24, true), 22_050);
  assert.equal(view.getUint16(34, true), 16);
  assert.equal(text(36, 4), "data");
  assert.equal(view.getUint32(40, true), 2 * 22_050 * 2);
  assert.equal(wav.length, 44 + 2 * 22_050 * 2);
  const samples = Array.from({ length: 2 * 22_050 }, (_, i) => view.getInt16(44 + i * 2, true));
  assert.equal(samples[0], 0);
  const peak = Math.max(...samples.map(Math.abs));
  assert.ok(peak > 8000 && peak < 32767, String(peak));
});

Deno.test("jingleWav - each variant is another melody", () => {
  assert.notDeepEqual(jingleWav(1, 0), jingleWav(1, 1));
  assert.deepEqual(jingleWav(1, 2), jingleWav(1, 2));
});
