// The event bus of live screens: publish(topic, payload) reaches every subscriber of the topic in
// every instance. On a PostgreSQL server it goes through LISTEN/NOTIFY (db/live.ts); on the embedded PGlite
// (one connection, one process) it stays in process behind the same interface. Payloads are small (ids and
// counts): a subscriber reads what it needs. Delivery is best effort: screens also poll as a fallback.
import type { Sql } from "postgres";
import { listenLive, notifyLive } from "../../db/live.ts";
import { LIVE_COALESCE_MS } from "../rules/constants.ts";
import { liveEnvelope, type LiveEvent, parseLiveEnvelope } from "../rules/live.ts";
import { log } from "../platform/log.ts";

export type LiveListener = (event: LiveEvent) => void;
/** Sees every event published by this instance, before coalescing (once per event across instances). */
export type LiveObserver = (topic: string, event: LiveEvent) => void;

export interface EventBus {
  /** Sends an event to every subscriber of `topic`, in this instance and the others. */
  publish(topic: string, event: LiveEvent): Promise<void>;
  /**
   * Publishes at most one event per topic per `LIVE_COALESCE_MS` (the first at once, the last of a burst
   * at the end of the window), so 2,000 votes/s become about four notifications per second per interaction.
   */
  publishCoalesced(topic: string, event: LiveEvent): void;
  /** Calls `listener` for each event of `topic` until the returned function is called. */
  subscribe(topic: string, listener: LiveListener): () => void;
  /**
   * Calls `observer` for every event this instance publishes, each one, before coalescing, until the returned
   * function is called: what must happen once per event (webhooks) observes; screens subscribe.
   */
  observe(observer: LiveObserver): () => void;
  /** Subscribers in this instance (all topics). */
  size(): number;
  /** Stops listening; events still held by the coalescing are dropped. */
  close(): Promise<void>;
}

function localTopics() {
  const topics = new Map<string, Set<LiveListener>>();
  return {
    deliver(topic: string, event: LiveEvent) {
      for (const listener of topics.get(topic) ?? []) {
        try {
          listener(event);
        } catch (e) {
          log.error("live bus failed", { error: e });
        }
      }
    },
    subscribe(topic: string, listener: LiveListener) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, set = new Set());
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) topics.delete(topic);
      };
    },
    size: () => [...topics.values()].reduce((n, s) => n + s.size, 0),
  };
}

function makeBus(
  local: ReturnType<typeof localTopics>,
  send: (topic: string, event: LiveEvent) => Promise<void>,
  stop: () => Promise<void>,
  ms: number,
): EventBus {
  const windows = new Map<string, { pending: LiveEvent | null; timer: ReturnType<typeof setTimeout> }>();
  const observers = new Set<LiveObserver>();
  const observed = (topic: string, event: LiveEvent) => {
    for (const observer of observers) {
      try {
        observer(topic, event);
      } catch (e) {
        log.error("live bus failed", { error: e });
      }
    }
  };
  const flush = (topic: string) => {
    const window = windows.get(topic);
    if (!window) return;
    if (!window.pending) return void windows.delete(topic);
    const next = window.pending;
    window.pending = null;
    window.timer = setTimeout(() => flush(topic), ms);
    send(topic, next);
  };
  return {
    publish(topic, event) {
      observed(topic, event);
      return send(topic, event);
    },
    publishCoalesced(topic, event) {
      observed(topic, event);
      const open = windows.get(topic);
      if (open) return void (open.pending = event);
      windows.set(topic, { pending: null, timer: setTimeout(() => flush(topic), ms) });
      send(topic, event);
    },
    subscribe: local.subscribe,
    observe(observer) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    size: local.size,
    async close() {
      for (const w of windows.values()) clearTimeout(w.timer);
      windows.clear();
      observers.clear();
      await stop();
    },
  };
}

/** The bus of one process (embedded database, tests). */
export function localBus(ms = LIVE_COALESCE_MS): EventBus {
  const local = localTopics();
  return makeBus(
    local,
    (topic, event) => Promise.resolve(local.deliver(topic, event)),
    () => Promise.resolve(),
    ms,
  );
}

/** The bus across instances on one PostgreSQL server: each publish is a NOTIFY every instance hears. */
export async function postgresBus(sql: Sql, ms = LIVE_COALESCE_MS): Promise<EventBus> {
  const local = localTopics();
  const unlisten = await listenLive(sql, (payload) => {
    const parsed = parseLiveEnvelope(payload);
    if (parsed) local.deliver(parsed.topic, parsed.event);
  });
  const send = async (topic: string, event: LiveEvent) => {
    try {
      await notifyLive(sql, liveEnvelope(topic, event));
    } catch (e) {
      log.error("live notify failed", { error: e }); // screens fall back to polling
    }
  };
  return makeBus(local, send, unlisten, ms);
}

/** The bus of an open database: NOTIFY on a server, in process on PGlite. */
export async function openBus(db: { sql: Sql; embedded: boolean }): Promise<EventBus> {
  return db.embedded ? localBus() : await postgresBus(db.sql);
}

/** The app's bus: the one booted, or an in-process one made on first use (apps built without one). */
export function busOf(deps: { bus?: EventBus }): EventBus {
  return deps.bus ??= localBus();
}
