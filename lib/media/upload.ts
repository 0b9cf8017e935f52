// Media uploads (back-office §5): png/jpg, and mp4/webm where a video is allowed; 10 MB; the type
// comes from the content, never from the name; an image's picture is at most IMAGE_MAX_PIXELS.
import { IMAGE_MAX_PIXELS, MEDIA_MAX_BYTES } from "../rules/constants.ts";
import { AppError } from "../rules/errors.ts";
import { imageSize, pixelsAllowed, type Sniffed, sniffMedia } from "../rules/files.ts";

const IMAGE_MIMES = ["image/png", "image/jpeg"];
const VIDEO_MIMES = ["video/mp4", "video/webm"];

/**
 * Checks an uploaded file and returns its bytes and sniffed type; throws 413 when too large, 415 when
 * not an accepted type (nothing is stored then), 400 when missing. `accept` overrides the sniffed
 * types allowed (with `typeError` as the 415 code).
 */
export async function checkUpload(
  file: unknown,
  options: { video?: boolean; maxBytes?: number; accept?: readonly string[]; typeError?: string } = {},
): Promise<{ bytes: Uint8Array; type: Sniffed; name: string }> {
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, "file_missing");
  const max = options.maxBytes ?? MEDIA_MAX_BYTES;
  if (file.size > max) throw new AppError(413, "file_too_large", { mb: Math.round(max / 1024 / 1024) });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffMedia(bytes.subarray(0, 64));
  const accepted = options.accept ?? (options.video ? [...IMAGE_MIMES, ...VIDEO_MIMES] : IMAGE_MIMES);
  if (!type || !accepted.includes(type.mime)) {
    throw new AppError(415, options.typeError ?? (options.video ? "file_type_media" : "file_type_image"));
  }
  if (type.kind === "image") {
    // the picture's size from its header: a small file may declare gigabytes of pixels to decode. A file
    // without a readable size is kept (no decoder reads it either): the worker never decodes it.
    const size = imageSize(bytes);
    if (size && !pixelsAllowed(size)) {
      throw new AppError(413, "image_too_many_pixels", { megapixels: IMAGE_MAX_PIXELS / 1e6 });
    }
  }
  return { bytes, type, name: file.name };
}

/** The content type of a stored key from its extension (keys are written with the sniffed one). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ({
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    svg: "image/svg+xml",
    mp4: "video/mp4",
    m4v: "video/mp4",
    webm: "video/webm",
    mov: "video/quicktime",
    mkv: "video/x-matroska",
    mp3: "audio/mpeg",
    m4a: "audio/mp4",
    ogg: "audio/ogg",
    oga: "audio/ogg",
    wav: "audio/wav",
    json: "application/json",
    txt: "text/plain; charset=utf-8",
    csv: "text/csv; charset=utf-8",
  } as Record<string, string>)[ext] ?? "application/octet-stream";
}

/**
 * True for a content type a browser shows inline without running anything: a raster image, audio or
 * video. Other stored files (SVG, text, JSON, unknown) are served as attachments.
 * @example isInlineMedia("image/svg+xml") // false
 */
export const isInlineMedia = (contentType: string) =>
  /^(audio|video)\//.test(contentType) ||
  (contentType.startsWith("image/") && contentType !== "image/svg+xml");

/**
 * Parses an HTTP Range header against a size: the inclusive byte range, "unsatisfiable", or null
 * when absent or not a single bytes range (then the whole file is sent).
 * @example parseRange("bytes=0-99", 1000) // { start: 0, end: 99 }
 */
export function parseRange(
  header: string | undefined | null,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number, end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
