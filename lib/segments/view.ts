// What the public widgets may see of a segment (visitor-widget §3 "Interaction / segment").
// Pure: the channel widget's pages and API read a segment through it (lib/channels/widget.ts).
import { type Customisation, defaultCustomisation, mergedCustomisation } from "../rules/customisation.ts";
import { resultsArePublic } from "../rules/vote_integrity.ts";

/** The columns of a segment the widgets read. */
export interface SegmentForWidget {
  id: number;
  uuid: string;
  channel_id: number;
  type: string;
  title: string;
  text: string | null;
  show_id: string | null;
  program_id: string | null;
  status: string;
  start_date: Date | null;
  end_date: Date | null;
  to_mode: string;
  legal_notice: string | null;
  registration_required: boolean;
  testimonial: string | null;
  testimonial_demanded: boolean;
  testimonial_format: string;
  gather_information: boolean;
  information_to_gather: Record<string, { active: boolean; mandatory: boolean }>;
  max_recording_time: number;
  sms_template: string | null;
  sms_receiver: string | null;
  background_url: string | null;
  background_kind: string | null;
  limit_1_vote: boolean;
  show_results: boolean;
  hide_results_until_end?: boolean;
  high_stakes?: boolean;
  enable_written_answer: boolean;
  enable_audio_answer: boolean;
  media_type: string | null;
  game_type: string;
  is_gdpr_consent: boolean;
  is_image_right_consent: boolean;
  customisation: Partial<Customisation>;
}

/** The segment's customisation over the channel's default one over the product defaults. */
export function effectiveCustomisation(
  channelDefault: Partial<Customisation> | null,
  segment: Partial<Customisation> | null,
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
export type PublicSegment = ReturnType<typeof publicSegmentView>;
