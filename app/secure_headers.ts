// The security headers of every response the chain makes, as two constant lists computed once (a
// vote paid for hono's secureHeaders and a framing middleware that copied the whole response twice to add
// two headers). Back-office pages may be framed only by the app itself (clickjacking); the widgets and
// share pages stay embeddable in stations' sites (lib/rules/embed.ts). tests/unit/secure_headers_test.ts
// checks these lists against hono's secureHeaders with the options they stand for.
import type { MiddlewareHandler } from "hono";
import { isEmbeddablePath } from "../lib/rules/embed.ts";
import { inlineModuleHashes } from "../framework/assets.ts";

/**
 * The Content-Security-Policy of every page (widgets load media and images from anywhere over https).
 * Scripts come from the app's files, and inline only the page modules the widgets carry, each allowed by
 * the hash of its exact text (framework/bundle.ts inlineModule): never any other inline script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  ["script-src 'self'", ...inlineModuleHashes().map((hash) => `'${hash}'`)].join(" "),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
].join("; ");

const COMMON: [string, string][] = [
  ["Origin-Agent-Cluster", "?1"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Strict-Transport-Security", "max-age=15552000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
  ["Permissions-Policy", "microphone=(self), camera=(self)"],
];

/** Headers of a page any site may frame (widgets, share links, QR code, overlays, static files). */
export const EMBEDDABLE_HEADERS: readonly [string, string][] = [
  ...COMMON,
  ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
];

/** Headers of every other page: framed by the app itself only. */
export const FRAMED_HEADERS: readonly [string, string][] = [
  ...COMMON,
  ["Content-Security-Policy", `${CONTENT_SECURITY_POLICY}; frame-ancestors 'self'`],
  ["X-Frame-Options", "SAMEORIGIN"],
];

/** The security headers of an answer to `path`: the middleware's, and a front's that answers before it. */
export function securityHeadersOf(path: string): readonly [string, string][] {
  return isEmbeddablePath(path) ? EMBEDDABLE_HEADERS : FRAMED_HEADERS;
}

/** Sets the security headers on what the rest of the chain answered (overwriting theirs), without X-Powered-By. */
export function secureHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of securityHeadersOf(c.req.path)) headers.set(name, value);
    headers.delete("X-Powered-By");
  };
}
