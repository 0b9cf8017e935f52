/// <reference lib="dom" />
// Live updates in islands: a server-sent event stream, with polling while it is not open (no
// EventSource, a proxy that refuses streams, a dropped connection). The browser reconnects by itself with
// Last-Event-ID; an `end` event (session revoked) closes the stream and polls at once, meeting the API's
// own answer (on a back-office page a 401 sends to the login page: a logged-out inbox keeps no buttons).

export type LiveMode = "connecting" | "live" | "polling";

export interface LiveOptions<T> {
  url: string;
  /** The event name carrying the state. */
  event: string;
  onData: (data: T) => void;
  /** One poll, when the stream is not open. */
  poll: () => Promise<void>;
  pollMs: number;
  onMode?: (mode: LiveMode) => void;
}

/** Starts following; the returned function stops. */
export function followLive<T>(o: LiveOptions<T>): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const startPolling = () => {
    if (timer !== null) return;
    o.onMode?.("polling");
    timer = setInterval(() => {
      if (!document.hidden) o.poll();
    }, o.pollMs);
  };
  const stopPolling = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  if (typeof EventSource === "undefined") {
    startPolling();
    return stopPolling;
  }
  o.onMode?.("connecting");
  const source = new EventSource(o.url);
  source.addEventListener(o.event, (e) => {
    stopPolling();
    o.onMode?.("live");
    try {
      o.onData(JSON.parse((e as MessageEvent).data));
    } catch { /* a malformed event: the next one will do */ }
  });
  source.addEventListener("end", () => {
    source.close();
    startPolling();
    if (!document.hidden) o.poll();
  });
  source.onerror = () => startPolling();
  return () => {
    source.close();
    stopPolling();
  };
}
