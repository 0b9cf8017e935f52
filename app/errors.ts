// Every error as its answer: the JSON `{ message, code, fields? }` with the right status for the API, a
// small page in the reader's language for a page, never a stack trace or a server path.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { AppError } from "../lib/rules/errors.ts";
import { type FieldIssue, issueCode } from "../lib/rules/field_errors.ts";
import type { AppEnv } from "./env.ts";
import { translator } from "./i18n.ts";
import { resolveLanguage } from "../lib/rules/i18n.ts";
import { log } from "../lib/platform/log.ts";

// Postgres error codes that mean "bad input" rather than a fault of ours.
const PG_INPUT_ERRORS: Record<string, [ContentfulStatusCode, string]> = {
  "22P02": [400, "invalid_value"], // invalid text representation
  "22003": [400, "invalid_value"], // numeric value out of range
  "22007": [400, "invalid_value"], // invalid datetime format
  "22008": [400, "invalid_value"], // datetime field overflow
  "22001": [400, "too_long"], // string data right truncation
  "22021": [400, "invalid_value"], // bad byte sequence (NUL)
  "22P05": [400, "invalid_value"], // untranslatable character (\u0000 in text or json)
  "23505": [409, "conflict"], // unique violation
  "23503": [409, "conflict"], // foreign key violation
  "23514": [400, "invalid_value"], // check violation
  "23502": [400, "invalid_value"], // not null violation
};

const PG_UNAVAILABLE = new Set(["57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006"]);
const NET_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "CONNECTION_DESTROYED",
]);

/** Zod issues as `{ field: [codes] }`: the form translates each code under its field (lib/rules/field_errors.ts). */
export function zodFields(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    const code = issueCode(issue as FieldIssue);
    if (!(fields[key] ??= []).includes(code)) fields[key].push(code);
  }
  return fields;
}

/** Whole seconds to wait, at least 1 (60 when the error did not say). */
export function retryAfterSeconds(seconds: unknown): number {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : 60;
}

/** Turns any error into the JSON shape `{ message, code, fields? }` with the right status, never a stack. */
export function errorResponse(error: unknown, c: Context<AppEnv>): Response {
  const t = c.var.t ?? translator(resolveLanguage({ acceptLanguage: c.req.header("accept-language") }));
  const wantsPage = !c.req.path.startsWith("/api/") && c.req.method === "GET" &&
    (c.req.header("accept") ?? "").includes("text/html");
  const json = (
    status: ContentfulStatusCode,
    code: string,
    values: Record<string, unknown> = {},
    extra = {},
  ) => {
    // Every 429 says when to come back (RFC 9110 §10.2.3): the seconds the limit gave, else a minute.
    if (status === 429) c.header("Retry-After", String(retryAfterSeconds(values.seconds)));
    // a 503 that knows when capacity comes back says so (a full instance's live streams)
    if (status === 503 && values.seconds !== undefined) {
      c.header("Retry-After", String(retryAfterSeconds(values.seconds)));
    }
    // a wait in seconds takes its plural form from the number (1 second, 5 seconds; pl: sekundę, sekundy, sekund)
    const count = typeof values.seconds === "number" ? { count: values.seconds } : {};
    const message = t(`errors.${code}`, { ...values, ...count, defaultValue: code });
    return wantsPage ? errorPage(c, status, message) : c.json({ message, code, ...extra }, status);
  };

  if (error instanceof AppError) {
    return json(error.status, error.code, error.values, error.fields ? { fields: error.fields } : {});
  }
  if (error instanceof ZodError) return json(400, "validation", {}, { fields: zodFields(error) });
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const code = status === 413
      ? "too_large"
      : status === 401
      ? "unauthorized"
      : status >= 500
      ? "internal"
      : "bad_request";
    return json(status, code);
  }
  const pgCode = (error as { code?: string })?.code;
  if (pgCode && PG_INPUT_ERRORS[pgCode]) {
    const [status, code] = PG_INPUT_ERRORS[pgCode];
    return json(status, code);
  }
  if ((pgCode && (PG_UNAVAILABLE.has(pgCode) || NET_UNAVAILABLE.has(pgCode)))) {
    c.header("Retry-After", "5");
    return json(503, "unavailable");
  }
  log.error("request failed", { error });
  return json(500, "internal");
}

/** A small HTML page for an error met while loading a page (not an API call). */
function errorPage(c: Context<AppEnv>, status: ContentfulStatusCode, message: string): Response {
  const t = c.var.t ?? translator("fr");
  const page = `<!doctype html><html lang="${c.var.lang ?? "fr"}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${
      t("admin.error_title")
    }</title>` +
    `<link rel="stylesheet" href="/static/css/base.css"></head><body><main class="public-shell">` +
    `<section class="card public-card"><h1>${t("admin.error_title")} ${status}</h1><p>${
      escapeHtml(message)
    }</p>` +
    `<p><a class="btn btn-primary" href="/">${t("admin.back_home")}</a></p></section></main></body></html>`;
  return c.html(page, status);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
