// What a line does with a listener's message no interaction could take: it is held for staff (never lost),
// under a reason staff read, and the listener is told why in the channel's language, with the texts the
// widget already shows for the same refusal.

/** Why a line held a message instead of making it a participation. */
export const HELD_REASONS = [
  "no_interaction",
  "closed",
  "wrong_type",
  "limit_reached",
  "quiz_no_question",
  "quiz_over",
  "refused",
  // a WhatsApp sticker, document or location without a caption: no interaction takes these kinds
  "unsupported",
] as const;
export type HeldReason = typeof HELD_REASONS[number];

/** The reason of a refusal, from the error code the interaction's rules answered. */
export function heldReason(code: string): HeldReason {
  switch (code) {
    case "segment_unavailable":
      return "closed";
    case "participation_wrong_type":
      return "wrong_type";
    case "already_received":
    case "quiz_already_answered":
      return "limit_reached";
    case "quiz_answers_closed":
    case "quiz_not_opened":
      return "quiz_no_question";
    case "quiz_over":
      return "quiz_over";
    default:
      return "refused";
  }
}

/**
 * What the listener reads back: the text the widget shows for the same refusal (a line that feeds nothing
 * says what a closed channel's widget says; a quiz between questions says the next one is coming).
 */
export const HELD_NOTICE_KEYS: Record<HeldReason, string> = {
  no_interaction: "channels.widget_closed",
  closed: "errors.segment_unavailable",
  wrong_type: "errors.participation_wrong_type",
  limit_reached: "widget.already_participated",
  quiz_no_question: "quiz.waiting",
  quiz_over: "quiz.over",
  refused: "lines.held_notice",
  unsupported: "lines.held_notice",
};

/**
 * The notice's key and values: the widget's own text for the refusal when it has one (a text too long says
 * its limit, a second quiz answer says so), else the reason's; between a quiz's questions, that the next one
 * is coming (the widget's "too late" would be wrong before the first); after the last one, that the quiz is over,
 * with the player's final score and rank when it played. `known` says whether a key has a text.
 */
export function heldNotice(
  reason: HeldReason,
  error: { code: string; params?: Record<string, unknown> } | null,
  known: (key: string) => boolean,
): { key: string; params: Record<string, unknown> } {
  // after the last question, a player hears its final score and rank (known once the last answer is revealed)
  if (reason === "quiz_over" && error?.params?.rank !== undefined) {
    return { key: "quiz.over_score", params: error.params };
  }
  if (reason !== "quiz_no_question" && reason !== "quiz_over" && error && known(`errors.${error.code}`)) {
    return { key: `errors.${error.code}`, params: error.params ?? {} };
  }
  return { key: HELD_NOTICE_KEYS[reason], params: {} };
}

/**
 * A listener is told once: no second notice for the same line, number and reason within this time (ten texts
 * sent while the line feeds nothing get one answer, not ten, and the station pays for one).
 */
export const HELD_NOTICE_QUIET_MS = 24 * 60 * 60 * 1000;

/** How many held messages the channel's page lists (newest first). */
export const HELD_LIST_LIMIT = 200;

/**
 * A move of a held message still unfinished after this long was cut (its server stopped between taking the
 * message and storing the participation): staff may move it again. Far longer than a move takes.
 */
export const HELD_MOVE_STALE_SECONDS = 300;
