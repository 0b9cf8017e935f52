// What a phone line's provider posts: a WhatsApp message, an SMS, a call, a finished voicemail. Each is
// proven genuine by the provider's signature, stored once per provider message id, and becomes a
// participation of the interaction the line feeds now, through the widget's own rules
// (lib/participations/service.ts). A webhook is answered only once what it brought is stored, so a
// failure makes the provider send it again; a voice is fetched from the provider by a job with retries.
import type { Sql } from "postgres";
import type PgBoss from "pg-boss";
import * as db from "../../db/lines.ts";
import { getParticipationContext } from "../../db/participations.ts";
import { accountOfNumber, accountOfNumberHash } from "../../db/phone_links.ts";
import { insertUploadSlot } from "../../db/media_jobs.ts";
import { decryptSecret, encryptSecret } from "../platform/crypto.ts";
import { QUEUES } from "../platform/jobs.ts";
import type { EventBus } from "../live/bus.ts";
import { sendParticipation } from "../participations/service.ts";
import { answerQuizByLine, forgetLinePlayer } from "../quiz/service.ts";
import type { TFunction } from "../rules/i18n.ts";
import { quizPseudonym } from "../rules/quiz.ts";
import { textLimit } from "../rules/participation.ts";
import { AppError } from "../rules/errors.ts";
import { hmacSha256, toHex } from "../rules/hmac.ts";
import {
  captionWithin,
  isStopRequest,
  keywordChoice,
  type LineKind,
  lineMediaOf,
  mediaCaption,
  mmsParts,
  normalizeNumber,
  RECORDING_SID,
  type TwilioCredentials,
  twilioSignatureValid,
  VOICEMAIL_MAX_SECONDS,
  voicemailTwiml,
  type WhatsappCredentials,
  whatsappSignatureValid,
} from "../rules/lines.ts";
import type { LineMediaJob } from "./media.ts";
import { heldNoticeSent, insertHeldMessage } from "../../db/line_held.ts";
import { HELD_NOTICE_QUIET_MS, heldNotice, type HeldReason, heldReason } from "../rules/line_held.ts";
import { receiveDeliveryStatus } from "./replies.ts";

export interface InboundDeps {
  sql: Sql;
  jwtSecret: Uint8Array;
  boss?: PgBoss;
  bus?: EventBus;
  now?: () => Date;
  /**
   * Confirms a STOP to the listener by the line's API (WhatsApp: SMS lines answer in the webhook's
   * TwiML); best effort, the number is forgotten either way.
   */
  confirmStop?: (line: db.LineRow, number: string) => Promise<void>;
  /**
   * Tells a WhatsApp listener why their message could not count (SMS lines answer in the webhook's TwiML);
   * best effort, the message is held either way.
   */
  tellListener?: (line: db.LineRow, number: string, text: string) => Promise<void>;
  /** the texts of the channel's language (the name a quiz player gets on air); English without it */
  translator?: (language: string) => TFunction;
}

/** What became of one inbound message (tests and logs read it). */
export type Landing = "stored" | "duplicate" | "stopped" | "refused" | "held";

/** What became of one inbound message, and what the listener is to read back (a held message's notice). */
interface Landed {
  outcome: Landing;
  notice: string | null;
}

/** A line of that kind and its unsealed credentials; 404 for anything else (no line is revealed). */
async function lineWithCredentials<T>(deps: InboundDeps, id: number, kinds: LineKind[]) {
  const line = await db.getLine(deps.sql, id);
  if (!line || !kinds.includes(line.kind) || !line.credentials_enc) throw new AppError(404, "not_found");
  try {
    return { line, credentials: JSON.parse(await decryptSecret(deps.jwtSecret, line.credentials_enc)) as T };
  } catch {
    throw new AppError(404, "not_found"); // sealed with another key: the line must be set again
  }
}

/** The keyed hash a number is found by (never the number itself). */
export const numberHash = (secret: Uint8Array, number: string) =>
  toHex(hmacSha256(secret, `phone:${number}`));

interface Inbound {
  providerId: string;
  from: string;
  profileName: string | null;
  /** the caller's city when the provider knows it (Twilio's FromCity): shown with "Listener", never the number */
  city?: string | null;
  text?: string;
  /** the text sent with the media (an MMS's Body, a WhatsApp caption): shown with it in the inbox */
  caption?: string | null;
  /** a voice, picture or video to fetch from the provider: its kind and the job's source */
  media?: Omit<LineMediaJob, "mediaId" | "lineId"> & { kind: "audio" | "video" | "image" };
  /** a caption whose media no interaction takes, landing as a text: never taken for STOP */
  captionOnly?: boolean;
  /** false when nothing can be sent back (a voicemail's caller hung up): a held message is not told */
  canTell?: boolean;
  /** a kind no interaction takes (a sticker, a document, a location) with no caption: held as it is */
  unsupported?: boolean;
}

/**
 * Keeps a message no interaction could take (the line feeds none, or the interaction refused it), with its
 * media fetched like a participation's, for the channel's staff; the listener is told why once per reason
 * and day. Never throws for the message itself: what the provider brought is stored before it is answered.
 */
async function hold(
  deps: InboundDeps,
  line: db.LineRow,
  inbound: Inbound,
  at: { hash: string; number: string; reason: HeldReason; error: AppError | null; mediaId: string | null },
): Promise<Landed> {
  const phoneNumberId = await db.upsertPhoneNumber(deps.sql, {
    hash: at.hash,
    sealed: await encryptSecret(deps.jwtSecret, at.number),
    profileName: inbound.profileName?.slice(0, 200) ?? null,
  });
  await db.setInboundNumber(deps.sql, line.id, inbound.providerId, phoneNumberId);
  let mediaId = at.mediaId;
  if (inbound.media && !mediaId) {
    mediaId = await insertUploadSlot(deps.sql, {
      channelId: line.channel_id,
      kind: inbound.media.kind,
      extension: inbound.media.extension,
    });
  }
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - HELD_NOTICE_QUIET_MS);
  const tell = inbound.canTell !== false &&
    !(await heldNoticeSent(deps.sql, line.id, phoneNumberId, at.reason, since));
  await insertHeldMessage(deps.sql, {
    channelId: line.channel_id,
    lineId: line.id,
    medium: line.kind,
    segmentId: line.segment_id,
    reason: at.reason,
    // a held media's caption is not kept with it: it rides on the message's next part, or lands on its own
    text: inbound.media ? null : inbound.text?.trim() || null,
    mediaId,
    mediaKind: inbound.media?.kind ?? null,
    phoneNumberId,
    authorName: inbound.profileName?.slice(0, 200) ?? null,
    authorCity: inbound.city?.trim().slice(0, 100) || null,
    notified: tell,
  });
  if (inbound.media && mediaId) {
    const { kind: _kind, ...fetch } = inbound.media;
    const job: LineMediaJob = { mediaId, lineId: line.id, ...fetch };
    await deps.boss?.send(QUEUES.lineMedia, job);
  }
  if (!tell) return { outcome: "held", notice: null };
  const t = deps.translator?.(line.language);
  const error = at.error ? { code: at.error.code, params: at.error.values } : null;
  const notice = heldNotice(at.reason, error, (key) => !!t && t(key) !== key);
  const text = t ? t(notice.key, notice.params) : notice.key;
  if (line.kind === "whatsapp") await deps.tellListener?.(line, at.number, text).catch(() => {});
  return { outcome: "held", notice: text };
}

/**
 * The name a quiz player who answers by phone gets on air: "Listener · city" when the provider knows the
 * city, else a made-up player name; never the number nor a profile name.
 */
function playerName(deps: InboundDeps, language: string, city: string | null | undefined, player: string) {
  const t = deps.translator?.(language);
  const where = city?.trim().slice(0, 100);
  if (where) return t ? t("quiz.listener_city", { city: where }) : `Listener · ${where}`;
  return quizPseudonym(null, player, t ? t("quiz.player") : "Player");
}

/** Stores one inbound message once, as a participation of the line's interaction. */
async function land(deps: InboundDeps, line: db.LineRow, inbound: Inbound): Promise<Landed> {
  const number = normalizeNumber(inbound.from);
  if (!number) return { outcome: "refused", notice: null };
  const hash = numberHash(deps.jwtSecret, number);
  if (inbound.text !== undefined && !inbound.captionOnly && isStopRequest(inbound.text)) {
    const account = await accountOfNumberHash(deps.sql, hash);
    await db.deletePhoneNumber(deps.sql, hash);
    await forgetLinePlayer(deps.sql, hash.slice(0, 40), account);
    if (line.kind === "whatsapp") await deps.confirmStop?.(line, number).catch(() => {});
    return { outcome: "stopped", notice: null };
  }
  if (!(await db.claimInbound(deps.sql, line.id, inbound.providerId))) {
    return { outcome: "duplicate", notice: null };
  }
  const held = { hash, number, error: null, mediaId: null as string | null };
  try {
    // nothing in it an interaction could take: kept for staff, so the studio still sees that it came
    if (inbound.unsupported) return await hold(deps, line, inbound, { ...held, reason: "unsupported" });
    // the line feeds no interaction now: the message is kept for the channel's staff all the same
    if (line.segment_id === null) {
      return await hold(deps, line, inbound, { ...held, reason: "no_interaction" });
    }
    // while a live quiz's question is open, "A" or a choice's label is an answer: scored, not a participation,
    // and the number is not stored for it (its keyed hash is the player; nothing is sent back to it)
    if (inbound.text !== undefined && !inbound.media) {
      const player = {
        sender: hash.slice(0, 40),
        appUserId: await accountOfNumberHash(deps.sql, hash),
        channelId: line.channel_id,
        name: (key: string) => playerName(deps, line.language, inbound.city, key),
        nth: (name: string, n: number) =>
          deps.translator?.(line.language)("quiz.name_nth", { name, n }) ?? `${name} ${n}`,
      };
      const quiz = { sql: deps.sql, bus: deps.bus, now: deps.now?.() ?? new Date(), secret: deps.jwtSecret };
      const answered = await answerQuizByLine(
        { ...quiz, address: `phone:${hash}` },
        line.segment_id,
        player,
        inbound.text,
      );
      if (answered) return { outcome: "stored", notice: null };
    }
    const phoneNumberId = await db.upsertPhoneNumber(deps.sql, {
      hash,
      sealed: await encryptSecret(deps.jwtSecret, number),
      profileName: inbound.profileName?.slice(0, 200) ?? null,
    });
    await db.setInboundNumber(deps.sql, line.id, inbound.providerId, phoneNumberId);
    // a number its listener linked from my space: the participation is their account's (history, points)
    const author = await accountOfNumber(deps.sql, phoneNumberId);
    const send = {
      sql: deps.sql,
      boss: deps.boss,
      bus: deps.bus,
      now: deps.now?.() ?? new Date(),
      secret: deps.jwtSecret,
      address: `phone:${hash}`, // the per-address vote cap counts per number
    };
    const origin = {
      segment: line.segment_id,
      channel_id: line.channel_id,
      extra_user_information: {
        ...(inbound.profileName ? { name: inbound.profileName.slice(0, 200) } : {}),
        ...(inbound.city?.trim() ? { city: inbound.city.trim().slice(0, 100) } : {}),
      },
      line: {
        medium: line.kind,
        phoneNumberId,
        sender: hash.slice(0, 40),
        deferMedia: !!inbound.media,
        caption: inbound.caption ?? null,
      },
    };
    let outcome;
    if (inbound.media) {
      const { kind, ...fetch } = inbound.media;
      const mediaId = await insertUploadSlot(deps.sql, {
        channelId: line.channel_id,
        kind,
        extension: fetch.extension,
      });
      held.mediaId = mediaId; // a refused media is held with the file it announced
      outcome = await sendParticipation(send, origin, {}, author, { id: mediaId, kind });
      const job: LineMediaJob = { mediaId, lineId: line.id, ...fetch };
      await deps.boss?.send(QUEUES.lineMedia, job);
    } else {
      const context = await getParticipationContext(deps.sql, line.segment_id, null);
      const choices = context?.choices ?? [];
      const choice = choices.length ? keywordChoice(inbound.text ?? "", choices) : null;
      // a caption landing alone is held to the text limit as it would be on its media (cut, not refused)
      const text = inbound.captionOnly
        ? captionWithin(inbound.text ?? "", textLimit(context?.segmentCustomisation))
        : inbound.text ?? "";
      const content = choice !== null ? { choice_ids: [choice] } : { text };
      outcome = await sendParticipation(send, origin, content, author);
    }
    if ("id" in outcome) {
      await db.setInboundMessage(deps.sql, line.id, inbound.providerId, outcome.id);
      return { outcome: "stored", notice: null };
    }
    // the listener's one participation is already taken (a second vote, a second picture): held, not counted
    return await hold(deps, line, inbound, { ...held, reason: "limit_reached" });
  } catch (error) {
    if (!(error instanceof AppError)) {
      await db.releaseInbound(deps.sql, line.id, inbound.providerId);
      throw error;
    }
    // refused by the interaction's rules (closed, not its kind, a quiz between questions): held for staff
    try {
      return await hold(deps, line, inbound, { ...held, reason: heldReason(error.code), error });
    } catch (failure) {
      await db.releaseInbound(deps.sql, line.id, inbound.providerId);
      throw failure;
    }
  }
}

/**
 * A message's media parts and its caption (an MMS's Body, a WhatsApp caption): the caption rides on the first
 * part an interaction takes; when none takes one (a video sent to a photo contest, a text-only interaction),
 * it lands on its own as a text under its own id (`<message id>/text`), a participation or held like any
 * text, so it is never lost nor kept twice.
 */
async function landWithCaption(
  deps: InboundDeps,
  line: db.LineRow,
  sender: Pick<Inbound, "from" | "profileName" | "city">,
  parts: { providerId: string; media: NonNullable<Inbound["media"]> }[],
  caption: { text: string | null; providerId: string },
): Promise<Landed[]> {
  const landed: Landed[] = [];
  let pending = caption.text;
  for (const part of parts) {
    const one = await land(deps, line, { ...sender, ...part, caption: pending });
    if (one.outcome === "stored" || one.outcome === "duplicate") pending = null;
    landed.push(one);
  }
  if (pending) {
    landed.push(
      await land(deps, line, { ...sender, providerId: caption.providerId, text: pending, captionOnly: true }),
    );
  }
  return landed;
}

/** GET webhook verification of the WhatsApp Cloud API: the challenge when the verify token matches. */
export async function verifyWhatsapp(deps: InboundDeps, lineId: number, query: Record<string, string>) {
  const { credentials } = await lineWithCredentials<WhatsappCredentials>(deps, lineId, ["whatsapp"]);
  if (query["hub.mode"] !== "subscribe" || query["hub.verify_token"] !== credentials.verify_token) {
    throw new AppError(403, "forbidden");
  }
  return query["hub.challenge"] ?? "";
}

interface WhatsappPayload {
  entry?: {
    changes?: {
      value?: {
        contacts?: { wa_id?: string; profile?: { name?: string } }[];
        messages?: {
          id?: string;
          from?: string;
          type?: string;
          text?: { body?: string };
          audio?: { id?: string; mime_type?: string };
          voice?: { id?: string };
          image?: { id?: string; mime_type?: string; caption?: string };
          video?: { id?: string; mime_type?: string; caption?: string };
          document?: { id?: string; mime_type?: string; caption?: string };
        }[];
        /** what became of the messages the line sent (a staff reply): sent, delivered, read, failed */
        statuses?: { id?: string; status?: string }[];
      };
    }[];
  }[];
}

/** The WhatsApp message types no interaction takes, held when they bring no caption (never dropped). */
const UNSUPPORTED_KINDS = new Set(["sticker", "document", "location", "image", "video"]);

/** POST of the WhatsApp Cloud API: signed with the app secret over the raw body, each message landed. */
export async function receiveWhatsapp(
  deps: InboundDeps,
  lineId: number,
  raw: Uint8Array,
  signature: string | null,
): Promise<Landing[]> {
  const { line, credentials } = await lineWithCredentials<WhatsappCredentials>(deps, lineId, ["whatsapp"]);
  if (!whatsappSignatureValid(credentials.app_secret, raw, signature)) {
    throw new AppError(401, "unauthorized");
  }
  let payload: WhatsappPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new AppError(400, "invalid_json");
  }
  const landings: Landing[] = [];
  for (const change of (payload.entry ?? []).flatMap((e) => e.changes ?? [])) {
    const names = new Map((change.value?.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
    for (const status of change.value?.statuses ?? []) {
      if (typeof status.id === "string" && typeof status.status === "string") {
        await receiveDeliveryStatus(deps.sql, line.id, status.id, status.status);
      }
    }
    for (const message of change.value?.messages ?? []) {
      if (!message.id || !message.from) continue;
      const base = {
        providerId: message.id,
        from: message.from,
        profileName: names.get(message.from) ?? null,
      };
      if (message.type === "text" && typeof message.text?.body === "string") {
        landings.push((await land(deps, line, { ...base, text: message.text.body.slice(0, 4000) })).outcome);
        continue;
      }
      // a voice note, a picture or a video: fetched by its media id through the Graph API
      const voiceNote = message.audio ?? message.voice;
      const picture = message.image ?? message.video;
      const taken = voiceNote
        ? { kind: "audio" as const, extension: "ogg" }
        : lineMediaOf(picture?.mime_type);
      const id = (voiceNote ?? picture)?.id;
      // a picture or video of a kind no line takes (a sticker, a document) still brings its caption
      const media = id && /^[0-9A-Za-z_-]{1,100}$/.test(id) && taken
        ? [{
          providerId: message.id,
          media: { source: "whatsapp" as const, ref: id, kind: taken.kind, extension: taken.extension },
        }]
        : [];
      const caption = voiceNote ? null : mediaCaption(picture?.caption ?? message.document?.caption);
      // a sticker, a document or a location with nothing to land: held for staff, never dropped
      if (!media.length && !caption && UNSUPPORTED_KINDS.has(message.type ?? "")) {
        landings.push((await land(deps, line, { ...base, unsupported: true })).outcome);
        continue;
      }
      const landed = await landWithCaption(deps, line, base, media, {
        text: caption,
        providerId: `${message.id}/text`,
      });
      landings.push(...landed.map((l) => l.outcome));
    }
  }
  return landings;
}

/** A Twilio-dialect line and its request checked against X-Twilio-Signature; 401 when forged or unsigned. */
async function twilioLine(
  deps: InboundDeps,
  lineId: number,
  kinds: LineKind[],
  url: string,
  params: Record<string, string>,
  signature: string | null,
) {
  const found = await lineWithCredentials<TwilioCredentials>(deps, lineId, kinds);
  if (!twilioSignatureValid(found.credentials.auth_token, url, params, signature)) {
    throw new AppError(401, "unauthorized");
  }
  if (params.AccountSid && params.AccountSid !== found.credentials.account_sid) {
    throw new AppError(401, "unauthorized");
  }
  return found;
}

/** What a message of several parts became: stored when any part was, else what its first part became. */
export function mergedLanding(outcomes: Landing[]): Landing {
  return outcomes.includes("stored") ? "stored" : outcomes[0] ?? "refused";
}

/** An inbound SMS (Twilio's messaging webhook): a text, a keyword vote, or STOP. */
export async function receiveSms(
  deps: InboundDeps,
  lineId: number,
  url: string,
  params: Record<string, string>,
  signature: string | null,
): Promise<{ outcome: Landing; language: string; notice: string | null }> {
  const { line } = await twilioLine(deps, lineId, ["sms"], url, params, signature);
  if (!params.MessageSid || !params.From) throw new AppError(400, "invalid_value");
  const sender = {
    providerId: params.MessageSid,
    from: params.From,
    profileName: null,
    city: params.FromCity ?? null,
  };
  // an MMS: each picture or video becomes a participation (the text on the first), fetched by ids with the
  // account's credentials; each part is stored once by its own id, so a webhook sent again adds none
  const parts = mmsParts(params);
  if (parts.length) {
    const landed = await landWithCaption(
      deps,
      line,
      sender,
      parts.map((part) => ({
        providerId: part.providerId,
        media: {
          source: "twilio-mms" as const,
          ref: `${params.MessageSid}/${part.mediaSid}`,
          kind: part.kind,
          extension: part.extension,
          contentType: part.contentType,
        },
      })),
      { text: mediaCaption(params.Body), providerId: `${params.MessageSid}/text` },
    );
    const outcomes = landed.map((l) => l.outcome);
    return {
      outcome: mergedLanding(outcomes),
      language: line.language,
      notice: landed.find((l) => l.notice)?.notice ?? null,
    };
  }
  const landed = await land(deps, line, { ...sender, text: (params.Body ?? "").slice(0, 4000) });
  return { outcome: landed.outcome, language: line.language, notice: landed.notice };
}

/** Twilio's StatusCallback of a reply sent by an SMS line: the reply's delivery state moves forward. */
export async function receiveSmsStatus(
  deps: InboundDeps,
  lineId: number,
  url: string,
  params: Record<string, string>,
  signature: string | null,
): Promise<boolean> {
  const { line } = await twilioLine(deps, lineId, ["sms"], url, params, signature);
  if (!params.MessageSid || !params.MessageStatus) throw new AppError(400, "invalid_value");
  return await receiveDeliveryStatus(deps.sql, line.id, params.MessageSid, params.MessageStatus);
}

/**
 * What a call's recording callback carries sealed: the caller's number, and their city when the provider
 * sent it with the call (Twilio's FromCity, as with an SMS), so the voicemail reads "Listener · city".
 */
function sealedCaller(number: string, city: string | undefined): string {
  const where = city?.trim().slice(0, 100);
  return where ? JSON.stringify({ number, city: where }) : number;
}

/** The caller a callback's sealed address names (a bare number: a call answered before cities were kept). */
function openedCaller(opened: string): { number: string; city: string | null } | null {
  if (!opened.startsWith("{")) return { number: opened, city: null };
  try {
    const { number, city } = JSON.parse(opened) as { number?: unknown; city?: unknown };
    if (typeof number !== "string") return null;
    return { number, city: typeof city === "string" ? city : null };
  } catch {
    return null;
  }
}

/**
 * A call to the voicemail line: the TwiML of a greeting in the channel's language, a beep and a recording
 * no longer than the interaction allows, whose status is posted to `callbackUrl`.
 */
export async function answerCall(
  deps: InboundDeps,
  lineId: number,
  request: { url: string; params: Record<string, string>; signature: string | null; callbackUrl: string },
  greeting: (language: string) => string,
): Promise<string> {
  const { line } = await twilioLine(deps, lineId, ["voice"], request.url, request.params, request.signature);
  // the recording's callback names neither the caller nor their city: both travel sealed in its address
  const number = normalizeNumber(request.params.From ?? "");
  const caller = number
    ? encodeURIComponent(await encryptSecret(deps.jwtSecret, sealedCaller(number, request.params.FromCity)))
    : "";
  const context = line.segment_id ? await getParticipationContext(deps.sql, line.segment_id, null) : null;
  const limit = Number(context?.segment.max_recording_time ?? 0) || VOICEMAIL_MAX_SECONDS;
  const seconds = Math.min(limit, VOICEMAIL_MAX_SECONDS);
  return voicemailTwiml(
    greeting(line.language),
    line.language,
    seconds,
    `${request.callbackUrl}?caller=${caller}`,
  );
}

/**
 * The recording-status callback (its address signed by the provider holds the sealed caller): a completed
 * voicemail is fetched (a job) and lands as a voice.
 */
export async function receiveRecording(
  deps: InboundDeps,
  lineId: number,
  request: { url: string; params: Record<string, string>; signature: string | null; caller: string },
): Promise<{ outcome: Landing }> {
  const { params } = request;
  const { line } = await twilioLine(deps, lineId, ["voice"], request.url, params, request.signature);
  if (params.RecordingStatus && params.RecordingStatus !== "completed") return { outcome: "refused" };
  if (!RECORDING_SID.test(params.RecordingSid ?? "")) throw new AppError(400, "invalid_value");
  const opened = await decryptSecret(deps.jwtSecret, request.caller).catch(() => null);
  const caller = opened === null ? null : openedCaller(opened);
  if (!caller) throw new AppError(400, "invalid_value");
  const { outcome } = await land(deps, line, {
    providerId: params.RecordingSid,
    from: caller.number,
    city: caller.city,
    profileName: null,
    media: { source: "twilio", ref: params.RecordingSid, extension: "wav", kind: "audio" },
    canTell: false, // the caller hung up: nothing goes back to a voicemail's number
  });
  return { outcome };
}
