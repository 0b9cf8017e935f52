// Participation rules (visitor-widget §5, §6, §7 "Send a participation" / "Finish a media
// participation"): may this visitor send this content to this segment, and what is stored. Pure.
import {
  AUDIO_EXTENSIONS,
  DATA_ITEMS,
  DEFAULT_TEXT_LIMIT,
  IMAGE_EXTENSIONS,
  type SegmentType,
  SMS_MAX_LENGTH,
  VIDEO_EXTENSIONS,
} from "./constants.ts";
import { AppError } from "./errors.ts";
import type { SegmentRow } from "./segments.ts";

/** The columns of a segment the participation rules read, picked from the row. */
export type SegmentRules = Pick<
  SegmentRow,
  | "id"
  | "channel_id"
  | "type"
  | "status"
  | "start_date"
  | "end_date"
  | "limit_1_vote"
  | "gather_information"
  | "information_to_gather"
  | "is_gdpr_consent"
  | "is_image_right_consent"
  | "registration_required"
  | "enable_written_answer"
  | "enable_audio_answer"
  | "testimonial_demanded"
  | "game_type"
  | "media_type"
>;

/** The app user sending, when a token names one. */
export interface AuthorRow {
  id: number;
  is_anonymous: boolean;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  udid?: string | null;
}

/** What the visitor sends (POST interactions body, or the PUT query of a media participation). */
export interface Submission {
  choice_ids?: number[];
  text?: string;
  /** media kind of a finished upload (PUT interactions) */
  media?: "audio" | "video" | "image";
  extra_user_information?: Record<string, unknown>;
  only_user_data?: boolean;
  consent_gdpr?: boolean;
  consent_image_right?: boolean;
}

/** What the rules decide: the row values that depend on them. */
export interface Decision {
  type: SegmentType;
  /** a written or voice answer to the "why?" prompt after a vote: never limited to one */
  isTestimonial: boolean;
  /** limit_1_vote applies: the unique indexes allow one such message per device and per user */
  limited: boolean;
  text: string | null;
  choiceIds: number[] | null;
  onlyUserData: boolean;
}

const VOTE_TYPES = new Set(["single_choice_question", "multiple_choice_question", "game"]);
const TEXT_TYPES = new Set(["message", "sms"]);
const ACCEPTING = new Set(["ready", "published"]);

/** True when the segment accepts participations now: ready or published, start ≤ now < end (no end = open). */
export function isAvailable(segment: Pick<SegmentRules, "status" | "start_date" | "end_date">, now: Date) {
  if (!ACCEPTING.has(segment.status)) return false;
  if (segment.start_date && segment.start_date.getTime() > now.getTime()) return false;
  if (segment.end_date && segment.end_date.getTime() <= now.getTime()) return false;
  return true;
}

/**
 * When a scheduled interaction that has not started yet opens (ready or published, its start to come),
 * else null: the widget then says when, rather than that it is no longer available.
 */
export function opensLater(segment: Pick<SegmentRules, "status" | "start_date">, now: Date): Date | null {
  if (!ACCEPTING.has(segment.status) || !segment.start_date) return null;
  return segment.start_date.getTime() > now.getTime() ? segment.start_date : null;
}

/** True for a game that only collects the visitor's details (no choice to pick). */
export const isRegistrationGame = (s: Pick<SegmentRules, "type" | "game_type">) =>
  s.type === "game" && s.game_type === "registration";

/**
 * The fields to gather and whether each is mandatory, from either stored shape: a map of field name
 * to `{active, mandatory}` (or to a flag), or a list of field keys.
 * @example requestedFields({ city: { active: true, mandatory: false } }) // [{ field: "city", mandatory: false }]
 */
export function requestedFields(info: unknown): { field: string; mandatory: boolean }[] {
  if (Array.isArray(info)) {
    return info.filter((f) => typeof f === "string").map((field) => ({ field, mandatory: true }));
  }
  if (!info || typeof info !== "object") return [];
  const out: { field: string; mandatory: boolean }[] = [];
  for (const [field, value] of Object.entries(info as Record<string, unknown>)) {
    if (value === true) out.push({ field, mandatory: true });
    else if (value && typeof value === "object") {
      const flags = value as { active?: unknown; mandatory?: unknown };
      if (flags.active === true) out.push({ field, mandatory: flags.mandatory === true });
    }
  }
  const order = DATA_ITEMS as readonly string[];
  return out.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

/** The channel's text limit (segment_customisation.character_text_zone_length, default 250). */
export function textLimit(segmentCustomisation: unknown): number {
  const value = (segmentCustomisation as { character_text_zone_length?: unknown } | null)
    ?.character_text_zone_length;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : DEFAULT_TEXT_LIMIT;
}

/** True when a transcription is longer than the channel's text limit (§5: flagged too long). */
export const transcriptTooLong = (transcript: string, segmentCustomisation: unknown) =>
  transcript.length > textLimit(segmentCustomisation);

const filled = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";

/** Throws "Missing required {field} field" for the first empty mandatory field. */
export function checkGatheredInformation(segment: SegmentRules, info: Record<string, unknown> = {}) {
  if (!segment.gather_information) return;
  for (const { field, mandatory } of requestedFields(segment.information_to_gather)) {
    if (mandatory && !filled(info[field])) {
      throw new AppError(400, "missing_field", { field }, {
        [`extra_user_information.${field}`]: ["missing"],
      });
    }
  }
}

/** Throws when the segment asks for a consent the visitor did not give. */
export function checkConsents(segment: SegmentRules, submission: Submission) {
  if (segment.is_gdpr_consent && submission.consent_gdpr !== true) {
    throw new AppError(400, "missing_consent_gdpr", {}, { consent_gdpr: ["missing"] });
  }
  if (segment.is_image_right_consent && submission.consent_image_right !== true) {
    throw new AppError(400, "missing_consent_image", {}, { consent_image_right: ["missing"] });
  }
}

/** Throws unless a registered, non-anonymous app user sends to a registration_required segment. */
export function checkRegistration(segment: SegmentRules, author: AuthorRow | null) {
  if (segment.registration_required && (!author || author.is_anonymous)) {
    throw new AppError(403, "registration_required");
  }
}

function checkMedia(segment: SegmentRules, media: "audio" | "video" | "image", testimonial: boolean) {
  const ok = testimonial ||
    (segment.type === "recording_question" && media === "audio") ||
    (segment.type === "video" && (media === "video" || media === "image" ||
      (media === "audio" && segment.enable_audio_answer)));
  if (!ok) throw new AppError(422, "participation_wrong_type", { type: segment.type });
}

function checkText(segment: SegmentRules, text: string | undefined, limit: number): string {
  const value = (text ?? "").trim();
  if (!value) throw new AppError(400, "text_empty", {}, { "content.text": ["empty"] });
  if (segment.type === "sms" && value.length > SMS_MAX_LENGTH) {
    throw new AppError(400, "text_too_long", { max: SMS_MAX_LENGTH }, { "content.text": ["too_long"] });
  }
  if (value.length > limit) {
    throw new AppError(400, "text_too_long", { max: limit }, { "content.text": ["too_long"] });
  }
  return value;
}

/**
 * Applies every rule of §5/§6 to a submission and returns the values to store, or throws the
 * AppError the visitor sees. `choices` are the ids of the segment's own choices.
 */
export function decideParticipation(input: {
  segment: SegmentRules;
  choices: number[];
  author: AuthorRow | null;
  submission: Submission;
  segmentCustomisation: unknown;
  now: Date;
}): Decision {
  const { segment, submission, author } = input;
  if (!isAvailable(segment, input.now)) throw new AppError(410, "segment_unavailable");
  checkRegistration(segment, author);
  const type = segment.type as SegmentType;
  const hasChoices = (submission.choice_ids?.length ?? 0) > 0;
  const isVote = VOTE_TYPES.has(type);
  // after a vote, a text or voice answer to the testimonial prompt is a second, unlimited message
  const isTestimonial = isVote && segment.testimonial_demanded && !hasChoices &&
    (submission.media === "audio" || (submission.text ?? "").trim() !== "");
  const limit = textLimit(input.segmentCustomisation);
  let text: string | null = null;
  let choiceIds: number[] | null = null;
  let onlyUserData = false;

  if (submission.media) {
    checkMedia(segment, submission.media, isTestimonial);
  } else if (isTestimonial) {
    text = checkText(segment, submission.text, limit);
  } else if (isRegistrationGame(segment) || type === "registration") {
    onlyUserData = true;
  } else if (isVote) {
    const ids = [...new Set(submission.choice_ids ?? [])];
    if (ids.length === 0) throw new AppError(400, "choice_required", {}, { "content.choice_ids": ["empty"] });
    if (ids.some((id) => !input.choices.includes(id))) {
      throw new AppError(400, "choice_unknown", {}, { "content.choice_ids": ["unknown"] });
    }
    if (type !== "multiple_choice_question" && ids.length > 1) {
      throw new AppError(400, "choice_single", {}, { "content.choice_ids": ["single"] });
    }
    choiceIds = ids;
  } else if (TEXT_TYPES.has(type) || segment.enable_written_answer) {
    text = checkText(segment, submission.text, limit);
  } else {
    throw new AppError(422, "participation_wrong_type", { type });
  }

  if (!isTestimonial) checkGatheredInformation(segment, submission.extra_user_information);
  checkConsents(segment, submission);
  return {
    type,
    isTestimonial,
    limited: segment.limit_1_vote && !isTestimonial,
    text,
    choiceIds,
    onlyUserData,
  };
}

/** The author columns copied onto the message for search and display (name, city). */
export function authorSnapshot(
  author: AuthorRow | null,
  info: Record<string, unknown> = {},
): { name: string | null; city: string | null } {
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const fullName = [str(info.first_name), str(info.name)].filter(Boolean).join(" ") || null;
  const ownName = author
    ? str(author.nickname) ??
      ([str(author.first_name), str(author.last_name)].filter(Boolean).join(" ") || null)
    : null;
  return {
    name: (ownName ?? fullName)?.slice(0, 200) ?? null,
    city: (str(author?.city) ?? str(info.city))?.slice(0, 200) ?? null,
  };
}

export type MediaKind = "audio" | "video" | "image";

/**
 * The media kind of an upload from its extension (the spec's video and image lists, plus the
 * recorder's audio formats); webm and mp4 hold audio when the client says so. Null = refused.
 * @example uploadKind("webm", "audio") // "audio"
 */
export function uploadKind(extension: string, declared?: "audio" | "video"): MediaKind | null {
  const ext = extension.toLowerCase().replace(/^\./, "");
  const isAudio = (AUDIO_EXTENSIONS as readonly string[]).includes(ext);
  const isVideo = (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
  if (isAudio && isVideo) return declared ?? "video";
  if (isAudio) return "audio";
  if (isVideo) return "video";
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return "image";
  return null;
}
