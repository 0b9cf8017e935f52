// Rules of the participations inbox (back-office §2 Message list / detail, §4 Message, §7 calls):
// list tabs, full-text search terms, action keys and what they change, pagination headers.
// Pure: used by the API and by the islands.
import type { BroadcastStatus } from "./points.ts";

/**
 * The tabs of the message list (spec: all, liked, archive, uploaded, moderated, winner, trash).
 * - all: received messages that are accepted (moderation none or approved);
 * - liked / winner: the messages of All that are liked / winners (an archived or trashed one leaves them);
 * - archive: accepted archived messages; trash: every message in the trash (a rejected one lands there);
 * - uploaded: the messages of All sent to the cloud transfer successfully at least once;
 * - moderated: messages awaiting moderation (labelled "All moderated messages").
 */
export const INBOX_FILTERS = ["all", "liked", "archive", "uploaded", "moderated", "winner", "trash"] as const;
export type InboxFilter = typeof INBOX_FILTERS[number];

/**
 * The action keys of POST interaction/{id}/action and what each sets. like/unlike, quote (broadcast_1),
 * broadcast (broadcast_2), unbroadcast (back to none), winner/unwinner, archive, restore (back to
 * received; a rejected message becomes approved), trash, read/unread.
 */
export const MESSAGE_ACTIONS = [
  "like",
  "unlike",
  "quote",
  "broadcast",
  "unbroadcast",
  "winner",
  "unwinner",
  "archive",
  "restore",
  "trash",
  "read",
  "unread",
] as const;
export type MessageAction = typeof MESSAGE_ACTIONS[number];

/** Bulk actions of POST channel-interactions-actions (default archive_all_messages). */
export const BULK_ACTIONS = [
  "archive_all_messages",
  "trash_all_messages",
  "restore_all_messages",
  "read_all_messages",
] as const;
export type BulkAction = typeof BULK_ACTIONS[number];

/** The state of a message that actions change. */
export interface MessageState {
  liked: boolean;
  winner: boolean;
  broadcast_status: BroadcastStatus;
  status: "received" | "archived" | "trash";
  moderation: "none" | "pending" | "approved" | "rejected";
  read: boolean;
}

/**
 * The state after an action key.
 * @example applyAction(state, "broadcast").broadcast_status // "broadcast_2"
 */
export function applyAction(state: MessageState, key: MessageAction): MessageState {
  const next = { ...state };
  switch (key) {
    case "like":
    case "unlike":
      next.liked = key === "like";
      break;
    case "quote":
      next.broadcast_status = "broadcast_1";
      break;
    case "broadcast":
      next.broadcast_status = "broadcast_2";
      break;
    case "unbroadcast":
      next.broadcast_status = "none";
      break;
    case "winner":
    case "unwinner":
      next.winner = key === "winner";
      break;
    case "archive":
      next.status = "archived";
      break;
    case "trash":
      next.status = "trash";
      break;
    case "restore":
      next.status = "received";
      if (next.moderation === "rejected") next.moderation = "approved";
      break;
    case "read":
    case "unread":
      next.read = key === "read";
      break;
  }
  return next;
}

/** What a bulk action sets on the matching messages. */
export function bulkChanges(action: BulkAction): Partial<MessageState> {
  return {
    archive_all_messages: { status: "archived" as const },
    trash_all_messages: { status: "trash" as const },
    restore_all_messages: { status: "received" as const },
    read_all_messages: { read: true },
  }[action];
}

/** A moderation decision: approve shows the message; reject sends it to the trash. */
export function moderationChanges(decision: "approve" | "reject"): Partial<MessageState> {
  return decision === "approve" ? { moderation: "approved" } : { moderation: "rejected", status: "trash" };
}

/**
 * The local-storage key of a staff reply typed and not sent yet, one per message: a page reloaded during a
 * live show (or the studio PC's browser restarted) gives the reply back under the message it answers.
 * @example replyDraftKey(42) // "im.inbox.reply-draft.42"
 */
export function replyDraftKey(messageId: number): string {
  return `im.inbox.reply-draft.${messageId}`;
}

/**
 * The words of a search turned into a prefix tsquery for the 'simple' configuration, or null when
 * nothing searchable is left. Only letters and digits survive, so the result is always valid.
 * @example searchQuery("Marie  lyon!") // "marie:* & lyon:*"
 */
export function searchQuery(text: string | undefined | null): string | null {
  const words = (text ?? "").toLowerCase().normalize("NFC").split(/[^\p{L}\p{N}]+/u).filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w.slice(0, 64)}:*`).join(" & ") : null;
}

/** A duration in ms as mm:ss (spec §9). @example formatDuration(75_400) // "01:15" */
export function formatDuration(ms: number | null | undefined): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  const mm = Math.floor(total / 60), ss = total % 60;
  return `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

/**
 * A loudness in LUFS with one decimal, written as the language writes numbers.
 * @example formatLoudness(-22.74, "pl") // "-22,7"
 */
export function formatLoudness(lufs: number, lang: string): string {
  return lufs.toLocaleString(lang === "technical" ? "en" : lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}
