import { IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from "./constants.ts";

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
  if (ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) {
    return { kind: "audio", mime: "audio/mpeg", extension: "mp3" };
  }
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

/** The lower-cased extension of a file name ("clip.MP4" → "mp4"), or "" (spec: taken from the filename). */
export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(filename.trim());
  return match ? match[1].toLowerCase() : "";
}

/** True for an extension of the spec's video list. */
export const isVideoExtension = (ext: string) =>
  (VIDEO_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
/** True for an extension of the spec's image list. */
export const isImageExtension = (ext: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
