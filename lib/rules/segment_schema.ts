// Payloads of the segment API (back-office §3 Interaction), shared by the API and the islands.
import { z } from "zod";
import {
  DATA_ITEMS,
  DELIVERY_OPTIONS,
  DELIVERY_TRIGGERS,
  MAX_VOTE_CAP,
  SEGMENT_TYPES,
  SMS_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  WEBVIEW_VERSIONS,
} from "./constants.ts";
import { SEGMENT_STATUSES } from "./segments.ts";

const text = (max: number) => z.string().max(max).nullable().optional();
const date = z.iso.datetime({ offset: true }).nullable().optional();

/** A choice sent by the form: its id when it exists already, and its label. */
export const choiceInputSchema = z.object({
  id: z.number().int().positive().nullable().optional(),
  label: z.string().trim().min(1).max(200),
});

/** The fields of a segment that staff may change; only those present are written (PUT segment by id). */
export const segmentUpdateSchema = z.object({
  type: z.enum(SEGMENT_TYPES).optional(),
  title: z.string().max(TITLE_MAX_LENGTH).optional(),
  text: text(5000),
  legal_notice: text(5000),
  testimonial: text(1000),
  testimonial_demanded: z.boolean().optional(),
  testimonial_format: z.enum(["voice", "text"]).optional(),
  limit_1_vote: z.boolean().optional(),
  show_results: z.boolean().optional(),
  hide_results_until_end: z.boolean().optional(),
  vote_cap_per_address: z.number().int().min(1).max(MAX_VOTE_CAP).optional(),
  high_stakes: z.boolean().optional(),
  from: z.enum(["now", "programmed"]).optional(),
  to: z.enum(["scheduled", "permanent"]).optional(),
  start_date: date,
  end_date: date,
  status: z.enum(SEGMENT_STATUSES).optional(),
  gather_information: z.boolean().optional(),
  information_to_gather: z.partialRecord(
    z.enum(DATA_ITEMS),
    z.object({ active: z.boolean(), mandatory: z.boolean() }),
  ).optional(),
  enable_written_answer: z.boolean().optional(),
  enable_audio_answer: z.boolean().optional(),
  media_type: z.enum(["image", "video"]).nullable().optional(),
  game_type: z.enum(["answer", "registration"]).optional(),
  max_recording_time: z.number().int().min(5).max(600).optional(),
  webview_version: z.enum(WEBVIEW_VERSIONS).optional(),
  customed: z.boolean().optional(),
  customisation: z.record(z.string(), z.unknown()).optional(),
  is_gdpr_consent: z.boolean().optional(),
  is_image_right_consent: z.boolean().optional(),
  registration_required: z.boolean().optional(),
  requires_approval: z.boolean().optional(),
  delivery_option: z.enum(DELIVERY_OPTIONS).optional(),
  delivery_trigger: z.enum(DELIVERY_TRIGGERS).optional(),
  show_id: text(100),
  program_id: text(100),
  sms_template: text(SMS_MAX_LENGTH),
  sms_receiver: text(20),
  choices: z.array(choiceInputSchema).max(100).optional(),
});
export type SegmentUpdate = z.infer<typeof segmentUpdateSchema>;

/** PUT segmentNew: a draft from a template (by id or widget model), on a channel for a super administrator. */
export const segmentNewSchema = z.object({
  template_id: z.number().int().positive().optional(),
  widget_model: z.string().max(100).optional(),
  channel_id: z.number().int().positive().optional(),
}).refine((v) => v.template_id !== undefined || v.widget_model !== undefined, {
  message: "template_id or widget_model",
  path: ["template_id"],
});
