// The one logger of the server and the worker: each entry is a JSON line (time, level, msg, the request id
// and the trace id when there are, then the entry's own fields), so a log collector reads fields rather than
// parsing text, and an entry is found from its trace and back. Errors and warnings go to stderr, the rest to
// stdout; through `console`, so Deno's OpenTelemetry exports them as log records too when configured.
import { AsyncLocalStorage } from "node:async_hooks";
import { trace } from "@opentelemetry/api";
import { TRACING } from "./tracing.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** One entry as written: the fixed fields first, then the entry's own. */
export interface LogEntry {
  time: string;
  level: LogLevel;
  msg: string;
  request_id?: string;
  trace_id?: string;
  [field: string]: unknown;
}

const requestIds = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handling) with `requestId` given to every entry logged meanwhile. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestIds.run(requestId, fn);
}

/** An error as a log field: its name, message and stack (an unknown thrown value as text). */
export function errorField(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: "thrown", message: String(error) };
}

/** The entry for `msg` at `level` with `fields`, as it is written (pure but for the clock and context). */
export function logEntry(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): LogEntry {
  const entry: LogEntry = { time: new Date().toISOString(), level, msg };
  const requestId = requestIds.getStore();
  if (requestId) entry.request_id = requestId;
  if (TRACING) {
    const span = trace.getActiveSpan()?.spanContext();
    if (span && span.traceId !== "00000000000000000000000000000000") entry.trace_id = span.traceId;
  }
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? errorField(value) : value;
  }
  return entry;
}

function write(level: LogLevel, msg: string, fields?: Record<string, unknown>) {
  let line: string;
  try {
    line = JSON.stringify(logEntry(level, msg, fields));
  } catch {
    // a field that cannot be written (a cycle, a BigInt) does not lose the entry
    line = JSON.stringify(logEntry(level, msg, { fields: String(fields) }));
  }
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * The logger. `fields` are the entry's own (an Error becomes `{name, message, stack}`).
 * @example log.error("media processing failed", { media_id: id, error })
 */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
