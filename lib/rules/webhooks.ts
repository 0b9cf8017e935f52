// Webhooks: the events a channel's endpoints may ask for, how a delivery is signed (HMAC-SHA256 over
// "timestamp.body", as Stripe does) and verified, which addresses a delivery may never reach (SSRF), and when
// a failed delivery is tried again. Pure: Web Crypto only.
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from "./constants.ts";
import type { SharedMessageRow } from "../../db/shared_messages.ts";
import { refusedRange } from "./addresses.ts";

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  "participation.created",
  "participation.processed",
  "vote.counted",
  "message.broadcast",
  "results.revealed",
  "vote.closed",
] as const;
export type WebhookEvent = typeof WEBHOOK_EVENTS[number];

/** Whether a string names a webhook event. @example isWebhookEvent("vote.closed") // true */
export const isWebhookEvent = (value: unknown): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/** The header that carries the signature. */
export const SIGNATURE_HEADER = "X-Signature";

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, in hex. */
export async function webhookSignature(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`)));
}

/** The X-Signature value: `t=<unix seconds>,v1=<hex hmac>`. */
export async function signatureHeader(secret: string, timestamp: number, body: string): Promise<string> {
  return `t=${timestamp},v1=${await webhookSignature(secret, timestamp, body)}`;
}

/**
 * What a receiver does (README "Webhooks"): the header's timestamp is recent and its v1 is the HMAC of
 * "t.body" with the secret, compared in constant time.
 */
export async function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): Promise<boolean> {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((p) => p.trim().split("=", 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || typeof parts.v1 !== "string") return false;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = await webhookSignature(secret, t, body);
  if (expected.length !== parts.v1.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ parts.v1.charCodeAt(i);
  return diff === 0;
}

/** A new signing secret: `whsec_` and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${hex(crypto.getRandomValues(new Uint8Array(32)).buffer)}`;
}

/**
 * Whether an IP address is one a webhook must not reach (lib/rules/addresses.ts): loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unique-local, unspecified, multicast, documentation or
 * reserved, and IPv6 forms that lead to such an IPv4 address. Anything that is not an IP address is refused.
 * @example isRefusedAddress("169.254.169.254") // true
 * @example isRefusedAddress("93.184.216.34") // false
 */
export const isRefusedAddress = (address: string): boolean => refusedRange(address) !== null;

/** The address a delivery connects to, among those a name resolved to: IPv4 first, as most receivers have. */
export const pinnedAddress = (addresses: string[]): string | null =>
  addresses.find((a) => !a.includes(":")) ?? addresses[0] ?? null;

/**
 * The head of the HTTP/1.1 POST a delivery writes on the connection it opened to the checked address: the
 * URL's path and query, its host (and port when not the scheme's) as Host, the body's length, one request
 * per connection. Header values are stripped of line breaks.
 * @example httpPostHead(new URL("https://h.example/in?a=1"), {}, 2) // "POST /in?a=1 HTTP/1.1\r\nHost: h.example\r\n…"
 */
export function httpPostHead(url: URL, headers: Record<string, string>, contentLength: number): string {
  const lines = [
    `POST ${url.pathname || "/"}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v.replace(/[\r\n]+/g, " ")}`),
    `Content-Length: ${contentLength}`,
    "Connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * The status code of an HTTP/1.x response's first line, or null when it is not one.
 * @example responseStatus("HTTP/1.1 204 No Content\r\n") // 204
 */
export function responseStatus(head: string): number | null {
  const m = /^HTTP\/1\.[01] (\d{3})(?: |\r?\n|$)/.exec(head);
  return m ? Number(m[1]) : null;
}

/**
 * What the delivery log says of an attempt's error, for the staff's language: the key of a refusal the
 * platform made itself (`webhook_address_refused 127.0.0.1`, `webhook_host_unknown`, `timeout`) with the
 * address it names, or null for a receiver's or network's message, shown as it is.
 * @example deliveryErrorKey("webhook_address_refused 127.0.0.1") // { key: "webhooks.error_address_refused", address: "127.0.0.1" }
 */
export function deliveryErrorKey(error: string): { key: string; address: string } | null {
  const m = /^(webhook_address_refused|webhook_host_unknown|timeout)(?: (\S+))?$/.exec(error);
  if (!m) return null;
  return { key: `webhooks.error_${m[1].replace(/^webhook_/, "")}`, address: m[2] ?? "" };
}

/** The hosts of WEBHOOK_ALLOWED_HOSTS (comma-separated), lower case. */
export const allowedHosts = (value: string | undefined): Set<string> =>
  new Set((value ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean));

/**
 * Checks an endpoint URL before anything resolves it: https, no credentials, a host; plain http only for a
 * host of the allowlist. Returns the problem's code, or null when the URL may be used.
 */
export function endpointProblem(url: string, allowed: Set<string>): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "webhook_url_invalid";
  }
  if (parsed.username || parsed.password) return "webhook_url_invalid";
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (!host) return "webhook_url_invalid";
  if (parsed.protocol === "https:") return null;
  if (parsed.protocol === "http:" && allowed.has(host)) return null;
  return "webhook_https_required";
}

/**
 * When a failed delivery is tried again: after its nth failed attempt, in seconds, or null after the last.
 * @example retryDelaySeconds(1, 90) // 90
 * @example retryDelaySeconds(3, 90) // 360
 */
export function retryDelaySeconds(
  attempts: number,
  baseSeconds: number,
  maxAttempts = WEBHOOK_MAX_ATTEMPTS,
): number | null {
  if (attempts >= maxAttempts) return null;
  return baseSeconds * 2 ** Math.max(0, attempts - 1);
}

/**
 * The message columns a webhook may describe (db/webhooks.ts WebhookMessageRow): the public
 * projection's, its id, vote and transcript.
 */
export type WebhookMessageSource =
  & Pick<
    SharedMessageRow,
    | "segment_id"
    | "type"
    | "created_at"
    | "content"
    | "duration_ms"
    | "nickname"
    | "author_city"
    | "playable_path"
    | "poster_path"
  >
  & { id: number; transcript: string | null; choice_ids: number[] | null };

const text = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * A participation as a webhook describes it: the public projection (nickname, city, text, choice, duration,
 * media links), its id and interaction, the transcript once processed. Never an e-mail, phone, names typed in
 * the form, extra information, device, address or author id.
 */
export function webhookParticipation(row: WebhookMessageSource, publicUrl: string) {
  return {
    id: row.id,
    interaction_id: row.segment_id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    text: text(row.content.text),
    choice_text: text(row.content.choice_text),
    choice_ids: row.choice_ids ?? [],
    duration_seconds: row.duration_ms !== null ? Math.round(row.duration_ms / 1000) : null,
    author_name: row.nickname,
    author_city: row.author_city,
    media_url: row.playable_path ? `${publicUrl}/media/${row.playable_path}` : null,
    poster_url: row.poster_path ? `${publicUrl}/media/${row.poster_path}` : null,
    transcript: row.transcript,
  };
}

/** The JSON body of a delivery. */
export function webhookBody(
  delivery: { id: number; event: string; created_at: Date; channel_id: number },
  data: unknown,
): string {
  return JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    created_at: delivery.created_at.toISOString(),
    channel_id: delivery.channel_id,
    data,
  });
}
