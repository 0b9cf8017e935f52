// AVIF and WebP copies of images, written beside them by the build (the stock backgrounds), never on the
// request path; the server picks one by the browser's Accept header (app/image_variants.ts).
import { ffmpeg } from "./processing.ts";
import { IMAGE_VARIANTS } from "../rules/http_cache.ts";

const ENCODER: Record<string, string[]> = {
  avif: ["-c:v", "libaom-av1", "-still-picture", "1", "-crf", "32", "-cpu-used", "6", "-pix_fmt", "yuv420p"],
  webp: ["-c:v", "libwebp", "-quality", "75"],
};

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
          console.warn("ffmpeg is not installed: images are served without AVIF and WebP copies");
          return written;
        }
        throw error;
      }
    }
  }
  return written;
}
