// Live events: what travels on the bus and in the server-sent streams. Pure.
import type { WebhookEvent } from "./webhooks.ts";

/** A live event: its kind and a few ids or counts, never personal data. */
export interface LiveEvent {
  kind: "results" | "message" | "overlay" | "segment" | "page";
  segmentId: number;
  /** A `page` event (sent by the database, migration 026): the channel whose public pages changed, 0 for any. */
  channelId?: number;
  messageId?: number;
  /** What happened, when a webhook event names it (lib/webhooks/dispatch.ts observes the bus for these). */
  cause?: WebhookEvent;
}

const KINDS = new Set(["results", "message", "overlay", "segment", "page"]);

/** The topic of `page` events: a channel, a segment or its choices changed (migration 026's trigger). */
export const PAGES_TOPIC = "pages";

/** The bus topic of an interaction. */
export function segmentTopic(segmentId: number): string {
  return `segment:${segmentId}`;
}

/** The bus topic of a channel's inbox counts (unread badge, moderation queue). */
export function channelTopic(channelId: number): string {
  return `channel:${channelId}`;
}

/** The text of one notification: the topic and its event. */
export function liveEnvelope(topic: string, event: LiveEvent): string {
  return JSON.stringify({ t: topic, e: event });
}

/** A received notification, or null when it is not one of ours. */
export function parseLiveEnvelope(text: string): { topic: string; event: LiveEvent } | null {
  try {
    const v = JSON.parse(text);
    if (typeof v?.t !== "string" || !KINDS.has(v?.e?.kind) || !Number.isInteger(v.e.segmentId)) return null;
    return { topic: v.t, event: v.e };
  } catch {
    return null;
  }
}

/** The id of the next server-sent event after `lastEventId` (a counter; a bad header starts over). */
export function nextEventId(lastEventId: string | undefined | null): number {
  const n = Number(lastEventId);
  return Number.isSafeInteger(n) && n >= 0 ? n + 1 : 1;
}

/**
 * Whether the client asked for an event stream (EventSource always sends `Accept: text/event-stream`);
 * any other client of a live route gets the current state once, as JSON.
 * @example wantsEventStream("text/event-stream") // true
 */
export function wantsEventStream(accept: string | undefined | null): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? "");
}
