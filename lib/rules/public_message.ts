// What anyone without staff rights may read of a message ("Messages are private unless
// shared"): only a shared or broadcast message, addressed by its share token, and only this
// projection — nickname (or null: the widget shows the anonymous label) and city at most; never an
// e-mail, phone, first or last name, extra information, device id or author id. Every public
// endpoint that returns a message goes through publicMessage().
import type { SharedMessageRow } from "../../db/shared_messages.ts";
import type { MediaKind } from "./participation.ts";

/** The public shape of a shared message. */
export interface PublicMessage {
  token: string;
  channel_id: number;
  segment_id: number;
  type: string;
  created_at: string;
  content: { text: string | null; choice_text: string | null; duration: number | null };
  author_name: string | null;
  author_city: string | null;
  /** how it reached the studio: widget, whatsapp, sms or voice (never the number behind a line) */
  medium: string;
  media_url: string | null;
  poster_url: string | null;
  /** what the file is: audio, video or image (null without a file) */
  media_kind: MediaKind | null;
}

/** Share tokens are uuids: anything else (an old numeric id) is not a token. */
export const SHARE_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a token looks like a share token. @example isShareToken("12") // false */
export const isShareToken = (value: string | null | undefined): value is string =>
  typeof value === "string" && SHARE_TOKEN.test(value);

/**
 * Whether the public may read the message: shared by its author or broadcast by staff, and still
 * visible (received, not waiting for or refused by moderation).
 */
export function isPubliclyReadable(
  row: Pick<SharedMessageRow, "status" | "moderation" | "broadcast_status"> & {
    shared_at: Date | string | null;
  },
): boolean {
  const visible = row.status === "received" && (row.moderation === "none" || row.moderation === "approved");
  return visible && (row.shared_at !== null || row.broadcast_status !== "none");
}

const str = (v: unknown) => (typeof v === "string" ? v : null);

/** The public projection of a message row (the only one public endpoints may answer). */
export function publicMessage(row: SharedMessageRow): PublicMessage {
  const duration = row.duration_ms !== null
    ? Math.round(row.duration_ms / 1000)
    : typeof row.content.duration === "number"
    ? row.content.duration
    : null;
  return {
    token: row.share_token,
    channel_id: row.channel_id,
    segment_id: row.segment_id,
    type: row.type,
    created_at: row.created_at.toISOString(),
    content: { text: str(row.content.text), choice_text: str(row.content.choice_text), duration },
    author_name: row.nickname,
    author_city: row.author_city,
    medium: row.medium ?? "widget",
    media_url: row.playable_path ? `/media/${row.playable_path}` : null,
    poster_url: row.poster_path && row.poster_path !== row.playable_path ? `/media/${row.poster_path}` : null,
    media_kind: row.playable_path ? row.media_kind : null,
  };
}

/**
 * The author line a public page shows: the nickname, or the anonymous label; a listener behind a phone line
 * is "Listener" with their city when known, as in the inbox, never their number.
 * @example publicAuthorLine({ author_name: null, author_city: "Lyon", medium: "sms" }, "Anonymous", "Listener")
 * // "Listener · Lyon"
 */
export function publicAuthorLine(
  m: Pick<PublicMessage, "author_name" | "author_city" | "medium">,
  anonymous: string,
  listener: string,
): string {
  if (!m.medium || m.medium === "widget") return m.author_name ?? anonymous;
  return [m.author_name || listener, m.author_city].filter(Boolean).join(" · ");
}
