// Channel rules (back-office §3 Channel, §4 Channel status/save, §9; widget §3 Channel): the defaults of a new channel, the stock backgrounds, the public state and monetisation.
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_TEXT_LIMIT,
  DEFAULT_TIME_ZONE,
  MONETISATION,
  RETENTION_MONTHS,
  STOCK_BACKGROUNDS,
} from "./constants.ts";
import type { AudioFormat, AudioTarget } from "./audio.ts";
import type { DELIVERY_PROTOCOLS } from "./constants.ts";

export type DeliveryProtocol = typeof DELIVERY_PROTOCOLS[number];

/** The interaction types a channel may allow (back-office §6), in the order the form shows them. */
export const AVAILABLE_FLAGS = [
  "interaction_available_voice",
  "interaction_available_video",
  "interaction_available_vote",
  "interaction_available_choice",
  "interaction_available_registration",
  "interaction_available_sms",
  "interaction_available_text",
  "interaction_available_game",
] as const;
export type AvailableFlag = typeof AVAILABLE_FLAGS[number];

/** Placeholders a delivery file name may use (replaced by the FTP delivery). */
export const FTP_NAMING_PLACEHOLDERS = [
  "channel",
  "segment",
  "date",
  "time",
  "id",
  "type",
  "author",
] as const;
export const DEFAULT_FTP_NAMING = "{channel}_{segment}_{date}_{id}";
export const DEFAULT_FTP_PORT = 21;

/** The full image and the picker thumbnail of a stock background. */
export const stockBackgroundUrl = (n: number) => `/static/backgrounds/bg-${n}.jpg`;
export const stockThumbUrl = (n: number) => `/static/backgrounds/thumb-${n}.jpg`;
/** Pixel sizes of the stock images (static/backgrounds/), for width/height attributes: no layout shift. */
export const STOCK_BACKGROUND_SIZE = { width: 1080, height: 1920 };
export const STOCK_THUMB_SIZE = { width: 180, height: 320 };

/** The width and height of a stock background's URL, or {} for any other image. */
export function stockImageSize(url: string | null | undefined): { width?: number; height?: number } {
  if (!url?.startsWith("/static/backgrounds/")) return {};
  return url.includes("/thumb-") ? STOCK_THUMB_SIZE : STOCK_BACKGROUND_SIZE;
}
/** "bg-3" → 3, anything else → null. */
export function stockBackgroundNumber(id: string): number | null {
  const m = /^bg-([1-9]\d*)$/.exec(id);
  const n = m ? Number(m[1]) : 0;
  return n >= 1 && n <= STOCK_BACKGROUNDS ? n : null;
}

/** A delivery file name pattern: letters, digits, _ - . and known {placeholders}; no folders. */
export function isValidNaming(pattern: string): boolean {
  if (!/^[\w\-. {}]{1,200}$/.test(pattern)) return false;
  const names = [...pattern.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  const stripped = pattern.replace(/\{[^{}]*\}/g, "");
  if (/[{}]/.test(stripped)) return false;
  return names.every((n) => (FTP_NAMING_PLACEHOLDERS as readonly string[]).includes(n));
}

/** The values of a new channel (spec §3): radio, demo, voice available, default colour, first background. */
export function newChannelDefaults() {
  return {
    label: "",
    type: "radio" as const,
    status: "demo" as const,
    ...Object.fromEntries(AVAILABLE_FLAGS.map((f) => [f, f === "interaction_available_voice"])) as Record<
      AvailableFlag,
      boolean
    >,
    primary_color: DEFAULT_PRIMARY_COLOR,
    background: "bg-1",
    header_url: null,
    parent_id: null,
    show_product_logo: true,
    gamification: false,
    my_space_enabled: false,
    sharing_enabled: false,
    retention_months: null as (typeof RETENTION_MONTHS)[number] | null,
    segment_customisation: { character_text_zone_length: DEFAULT_TEXT_LIMIT },
    language: "fr" as const,
    time_zone: DEFAULT_TIME_ZONE as string,
    ftp_host: null as string | null,
    ftp_port: DEFAULT_FTP_PORT,
    ftp_user: null as string | null,
    ftp_folder: null as string | null,
    ftp_naming: DEFAULT_FTP_NAMING,
    ftp_secure: false,
    audio_target_lufs: -23 as AudioTarget,
    audio_format: "mp3_192" as AudioFormat,
    delivery_protocol: "ftp" as DeliveryProtocol,
    s3_bucket: null as string | null,
    s3_region: null as string | null,
  };
}

/** What the widget of a channel may show (widget §2: the carousel needs an active channel). */
export interface ChannelPublicState {
  /** False for a closed channel: the widget says the interactions are not available. */
  interactionsAvailable: boolean;
  /** True for a demo channel: the widget marks itself as a demo. */
  demo: boolean;
  /** The i18n key of the notice to show, when any. */
  noticeKey: "channels.widget_closed" | "channels.widget_demo" | null;
}

/**
 * The public state of a channel from its status.
 * @example channelPublicState({ status: "closed" }) // { interactionsAvailable: false, demo: false, noticeKey: "channels.widget_closed" }
 */
export function channelPublicState(channel: { status: string }): ChannelPublicState {
  if (channel.status === "closed") {
    return { interactionsAvailable: false, demo: false, noticeKey: "channels.widget_closed" };
  }
  if (channel.status === "demo") {
    return { interactionsAvailable: true, demo: true, noticeKey: "channels.widget_demo" };
  }
  return { interactionsAvailable: true, demo: false, noticeKey: null };
}

/** One gauge of monetisation eligibility. */
export interface Gauge {
  count: number;
  target: number;
  /** 0–100, rounded down, capped at 100. */
  percent: number;
  reached: boolean;
}

/**
 * Monetisation eligibility (spec §9): at least 4,000 messages in 12 months from 500 different participants.
 * @example monetisation({ messages: 2000, participants: 500 }).eligible // false
 */
export function monetisation(stats: { messages: number; participants: number }) {
  const gauge = (count: number, target: number): Gauge => ({
    count,
    target,
    percent: Math.min(100, Math.floor((count / target) * 100)),
    reached: count >= target,
  });
  const messages = gauge(stats.messages, MONETISATION.messages);
  const participants = gauge(stats.participants, MONETISATION.participants);
  return {
    messages,
    participants,
    eligible: messages.reached && participants.reached,
    months: MONETISATION.months,
  };
}

/** The start of the monetisation window: the same instant 12 months earlier. */
export function monetisationSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - MONETISATION.months);
  return since;
}

/**
 * Whether making `parentId` the parent of `channelId` keeps the tree acyclic, given each channel's
 * parent (`parents.get(id)`).
 */
export function parentCreatesCycle(
  channelId: number | null,
  parentId: number,
  parents: Map<number, number | null>,
): boolean {
  if (channelId === null) return false;
  let current: number | null = parentId;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === channelId) return true;
    seen.add(current);
    current = parents.get(current) ?? null;
  }
  return false;
}

/** A channel as stored (db/channels.ts selects these columns). */
export interface ChannelRow {
  id: number;
  uuid: string;
  label: string;
  type: string;
  status: string;
  interaction_available_voice: boolean;
  interaction_available_video: boolean;
  interaction_available_vote: boolean;
  interaction_available_choice: boolean;
  interaction_available_registration: boolean;
  interaction_available_sms: boolean;
  interaction_available_text: boolean;
  interaction_available_game: boolean;
  primary_color: string;
  widget_primary_color: string;
  background_url: string | null;
  background_preset: number;
  logo_url: string | null;
  header_url: string | null;
  parent_id: number | null;
  show_product_logo: boolean;
  gamification: boolean;
  my_space_enabled: boolean;
  sharing_enabled: boolean;
  /** Participations older than this many months lose their media and personal data (null: kept). */
  retention_months: number | null;
  segment_customisation: { character_text_zone_length: number };
  customisation: Record<string, unknown>;
  ftp_host: string | null;
  ftp_port: number;
  ftp_user: string | null;
  ftp_password_enc: string | null;
  ftp_folder: string | null;
  ftp_naming: string | null;
  ftp_secure: boolean;
  /** The loudness target (LUFS) and delivery format of broadcast copies. */
  audio_target_lufs: AudioTarget;
  audio_format: AudioFormat;
  /** How the cloud transfer reaches the studio; the SFTP key is sealed like the password. */
  delivery_protocol: DeliveryProtocol;
  sftp_private_key_enc: string | null;
  s3_bucket: string | null;
  s3_region: string | null;
  language: string;
  /** The IANA time zone of the channel's statistics days. */
  time_zone: string;
  created_at: Date;
  updated_at: Date;
}

/** True when the background is one of the stock images rather than an upload. */
export const isStockBackground = (url: string | null) => !url || url.startsWith("/static/backgrounds/");

/**
 * The API view of a channel: the stock background id (null for an upload), never the FTP password,
 * only whether one is set.
 */
export function channelView(row: ChannelRow) {
  const { ftp_password_enc, sftp_private_key_enc, background_preset, ...rest } = row;
  const stock = isStockBackground(row.background_url);
  return {
    ...rest,
    background: stock ? `bg-${background_preset}` : null,
    background_url: row.background_url ?? stockBackgroundUrl(background_preset),
    ftp_password_set: !!ftp_password_enc,
    sftp_private_key_set: !!sftp_private_key_enc,
  };
}
export type ChannelView = ReturnType<typeof channelView>;

/**
 * The channel as the public widget may see it (widget §3 Channel): no FTP settings, no customisation
 * internals, with its public state (closed / demo).
 */
export function publicChannelView(row: ChannelRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    label: row.label,
    type: row.type,
    status: row.status,
    logo_url: row.logo_url,
    primary_color: row.primary_color,
    widget_primary_color: row.widget_primary_color,
    background_url: row.background_url ?? stockBackgroundUrl(row.background_preset),
    header_url: row.header_url,
    gamification: row.gamification,
    my_space_enabled: row.my_space_enabled,
    sharing_enabled: row.sharing_enabled,
    show_product_logo: row.show_product_logo,
    segment_customisation: row.segment_customisation,
    ...Object.fromEntries(AVAILABLE_FLAGS.map((f) => [f, row[f]])) as Record<AvailableFlag, boolean>,
    public_state: channelPublicState(row),
  };
}

/** The channel's pages a super administrator without a channel is sent from to pick one. */
export const CHANNEL_PAGES = ["interactions", "timeline", "statistics", "settings", "moderation"] as const;
export type ChannelPage = typeof CHANNEL_PAGES[number];

/**
 * Where a channel's page sends a super administrator who has no channel: the channel list, saying why
 * (a silent bounce left them wondering where Interactions had gone).
 * @example chooseChannelAddress("statistics") // "/channels?choose=statistics"
 */
export const chooseChannelAddress = (page: ChannelPage) => `/channels?choose=${page}`;

/** The page a channel list's `choose` names, or null. */
export const choosePage = (value: string | undefined): ChannelPage | null =>
  (CHANNEL_PAGES as readonly string[]).includes(value ?? "") ? value as ChannelPage : null;
