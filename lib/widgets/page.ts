// Server side of the single-interaction widget page: what the island and the page receive from the
// stored channel and segment (visitor-widget §3 Channel / Interaction / Customisation fields).
import type sanitizeHtml from "sanitize-html";
import { sanitizer } from "../rules/markdown.ts";
import { DEFAULT_WIDGET_COLOR, SMS_MAX_LENGTH } from "../rules/constants.ts";
import { buttonText, customConsentTitle } from "../rules/customisation.ts";
import { requestedFields, textLimit } from "../rules/participation.ts";
import type { SegmentRow } from "../rules/segments.ts";
import type { WidgetSegment } from "../rules/widget.ts";
import type { PublicSegment } from "../segments/view.ts";
import { resultsArePublic } from "../rules/vote_integrity.ts";

const HEX = /^#[0-9a-fA-F]{3,8}$/;
const colour = (
  value: unknown,
  fallback: string,
) => (typeof value === "string" && HEX.test(value) ? value : fallback);
const str = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
let consentOptions: sanitizeHtml.IOptions | undefined;
const safeHtmlOptions = (): sanitizeHtml.IOptions =>
  consentOptions ??= {
    allowedTags: ["b", "strong", "i", "em", "u", "a", "br", "p", "span"],
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      a: sanitizer().simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    },
  };
// sanitizeHtml is a pure function of its input: the consent texts of the segments shown are the same
// few strings on every page view, and parsing them again was a sixth of the channel widget's render.
// Keyed by the text itself, so an edited text is simply a new entry; bounded.
const sanitized = new Map<string, string>();
const SANITIZED_MAX = 1000;
const safeHtml = (value: unknown): string | null => {
  if (!str(value)) return null;
  const html = value as string;
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean: string = sanitizer()(html, safeHtmlOptions());
  if (sanitized.size >= SANITIZED_MAX) sanitized.clear();
  sanitized.set(html, clean);
  return clean;
};

/**
 * The columns the widget's segment is made of: the stored row's (the single widget's page) or the public
 * view's (the channel widget's page, dates as strings), the same names picked from both.
 */
export type WidgetSegmentSource =
  & Pick<
    SegmentRow | PublicSegment,
    | "id"
    | "uuid"
    | "channel_id"
    | "type"
    | "title"
    | "text"
    | "show_id"
    | "program_id"
    | "max_recording_time"
    | "gather_information"
    | "information_to_gather"
    | "is_gdpr_consent"
    | "is_image_right_consent"
    | "show_results"
    | "end_date"
    | "high_stakes"
    | "testimonial_demanded"
    | "testimonial"
    | "testimonial_format"
    | "enable_written_answer"
    | "enable_audio_answer"
    | "media_type"
    | "game_type"
    | "registration_required"
  >
  & Partial<Pick<SegmentRow, "hide_results_until_end">>;

/** The island props of a segment (plain JSON). */
export function widgetSegment(
  segment: WidgetSegmentSource,
  choices: { id: number; label: string }[],
  custom: Record<string, unknown>,
  segmentCustomisation: unknown,
): WidgetSegment {
  const gather = segment.gather_information === true;
  return {
    id: Number(segment.id),
    uuid: String(segment.uuid),
    channel_id: Number(segment.channel_id),
    type: segment.type,
    title: String(segment.title ?? ""),
    text: str(segment.text),
    show_id: str(segment.show_id),
    program_id: str(segment.program_id),
    choices: choices.map((c) => ({ id: Number(c.id), label: c.label })),
    max_recording_time: Number(segment.max_recording_time ?? 120),
    fields: gather ? requestedFields(segment.information_to_gather) : [],
    gdpr: segment.is_gdpr_consent === true,
    image_right: segment.is_image_right_consent === true,
    show_results: resultsArePublic(segment, new Date()),
    high_stakes: segment.high_stakes === true,
    testimonial_demanded: segment.testimonial_demanded === true,
    testimonial: str(segment.testimonial),
    testimonial_format: segment.testimonial_format === "text" ? "text" : "voice",
    enable_written_answer: segment.enable_written_answer === true,
    enable_audio_answer: segment.enable_audio_answer === true,
    media_type: segment.media_type === "image" ? "image" : segment.media_type === "video" ? "video" : null,
    game_type: segment.game_type === "registration" ? "registration" : "answer",
    registration_required: segment.registration_required === true,
    text_limit: segment.type === "sms"
      ? Math.min(SMS_MAX_LENGTH, textLimit(segmentCustomisation))
      : textLimit(segmentCustomisation),
    texts: {
      personal: str(custom.text_personal),
      thanks: str(custom.text_thanks),
      title_consent: customConsentTitle(custom.title_consent),
      consent_gdpr_text: safeHtml(custom.consent_gdpr_text),
      title_consent_image_right: str(custom.title_consent_image_right),
      image_right_text: safeHtml(custom.image_right_text),
    },
  };
}

/**
 * The page's CSS variables: the channel's widget colour, the customisation's button and background
 * colours, the `background` query colour, and the width/height query sizes (ignored on mobile).
 */
export function widgetStyle(
  channelColor: unknown,
  custom: Record<string, unknown>,
  query: { background?: string; width?: string; height?: string },
): string {
  const primary = colour(channelColor, DEFAULT_WIDGET_COLOR);
  const button = colour(custom.btn_1_color, primary);
  const vars: Record<string, string> = {
    "--w-primary": primary,
    "--w-btn": button,
    "--w-btn-text": buttonText(button, custom.btn_1_text_color),
    "--w-outer": colour(
      query.background ? `#${query.background.replace(/^#/, "")}` : custom.background_outer,
      "#1b2a4a",
    ),
    "--w-inner": colour(custom.background_inner, "#ffffff"),
  };
  const px = (v?: string) => (v && /^\d{2,4}$/.test(v) ? `${v}px` : null);
  if (px(query.width)) vars["--w-width"] = px(query.width)!;
  if (px(query.height)) vars["--w-height"] = px(query.height)!;
  return Object.entries(vars).map(([k, v]) => `${k}:${v}`).join(";");
}
