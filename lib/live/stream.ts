// One live stream (server-sent events): the current state at once, then again after each event
// of the interaction on the bus (at most one per LIVE_COALESCE_MS), a keep-alive comment on idle, and the
// end when `stillAllowed` says no (a revoked staff session) or the client goes. The state is read fresh
// each time, so a client reconnecting with Last-Event-ID simply gets the current state.
// An open stream is kept cheap (a ReadableStream fed by one small loop, no per-stream buffer): a crowd behind
// one carrier address must fit. This instance holds at most LIVE_STREAMS_MAX; endLiveStreams() ends them all
// when it stops (EventSource clients reconnect, to another instance).
import {
  LIVE_COALESCE_MS,
  LIVE_KEEPALIVE_MS,
  LIVE_RESYNC_MS,
  LIVE_RETRY_AFTER_SECONDS,
  LIVE_SESSION_CHECK_MS,
  LIVE_STREAMS_MAX,
} from "../rules/constants.ts";
import { type LiveEvent, nextEventId, segmentTopic } from "../rules/live.ts";
import { AppError } from "../rules/errors.ts";
import type { EventBus } from "./bus.ts";
import { log } from "../platform/log.ts";

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

/** The end of each open stream of this instance. */
const open = new Set<() => void>();
let stopping = false;

/** Open live streams in this instance. */
export function liveStreamCount(): number {
  return open.size;
}

/**
 * Refuses a new stream (503, Retry-After) when this instance holds LIVE_STREAMS_MAX (or `max`) already or is
 * stopping; call it before the stream's 200 is sent.
 */
export function admitLiveStream(max = LIVE_STREAMS_MAX): void {
  if (stopping || open.size >= max) {
    throw new AppError(503, "unavailable", { seconds: LIVE_RETRY_AFTER_SECONDS });
  }
}

/** Ends every open stream and refuses new ones (the instance is stopping: clients reconnect elsewhere). */
export function endLiveStreams(): void {
  stopping = true;
  for (const end of open) end();
}

const encoder = new TextEncoder();

/** The headers of an event stream's answer (proxies must pass each event on at once). */
export const LIVE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
};

/**
 * The body of an event stream running `o`: a ReadableStream written by runLiveStream, ended with it, and
 * ended by the client going away. Holds no buffer of its own: a client that does not read is ended once
 * more than a few events wait for it.
 */
export function liveEventStream(o: LiveStreamOptions): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const abortListeners: (() => void)[] = [];
  const writer: SseWriter = {
    aborted: false,
    closed: false,
    write(text) {
      if (writer.aborted || writer.closed) return Promise.resolve();
      // an unread backlog of ~64 KB: a stalled client, ended rather than buffered for
      if ((controller.desiredSize ?? 0) < -65536) {
        abort();
        return Promise.resolve();
      }
      controller.enqueue(encoder.encode(text));
      return Promise.resolve();
    },
    writeSSE(m) {
      const lines = [
        m.event && `event: ${m.event}`,
        ...m.data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`),
        m.id !== undefined && `id: ${m.id}`,
        m.retry !== undefined && `retry: ${m.retry}`,
      ].filter(Boolean);
      return writer.write(lines.join("\n") + "\n\n").then(() => {});
    },
    onAbort(listener) {
      abortListeners.push(listener);
    },
  };
  const abort = () => {
    if (writer.aborted) return;
    (writer as { aborted: boolean }).aborted = true;
    for (const listener of abortListeners) listener();
  };
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      runLiveStream(writer, o)
        .catch((e) => log.error("live stream failed", { error: e }))
        .finally(() => {
          if (writer.aborted) return;
          (writer as { closed: boolean }).closed = true;
          try {
            controller.close();
          } catch { /* cancelled */ }
        });
    },
    cancel: abort,
  }, { highWaterMark: 0, size: (chunk) => chunk?.byteLength ?? 0 });
}

/** Runs one stream until it ends: the client went, `o` said so, or endLiveStreams() was called. */
export async function runLiveStream(stream: SseWriter, o: LiveStreamOptions): Promise<void> {
  const ending = { now: false, wake: () => {} };
  const end = () => {
    ending.now = true;
    ending.wake();
  };
  open.add(end);
  try {
    await followLive(stream, o, ending);
  } finally {
    open.delete(end);
  }
}

async function followLive(
  stream: SseWriter,
  o: LiveStreamOptions,
  ending: { now: boolean; wake: () => void },
): Promise<void> {
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
  ending.wake = rouse;
  let lastSend = 0, lastWrite = Date.now(), lastCheck = Date.now(), lastRead = 0;
  let lastData = "";
  const done = () => stream.aborted || stream.closed || ending.now;
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
      // asleep until an event, or what comes first of a resync, a keep-alive and a session check
      const wakeAt = Math.min(
        lastRead + LIVE_RESYNC_MS,
        lastWrite + LIVE_KEEPALIVE_MS,
        o.stillAllowed ? lastCheck + LIVE_SESSION_CHECK_MS : Infinity,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), Math.max(0, wakeAt - Date.now()));
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

/** A read shared under its key: when it began, its answer, and the read that follows it once it ends. */
interface SharedRead {
  at: number;
  value: Promise<unknown>;
  running: boolean;
  next?: Promise<unknown>;
}

const shared = new Map<string, SharedRead>();
const ignore = () => {};

/**
 * One read for every stream of this instance that asks for `key` within `ms` (the screens of one overlay
 * all wake on the same event): N screens cost one query, not N. A cache of a few milliseconds, never a
 * source of truth: a read begun before `notBefore` (the event the caller heard, or its stream's start)
 * may have missed that change, and is not shared with it. Such a caller waits for the read that follows the
 * one under way, begun when it ends (so after the caller's event) and shared by every caller that arrives
 * meanwhile: a crowd opening its streams at once ("vote now") keeps at most one read of a key running and one
 * waiting, however many arrive, instead of one read each.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>, ms = 50, notBefore = 0): Promise<T> {
  const hit = shared.get(key);
  if (hit && performance.now() - hit.at < ms && hit.at >= notBefore) return hit.value as Promise<T>;
  if (hit?.running) {
    hit.next ??= hit.value.then(ignore, ignore).then(() => beginShared(key, read, ms).value);
    return hit.next as Promise<T>;
  }
  return beginShared(key, read, ms).value as Promise<T>;
}

function beginShared(key: string, read: () => Promise<unknown>, ms: number): SharedRead {
  const entry: SharedRead = { at: performance.now(), value: read(), running: true };
  shared.set(key, entry);
  const forget = () => {
    if (shared.get(key) === entry) shared.delete(key);
  };
  entry.value.then(() => entry.running = false, () => {
    entry.running = false;
    forget();
  });
  setTimeout(forget, ms);
  return entry;
}
