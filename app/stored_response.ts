// A response kept in memory and served again without the middleware chain: a rendered widget
// page (app/page_cache.ts) or a static file (app/static_files.ts). Its body in each encoding is made once,
// its strong ETag answers If-None-Match with 304, and its other headers are those the whole chain gave it.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { COMPRESS_MIN_BYTES } from "../lib/rules/constants.ts";
import { type Encoding, etagOf, matchesIfNoneMatch, negotiateEncoding } from "../lib/rules/http_cache.ts";
import { compress } from "./http_cache.ts";

export interface StoredResponse {
  /** The hash of the identity body (the ETag's opaque part); null for an answer sent without validator. */
  hash: string | null;
  /** The chain's headers, less those of one representation (Content-Encoding, Content-Length, ETag). */
  headers: [string, string][];
  bodies: { identity: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };
  /** Whether an encoding not stored may be made on first demand (pages); static files have the build's. */
  compressOnDemand: boolean;
  /**
   * One response per representation, made on first use and cloned for each request: a clone copies the
   * checked header list, where a new Response checks every header again (a tenth of a static file's cost).
   */
  sent: Map<string, Response>;
}

const PER_REPRESENTATION = new Set(["content-encoding", "content-length", "etag"]);

/**
 * What a kept response weighs in memory, for the caches' byte bounds: its bodies, a compressed copy not made
 * yet counted as a third of the identity body (made on first demand, it will be there soon), and its headers.
 */
export function storedBytes(stored: StoredResponse): number {
  const { identity, br, gzip } = stored.bodies;
  const later = stored.compressOnDemand ? Math.ceil(identity.length / 3) : 0;
  let headers = 0;
  for (const [name, value] of stored.headers) headers += name.length + value.length;
  return identity.length + (br?.length ?? later) + (gzip?.length ?? later) + headers;
}

/** A stored response from its parts. */
export function storedResponse(
  hash: string | null,
  headers: Headers,
  bodies: StoredResponse["bodies"],
  compressOnDemand: boolean,
): StoredResponse {
  const kept = [...headers].filter(([name]) => !PER_REPRESENTATION.has(name.toLowerCase()));
  return { hash, headers: kept, bodies, compressOnDemand, sent: new Map() };
}

/**
 * The stored form of a response the chain just made (app/http_cache.ts compressed it for its request and
 * named it with its ETag), or null when it has no ETag, unless `validated` is false (an answer the chain
 * sends without one, such as a no-store read). The response itself is left readable.
 */
export async function storeChainResponse(res: Response, validated = true): Promise<StoredResponse | null> {
  const etag = res.headers.get("ETag");
  if (!etag && validated) return null;
  const encoding = res.headers.get("Content-Encoding");
  if (encoding && encoding !== "br" && encoding !== "gzip") return null;
  const bytes = new Uint8Array(await res.clone().arrayBuffer());
  const opaque = etag?.replace(/^"|"$/g, "") ?? null;
  const hash = opaque && encoding && opaque.endsWith(`-${encoding}`)
    ? opaque.slice(0, -encoding.length - 1)
    : opaque;
  const identity = encoding === "br"
    ? brotliDecompressSync(bytes)
    : encoding === "gzip"
    ? gunzipSync(bytes)
    : bytes;
  const bodies: StoredResponse["bodies"] = { identity: new Uint8Array(identity) };
  if (encoding === "br" || encoding === "gzip") bodies[encoding] = bytes;
  return storedResponse(hash, res.headers, bodies, true);
}

function pick(stored: StoredResponse, acceptEncoding: string | null): Encoding | null {
  const wanted = negotiateEncoding(acceptEncoding);
  if (!wanted) return null;
  if (stored.bodies[wanted]) return wanted;
  if (stored.compressOnDemand && stored.bodies.identity.length >= COMPRESS_MIN_BYTES) {
    stored.bodies[wanted] = compress(stored.bodies.identity, wanted);
    return wanted;
  }
  return null;
}

/** Answers a GET or HEAD from a stored response: the accepted encoding, or 304 when If-None-Match names it. */
export function serveStored(req: Request, stored: StoredResponse): Response {
  const encoding = pick(stored, req.headers.get("Accept-Encoding"));
  if (stored.hash !== null && matchesIfNoneMatch(req.headers.get("If-None-Match"), stored.hash)) {
    const headers = stored.headers.filter(([name]) => name.toLowerCase() !== "content-type");
    headers.push(["ETag", etagOf(stored.hash, encoding)]);
    return new Response(null, { status: 304, headers });
  }
  const key = encoding ?? "identity";
  let sent = stored.sent.get(key);
  if (!sent) {
    const headers: [string, string][] = [...stored.headers];
    if (stored.hash !== null) headers.push(["ETag", etagOf(stored.hash, encoding)]);
    if (encoding) headers.push(["Content-Encoding", encoding]);
    const body = encoding ? stored.bodies[encoding]! : stored.bodies.identity;
    stored.sent.set(key, sent = new Response(body as BodyInit, { status: 200, headers }));
  }
  return req.method === "HEAD" ? new Response(null, sent) : sent.clone();
}
