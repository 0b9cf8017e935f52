import assert from "node:assert/strict";
import { sniffMedia } from "../../lib/rules/files.ts";
import { uploadKind } from "../../lib/rules/participation.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));

Deno.test("sniffMedia - recognises formats from their first bytes", async (t) => {
  const cases: [string, Uint8Array, string | null][] = [
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["webp", bytes("RIFF", [0, 0, 0, 0], "WEBP"), "image/webp"],
    ["wav", bytes("RIFF", [0, 0, 0, 0], "WAVE"), "audio/wav"],
    [
      "webm",
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm"),
      "video/webm",
    ],
    ["mp4", bytes([0, 0, 0, 0x20], "ftypisom"), "video/mp4"],
    ["mov", bytes([0, 0, 0, 0x14], "ftypqt  "), "video/quicktime"],
    ["m4a", bytes([0, 0, 0, 0x20], "ftypM4A "), "audio/mp4"],
    ["heic", bytes([0, 0, 0, 0x18], "ftypheic"), "image/heic"],
    ["ogg", bytes("OggS"), "audio/ogg"],
    ["mp3", bytes("ID3", [3, 0]), "audio/mpeg"],
    ["html pretending", bytes("<html><script>"), null],
    ["empty", new Uint8Array(), null],
  ];
  for (const [name, head, mime] of cases) {
    await t.step(name, () => assert.equal(sniffMedia(head)?.mime ?? null, mime));
  }
});

Deno.test("upload kinds - the spec's video and image lists, whatever the case of the extension", () => {
  const isVideoExtension = (ext: string) => uploadKind(ext) === "video";
  const isImageExtension = (ext: string) => uploadKind(ext) === "image";
  assert.ok(isVideoExtension("3gp") && isVideoExtension("MPG") && !isVideoExtension("gif"));
  assert.ok(isImageExtension("heif") && isImageExtension("ico") && !isImageExtension("mp4"));
});
