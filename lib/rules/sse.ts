// Server-sent events of the AI answer stream (POST /api/v2/ai/prompt with Accept: text/event-stream):
// `delta` {text} as the answer comes (and now and then `html` {html}, the
// sanitised rendering so far), then `done` {markdown, html, empty} or `error` {message}. Pure.

/** One server-sent event with a JSON payload. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A parsed event. */
export interface SseEvent {
  event: string;
  data: string;
  /** The `id:` field, when the event has one (live streams). */
  id?: string;
}

/**
 * Splits a received buffer into complete events and the unfinished rest.
 * @example parseSse("event: delta\ndata: {}\n\nevent: do") // { events: [{event:"delta",data:"{}"}], rest: "event: do" }
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const parts = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = parts.pop() ?? "";
  const events = parts.filter((p) => p.trim()).map((part) => {
    let event = "message";
    let id: string | undefined;
    const data: string[] = [];
    for (const line of part.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      else if (line.startsWith("id:")) id = line.slice(3).trim();
    }
    return id === undefined ? { event, data: data.join("\n") } : { event, data: data.join("\n"), id };
  });
  return { events, rest };
}
