// Traces through Deno's built-in OpenTelemetry: with OTEL_DENO=true the runtime opens a span per request
// (Deno.serve), registers the `@opentelemetry/api` providers and exports over OTLP to
// OTEL_EXPORTER_OTLP_ENDPOINT. This module names that span by its route, adds spans around the query groups
// that matter and the background jobs, and carries a request's trace into the jobs it enqueues (the W3C
// `traceparent` in the job's data). Without OTEL_DENO nothing is created nor exported: every helper returns
// at its first test.
import {
  type Attributes,
  context,
  createContextKey,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

/** Whether this process exports traces (read once: Deno reads OTEL_DENO at start too). */
export const TRACING: boolean = (() => {
  try {
    return Deno.env.get("OTEL_DENO") === "true";
  } catch {
    return false; // no permission to read the environment: no telemetry either
  }
})();

/** The key of a job's data that holds the trace it continues. */
export const TRACEPARENT = "traceparent";

/** The attribute naming a request's or a job's channel. */
export const CHANNEL_ATTRIBUTE = "im.channel_id";

const tracer = trace.getTracer("interaction-manager");
// the span of the request (or job) a nested span belongs to, so its route and channel are set on it
const OUTER_SPAN = createContextKey("im.outer_span");

function outerSpan(): Span | undefined {
  const active = context.active();
  return (active.getValue(OUTER_SPAN) as Span | undefined) ?? trace.getSpan(active);
}

/** Names the current request's span by its route's pattern (`POST /api/v1/interactions`). */
export function nameRequest(method: string, route: string): void {
  if (!TRACING) return;
  const span = outerSpan();
  if (!span?.isRecording()) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute("http.route", route);
}

/** Tags the current request's (or job's) span with the channel it concerns. */
export function traceChannel(channelId: number | string | null | undefined): void {
  if (!TRACING || channelId === null || channelId === undefined || channelId === "") return;
  const id = Number(channelId);
  if (Number.isInteger(id)) outerSpan()?.setAttribute(CHANNEL_ATTRIBUTE, id);
}

/** Runs `fn` in a span of its own, child of the current one; an error marks the span and is thrown again. */
export function traced<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!TRACING) return fn();
  const parent = context.active();
  const outer = outerSpan();
  return tracer.startActiveSpan(
    name,
    { attributes },
    outer ? parent.setValue(OUTER_SPAN, outer) : parent,
    (span) => ended(span, fn),
  );
}

async function ended<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** The W3C traceparent of the current span, to carry into a job; undefined when nothing is traced. */
export function currentTraceparent(): string | undefined {
  if (!TRACING) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT];
}

/** A job's data with the current trace added (`traceparent`), unchanged when nothing is traced. */
export function withTraceparent<D>(data: D): D {
  const traceparent = currentTraceparent();
  if (!traceparent || data === null || typeof data !== "object" || Array.isArray(data)) return data;
  return { ...data, [TRACEPARENT]: traceparent };
}

/**
 * Runs a job's handler in a span (`job media`) that continues the trace its data carries, if any: the
 * request that enqueued it and the job read as one trace.
 */
export function tracedJob<T>(queue: string, data: unknown, fn: () => Promise<T>): Promise<T> {
  if (!TRACING) return fn();
  const traceparent = data !== null && typeof data === "object"
    ? (data as Record<string, unknown>)[TRACEPARENT]
    : undefined;
  const parent = typeof traceparent === "string"
    ? propagation.extract(context.active(), { [TRACEPARENT]: traceparent })
    : context.active();
  return tracer.startActiveSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { "messaging.system": "pg-boss", "messaging.destination.name": queue },
    },
    parent,
    (span) => ended(span, fn),
  );
}
