// What a file is, told by its bytes, never by its name: the media formats the platform accepts, where
// their content starts, and the size of a picture before it is decoded. Pure.
import { IMAGE_MAX_PIXELS } from "./constants.ts";

export type FileKind = "image" | "video" | "audio";

/** A file type recognised from its first bytes (never from its name). */
export interface Sniffed {
  kind: FileKind;
  mime: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) =>
  sig.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * Recognises the media formats the platform accepts from the first 64 bytes of a file.
 * @example sniffMedia(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])) // { kind: "image", mime: "image/png", … }
 */
export function sniffMedia(head: Uint8Array): Sniffed | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", mime: "image/png", extension: "png" };
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: "image", mime: "image/jpeg", extension: "jpg" };
  if (ascii(head, 0, 4) === "GIF8") return { kind: "image", mime: "image/gif", extension: "gif" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { kind: "image", mime: "image/webp", extension: "webp" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") {
    return { kind: "audio", mime: "audio/wav", extension: "wav" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 11) === "AVI") {
    return { kind: "video", mime: "video/x-msvideo", extension: "avi" };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: webm or mkv; the doctype string sits in the header.
    const header = ascii(head, 0, Math.min(head.length, 64));
    return header.includes("webm")
      ? { kind: "video", mime: "video/webm", extension: "webm" }
      : { kind: "video", mime: "video/x-matroska", extension: "mkv" };
  }
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (/^(heic|heix|mif1|msf1|heim|heis)/.test(brand)) {
      return { kind: "image", mime: "image/heic", extension: "heic" };
    }
    if (/^M4A/.test(brand)) return { kind: "audio", mime: "audio/mp4", extension: "m4a" };
    if (/^qt/.test(brand)) return { kind: "video", mime: "video/quicktime", extension: "mov" };
    if (/^3g/.test(brand)) return { kind: "video", mime: "video/3gpp", extension: "3gp" };
    return { kind: "video", mime: "video/mp4", extension: "mp4" };
  }
  if (ascii(head, 0, 4) === "OggS") return { kind: "audio", mime: "audio/ogg", extension: "ogg" };
  if (ascii(head, 0, 3) === "ID3") {
    // an ID3 tag says nothing of what follows it (ffmpeg skips it and probes the rest, a playlist
    // included): the content after the tag must be MPEG audio; beyond these bytes, see contentStart
    const start = head.length < 10 ? head.length : contentStart(head);
    if (start + 2 > head.length) return { kind: "audio", mime: "audio/mpeg", extension: "mp3" };
    return isMpegAudioFrame(head, start) ? { kind: "audio", mime: "audio/mpeg", extension: "mp3" } : null;
  }
  if (isMpegAudioFrame(head, 0)) return { kind: "audio", mime: "audio/mpeg", extension: "mp3" };
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) {
    return { kind: "video", mime: "video/mpeg", extension: "mpeg" };
  }
  if (ascii(head, 0, 3) === "FLV") return { kind: "video", mime: "video/x-flv", extension: "flv" };
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75])) {
    return { kind: "video", mime: "video/x-ms-wmv", extension: "wmv" };
  }
  if (ascii(head, 0, 2) === "BM") return { kind: "image", mime: "image/bmp", extension: "bmp" };
  return null;
}

/** True when the bytes at `at` are the sync word of an MPEG audio frame (mp3, or AAC in ADTS). */
export const isMpegAudioFrame = (bytes: Uint8Array, at = 0) =>
  bytes[at] === 0xff && (bytes[at + 1] & 0xe0) === 0xe0;

/**
 * Where the content of a file starts: after its ID3v2 tag (10 bytes of header, a syncsafe size, a footer
 * when flagged) and the zero padding some writers leave after it; 0 without a tag. Past `head` when the
 * tag is longer than the bytes given: read from there again to see the content.
 * @example contentStart(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 2, 0, 0, 0xff, 0xfb])) // 12
 */
export function contentStart(head: Uint8Array): number {
  if (head.length < 10 || ascii(head, 0, 3) !== "ID3") return 0;
  const size = ((head[6] & 0x7f) << 21) | ((head[7] & 0x7f) << 14) | ((head[8] & 0x7f) << 7) |
    (head[9] & 0x7f);
  let start = 10 + size + (head[5] & 0x10 ? 10 : 0);
  while (start < head.length && head[start] === 0) start++;
  return start;
}

/**
 * The ffmpeg demuxer that reads a sniffed type: ffmpeg is told the format (`-f`) instead of guessing
 * it, so a file is never read as a playlist (hls), a concat script or another format that opens other
 * files. Null for a type ffmpeg is not given (HEIC).
 * @example demuxerOf({ kind: "audio", mime: "audio/ogg", extension: "ogg" }) // "ogg"
 */
export function demuxerOf(type: Sniffed): string | null {
  return ({
    mp3: "mp3",
    wav: "wav",
    ogg: "ogg",
    webm: "matroska",
    mkv: "matroska",
    mp4: "mov",
    m4a: "mov",
    mov: "mov",
    "3gp": "mov",
    avi: "avi",
    mpeg: "mpeg",
    flv: "flv",
    wmv: "asf",
    png: "png_pipe",
    jpg: "jpeg_pipe",
    webp: "webp_pipe",
    gif: "gif",
    bmp: "bmp_pipe",
  } as Record<string, string>)[type.extension] ?? null;
}

/** The width and height of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

/**
 * The size a PNG, JPEG, WebP or GIF image declares in its header, read without decoding it (a small
 * file can declare a huge picture, whose decoding takes gigabytes); null when the header is not found
 * in `bytes` or the type has no reader here.
 * @example imageSize(pngBytes) // { width: 1280, height: 720 }
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const type = sniffMedia(bytes.subarray(0, 64));
  if (type?.extension === "png") {
    return bytes.length >= 24 && ascii(bytes, 12, 16) === "IHDR"
      ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
      : null;
  }
  if (type?.extension === "gif") {
    return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
  }
  if (type?.extension === "webp") {
    const chunk = ascii(bytes, 12, 16);
    if (chunk === "VP8X" && bytes.length >= 30) {
      return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    }
    if (chunk === "VP8L" && bytes.length >= 25) {
      const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8 " && bytes.length >= 30) {
      return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    }
    return null;
  }
  if (type?.extension === "jpg") {
    // the frame header (SOF0..SOF15 but DHT, JPG and DAC) follows the markers before it, each with its length
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1];
      if (marker === 0xff) {
        at++;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      at += 2 + u16be(bytes, at + 2);
    }
    return null;
  }
  return null;
}

/**
 * True when an image's picture may be decoded: at most IMAGE_MAX_PIXELS, and not empty.
 * @example pixelsAllowed({ width: 12000, height: 12000 }) // false
 */
export const pixelsAllowed = (size: ImageSize) =>
  size.width > 0 && size.height > 0 && size.width * size.height <= IMAGE_MAX_PIXELS;
