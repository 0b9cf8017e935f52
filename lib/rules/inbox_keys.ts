// The keyboard of the studio inbox: which key does what (the island runs the command).

/** What a key does in the inbox. */
export type InboxCommand =
  | "help"
  | "next"
  | "previous"
  | "play"
  | "seek_back"
  | "seek_forward"
  | "search"
  | "reply"
  | "close"
  | { action: "l" | "q" | "b" | "w" | "e" | "#" | "u" }
  /** Send to (or take out of) the interaction's playout queue. */
  | "playout";

/** The shortcuts in the order the help overlay lists them, with their i18n label key. */
export const INBOX_SHORTCUTS = [
  { keys: ["j"], label: "studio_audio.key_next" },
  { keys: ["k"], label: "studio_audio.key_previous" },
  { keys: ["Space"], label: "studio_audio.key_play" },
  { keys: ["←", "→"], label: "studio_audio.key_seek" },
  { keys: ["l"], label: "studio_audio.key_like" },
  { keys: ["q"], label: "studio_audio.key_quote" },
  { keys: ["b"], label: "studio_audio.key_broadcast" },
  { keys: ["w"], label: "studio_audio.key_winner" },
  { keys: ["e"], label: "studio_audio.key_archive" },
  { keys: ["#"], label: "studio_audio.key_trash" },
  { keys: ["r"], label: "studio_audio.key_reply" },
  { keys: ["t"], label: "studio_delivery.key_playout" },
  { keys: ["u"], label: "studio_audio.key_unread" },
  { keys: ["/"], label: "studio_audio.key_search" },
  { keys: ["?"], label: "studio_audio.key_help" },
] as const;

/** Keys the help names with a word, in the staff member's language; the others show their character. */
export const KEY_NAME_LABELS: Readonly<Record<string, string>> = { Space: "studio_audio.key_name_space" };

/**
 * The command of a key press, or null: none with Ctrl, Alt or Meta (browser shortcuts), none while typing
 * in a field except Escape.
 * @example inboxCommand({ key: "j" }) // "next"
 */
export function inboxCommand(
  e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; typing?: boolean },
): InboxCommand | null {
  if (e.key === "Escape") return "close";
  if (e.ctrlKey || e.altKey || e.metaKey || e.typing) return null;
  switch (e.key) {
    case "?":
      return "help";
    case "j":
      return "next";
    case "k":
      return "previous";
    case " ":
      return "play";
    case "ArrowLeft":
      return "seek_back";
    case "ArrowRight":
      return "seek_forward";
    case "/":
      return "search";
    case "r":
      return "reply";
    case "l":
    case "q":
    case "b":
    case "w":
    case "e":
    case "#":
    case "u":
      return { action: e.key };
    case "t":
      return "playout";
    default:
      return null;
  }
}
