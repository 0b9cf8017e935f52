// Serves a static image's AVIF or WebP copy (lib/media/image_variants.ts, written by the build) to a
// browser that accepts it, under the image's own address, with `Vary: Accept`: no markup changes, and
// CSS backgrounds benefit too. The copies of the few stock images are kept in memory.
import type { MiddlewareHandler } from "hono";
import { IMAGE_VARIANTS, negotiateImage } from "../lib/rules/http_cache.ts";

const copies = new Map<string, Map<string, Uint8Array>>();

async function copiesOf(file: string): Promise<Map<string, Uint8Array>> {
  let found = copies.get(file);
  if (!found) {
    found = new Map();
    for (const { ext } of IMAGE_VARIANTS) {
      const bytes = await Deno.readFile(file.replace(/\.\w+$/, `.${ext}`)).catch(() => null);
      if (bytes) found.set(ext, bytes);
    }
    copies.set(file, found);
  }
  return found;
}

/** For /static/<dir>/*.jpg|png under `root` (the static folder's parent): the best accepted copy, if any. */
export function imageVariants(root: string, dir: string): MiddlewareHandler {
  const prefix = `/static/${dir}/`;
  return async (c, next) => {
    const path = c.req.path;
    if (!path.startsWith(prefix) || !/^[\w-]+\.(jpg|png)$/.test(path.slice(prefix.length))) {
      return await next();
    }
    const available = await copiesOf(`${root}${path.slice(1)}`);
    if (available.size === 0) return await next();
    const variant = negotiateImage(c.req.header("Accept"), [...available.keys()]);
    c.header("Vary", "Accept");
    if (!variant) return await next();
    return c.body(available.get(variant.ext)! as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": variant.type,
    });
  };
}
