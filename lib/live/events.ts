// What services publish when something a live screen shows changes. An event may name its cause
// (a webhook event): the bus's observers (lib/webhooks/dispatch.ts) turn those into webhook deliveries.
import { channelTopic, type LiveEvent, segmentTopic } from "../rules/live.ts";
import type { WebhookEvent } from "../rules/webhooks.ts";
import { segmentTransitions } from "../rules/webhook_transitions.ts";
import type { EventBus } from "./bus.ts";

/** The inbox counts of a channel changed (new, read or moderated messages): coalesced. */
export function channelChanged(bus: EventBus | undefined, channelId: number | null | undefined): void {
  if (channelId) bus?.publishCoalesced(channelTopic(channelId), { kind: "message", segmentId: 0 });
}

/** A vote or a message counted on an interaction: coalesced for screens (about four events per second at most). */
export function resultsChanged(
  bus: EventBus | undefined,
  segmentId: number,
  messageId?: number,
  channelId?: number,
): void {
  channelChanged(bus, channelId);
  bus?.publishCoalesced(segmentTopic(segmentId), {
    kind: "results",
    segmentId,
    messageId,
    ...(messageId ? { cause: "participation.created" as const } : {}),
  });
}

/**
 * Suspicious votes staff accepted: the results move (coalesced like votes) and each vote is counted
 * now, a `vote.counted` event for webhooks.
 */
export function votesAccepted(
  bus: EventBus | undefined,
  segmentId: number,
  messageIds: number[],
  channelId?: number,
): void {
  if (messageIds.length) channelChanged(bus, channelId);
  for (const messageId of messageIds) {
    bus?.publishCoalesced(segmentTopic(segmentId), {
      kind: "results",
      segmentId,
      messageId,
      cause: "vote.counted",
    });
  }
}

/** A change staff made (reveal, close, on air, token): published at once. */
export async function segmentChanged(
  bus: EventBus | undefined,
  segmentId: number,
  kind: LiveEvent["kind"] = "segment",
  cause?: { cause: WebhookEvent; messageId?: number },
): Promise<void> {
  await bus?.publish(segmentTopic(segmentId), { kind, segmentId, ...cause });
}

/** A message changed in the background (its media processed): open inboxes read it again. */
export async function messageChanged(
  bus: EventBus | undefined,
  segmentId: number,
  messageId: number,
  cause?: WebhookEvent,
): Promise<void> {
  await bus?.publish(segmentTopic(segmentId), {
    kind: "message",
    segmentId,
    messageId,
    ...(cause ? { cause } : {}),
  });
}

/** Announces what an update of an interaction made happen (results revealed, vote closed), for webhooks. */
export async function segmentTransitionsChanged(
  bus: EventBus | undefined,
  segmentId: number,
  before: Parameters<typeof segmentTransitions>[0],
  after: Parameters<typeof segmentTransitions>[1],
  now: Date,
): Promise<void> {
  for (const cause of segmentTransitions(before, after, now)) {
    await segmentChanged(bus, segmentId, "segment", { cause });
  }
}
