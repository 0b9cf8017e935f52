// Content negotiation and validators for responses: which encoding a client gets, and whether its
// If-None-Match still matches (pure, shared by the app's compression middleware and its tests).

export type Encoding = "br" | "gzip";

/** Bodies worth compressing on the fly: pages and API data (media and archives are compressed already). */
export const DYNAMIC_COMPRESSIBLE =
  /^(text\/html|application\/(?:[\w.+-]+\+)?json|image\/svg\+xml|application\/xml)/i;

/** The best of brotli and gzip the Accept-Encoding header allows (brotli first on equal q), or null. */
export function negotiateEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = of("br"), gzip = of("gzip");
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? "br" : "gzip";
}

/** The strong ETag of a representation: the body's hash, suffixed with its encoding when compressed. */
export function etagOf(hash: string, encoding: Encoding | null): string {
  return `"${hash}${encoding ? `-${encoding}` : ""}"`;
}

/**
 * Whether If-None-Match names the same content (any of its encodings: the client holds a
 * representation of exactly these bytes), as the weak comparison of RFC 9110 §13.1.2 allows for GET.
 */
export function matchesIfNoneMatch(header: string | null | undefined, hash: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => {
    const opaque = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return opaque === hash || opaque === `${hash}-br` || opaque === `${hash}-gzip`;
  });
}

/** Adds Accept-Encoding to a Vary header value (once). */
export function varyAcceptEncoding(current: string | null): string {
  if (!current) return "Accept-Encoding";
  if (current.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}

/** Cache-Control of an address whose content never changes (a build file, a media key, a versioned text). */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Cache-Control of data asked for in a version (`asked`, e.g. the texts' `v`): immutable when the server holds
 * that version, else (no version, or another build's) revalidated on every use, so that an address never
 * keeps other content than its version's.
 */
export function versionedCacheControl(asked: string | undefined, current: string): string {
  return asked === current ? IMMUTABLE : "public, no-cache";
}

/**
 * Cache-Control of an answer whose route set none: to a request with credentials (a token, the session
 * cookie) it is someone's own data, which no shared cache keeps and the browser revalidates every time
 * (its ETag still saves the body: a 304); a write's answer is never stored. Without credentials, nothing
 * is added (null): public answers keep what their route says.
 * @example defaultCacheControl("GET", true) // "private, no-cache"
 */
export function defaultCacheControl(method: string, credentials: boolean): string | null {
  if (!credentials) return null;
  return method === "GET" || method === "HEAD" ? "private, no-cache" : "no-store";
}

/**
 * Cache-Control of a page that is the same for every visitor (a widget page); `personal` (a staff
 * preview, a shared participation) is never kept by a shared cache.
 */
export function publicPageCacheControl(
  personal: boolean,
  cache: { sMaxAgeSeconds: number; staleWhileRevalidateSeconds: number },
): string {
  if (personal) return "private, no-store";
  return `public, max-age=0, s-maxage=${cache.sMaxAgeSeconds}, stale-while-revalidate=${cache.staleWhileRevalidateSeconds}`;
}

/**
 * What a route's reads (GET, HEAD) need of the app's middlewares, declared by the route module
 * (`export const needs`): `session` false for none, "preview" for a staff preview only (`?preview=1`);
 * `translator` false for a route that shows no text; `widgetLanguage` for a widget page (its language rule
 * is the widget's: lib/rules/i18n.ts widgetLanguage).
 */
export interface RouteNeeds {
  session: false | "preview";
  translator?: false;
  widgetLanguage?: true;
}

/**
 * What a request's middleware may leave out (public pages cost nothing they do not use), from what its route
 * declares (`declared`; none for a route that needs everything): a write always needs everything.
 * @example middlewareNeeds("GET", { session: "preview" }, undefined) // { session: false, translator: true }
 */
export function middlewareNeeds(
  method: string,
  declared: RouteNeeds | undefined,
  preview: string | undefined,
): { session: boolean; translator: boolean } {
  if (!declared || (method !== "GET" && method !== "HEAD")) return { session: true, translator: true };
  return {
    session: declared.session === "preview" && preview === "1",
    translator: declared.translator ?? true,
  };
}

/** Smaller encodings of an image the server may hold beside it, best first. */
export const IMAGE_VARIANTS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/**
 * The best variant of an image that the browser accepts (`Accept: image/avif,image/webp,…`, as Chrome,
 * Firefox and Safari send for images) among those `available`, or null for the original.
 */
export function negotiateImage(
  accept: string | null | undefined,
  available: readonly string[],
): ImageVariant | null {
  const accepted = (accept ?? "").toLowerCase().split(",").map((part) => {
    const [type, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
    return { type: type.trim(), q: q === undefined ? 1 : Number(q) };
  }).filter((a) => a.q > 0).map((a) => a.type);
  return IMAGE_VARIANTS.find((v) => available.includes(v.ext) && accepted.includes(v.type)) ?? null;
}
