import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { AppError } from "../lib/rules/errors.ts";
import { contentTypeOfKey, isInlineMedia, parseRange } from "../lib/media/upload.ts";
import { variantKey } from "../lib/media/image_variants.ts";
import { IMMUTABLE, negotiateImage } from "../lib/rules/http_cache.ts";
import { subtitlesMediaId, subtitlesOf } from "../lib/media/subtitles.ts";

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/**
 * GET /media/{key}: a stored file with its content type, a year of caching (keys are never reused) and
 * HTTP Range support so audio and video can seek. A video's subtitles sit beside its files,
 * built from its transcript at each read (not cached: an erased participation has none left).
 */
export default new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/media\//, ""));
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new AppError(404, "not_found");
  const subtitled = subtitlesMediaId(key);
  if (subtitled) {
    const vtt = await subtitlesOf(c.var.sql, subtitled);
    if (vtt === null) throw new AppError(404, "not_found");
    const headers = {
      "Content-Type": "text/vtt; charset=utf-8",
      "Cache-Control": "no-store",
      "Cross-Origin-Resource-Policy": "cross-origin",
    };
    return c.req.method === "HEAD" ? c.body(null, 200, headers) : c.body(vtt, 200, headers);
  }
  const storage = c.var.deps.storage;
  const headers: Record<string, string> = {
    "Content-Type": contentTypeOfKey(key),
    "Cache-Control": IMMUTABLE,
    "Accept-Ranges": "bytes",
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  // what a browser would run (an SVG, a text or JSON file) is downloaded, never shown under the site's name
  if (!isInlineMedia(headers["Content-Type"])) headers["Content-Disposition"] = "attachment";
  // an uploaded JPEG or PNG whose AVIF or WebP copy the worker wrote: that copy to a browser accepting it
  if (/\.(jpg|png)$/.test(key) && storage.size) {
    const accepted = negotiateImage(c.req.header("accept"), ["avif", "webp"]);
    const copy = accepted ? variantKey(key, accepted.ext) : null;
    headers["Vary"] = "Accept";
    if (copy && await storage.size(copy) !== null && await storage.size(key) !== null) {
      const stream = await storage.get(copy);
      if (stream) return c.body(stream, 200, { ...headers, "Content-Type": accepted!.type });
    }
  }
  const size = storage.size ? await storage.size(key) : undefined;
  if (size === null) throw new AppError(404, "not_found");
  if (size !== undefined && storage.getRange) {
    const range = parseRange(c.req.header("range"), size);
    if (range === "unsatisfiable") {
      return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
    }
    if (range) {
      const length = range.end - range.start + 1;
      const partial = {
        ...headers,
        "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
        "Content-Length": String(length),
      };
      if (c.req.method === "HEAD") return c.body(null, 206, partial);
      const stream = await storage.getRange(key, range.start, range.end);
      if (!stream) throw new AppError(404, "not_found");
      return c.body(stream, 206, partial);
    }
    headers["Content-Length"] = String(size);
  }
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  const stream = await storage.get(key);
  if (!stream) throw new AppError(404, "not_found");
  return c.body(stream, 200, headers);
});
