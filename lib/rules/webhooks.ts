// Webhooks (issue 21): the events a channel's endpoints may ask for, how a delivery is signed (HMAC-SHA256 over
// "timestamp.body", as Stripe does) and verified, which addresses a delivery may never reach (SSRF), and when
// a failed delivery is tried again. Pure: Web Crypto only.
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from "./constants.ts";
import type { SharedMessageRow } from "../../db/shared_messages.ts";

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

function ipv4(address: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/**
 * Whether an IP address is one a webhook must not reach: loopback, private, link-local (cloud metadata),
 * carrier-grade NAT, unspecified, multicast or reserved; IPv6 loopback, unique-local, link-local, and
 * IPv4-mapped forms of those. Anything that is not an IP address counts as refused.
 * @example isRefusedAddress("169.254.169.254") // true
 * @example isRefusedAddress("93.184.216.34") // false
 */
export function isRefusedAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = ipv4(a);
  if (v4) {
    const [x, y] = v4;
    return x === 0 || x === 10 || x === 127 || x >= 224 ||
      (x === 100 && y >= 64 && y <= 127) ||
      (x === 169 && y === 254) ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 192 && y === 0) ||
      (x === 198 && (y === 18 || y === 19));
  }
  if (!a.includes(":")) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isRefusedAddress(mapped[1]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(a)) return true; // mapped, written in hex: refuse
  if (a === "::" || a === "::1") return true;
  return /^(fc|fd|fe[89ab]|ff)/.test(a) || a.startsWith("64:ff9b:") || a.startsWith("2001:db8:");
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
 * projection's (issue 18), its id, vote and transcript.
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
