// Webhooks: the events a channel's endpoints may ask for, how a delivery is signed (Standard Webhooks:
// HMAC-SHA256 over "id.timestamp.body") and verified, which addresses a delivery may never reach (SSRF), and when
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

/**
 * The headers of a delivery, as the Standard Webhooks specification names them: the message id (the same on
 * every retry), the unix seconds of the attempt and its signatures.
 */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/**
 * The HMAC key of a secret: the standard's `whsec_<base64>`, decoded. A secret made before the platform
 * followed the standard (`whsec_` and 64 hex digits) is valid base64 too, and is read the same way here and by
 * the receivers' libraries: it keeps working.
 */
export function webhookKey(secret: string): Uint8Array {
  const encoded = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  return Uint8Array.from(atob(encoded), (ch) => ch.charCodeAt(0));
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's key. */
export async function webhookSignature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    webhookKey(secret) as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
}

/**
 * The signing headers of a delivery: one `v1,<base64>` signature per secret, space-separated (the current
 * secret, and the previous one for a day after a rotation).
 */
export async function signatureHeaders(
  secrets: string[],
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((s) => webhookSignature(s, id, timestamp, body)));
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signatures.map((sig) => `v1,${sig}`).join(" "),
  };
}

/**
 * What a receiver does (README "Webhooks"): the timestamp is recent and one of the `v1` signatures is the HMAC
 * of "id.timestamp.body" with the secret, compared in constant time.
 */
export async function verifySignature(
  secret: string,
  headers: { get(name: string): string | null },
  body: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
): Promise<boolean> {
  const id = headers.get(WEBHOOK_HEADERS.id);
  const t = Number(headers.get(WEBHOOK_HEADERS.timestamp));
  if (!id || !Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = await webhookSignature(secret, id, t, body);
  let found = false;
  for (const part of (headers.get(WEBHOOK_HEADERS.signature) ?? "").split(" ")) {
    const [version, sig] = part.split(",", 2);
    if (version !== "v1" || sig?.length !== expected.length) continue;
    let diff = 0;
    for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ sig.charCodeAt(i);
    found ||= diff === 0;
  }
  return found;
}

/** A new signing secret, as the standard writes it: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${base64(crypto.getRandomValues(new Uint8Array(24)).buffer)}`;
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
