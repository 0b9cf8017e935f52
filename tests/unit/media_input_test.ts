// What the worker reads of a listener's file before any decoder does: the type behind an ID3 tag, the
// demuxer ffmpeg is told, an image's declared size, where the aired timeline ends, the code a failed task
// shows, and how stored files are served.
import assert from "node:assert/strict";
import { contentStart, demuxerOf, imageSize, pixelsAllowed, sniffMedia } from "../../lib/rules/files.ts";
import { airedEndSeconds, parseSampleCount } from "../../lib/rules/audio.ts";
import { MEDIA_ERRORS, mediaErrorOf } from "../../lib/rules/media_jobs.ts";
import { isInlineMedia } from "../../lib/media/upload.ts";
import { IMAGE_MAX_PIXELS, TRAILING_SILENCE_KEPT_S } from "../../lib/rules/constants.ts";
import en from "../../locales/en.json" with { type: "json" };

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
const id3 = (size: number) => [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, (size >> 7) & 0x7f, size & 0x7f];

Deno.test("sniffMedia - an ID3 tag is an mp3 only when MPEG audio follows it", async (t) => {
  await t.step("MPEG frame after the tag", () => {
    assert.equal(sniffMedia(bytes(id3(2), [0, 0], [0xff, 0xfb, 0x90]))?.extension, "mp3");
  });
  await t.step("zero padding after the tag is skipped", () => {
    assert.equal(sniffMedia(bytes(id3(0), [0, 0, 0, 0], [0xff, 0xf3]))?.extension, "mp3");
  });
  await t.step("a playlist after the tag is no media", () => {
    assert.equal(sniffMedia(bytes(id3(0), "#EXTM3U\n#EXTINF:10,\nvictim.mp3\n")), null);
  });
  await t.step("a concat script after the tag is no media", () => {
    assert.equal(sniffMedia(bytes(id3(0), "ffconcat version 1.0\nfile 'a.mp3'\n")), null);
  });
  await t.step("a tag longer than the head: undecided here (the worker reads on)", () => {
    assert.equal(sniffMedia(bytes(id3(500), new Array(54).fill(0)))?.extension, "mp3");
  });
});

Deno.test("contentStart - the content begins after the ID3 tag, its footer and padding", () => {
  assert.equal(contentStart(bytes("OggS", new Array(20).fill(0))), 0);
  assert.equal(contentStart(bytes(id3(2), [1, 2], [0xff, 0xfb])), 12);
  // a footer (flag 0x10) adds 10 bytes
  const footer = id3(2);
  footer[5] = 0x10;
  assert.equal(contentStart(bytes(footer, new Array(12).fill(1), [0xff, 0xfb])), 22);
  // syncsafe: 0x01 0x00 is 128 bytes
  assert.equal(contentStart(bytes([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 0])), 138);
});

Deno.test("demuxerOf - ffmpeg is told the format of every accepted type, never one that opens files", () => {
  const types = [
    ["mp3", "mp3"],
    ["ogg", "ogg"],
    ["wav", "wav"],
    ["webm", "matroska"],
    ["mkv", "matroska"],
    ["mp4", "mov"],
    ["m4a", "mov"],
    ["mov", "mov"],
    ["3gp", "mov"],
    ["avi", "avi"],
    ["png", "png_pipe"],
    ["jpg", "jpeg_pipe"],
  ] as const;
  for (const [extension, demuxer] of types) {
    assert.equal(demuxerOf({ kind: "audio", mime: "x", extension }), demuxer);
  }
  assert.equal(demuxerOf({ kind: "image", mime: "image/heic", extension: "heic" }), null);
  const all = ["mp3", "ogg", "wav", "webm", "mkv", "mp4", "m4a", "mov", "3gp", "avi", "mpeg", "flv", "wmv"]
    .map((extension) => demuxerOf({ kind: "video", mime: "x", extension }));
  for (const demuxer of all) assert.ok(demuxer && !["hls", "concat", "image2"].includes(demuxer));
});

/** An image of `w`×`h` written by ffmpeg in `ext`. */
async function image(ext: string, w: number, h: number, codec: string[] = []): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/i.${ext}`;
    const res = await new Deno.Command("ffmpeg", {
      args: [
        "-loglevel",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        `testsrc=size=${w}x${h}`,
        "-frames:v",
        "1",
        ...codec,
        out,
      ],
    }).output();
    assert.ok(res.success, new TextDecoder().decode(res.stderr));
    return await Deno.readFile(out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("imageSize - read from the header of PNG, JPEG, WebP and GIF files", async (t) => {
  await t.step(
    "png",
    async () => assert.deepEqual(imageSize(await image("png", 320, 200)), { width: 320, height: 200 }),
  );
  await t.step(
    "jpeg",
    async () => assert.deepEqual(imageSize(await image("jpg", 322, 202)), { width: 322, height: 202 }),
  );
  await t.step(
    "gif",
    async () => assert.deepEqual(imageSize(await image("gif", 64, 48)), { width: 64, height: 48 }),
  );
  await t.step("webp lossy", async () => {
    assert.deepEqual(imageSize(await image("webp", 160, 90, ["-c:v", "libwebp"])), {
      width: 160,
      height: 90,
    });
  });
  await t.step("webp lossless", async () => {
    const lossless = await image("webp", 161, 91, ["-c:v", "libwebp", "-lossless", "1"]);
    assert.deepEqual(imageSize(lossless), { width: 161, height: 91 });
  });
  await t.step("a header cut short has no size", () => {
    assert.equal(imageSize(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), null);
    assert.equal(imageSize(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70])), null);
  });
});

Deno.test("pixelsAllowed - at most IMAGE_MAX_PIXELS, never an empty picture", () => {
  assert.equal(IMAGE_MAX_PIXELS, 24_000_000);
  assert.equal(pixelsAllowed({ width: 6000, height: 4000 }), true);
  assert.equal(pixelsAllowed({ width: 6001, height: 4000 }), false);
  assert.equal(pixelsAllowed({ width: 12000, height: 12000 }), false);
  assert.equal(pixelsAllowed({ width: 40_000_001, height: 1 }), false);
  assert.equal(pixelsAllowed({ width: 0, height: 10 }), false);
});

Deno.test("airedEndSeconds - a silence lasting until the end is cut, a breath kept", () => {
  assert.equal(TRAILING_SILENCE_KEPT_S, 0.25);
  const log =
    "[silencedetect @ 0x1] silence_start: 0.5\n[silencedetect @ 0x1] silence_end: 0.9 | silence_duration: 0.4\n" +
    "[silencedetect @ 0x1] silence_start: 4.2\n[silencedetect @ 0x1] silence_end: 6 | silence_duration: 1.8\n";
  assert.equal(airedEndSeconds(log, 6), 4.45);
  // the last silence ends before the end: the recording ends on sound
  assert.equal(airedEndSeconds(log, 8), null);
  assert.equal(airedEndSeconds("", 6), null);
});

Deno.test("parseSampleCount - the last count of the named astats", () => {
  const log = "[astats@aired @ 0x1] Number of samples: 10\n[astats@original @ 0x2] Number of samples: 30\n" +
    "[astats@aired @ 0x3] Number of samples: 96000\n";
  assert.equal(parseSampleCount(log, "aired"), 96000);
  assert.equal(parseSampleCount(log, "original"), 30);
  assert.equal(parseSampleCount(log, "render"), null);
});

Deno.test("mediaErrorOf - a known code is shown, any other error is a generic text", () => {
  assert.equal(mediaErrorOf({ message: "media_too_long" }), "media_too_long");
  assert.equal(
    mediaErrorOf({ message: "ffmpeg failed: /var/lib/app/media/participations/x.mp3: Invalid data" }),
    "media_processing_failed",
  );
  assert.equal(mediaErrorOf(null), "media_processing_failed");
  for (const code of MEDIA_ERRORS) assert.ok((en.errors as Record<string, string>)[code], code);
});

Deno.test("isInlineMedia - only raster images, audio and video are shown inline", () => {
  for (const type of ["image/png", "image/gif", "audio/mpeg", "video/mp4"]) {
    assert.equal(isInlineMedia(type), true);
  }
  for (
    const type of [
      "image/svg+xml",
      "text/plain; charset=utf-8",
      "application/json",
      "application/octet-stream",
    ]
  ) {
    assert.equal(isInlineMedia(type), false);
  }
});
