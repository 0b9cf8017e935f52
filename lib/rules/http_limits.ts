// What one request may make the server hold (lib/rules/constants.ts "Bounded requests"): pure rules of the
// body guard (app/body_limit.ts).
import { BODY_IDLE_MS, BODY_MAX_BYTES, BODY_MIN_BYTES_PER_SECOND, FORM_BODY_MAX_BYTES } from "./constants.ts";

/** Whether a body is a multipart form (one carrying a file). */
export const isMultipartForm = (contentType: string | null): boolean =>
  /^multipart\/form-data/i.test(contentType ?? "");

/**
 * The largest body of a request: what its route declared, else a multipart form's limit, else BODY_MAX_BYTES.
 * @example bodyLimitFor("application/json", null) // 1048576
 */
export function bodyLimitFor(contentType: string | null, declared: number | null): number {
  if (declared !== null) return declared;
  return isMultipartForm(contentType) ? FORM_BODY_MAX_BYTES : BODY_MAX_BYTES;
}

/**
 * Whether a path matches a route's pattern: `{name}` or `*` stands for one segment, a final `/*` for the
 * rest (nothing included).
 * @example pathMatches("/api/v1/app_users/{id}/avatar", "/api/v1/app_users/7/avatar") // true
 */
export function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  for (let i = 0; i < want.length; i++) {
    if (want[i] === "*" && i === want.length - 1) return got.length >= i;
    if (i >= got.length) return false;
    if (want[i] === "*" || /^\{\w+\}$/.test(want[i])) {
      if (got[i] === "") return false;
      continue;
    }
    if (want[i] !== got[i]) return false;
  }
  return got.length === want.length;
}

/** A body being read: when it began, when its last bytes came, how many came. */
export interface BodyProgress {
  startedAt: number;
  lastByteAt: number;
  bytes: number;
}

/**
 * Whether a body in progress is too slow to keep: nothing for BODY_IDLE_MS, or, once BODY_IDLE_MS have
 * passed, less than BODY_MIN_BYTES_PER_SECOND on average since then (a byte every few seconds).
 */
export function bodyTooSlow(body: BodyProgress, now: number): boolean {
  if (now - body.lastByteAt >= BODY_IDLE_MS) return true;
  const late = now - body.startedAt - BODY_IDLE_MS;
  return late > 0 && body.bytes < late / 1000 * BODY_MIN_BYTES_PER_SECOND;
}
