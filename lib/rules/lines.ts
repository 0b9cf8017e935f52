// Phone lines (WhatsApp, SMS, voicemail): how a provider's webhook is proven genuine, how an SMS names a
// vote's choice or asks to stop, and what the line answers in TwiML. Pure rules; lib/lines applies them.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { sha1 } from "@noble/hashes/legacy.js";
import { z } from "zod";
import { sameText, toHex } from "./hmac.ts";

import { LINE_KINDS, type LineKind } from "./line_kinds.ts";
export { LINE_KINDS, type LineKind, lineWebhookUrl, MEDIA_CHANNELS, type Medium } from "./line_kinds.ts";

/** A provider webhook's body is small (a text, a media id): anything larger is refused before it is read. */
export const LINE_WEBHOOK_MAX_BYTES = 65_536;

/** The longest voicemail a caller may leave (seconds; TwiML `<Record maxLength>`). */
export const VOICEMAIL_MAX_SECONDS = 120;

/** The largest voice note or recording a line fetches from its provider (bytes). */
export const LINE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The longest a line's media fetch may take, lookup and download together (ms): a provider that stalls
 * mid-file frees the worker, and the job's retry asks again.
 */
export const LINE_MEDIA_FETCH_TIMEOUT_MS = 60_000;

const secret = z.string().trim().min(1).max(500);
/** What an administrator gives for a line; the secrets are sealed and never read back. */
/** A WhatsApp template's name as Meta allows it: lowercase letters, digits and underscores. */
export const WHATSAPP_TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
/** A template language code as Meta lists them: "fr", "en_US", "pt_BR", "es_MX"… */
export const WHATSAPP_TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

export const lineInputSchema = z.object({
  kind: z.enum(LINE_KINDS),
  label: z.string().trim().max(100).default(""),
  address: z.string().trim().max(40).default(""),
  segment_id: z.number().int().positive().nullable().default(null),
  // a WhatsApp line's approved template, sent outside the 24-hour window (null removes it, left out keeps it)
  template: z.object({
    name: z.string().trim().regex(WHATSAPP_TEMPLATE_NAME),
    language: z.string().trim().regex(WHATSAPP_TEMPLATE_LANGUAGE),
  }).strict().nullable().optional(),
  credentials: z.union([
    z.object({ app_secret: secret, access_token: secret, verify_token: secret }).strict(),
    z.object({ account_sid: z.string().regex(/^AC[0-9a-f]{32}$/), auth_token: secret }).strict(),
  ]).optional(),
});
export type LineInput = z.infer<typeof lineInputSchema>;

export type WhatsappCredentials = { app_secret: string; access_token: string; verify_token: string };
export type TwilioCredentials = { account_sid: string; auth_token: string };

/** Whether credentials fit the line's provider: WhatsApp's Cloud API, or a Twilio-dialect account. */
export function credentialsFit(kind: LineKind, credentials: object): boolean {
  return kind === "whatsapp" ? "app_secret" in credentials : "account_sid" in credentials;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * Whether `X-Hub-Signature-256` is "sha256=" + the hex HMAC-SHA256 of the raw body with the app secret
 * (WhatsApp Cloud API webhooks).
 */
export function whatsappSignatureValid(
  appSecret: string,
  rawBody: Uint8Array,
  header: string | null,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = toHex(hmac(sha256, bytes(appSecret), rawBody));
  return sameText(header.slice(7).toLowerCase(), expected);
}

/**
 * Twilio's request signature: base64 HMAC-SHA1, with the auth token, of the full URL followed by each POST
 * parameter's name and value, names sorted.
 * @example twilioSignature("token", "https://x/sms", { Body: "A", From: "+33" })
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  const mac = hmac(sha1, bytes(authToken), bytes(data));
  return btoa(String.fromCharCode(...mac));
}

/** Whether `X-Twilio-Signature` signs this URL and these parameters. */
export function twilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | null,
): boolean {
  return !!header && sameText(header, twilioSignature(authToken, url, params));
}

// "VOTE A" in the five languages (en, fr, pt, es, pl), then the choice's letter, number or label
const VOTE_WORDS = /^(?:vote|voter|votar|voto|głos|glos|głosuję|glosuje)\s+/u;

/**
 * The choice an SMS votes for, or null: its letter ("A", "vote b"), its number ("2") or its label, case
 * and accents aside.
 * @example keywordChoice("VOTE B", [{ id: 7, label: "Jazz" }, { id: 8, label: "Rock" }]) // 8
 */
export function keywordChoice(text: string, choices: { id: number; label: string }[]): number | null {
  const fold = (s: string) =>
    s.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase().replace(/\s+/g, " ");
  const said = fold(text).replace(/[.!]+$/, "");
  const bare = said.replace(VOTE_WORDS, "");
  for (const word of [bare, said]) {
    if (/^[a-z]$/.test(word)) {
      const choice = choices[word.charCodeAt(0) - 97];
      if (choice) return choice.id;
    }
    if (/^[1-9][0-9]?$/.test(word)) {
      const choice = choices[Number(word) - 1];
      if (choice) return choice.id;
    }
    const named = choices.find((c) => fold(c.label) === word);
    if (named) return named.id;
  }
  return null;
}

// Between the choices of one text: punctuation, and "and" in the five languages ("e" is left out: it is
// also the letter of a fifth choice)
const CHOICE_SEPARATORS = /[,;/+&]+/g;
const AND_WORDS = new Set(["and", "et", "y", "i", "oraz"]);

/**
 * The choices of a text that picks several ("B D", "B,D", "2 4", "B and D", "Jazz, Rock", labels holding
 * spaces), in the question's order, each once; null when a part is no choice (an out-of-range number, an
 * unknown word), so the listener can send again rather than have a wrong answer kept. A text that is one
 * choice ("vote B", a label with a comma) reads as `keywordChoice` reads it.
 * @example keywordChoices("b, 2", [{ id: 7, label: "Jazz" }, { id: 8, label: "Rock" }]) // [8]
 */
export function keywordChoices(text: string, choices: { id: number; label: string }[]): number[] | null {
  const single = keywordChoice(text, choices);
  if (single !== null) return [single];
  const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
  const words = (s: string) => s.replace(CHOICE_SEPARATORS, " ").trim().split(/\s+/).filter(Boolean);
  const said = words(fold(text).replace(/[.!]+$/, "").replace(VOTE_WORDS, ""));
  const labels = choices.map((c) => words(fold(c.label)).join(" "));
  // the longest reading first at each word, so "Rolling Stones" is one label before "Rolling" is tried; a
  // word from which no reading ends is remembered, so a long text costs words² tries, never more
  const dead = new Set<number>();
  const read = (from: number): number[] | null => {
    if (from === said.length) return [];
    if (dead.has(from)) return null;
    for (let to = said.length; to > from; to--) {
      const part = said.slice(from, to).join(" ");
      const one = to - from === 1 ? keywordChoice(part, choices) : null;
      const index = one !== null ? choices.findIndex((c) => c.id === one) : labels.indexOf(part);
      if (index < 0) continue;
      const rest = read(to);
      if (rest) return [index, ...rest];
    }
    const after = AND_WORDS.has(said[from]) && from > 0 ? read(from + 1) : null;
    if (!after) dead.add(from);
    return after;
  };
  const picked = said.length > 1 ? read(0) : null;
  if (!picked) return null;
  return choices.filter((_, i) => picked.includes(i)).map((c) => c.id);
}

// STOP and its equivalents in the five languages (en, fr, pt, es, pl), as carriers and providers expect
const STOP_WORDS = new Set([
  "stop",
  "stopall",
  "unsubscribe",
  "cancel",
  "end",
  "quit",
  "arret",
  "arreter",
  "desabonner",
  "parar",
  "sair",
  "cancelar",
  "baja",
  "alto",
  "koniec",
  "wypisz",
]);

/** Whether an SMS or WhatsApp text asks the station to forget the number (STOP and its equivalents). */
export function isStopRequest(text: string): boolean {
  const word = text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase().replace(/[.!]+$/, "");
  return STOP_WORDS.has(word);
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** A messaging answer in TwiML: the text sent back to the listener, or nothing. */
export function messageTwiml(text: string | null): string {
  const body = text ? `<Message>${escapeXml(text)}</Message>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;
}

/** TwiML voices speak a language by its tag: the channel's language mapped to one they know. */
const SPOKEN = { en: "en-GB", fr: "fr-FR", pt: "pt-PT", es: "es-ES", pl: "pl-PL" } as Record<string, string>;

/**
 * The voicemail answer: the greeting in the channel's language, a beep, and a recording of at most
 * `maxSeconds` whose status is posted to `callbackUrl`.
 */
export function voicemailTwiml(greeting: string, language: string, maxSeconds: number, callbackUrl: string) {
  const lang = SPOKEN[language] ?? "en-GB";
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say language="${lang}">${
    escapeXml(greeting)
  }</Say><Record maxLength="${maxSeconds}" playBeep="true" recordingStatusCallback="${
    escapeXml(callbackUrl)
  }" recordingStatusCallbackEvent="completed" /></Response>`;
}

/**
 * Whether a media download address given by the Graph API may be fetched with the line's access token:
 * on the Graph API's own origin, or https on Meta's media hosts (never a token sent elsewhere).
 */
export function graphMediaUrlAllowed(url: string, graphBase: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.origin === new URL(graphBase).origin) return true;
  return target.protocol === "https:" &&
    /(^|\.)(fbsbx\.com|facebook\.com|whatsapp\.net|fbcdn\.net)$/.test(target.hostname);
}

/** A Twilio recording id (RE + 32 hex): the download address is built from it, never taken from the request. */
export const RECORDING_SID = /^RE[0-9a-f]{32}$/;

/** A picture or video an MMS carries: its media id (ME + 32 hex) and the message's (SM/MM + 32 hex). */
export const MMS_MEDIA_SID = /^ME[0-9a-f]{32}$/;
export const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/;

/**
 * The media id at the end of an MMS's `MediaUrlN` (…/Messages/{sid}/Media/{ME…}), or null: the file is then
 * fetched by ids from the account's own API address, never from the address the request names.
 */
export function mmsMediaSid(url: string): string | null {
  const last = url.split("?")[0].split("/").pop() ?? "";
  return MMS_MEDIA_SID.test(last) ? last : null;
}

/** The most media one MMS carries (the provider's documented limit): any beyond are not read. */
export const MMS_MAX_MEDIA = 10;

/** One picture or video of an MMS: its media id, what it becomes and the id its landing is stored once by. */
export interface MmsPart {
  mediaSid: string;
  /** the message id for the first, the message id and media id for the others: a webhook sent again stores none twice */
  providerId: string;
  kind: "audio" | "video" | "image";
  extension: string;
  contentType: string;
}

/**
 * The pictures and videos of an MMS's webhook (NumMedia, MediaContentTypeN, MediaUrlN), in their order;
 * a sound or an unknown type is skipped (a voice comes by the voicemail line).
 */
export function mmsParts(params: Record<string, string>): MmsPart[] {
  if (!MESSAGE_SID.test(params.MessageSid ?? "")) return [];
  const count = Math.min(Math.trunc(Number(params.NumMedia)) || 0, MMS_MAX_MEDIA);
  const parts: MmsPart[] = [];
  for (let i = 0; i < count; i++) {
    const taken = lineMediaOf(params[`MediaContentType${i}`]);
    const mediaSid = mmsMediaSid(params[`MediaUrl${i}`] ?? "");
    if (!taken || taken.kind === "audio" || !mediaSid || parts.some((p) => p.mediaSid === mediaSid)) continue;
    const providerId = parts.length === 0 ? params.MessageSid : `${params.MessageSid}/${mediaSid}`;
    parts.push({ mediaSid, providerId, ...taken });
  }
  return parts;
}

/** The text sent with a picture or video (an MMS's Body, a WhatsApp caption), or null when it says nothing. */
export function mediaCaption(text: string | null | undefined): string | null {
  const value = (text ?? "").trim();
  return value ? value.slice(0, 4000) : null;
}

/**
 * A caption held to the channel's text limit, as the widget holds a text: cut with an ellipsis rather than
 * refused, because refusing it would refuse the picture or voice it came with, which the listener can no
 * longer edit once the provider delivered it (the widget, by contrast, stops the listener before sending).
 * Cut by UTF-16 units like the widget's count, never through a surrogate pair.
 * @example captionWithin("abcdef", 4) // "abc…"
 */
export function captionWithin(caption: string, limit: number): string {
  if (caption.length <= limit) return caption;
  let cut = caption.slice(0, Math.max(0, limit - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** What a line takes from a provider's media, by its content type: the participation's kind and the file's extension. */
const LINE_MEDIA_TYPES: Record<string, { kind: "audio" | "video" | "image"; extension: string }> = {
  "audio/ogg": { kind: "audio", extension: "ogg" },
  "audio/mpeg": { kind: "audio", extension: "mp3" },
  "audio/mp4": { kind: "audio", extension: "m4a" },
  "audio/wav": { kind: "audio", extension: "wav" },
  "audio/x-wav": { kind: "audio", extension: "wav" },
  "image/jpeg": { kind: "image", extension: "jpg" },
  "image/png": { kind: "image", extension: "png" },
  "image/webp": { kind: "image", extension: "webp" },
  "image/gif": { kind: "image", extension: "gif" },
  "video/mp4": { kind: "video", extension: "mp4" },
  "video/3gpp": { kind: "video", extension: "3gp" },
  "video/quicktime": { kind: "video", extension: "mov" },
};

/** The kind and extension of a provider's media by its content type (parameters ignored), or null when not taken. */
export function lineMediaOf(
  contentType: string | null | undefined,
): { kind: "audio" | "video" | "image"; extension: string; contentType: string } | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  const found = LINE_MEDIA_TYPES[type];
  return found ? { ...found, contentType: type } : null;
}

/** The E.164 form of a provider's sender ("whatsapp:+33…" or a bare "33…"), or null. */
export function normalizeNumber(raw: string): string | null {
  const digits = raw.replace(/^whatsapp:/, "").replace(/[\s().-]/g, "").replace(/^\+/, "");
  return /^[1-9][0-9]{6,14}$/.test(digits) ? `+${digits}` : null;
}

/** A line as the API answers it: never its credentials, only whether they are set. */
export const lineSchema = z.object({
  id: z.number(),
  channel_id: z.number(),
  kind: z.enum(LINE_KINDS),
  label: z.string(),
  address: z.string(),
  segment_id: z.number().nullable(),
  credentials_set: z.boolean(),
  template: z.object({ name: z.string(), language: z.string() }).nullable(),
  created_at: z.string(),
});
