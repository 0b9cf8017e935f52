// What services publish when something a live screen shows changes (issue 21).
import { type LiveEvent, segmentTopic } from "../rules/live.ts";
import type { EventBus } from "./bus.ts";

/** A vote or a message counted on an interaction: coalesced (about four events per second at most). */
export function resultsChanged(bus: EventBus | undefined, segmentId: number, messageId?: number): void {
  bus?.publishCoalesced(segmentTopic(segmentId), { kind: "results", segmentId, messageId });
}

/** A change staff made (reveal, close, on air, token): published at once. */
export async function segmentChanged(
  bus: EventBus | undefined,
  segmentId: number,
  kind: LiveEvent["kind"] = "segment",
): Promise<void> {
  await bus?.publish(segmentTopic(segmentId), { kind, segmentId });
}
