// One live stream (server-sent events, issue 21): the current state at once, then again after each event
// of the interaction on the bus (at most one per LIVE_COALESCE_MS), a keep-alive comment on idle, and the
// end when `stillAllowed` says no (a revoked staff session) or the client goes. The state is read fresh
// each time, so a client reconnecting with Last-Event-ID simply gets the current state.
import {
  LIVE_COALESCE_MS,
  LIVE_KEEPALIVE_MS,
  LIVE_RESYNC_MS,
  LIVE_SESSION_CHECK_MS,
} from "../rules/constants.ts";
import { type LiveEvent, nextEventId, segmentTopic } from "../rules/live.ts";
import { AppError } from "../rules/errors.ts";
import type { EventBus } from "./bus.ts";

/** What a stream writes to (hono's SSEStreamingApi has this shape). */
export interface SseWriter {
  writeSSE(message: { data: string; event?: string; id?: string; retry?: number }): Promise<void>;
  write(text: string): Promise<unknown>;
  onAbort(listener: () => void): void;
  readonly aborted: boolean;
  readonly closed: boolean;
}

export interface LiveStreamOptions {
  bus: EventBus;
  segmentId: number;
  /** The bus topic followed (default: the interaction's). */
  topic?: string;
  /** Which events make the state be read again. */
  kinds: LiveEvent["kind"][];
  /**
   * The state to send (a named event and its JSON payload), as of a read begun after `since`
   * (performance.now() of the last event or of the stream's start: see sharedRead).
   */
  read: (since: number) => Promise<{ event: string; data: unknown }>;
  lastEventId?: string | null;
  /** Checked every LIVE_SESSION_CHECK_MS: false ends the stream with an `end` event. */
  stillAllowed?: () => Promise<boolean>;
  /** The client's reconnect delay. */
  retryMs?: number;
}

export async function runLiveStream(stream: SseWriter, o: LiveStreamOptions): Promise<void> {
  let id = nextEventId(o.lastEventId);
  let dirty = true;
  let dirtySince = performance.now();
  let wake: (() => void) | null = null;
  const rouse = () => wake?.();
  const unsubscribe = o.bus.subscribe(o.topic ?? segmentTopic(o.segmentId), (event) => {
    if (o.kinds.includes(event.kind)) {
      dirty = true;
      dirtySince = performance.now();
      rouse();
    }
  });
  stream.onAbort(rouse);
  let lastSend = 0, lastWrite = Date.now(), lastCheck = Date.now(), lastRead = 0;
  let lastData = "";
  const done = () => stream.aborted || stream.closed;
  try {
    while (!done()) {
      if (dirty) {
        const wait = lastSend + LIVE_COALESCE_MS - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        dirty = false;
        lastRead = Date.now();
        let state;
        try {
          state = await o.read(dirtySince);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          await stream.writeSSE({ event: "end", data: JSON.stringify({ code: e.code }) });
          return;
        }
        const data = JSON.stringify(state.data);
        if (data === lastData) continue; // a resync that found nothing new
        lastData = data;
        await stream.writeSSE({
          event: state.event,
          data,
          id: String(id++),
          retry: o.retryMs,
        });
        lastSend = lastWrite = Date.now();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), LIVE_SESSION_CHECK_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (o.stillAllowed && Date.now() - lastCheck >= LIVE_SESSION_CHECK_MS) {
        lastCheck = Date.now();
        if (!await o.stillAllowed()) {
          await stream.writeSSE({ event: "end", data: JSON.stringify({ code: "unauthorized" }) });
          return;
        }
      }
      // writes that reach the database without an event (another tool, a process without the bus)
      if (Date.now() - lastRead >= LIVE_RESYNC_MS) {
        dirty = true;
        dirtySince = performance.now();
      }
      if (!dirty && Date.now() - lastWrite >= LIVE_KEEPALIVE_MS) {
        await stream.write(": keep-alive\n\n");
        lastWrite = Date.now();
      }
    }
  } finally {
    unsubscribe();
  }
}

const shared = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * One read for every stream of this instance that asks for `key` within `ms` (the screens of one overlay
 * all wake on the same event): N screens cost one query, not N. A cache of a few milliseconds, never a
 * source of truth: a read begun before `notBefore` (the event the caller heard, or its stream's start)
 * may have missed that change, and is not shared with it.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>, ms = 50, notBefore = 0): Promise<T> {
  const now = performance.now();
  const hit = shared.get(key);
  if (hit && now - hit.at < ms && hit.at >= notBefore) return hit.value as Promise<T>;
  const value = read();
  shared.set(key, { at: now, value });
  value.catch(() => shared.delete(key));
  setTimeout(() => {
    if (shared.get(key)?.value === value) shared.delete(key);
  }, ms);
  return value;
}
