// What the public widgets may see of a segment (visitor-widget §3 "Interaction / segment").
// Pure: the channel widget's pages and API read a segment through it (lib/channels/widget.ts).
import { type Customisation, defaultCustomisation, mergedCustomisation } from "../rules/customisation.ts";
import type { SegmentRow } from "../rules/segments.ts";
import { resultsArePublic } from "../rules/vote_integrity.ts";

/** The columns of a segment the public view reads, picked from the row. */
export type SegmentForWidget = Pick<
  SegmentRow,
  | "id"
  | "uuid"
  | "channel_id"
  | "type"
  | "title"
  | "text"
  | "show_id"
  | "program_id"
  | "status"
  | "start_date"
  | "end_date"
  | "to_mode"
  | "legal_notice"
  | "registration_required"
  | "testimonial"
  | "testimonial_demanded"
  | "testimonial_format"
  | "gather_information"
  | "information_to_gather"
  | "max_recording_time"
  | "sms_template"
  | "sms_receiver"
  | "background_url"
  | "background_kind"
  | "limit_1_vote"
  | "show_results"
  | "hide_results_until_end"
  | "high_stakes"
  | "enable_written_answer"
  | "enable_audio_answer"
  | "media_type"
  | "game_type"
  | "is_gdpr_consent"
  | "is_image_right_consent"
  | "customisation"
>;

/** The segment's customisation over the channel's default one over the product defaults. */
export function effectiveCustomisation(
  channelDefault: Partial<Customisation> | null,
  segment: Record<string, unknown> | null,
): Customisation {
  const merged = mergedCustomisation(channelDefault, segment) as Partial<Customisation>;
  return { ...defaultCustomisation(merged.language ?? "fr"), ...merged };
}

/** The public JSON of a segment with its choices and effective customisation (no staff fields). */
export function publicSegmentView(
  s: SegmentForWidget,
  choices: { id: number; label: string }[],
  channelCustomisation: Partial<Customisation> | null,
) {
  return {
    id: s.id,
    uuid: s.uuid,
    type: s.type,
    title: s.title,
    text: s.text,
    show_id: s.show_id,
    channel_id: s.channel_id,
    program_id: s.program_id,
    start_date: s.start_date?.toISOString() ?? null,
    end_date: s.end_date?.toISOString() ?? null,
    permanent: s.to_mode === "permanent",
    choices: choices.map((c) => ({ id: c.id, label: c.label })),
    legal_notice: s.legal_notice,
    registration_required: s.registration_required,
    testimonial: s.testimonial,
    testimonial_demanded: s.testimonial_demanded,
    testimonial_format: s.testimonial_format,
    gather_information: s.gather_information,
    information_to_gather: s.information_to_gather,
    max_recording_time: s.max_recording_time,
    sms: s.sms_template,
    receiver: s.sms_receiver,
    background_url: s.background_url,
    background_kind: s.background_kind,
    limit_1_vote: s.limit_1_vote,
    // results hidden until the vote closes are not shown before (thanks screen without results)
    show_results: resultsArePublic(s, new Date()),
    high_stakes: s.high_stakes === true,
    enable_written_answer: s.enable_written_answer,
    enable_audio_answer: s.enable_audio_answer,
    media_type: s.media_type,
    game_type: s.game_type,
    is_gdpr_consent: s.is_gdpr_consent,
    is_image_right_consent: s.is_image_right_consent,
    customisation: effectiveCustomisation(channelCustomisation, s.customisation),
  };
}
/**
 * The public JSON of a segment the channel widget's API hands on (dates as ISO strings, choices, effective
 * customisation): derived from the function that makes it, so its fields are written once.
 */
export type PublicSegment = ReturnType<typeof publicSegmentView>;
