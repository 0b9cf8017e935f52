// The app's static files from memory: a file's bytes and its build-time brotli and gzip copies
// (framework/precompress.ts) are read once, the headers the chain gave it the first time are kept, and
// each request is answered before the app's routing with the accepted encoding, a strong ETag, or 304.
import type { MiddlewareHandler } from "hono";
import { STATIC_MEMORY } from "../lib/rules/constants.ts";
import { varyAcceptEncoding } from "../lib/rules/http_cache.ts";
import { type FrontCache, requestPath } from "./front.ts";
import { hashOf } from "./http_cache.ts";
import { serveStored, storedBytes, type StoredResponse, storedResponse } from "./stored_response.ts";
import { BoundedCache } from "../lib/platform/bounded_cache.ts";

/** Paths served from memory: plain names (no encoded characters, no "..") outside the image copies' folder. */
const SERVED = /^\/static\/(?!backgrounds\/)(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)+$/;

interface Kept {
  stored: StoredResponse;
  mtime: number;
  checkedAt: number;
}

async function readIfExists(path: string): Promise<Uint8Array | undefined> {
  return await Deno.readFile(path).catch(() => undefined);
}

/** The static files under `root` (the static folder's parent) once seen: `serve` first, the middleware first in the chain. */
export function staticFiles(root: string): FrontCache {
  // bounded by bytes, not by files: a deployment's static folder may hold more than the memory allows
  const kept = new BoundedCache<string, Kept>(Infinity, Infinity, {
    name: "static files",
    maxBytes: STATIC_MEMORY.totalBytes,
    sizeOf: (k) => storedBytes(k.stored),
  });
  // `?v=` (a versioned address) makes the chain send immutable caching: kept apart
  const keyOf = (url: string, path: string) => {
    const q = url.indexOf("?");
    return q < 0 ? path : `${path}?${new URLSearchParams(url.slice(q + 1)).has("v") ? "v" : ""}`;
  };
  const servable = (req: Request, path: string) =>
    (req.method === "GET" || req.method === "HEAD") && SERVED.test(path) && !req.headers.has("Range");

  const serve = (req: Request): Response | null => {
    const path = requestPath(req.url);
    if (!path.startsWith("/static/") || !servable(req, path)) return null;
    const known = kept.get(keyOf(req.url, path), 0);
    // past its check time the middleware looks at the file's date first
    return known && Date.now() - known.checkedAt < STATIC_MEMORY.recheckMs
      ? serveStored(req, known.stored)
      : null;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const path = requestPath(c.req.url);
    if (!path.startsWith("/static/") || !servable(c.req.raw, path)) return await next();
    const key = keyOf(c.req.url, path);
    const file = `${root}${path.slice(1)}`;
    const now = Date.now();
    const known = kept.get(key, now);
    if (known) {
      const mtime = (await Deno.stat(file).catch(() => null))?.mtime?.getTime() ?? -1;
      if (mtime === known.mtime) {
        known.checkedAt = now;
        return serveStored(c.req.raw, known.stored);
      }
      kept.delete(key);
    }
    await next();
    if (c.res.status !== 200 || c.res.headers.has("Content-Range")) return;
    const info = await Deno.stat(file).catch(() => null);
    if (!info?.isFile || info.size > STATIC_MEMORY.maxBytes) return;
    const identity = await readIfExists(file);
    if (!identity) return;
    const [br, gzip] = await Promise.all([readIfExists(`${file}.br`), readIfExists(`${file}.gz`)]);
    const headers = new Headers(c.res.headers);
    if (br || gzip) headers.set("Vary", varyAcceptEncoding(headers.get("Vary")));
    const stored = storedResponse(await hashOf(identity), headers, { identity, br, gzip }, false);
    kept.set(key, { stored, mtime: info.mtime?.getTime() ?? -1, checkedAt: now }, now);
  };
  return { serve, middleware };
}
