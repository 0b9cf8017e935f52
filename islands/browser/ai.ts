/// <reference lib="dom" />
// The AI assistant call from the browser: POST /api/v2/ai/prompt as server-sent events.
import { parseSse } from "../../lib/rules/sse.ts";

/** The end of an answer: the markdown, its sanitised html, or an error message. */
export interface AiOutcome {
  ok: boolean;
  status: number;
  markdown: string;
  html: string;
  empty: boolean;
  error: string | null;
}

/**
 * Asks a question and calls `onDelta` with the whole text so far as it streams (and its sanitised
 * html when the server has rendered it). Never throws; a
 * network failure gives status 0.
 */
export async function askAssistant(
  input: { apiKey: string; segmentId: number; prompt: string; signal?: AbortSignal },
  onDelta: (textSoFar: string, htmlSoFar: string | null) => void,
  onProgress?: (done: number, total: number) => void,
): Promise<AiOutcome> {
  const outcome: AiOutcome = { ok: false, status: 0, markdown: "", html: "", empty: false, error: null };
  try {
    const res = await fetch("/api/v2/ai/prompt", {
      method: "POST",
      credentials: "same-origin",
      signal: input.signal,
      headers: { "content-type": "application/json", accept: "text/event-stream", "api-key": input.apiKey },
      body: JSON.stringify({
        prompt: input.prompt,
        segment_id: input.segmentId,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    });
    outcome.status = res.status;
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => null) as { message?: string } | null;
      outcome.error = body?.message ?? null;
      return outcome;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let preview: string | null = null;
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      const { events, rest } = parseSse(buffer + value);
      buffer = rest;
      for (const e of events) {
        const data = JSON.parse(e.data);
        if (e.event === "delta") {
          outcome.markdown += data.text;
          onDelta(outcome.markdown, preview);
        } else if (e.event === "html") {
          preview = data.html;
          onDelta(outcome.markdown, preview);
        } else if (e.event === "progress") {
          onProgress?.(data.done, data.total);
        } else if (e.event === "done") {
          Object.assign(outcome, { ok: true, markdown: data.markdown, html: data.html, empty: data.empty });
        } else if (e.event === "error") outcome.error = data.message;
      }
    }
    return outcome;
  } catch {
    return outcome;
  }
}
