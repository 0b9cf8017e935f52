// Reads a server-sent event stream in tests: next(predicate) waits for the first matching event.
import { parseSse, type SseEvent } from "../lib/rules/sse.ts";

// deno-lint-ignore no-explicit-any
type Json = any;
export type ReadEvent = SseEvent & { json: Json };

export interface SseReader {
  /** The next event (after those already taken) that matches, or a rejection after `timeoutMs`. */
  next(
    match?: (e: ReadEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ReadEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

export function readSse(res: Response): SseReader {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queue: ReadEvent[] = [];
  let wake = null as (() => void) | null;
  let finished = false;
  const ended = (async () => {
    let buffer = "";
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        const { events, rest } = parseSse(buffer + value);
        buffer = rest;
        for (const e of events) {
          let json: Json = null;
          try {
            json = JSON.parse(e.data);
          } catch { /* a comment or text */ }
          queue.push({ ...e, json });
        }
        wake?.();
      }
    } catch { /* cancelled */ }
    finished = true;
    wake?.();
  })();
  return {
    async next(match: (e: ReadEvent) => boolean = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const i = queue.findIndex(match);
        if (i >= 0) return queue.splice(0, i + 1).pop()!;
        queue.length = 0;
        if (finished) throw new Error("the stream ended");
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no matching event in time");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    },
    ended,
    async close() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}
