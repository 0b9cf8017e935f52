// Display formats of the inbox (back-office §9): dates as weekday DD/MM/YYYY -HH:mm in the page's
// language, durations as mm:ss.
import { formatDateTime } from "../../islands/browser/dates.ts";
export { formatDuration, formatLoudness } from "../../lib/rules/inbox.ts";

const LOCALES = new Set(["fr", "en", "pt", "es", "pl"]);

/**
 * A message's date as a label of its own, so its weekday starts with a capital in every language.
 * @example formatMessageDate("2026-06-11T07:40:00Z", "fr") // "Jeudi 11/06/2026 -09:40" (local time)
 */
export function formatMessageDate(value: string | Date, lang: string): string {
  const language = LOCALES.has(lang) ? lang : "en";
  const text = formatDateTime(new Date(value).toISOString(), language);
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** The API message as the islands use it. */
export interface InboxMessage {
  id: number;
  /** When the channel's retention will erase it (detail only), and whether it already was. */
  erase_on?: string | null;
  erased?: boolean;
  segment: { id: number; title?: string };
  type: string;
  /** how it reached the studio: widget, whatsapp, sms or voice */
  medium?: string;
  created_at: string;
  content: { text?: string | null; recording_url?: string | null; duration?: number | null };
  media: { kind: string; content_type: string; subtitles_url?: string | null } | null;
  /** The measures and waveform of its audio, once processed */
  audio?: {
    peaks: number[];
    loudness_lufs: number | null;
    true_peak_dbtp: number | null;
    flag: "clipped" | "nearly_silent" | null;
    aired_ms: number;
    on_air_ms: number | null;
    trim_in_ms: number | null;
    trim_out_ms: number | null;
  } | null;
  transcript: string | null;
  comment: string | null;
  read: boolean;
  has_reply: boolean;
  liked: boolean;
  winner: boolean;
  broadcast_status: "none" | "broadcast_1" | "broadcast_2";
  status: "received" | "archived" | "trash";
  moderation: string;
  author_id: number | null;
  author: { name?: string | null; city?: string | null };
  channel_id: number;
  /** the token of its public link; the link opens once shared by the author or broadcast */
  share_token: string;
  shared_at: string | null;
  replies?: {
    id: number;
    type: string;
    created_at: string;
    content: { text: string | null; recording_url: string | null };
    /** sent back through the participation's line: queued, sent, delivered, read or failed */
    delivery_status?: string | null;
  }[];
  /** a WhatsApp or SMS participation: its text reply goes back by that medium, within WhatsApp's window */
  /** template: a WhatsApp line's approved template carries a reply outside the window */
  reply_window?: { medium: string; open: boolean; closes_at: string | null; template?: boolean };
}

/**
 * The author line of a message: name and city, or "Anonymous"; a listener behind a phone line without a
 * profile name is "Listener" (with their city when known), never their number.
 */
export function authorLine(m: InboxMessage, anonymous: string, listener = anonymous): string {
  const name = m.author.name || (m.medium && m.medium !== "widget" ? listener : null);
  return [name, m.author.city].filter(Boolean).join(" · ") || anonymous;
}
