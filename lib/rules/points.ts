// Points of visitors for staff actions on their messages (widget §9: liked 10, quoted 50, broadcast 100).
//
// The ledger always mirrors the message's current state: a liked message holds one "liked" row, a
// message whose broadcast_status is broadcast_1 holds one "quoted" row, broadcast_2 one "broadcast" row.
// broadcast_status is exclusive, so moving broadcast_1 → broadcast_2 reverses the quote (-50) and credits
// the broadcast (+100): the author ends with 100 for that message, never 150. Undoing an action deletes
// its row. Archiving, trashing or restoring a message does not move points.
import { POINTS } from "./constants.ts";

export type PointsEvent = keyof typeof POINTS;
export type BroadcastStatus = "none" | "broadcast_1" | "broadcast_2";

/** The state of a message that points depend on. */
export interface RewardState {
  liked: boolean;
  broadcast_status: BroadcastStatus;
}

/**
 * The ledger events a message in this state holds.
 * @example rewardEvents({ liked: true, broadcast_status: "broadcast_2" }) // ["liked", "broadcast"]
 */
export function rewardEvents(state: RewardState): PointsEvent[] {
  const events: PointsEvent[] = [];
  if (state.liked) events.push("liked");
  if (state.broadcast_status === "broadcast_1") events.push("quoted");
  if (state.broadcast_status === "broadcast_2") events.push("broadcast");
  return events;
}

/** The ledger changes from one state to another: events to credit and events to reverse. */
export function pointsChanges(
  before: RewardState,
  after: RewardState,
): { credit: PointsEvent[]; reverse: PointsEvent[] } {
  const was = rewardEvents(before), now = rewardEvents(after);
  return {
    credit: now.filter((e) => !was.includes(e)),
    reverse: was.filter((e) => !now.includes(e)),
  };
}
