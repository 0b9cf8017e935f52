// AVIF and WebP copies of images, written beside them by the build (the stock backgrounds) or by the
// worker (uploaded backgrounds: `{key}.avif`, `{key}.webp` in the media store), never on the request
// path; the server picks one by the browser's Accept header (app/image_variants.ts, routes/media.ts).
import type PgBoss from "pg-boss";
import { checkImageFile, ffmpeg, mediaInputOf, type RunOptions } from "./processing.ts";
import { mediaKeyOf } from "./stored.ts";
import type { Storage } from "./storage.ts";
import { IMAGE_VARIANTS } from "../rules/http_cache.ts";
import { QUEUES } from "../platform/jobs.ts";
import { FFMPEG_THREADS, IMAGE_VARIANT_MAX_PX } from "../rules/constants.ts";
import { log } from "../platform/log.ts";

const ENCODER: Record<string, string[]> = {
  avif: ["-c:v", "libaom-av1", "-still-picture", "1", "-crf", "32", "-cpu-used", "6", "-pix_fmt", "yuv420p"],
  webp: ["-c:v", "libwebp", "-quality", "75"],
};

/** An uploaded image's copies fit in IMAGE_VARIANT_MAX_PX (libaom needs 420 MB for a 2560 px picture of 40 MP). */
const FIT = `scale='min(${IMAGE_VARIANT_MAX_PX},iw)':'min(${IMAGE_VARIANT_MAX_PX},ih)':` +
  "force_original_aspect_ratio=decrease:force_divisible_by=2";

const mtime = (path: string) => Deno.stat(path).then((s) => s.mtime?.getTime() ?? 0, () => null);

/**
 * Writes `name.avif` and `name.webp` beside each image whose copies are missing or older; returns how
 * many it wrote. Without ffmpeg it writes none (the originals are served) and says so.
 */
export async function writeImageVariants(paths: string[]): Promise<number> {
  let written = 0;
  for (const path of paths) {
    const source = await mtime(path);
    for (const { ext } of IMAGE_VARIANTS) {
      const out = path.replace(/\.\w+$/, `.${ext}`);
      const done = await mtime(out);
      if (done !== null && source !== null && done >= source) continue;
      try {
        await ffmpeg(["-i", path, ...ENCODER[ext], out]);
        written++;
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) {
          log.warn("ffmpeg is not installed: images are served without AVIF and WebP copies");
          return written;
        }
        throw error;
      }
    }
  }
  return written;
}

/** The storage key of an uploaded image's copy in another encoding. */
export const variantKey = (key: string, ext: string) => `${key}.${ext}`;

/** Asks the worker for the copies of an uploaded JPEG or PNG (a /media/ URL); other files have none. */
export async function enqueueImageVariants(boss: PgBoss | undefined, url: string): Promise<void> {
  const key = mediaKeyOf(url);
  if (boss && key && /\.(jpg|png)$/.test(key)) await boss.send(QUEUES.imageVariants, { key });
}

/**
 * The worker's job: writes the AVIF and WebP copies of a stored image beside it in the media store. The
 * image's size is read from its header first: one of more than IMAGE_MAX_PIXELS is not decoded (its
 * upload was refused for that; an older one keeps only its original), and ffmpeg is told its format.
 */
export async function writeStoredImageVariants(
  storage: Storage,
  key: string,
  options: RunOptions = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "im-image-" });
  try {
    const source = await storage.localPath(key, dir);
    await checkImageFile(source);
    const input = await mediaInputOf(source, "image");
    for (const { ext, type } of IMAGE_VARIANTS) {
      const out = `${dir}/copy.${ext}`;
      await ffmpeg([
        ...["-protocol_whitelist", "file", "-threads", "1", "-f", input.demuxer, "-i", source],
        ...["-vf", FIT, "-threads", String(FFMPEG_THREADS), ...ENCODER[ext], out],
      ], options);
      await storage.put(variantKey(key, ext), (await Deno.open(out)).readable, type);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
