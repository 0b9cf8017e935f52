// Webhook events come from the live bus: every event this instance publishes with a cause
// (lib/live/events.ts) is observed once, before the screens' coalescing, and becomes one delivery per endpoint
// of the interaction's channel that asked for it. The endpoints of an interaction are kept 2 s, so a burst of
// votes reads them about once per 2 s.
import { getVoteCounts } from "../../db/votes.ts";
import { insertDelivery, messagesOfMedia, webhookMessage, webhooksOfSegment } from "../../db/webhooks.ts";
import { busOf, type EventBus } from "../live/bus.ts";
import { messageChanged } from "../live/events.ts";
import { publicUrl } from "../platform/config.ts";
import type { LiveEvent } from "../rules/live.ts";
import { voteResults } from "../rules/votes.ts";
import { type WebhookEvent, webhookParticipation } from "../rules/webhooks.ts";
import { queueDelivery, type WebhookDeps } from "./send.ts";
import { log } from "../platform/log.ts";

const ENDPOINTS_TTL_MS = 2000;

/** Builds the event's data: a participation's public projection, or the interaction's counted results. */
async function eventData(deps: WebhookDeps, event: WebhookEvent, segmentId: number, messageId?: number) {
  if (event === "results.revealed" || event === "vote.closed") {
    return { interaction_id: segmentId, results: voteResults(await getVoteCounts(deps.sql, segmentId)) };
  }
  const message = messageId ? await webhookMessage(deps.sql, messageId) : null;
  if (!message || message.segment_id !== segmentId) return null;
  if (event === "vote.counted") {
    if (!message.choice_ids?.length || message.vote_integrity !== "counted") return null;
    return { interaction_id: segmentId, participation_id: message.id, choice_ids: message.choice_ids };
  }
  return {
    interaction_id: segmentId,
    participation: webhookParticipation(message, publicUrl(deps.config)),
  };
}

/** Turns one observed event into deliveries. */
export async function dispatchEvent(
  deps: WebhookDeps,
  event: LiveEvent,
  endpoints: (segmentId: number) => Promise<{ id: number; events: string[] }[]>,
): Promise<number> {
  if (!event.cause) return 0;
  // a vote counts when it is created, unless held as suspicious
  const causes: WebhookEvent[] = event.cause === "participation.created"
    ? ["participation.created", "vote.counted"]
    : [event.cause];
  const hooks = await endpoints(event.segmentId);
  let queued = 0;
  for (const cause of causes) {
    const wanting = hooks.filter((h) => h.events.includes(cause));
    if (!wanting.length) continue;
    const data = await eventData(deps, cause, event.segmentId, event.messageId);
    if (!data) continue;
    for (const hook of wanting) {
      const id = await insertDelivery(deps.sql, { webhookId: hook.id, event: cause, payload: data });
      await queueDelivery(deps.boss, id);
      queued++;
    }
  }
  return queued;
}

/** Observes the bus for webhook events; returns the function that stops. */
export function watchWebhooks(deps: WebhookDeps & { bus?: EventBus }): () => void {
  if (!deps.bus || !deps.boss) return () => {};
  const cache = new Map<number, { at: number; hooks: Promise<{ id: number; events: string[] }[]> }>();
  const endpoints = (segmentId: number) => {
    const hit = cache.get(segmentId);
    if (hit && Date.now() - hit.at < ENDPOINTS_TTL_MS) return hit.hooks;
    if (cache.size > 1000) cache.clear();
    const hooks = webhooksOfSegment(deps.sql, segmentId);
    cache.set(segmentId, { at: Date.now(), hooks });
    return hooks;
  };
  return deps.bus.observe((_topic, event) => {
    if (!event.cause) return;
    dispatchEvent(deps, event, endpoints).catch((e) => log.error("webhook dispatch failed", { error: e }));
  });
}

/** A media's processing ended: each of its messages is announced on the bus (open inboxes, webhooks). */
export async function mediaProcessed(deps: WebhookDeps & { bus?: EventBus }, mediaId: string): Promise<void> {
  const bus = busOf(deps);
  for (const m of await messagesOfMedia(deps.sql, mediaId)) {
    await messageChanged(bus, m.segment_id, m.id, "participation.processed");
  }
}
