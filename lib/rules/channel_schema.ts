// Payload schemas of the channel API (zod): kept apart from lib/rules/channels.ts so islands that use the
// channel rules do not bundle zod.
import { z } from "zod";
import {
  AUDIO_FORMATS,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  DELIVERY_PROTOCOLS,
  RETENTION_MONTHS,
} from "./constants.ts";
import { LANGUAGES } from "./i18n.ts";
import { isTimeZone } from "./statistics.ts";
import { AVAILABLE_FLAGS, type AvailableFlag, isValidNaming, stockBackgroundNumber } from "./channels.ts";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const color = z.string().regex(HEX_COLOR, "color");
const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$|^\[?[0-9a-fA-F:.]+\]?$/;
const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z.union([trimmed(max), z.null()]).transform((v) => (v === "" ? null : v));

/** The channel fields a form may send (POST creates, PUT updates only what is present). */
export const channelFieldsSchema = z.object({
  label: trimmed(100).min(1, "channel_name_required"),
  type: z.enum(CHANNEL_TYPES),
  status: z.enum(CHANNEL_STATUSES),
  ...Object.fromEntries(AVAILABLE_FLAGS.map((f) => [f, z.boolean()])) as Record<AvailableFlag, z.ZodBoolean>,
  primary_color: color,
  widget_primary_color: color,
  /** A stock background id; uploads go through POST channels/{id}/background (spec §5). */
  background: z.string().refine((v) => stockBackgroundNumber(v) !== null, "stock_background"),
  header_url: z.union([
    z.string().trim().max(500).refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "url"),
    z.null(),
  ]).transform((v) => (v === "" ? null : v)),
  parent_id: z.number().int().positive().nullable(),
  show_product_logo: z.boolean(),
  gamification: z.boolean(),
  my_space_enabled: z.boolean(),
  sharing_enabled: z.boolean(),
  retention_months: z.union([...RETENTION_MONTHS.map((m) => z.literal(m)), z.null()]),
  segment_customisation: z.object({
    character_text_zone_length: z.number().int().min(10, "text_zone_length").max(5000, "text_zone_length"),
  }).strict(),
  language: z.enum(LANGUAGES),
  /** The IANA time zone whose days the statistics count (a change rolls them all again). */
  time_zone: z.string().max(64).refine(isTimeZone, "time_zone"),
  ftp_host: z.union([z.string().trim().max(253).refine((v) => v === "" || HOST.test(v), "host"), z.null()])
    .transform((v) => (v === "" ? null : v)),
  ftp_port: z.number().int().min(1).max(65535),
  ftp_user: optionalText(255),
  /** Write-only: a string sets it, null or "" clears it, absent keeps it. */
  ftp_password: z.union([z.string().max(255), z.null()]),
  ftp_folder: z.union([
    z.string().trim().max(255).refine((v) => !v.split("/").includes(".."), "folder"),
    z.null(),
  ]).transform((v) => (v === "" ? null : v)),
  ftp_naming: z.union([z.string().trim().refine((v) => v === "" || isValidNaming(v), "naming"), z.null()])
    .transform((v) => (v === "" ? null : v)),
  ftp_secure: z.boolean(),
  audio_target_lufs: z.union([z.literal(-23), z.literal(-16)]),
  audio_format: z.enum(AUDIO_FORMATS),
  /** FTP, SFTP or an S3-compatible bucket; the private key is write-only like the password. */
  delivery_protocol: z.enum(DELIVERY_PROTOCOLS),
  sftp_private_key: z.union([
    z.string().max(16_000).refine(
      (v) => v === "" || /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v),
      "private_key",
    ),
    z.null(),
  ]),
  s3_bucket: z.union([
    z.string().trim().refine((v) => v === "" || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), "bucket"),
    z.null(),
  ]).transform((v) => (v === "" ? null : v)),
  s3_region: z.union([z.string().trim().max(64).regex(/^[a-z0-9-]*$/, "region"), z.null()])
    .transform((v) => (v === "" ? null : v)),
}).partial().strict();
export type ChannelFields = z.infer<typeof channelFieldsSchema>;

/** POST channels: a label is required, every other field takes the default of a new channel. */
export const channelCreateSchema = channelFieldsSchema.required({ label: true });

// the limit is in the code, so the form says how short to make the text (errors.text_max_200, …)
const text = (max: 200 | 500 | 5000) => z.string().max(max, `text_max_${max}`);

/** Every customisation field (back-office §3 Customisation), all required on save. */
export const customisationSchema = z.object({
  background_outer: color,
  background_inner: color,
  btn_1_color: color,
  btn_1_text_color: color,
  text_personal: text(500),
  text_thanks: text(500),
  language: z.enum(LANGUAGES),
  consent_checkbox: z.boolean(),
  consent_gdpr: z.boolean(),
  consent_gdpr_text: text(5000),
  title_consent: text(200),
  image_right: z.boolean(),
  image_right_text: text(5000),
  title_consent_image_right: text(200),
  consent_checkbox_image_right: z.boolean(),
  with_connexion: z.boolean(),
}).strict();
