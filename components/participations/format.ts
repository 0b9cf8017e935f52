// Display formats of the inbox (back-office §9): dates as weekday DD/MM/YYYY -HH:mm in the page's
// language (dayjs with its locales), durations as mm:ss.
import dayjs from "dayjs";
import "dayjs/locale/fr.js";
import "dayjs/locale/pt.js";
import "dayjs/locale/es.js";
import "dayjs/locale/pl.js";
export { formatDuration } from "../../lib/inbox.ts";

const LOCALES = new Set(["fr", "en", "pt", "es", "pl"]);

/** @example formatMessageDate("2026-06-11T07:40:00Z", "en") // "Thursday 11/06/2026 -07:40" (local time) */
export function formatMessageDate(value: string | Date, lang: string): string {
  return dayjs(value).locale(LOCALES.has(lang) ? lang : "en").format("dddd DD/MM/YYYY -HH:mm");
}

/** The API message as the islands use it. */
export interface InboxMessage {
  id: number;
  segment: { id: number; title?: string };
  type: string;
  created_at: string;
  content: { text?: string | null; recording_url?: string | null; duration?: number | null };
  media: { kind: string; content_type: string } | null;
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
  replies?: {
    id: number;
    type: string;
    created_at: string;
    content: { text: string | null; recording_url: string | null };
  }[];
}

/** The author line of a message: name and city, or "Anonymous". */
export function authorLine(m: InboxMessage, anonymous: string): string {
  return [m.author.name, m.author.city].filter(Boolean).join(" · ") || anonymous;
}
