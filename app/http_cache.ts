// Cache-Control of private answers (lib/rules/http_cache.ts defaultCacheControl), then compression and
// validators for dynamic responses to GET: pages and JSON above COMPRESS_MIN_BYTES are sent
// brotli or gzip (as the client accepts) with `Vary: Accept-Encoding`; successful GETs carry a strong
// ETag per representation and answer If-None-Match with 304. Static files have their own
// build-time copies (framework/precompress.ts); media, archives, CSV and streams are left alone.
import type { MiddlewareHandler } from "hono";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { COMPRESS_MIN_BYTES } from "../lib/rules/constants.ts";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE } from "../lib/platform/auth.ts";
import {
  defaultCacheControl,
  DYNAMIC_COMPRESSIBLE,
  etagOf,
  matchesIfNoneMatch,
  negotiateEncoding,
  varyAcceptEncoding,
} from "../lib/rules/http_cache.ts";

/** The hash that names a body in its ETag (etagOf): 12 bytes of its SHA-1, base64url. */
export async function hashOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as BufferSource));
  let text = "";
  for (const b of digest.subarray(0, 12)) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_");
}

/** Compressed bodies by content hash and encoding: a public page is the same for thousands of visitors. */
const compressed = new Map<string, Uint8Array>();
const COMPRESSED_MAX_ENTRIES = 64;

/** A body compressed on the fly: brotli at a quality worth its time, or gzip. */
export function compress(bytes: Uint8Array, encoding: "br" | "gzip"): Uint8Array {
  if (encoding === "br") {
    return brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  }
  return gzipSync(bytes, { level: 6 });
}

/** Hashes, negotiates and compresses what the routes answered (registered first: it sees the final response). */
export function httpCache(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const credentials = c.req.header("Authorization") !== undefined ||
      getCookie(c, SESSION_COOKIE) !== undefined;
    const fallback = c.res.headers.has("Cache-Control")
      ? null
      : defaultCacheControl(c.req.method, credentials);
    if (fallback) c.res.headers.set("Cache-Control", fallback);
    // answers to writes are small and never cached (a vote's acknowledgement): sent as they are
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return;
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (
      !res.body || res.headers.has("Content-Encoding") || res.headers.has("Content-Disposition") ||
      !DYNAMIC_COMPRESSIBLE.test(type)
    ) return;
    const cacheControl = res.headers.get("Cache-Control") ?? "";
    const bytes = new Uint8Array(await res.arrayBuffer());
    const compressible = bytes.length >= COMPRESS_MIN_BYTES && !/no-transform/i.test(cacheControl);
    const encoding = compressible ? negotiateEncoding(c.req.header("Accept-Encoding")) : null;
    const validated = c.req.method === "GET" && res.status === 200 && !/no-store/i.test(cacheControl);
    const hash = validated ? await hashOf(bytes) : null;
    if (hash && matchesIfNoneMatch(c.req.header("If-None-Match"), hash)) {
      c.res = new Response(null, { status: 304, headers: res.headers });
      c.res.headers.delete("Content-Type");
      c.res.headers.delete("Content-Length");
      c.res.headers.set("ETag", etagOf(hash, encoding));
      if (compressible) c.res.headers.set("Vary", varyAcceptEncoding(c.res.headers.get("Vary")));
      return;
    }
    let body: Uint8Array = bytes;
    if (encoding) {
      // the hash names the bytes: a body seen before is not compressed again
      const key = hash ? `${hash}-${encoding}` : null;
      const known = key ? compressed.get(key) : undefined;
      body = known ?? compress(bytes, encoding);
      if (key && !known) {
        if (compressed.size >= COMPRESSED_MAX_ENTRIES) compressed.delete(compressed.keys().next().value!);
        compressed.set(key, body);
      }
    }
    c.res = new Response(body as BodyInit, res);
    c.res.headers.delete("Content-Length");
    if (encoding) c.res.headers.set("Content-Encoding", encoding);
    if (compressible) c.res.headers.set("Vary", varyAcceptEncoding(c.res.headers.get("Vary")));
    if (hash) c.res.headers.set("ETag", etagOf(hash, encoding));
  };
}
