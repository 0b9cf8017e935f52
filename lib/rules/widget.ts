// Pure helpers of the visitor widgets (visitor-widget §2, §4, §9): screen flow, paging, timers,
// browser detection. Shared by the server render and the islands.
import { CHOICES_PER_PAGE, RECORDER_AUDIO_BPS, RECORDER_VIDEO_BPS } from "./constants.ts";
import type { VoteResultRow } from "./votes.ts";
import type { ChoiceRow, SegmentRow } from "./segments.ts";

/** Local-storage keys of the widget (spec §3: named after the product). */
export const STORAGE_KEYS = {
  device: "interaction-manager.device_id",
  user: "interaction-manager.user",
  info: "interaction-manager.information",
  /** The interactions with a message saved in the browser and not sent yet (islands/browser/outbox.ts). */
  outbox: "interaction-manager.outbox",
} as const;

/**
 * Whether the outbox index kept in local storage names one of these interactions (a widget's first
 * screen asks it without opening IndexedDB).
 * @example hasSavedMessage("[12]", [12, 13]) // true
 */
export function hasSavedMessage(raw: string | null, segments: number[]): boolean {
  try {
    const saved = JSON.parse(raw ?? "[]");
    return Array.isArray(saved) && saved.some((id) => segments.includes(id));
  } catch {
    return false;
  }
}

/** Whether a stored device id has the shape of one the server issues (`d1.<nonce>.<signature>`). */
export function isDeviceIdShape(id: string): boolean {
  return /^d1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/.test(id);
}

export type WidgetScreen =
  | "init"
  | "recorder"
  | "videoUploaded"
  | "voting"
  | "gatherInformation"
  | "rgpdConsent"
  | "sending"
  | "thanks"
  | "write"
  | "results";

/**
 * What the single-interaction widget knows of its segment (plain JSON, island props, made by
 * lib/widgets/page.ts): the row's columns it shows as they are, picked, plus what the page computes for it
 * (requested fields, consents, narrowed enums, the text limit and the customised texts).
 */
export type WidgetSegment =
  & Pick<
    SegmentRow,
    | "id"
    | "uuid"
    | "channel_id"
    | "type"
    | "title"
    | "text"
    | "show_id"
    | "program_id"
    | "max_recording_time"
    | "show_results"
    | "testimonial_demanded"
    | "testimonial"
    | "enable_written_answer"
    | "enable_audio_answer"
    | "registration_required"
  >
  & {
    choices: Pick<ChoiceRow, "id" | "label">[];
    fields: { field: string; mandatory: boolean }[];
    gdpr: boolean;
    image_right: boolean;
    /** A high-stakes vote: the widget solves a proof-of-work challenge before sending. */
    high_stakes?: boolean;
    testimonial_format: "voice" | "text";
    media_type: "image" | "video" | null;
    game_type: "answer" | "registration";
    text_limit: number;
    texts: {
      personal: string | null;
      thanks: string | null;
      title_consent: string | null;
      consent_gdpr_text: string | null;
      title_consent_image_right: string | null;
      image_right_text: string | null;
    };
  };

/** True for the vote-like types whose content is a choice list. */
export const isVoting = (s: Pick<WidgetSegment, "type" | "game_type">) =>
  s.type === "single_choice_question" || s.type === "multiple_choice_question" ||
  (s.type === "game" && s.game_type !== "registration");

/** True when the segment only collects details (registration, registration game). */
export const isRegistration = (s: Pick<WidgetSegment, "type" | "game_type">) =>
  s.type === "registration" || (s.type === "game" && s.game_type === "registration");

/**
 * Registration required: a missing or anonymous user logs in first (§4, §6). The single widget says so
 * on its first screen, before any form, and both widgets open the login panel before sending.
 * @example needsLogin({ registration_required: true }, { is_anonymous: true }) // true
 */
export const needsLogin = (
  segment: { registration_required: boolean },
  user: { is_anonymous: boolean } | null,
) => segment.registration_required && (!user || user.is_anonymous);

/**
 * The screen after the content is ready (§4): gatherInformation when fields are requested (skipped
 * for a testimonial), then rgpdConsent when a consent is needed, then sending.
 */
export function nextScreen(
  s: Pick<WidgetSegment, "fields" | "gdpr" | "image_right">,
  from: WidgetScreen,
  testimonial = false,
): WidgetScreen {
  if (from !== "gatherInformation" && from !== "rgpdConsent" && s.fields.length > 0 && !testimonial) {
    return "gatherInformation";
  }
  if (from !== "rgpdConsent" && (s.gdpr || s.image_right) && !testimonial) return "rgpdConsent";
  return "sending";
}

/** A page of items (§9: 5 choices per page) with the paging flags. */
export function pageOf<T>(items: T[], page: number, perPage = CHOICES_PER_PAGE) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(0, page), pages - 1);
  return {
    items: items.slice(current * perPage, current * perPage + perPage),
    page: current,
    pages,
    hasPrev: current > 0,
    hasNext: current < pages - 1,
  };
}

/** Result rows shown as bars: choices at 0 % are hidden (§2 results). */
export const visibleResults = (rows: VoteResultRow[]) => rows.filter((r) => r.percentage > 0);

/** The recorder timer: mm:ss.hh (hundredths, §9 ticks every 30 ms). */
export function formatTimer(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 10));
  const hundredths = total % 100;
  const seconds = Math.floor(total / 100) % 60;
  const minutes = Math.floor(total / 6000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(minutes)}:${two(seconds)}.${two(hundredths)}`;
}

/** True in the Facebook and Instagram in-app browsers, where recording is blocked (§2, §8). */
export const isInAppBrowser = (userAgent: string) => /FBAN|FBAV|FB_IAB|Instagram/i.test(userAgent);

/**
 * The recording format the browser supports: opus in webm, else aac in mp4 (Safari).
 * @example pickRecorderMime("audio", (t) => t.startsWith("audio/mp4")) // { mime: "audio/mp4", extension: "mp4" }
 */
export function pickRecorderMime(
  kind: "audio" | "video",
  isSupported: (type: string) => boolean,
): { mime: string; extension: string } {
  const candidates = kind === "audio"
    ? [
      "audio/webm;codecs=opus",
      "audio/webm",
      "audio/mp4;codecs=mp4a.40.2",
      "audio/mp4",
      "audio/ogg;codecs=opus",
    ]
    : ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4;codecs=avc1,mp4a.40.2", "video/mp4"];
  for (const mime of candidates) {
    if (isSupported(mime)) return { mime, extension: mime.split(";")[0].split("/")[1] };
  }
  return { mime: "", extension: kind === "audio" ? "webm" : "webm" };
}

/**
 * The MediaRecorder options of a recording: its format and the speech and video bitrates of a phone
 * network (RECORDER_AUDIO_BPS, RECORDER_VIDEO_BPS); a browser that ignores them records at its default.
 * @example recorderOptions("audio", "audio/webm;codecs=opus") // { mimeType: "audio/webm;codecs=opus", audioBitsPerSecond: 32000 }
 */
export function recorderOptions(kind: "audio" | "video", mime: string): MediaRecorderOptions {
  return {
    ...(mime ? { mimeType: mime } : {}),
    audioBitsPerSecond: RECORDER_AUDIO_BPS,
    ...(kind === "video" ? { videoBitsPerSecond: RECORDER_VIDEO_BPS } : {}),
  };
}

/** Percentage progress of an upload (§7: up to 80 while sending, 85 once stored). */
export const uploadPercent = (sent: number, total: number) =>
  total > 0 ? Math.min(80, Math.round((sent / total) * 80)) : 0;
